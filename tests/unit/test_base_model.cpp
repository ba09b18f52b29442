// The shipped base model's integrity checks (core/workflows/base_model.h): SHA-256 against the
// FIPS 180-2 test vectors, a base folder whose files match provenance.json, and each way one can
// stop matching (a changed byte, a missing file, no provenance), refused with a message that
// names the file, both hashes and how to restore or rebuild. Also the corpus hash: it covers the
// training inputs, not dev or test.

#include <fstream>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/workflows/base_model.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::workspace;
using namespace isomorph::workflows;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

// A base folder with the three files and a provenance.json that records their hashes.
void writeBase(const fs::path& dir) {
    write(dir / "config.json", "{\"hidden_size\": 8}\n");
    write(dir / "model.safetensors", std::string(1000, 'w'));
    write(dir / "sentencepiece.bpe.model", "pieces");
    nlohmann::ordered_json files = nlohmann::ordered_json::object();
    for (const char* name : kBaseFiles)
        files[name] = {{"bytes", fs::file_size(dir / name)}, {"sha256", sha256File(dir / name)}};
    write(dir / "provenance.json",
          nlohmann::ordered_json{{"schema_version", 1}, {"steps", 6}, {"files", files}}.dump(2));
}

QString messageOf(const fs::path& dir) {
    try {
        verifyBase(dir);
    } catch (const CheckpointError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

}  // namespace

class TestBaseModel : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void sha256MatchesTheStandardVectors() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        write(dir / "abc", "abc");
        QCOMPARE(sha256File(dir / "abc"),
                 std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        write(dir / "empty", "");
        QCOMPARE(sha256File(dir / "empty"),
                 std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        // One million 'a': more than one read buffer.
        write(dir / "million", std::string(1000000, 'a'));
        QCOMPARE(sha256File(dir / "million"),
                 std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
        QVERIFY_THROWS_EXCEPTION(DataError, sha256File(dir / "none"));
    }

    void aMatchingBaseIsAccepted() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        writeBase(dir);
        QCOMPARE(messageOf(dir), QString());
        QCOMPARE(verifyBase(dir)["steps"].get<int>(), 6);
    }

    void aChangedFileIsRefusedWithBothHashes() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        writeBase(dir);
        const std::string recorded = sha256File(dir / "model.safetensors");
        {
            std::fstream f(dir / "model.safetensors",
                           std::ios::in | std::ios::out | std::ios::binary);
            f.seekp(500);
            f.put('x');  // one byte, same size
        }
        const QString m = messageOf(dir);
        QVERIFY2(m.contains(QString::fromStdString((dir / "model.safetensors").string())),
                 qPrintable(m));
        QVERIFY2(m.contains("does not match its recorded hash"), qPrintable(m));
        QVERIFY2(m.contains(QString::fromStdString(recorded)), qPrintable(m));
        QVERIFY2(m.contains(QString::fromStdString(sha256File(dir / "model.safetensors"))),
                 qPrintable(m));
        QVERIFY2(m.contains("isomorph-cli demo pretrain-base --export"), qPrintable(m));
        QVERIFY2(m.contains("git checkout -- resources/base-model"), qPrintable(m));
    }

    void aMissingFileOrProvenanceIsRefused() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        writeBase(dir);
        fs::remove(dir / "sentencepiece.bpe.model");
        QString m = messageOf(dir);
        QVERIFY2(m.contains("sentencepiece.bpe.model is missing"), qPrintable(m));
        fs::remove(dir / "provenance.json");
        m = messageOf(dir);
        QVERIFY2(m.contains("provenance.json is missing or not a base provenance record"),
                 qPrintable(m));
    }

    void theCorpusHashCoversTrainingInputsOnly() {
        QTemporaryDir tmp;
        const fs::path corpus = tmp.path().toStdString();
        write(corpus / "docs/train/de.jsonl", "{\"id\": 1}\n");
        write(corpus / "parallel/train/option/de-en.tsv", "a\tb\n");
        write(corpus / "parallel/dev/option/de-en.tsv", "c\td\n");
        const std::string first = demoCorpusHash(corpus);
        QCOMPARE(first.size(), size_t(64));
        QCOMPARE(demoCorpusHash(corpus), first);
        write(corpus / "parallel/dev/option/de-en.tsv", "c\te\n");
        QCOMPARE(demoCorpusHash(corpus), first);
        write(corpus / "parallel/train/option/de-en.tsv", "a\tB\n");
        QVERIFY(demoCorpusHash(corpus) != first);
        QVERIFY(!fs::exists(corpus / ".hash-listing"));
    }

    void theEnvironmentChoosesTheShippedBase() {
        qputenv("ISOMORPH_BASE_MODEL", "/somewhere/base");
        QCOMPARE(findShippedBase(), fs::path("/somewhere/base"));
        qunsetenv("ISOMORPH_BASE_MODEL");
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestBaseModel)
#include "test_base_model.moc"
