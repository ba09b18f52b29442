// RUN/retrieval-demo.json as a type (core/workflows/retrieval_demo_manifest.h): what the writer
// writes the reader reads back, an unfinished demo is recognised, and a bad file is refused with
// a message that names the file and the field.

#include <fstream>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/workflows/retrieval_demo_manifest.h"
#include "tests/support/error_message.h"
#include "tests/support/test_main.h"

using isomorph::DataError;
using isomorph::testing::messageOf;
using isomorph::workflows::readRetrievalDemoManifest;
using isomorph::workflows::RetrievalDemoManifest;
using isomorph::workflows::writeRetrievalDemoManifest;
namespace fs = std::filesystem;

class TestRetrievalDemoManifest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    fs::path path(const char* name) const { return fs::path(dir_.path().toStdString()) / name; }
    void write(const fs::path& file, const std::string& text) const { std::ofstream(file) << text; }

  private Q_SLOTS:
    void writesWhatItReads() {
        RetrievalDemoManifest m;
        m.start = "/ws/base";
        m.biEncoder = "/ws/runs/r/bi";
        m.reranker = "/ws/runs/r/rerank";
        m.rerankerBase = "/venv/minilm";
        m.rerankDepth = 30;
        m.rerankWeight = 0.7;
        m.rerankTranslate = true;
        m.index = "/ws/indexes/demo";
        m.lexicon = "/ws/runs/r/lexicon.json";
        m.stagesJson = R"({"ir":{"checkpoint":"/ws/runs/r/bi"}})";
        const fs::path file = path("retrieval-demo.json");
        writeRetrievalDemoManifest(m, file);
        const RetrievalDemoManifest r = readRetrievalDemoManifest(file);
        QCOMPARE(r.start, m.start);
        QCOMPARE(r.biEncoder, m.biEncoder);
        QCOMPARE(r.pooling, std::string("mean"));
        QCOMPARE(r.reranker, m.reranker);
        QCOMPARE(r.rerankerBase, m.rerankerBase);
        QCOMPARE(r.rerankDepth, 30);
        QCOMPARE(r.rerankWeight, 0.7);
        QVERIFY(r.rerankTranslate);
        QCOMPARE(r.index, m.index);
        QCOMPARE(r.lexicon, m.lexicon);
        QCOMPARE(r.stagesJson, m.stagesJson);
        QVERIFY(r.finished());
    }

    void aManifestWithoutItsModelsIsNotFinished() {
        const fs::path file = path("partial.json");
        write(file, R"({"schema_version": 1, "index": "/ws/indexes/demo", "rerank_weight": 1.0})");
        const RetrievalDemoManifest r = readRetrievalDemoManifest(file);
        QVERIFY(!r.finished());
        QCOMPARE(r.rerankWeight, 1.0);
        QCOMPARE(r.rerankDepth, 20);  // the default where the file says nothing
    }

    void badFilesAreRefusedNamingFileAndField() {
        const fs::path wrongType = path("wrong-type.json");
        write(wrongType, R"({"schema_version": 1, "rerank_depth": "twenty"})");
        const QString type = messageOf<DataError>([&] { readRetrievalDemoManifest(wrongType); });
        QVERIFY2(type.contains("wrong-type.json") && type.contains("'rerank_depth'") &&
                     type.contains("wrong type"),
                 qPrintable(type));
        const fs::path notJson = path("not-json.json");
        write(notJson, "{ half");
        const QString parse = messageOf<DataError>([&] { readRetrievalDemoManifest(notJson); });
        QVERIFY2(parse.contains("not-json.json") && parse.contains("not JSON"), qPrintable(parse));
        const fs::path newer = path("newer.json");
        write(newer, R"({"schema_version": 99})");
        const QString version = messageOf<DataError>([&] { readRetrievalDemoManifest(newer); });
        QVERIFY2(version.contains("schema_version 99") && version.contains("update isomorph"),
                 qPrintable(version));
        const QString missing =
            messageOf<DataError>([&] { readRetrievalDemoManifest(path("absent.json")); });
        QVERIFY2(missing.contains("absent.json") && missing.contains("cannot read"),
                 qPrintable(missing));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestRetrievalDemoManifest)
#include "test_retrieval_demo_manifest.moc"
