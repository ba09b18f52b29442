// `isomorph-cli model import FILE.gguf` (issue 51, part 3) against llama.cpp's own writer: PyPI's
// gguf package (packaging/setup-venv.sh installs it) writes GGUF files of a tiny random BERT
// (WordPiece) and a tiny random XLM-R (SentencePiece unigram) the way convert_hf_to_gguf.py and
// llama-quantize --pure do (tests/reference/make_gguf.py), as F32, F16, Q8_0 and Q4_0. The imported
// folder's vectors equal transformers running the model the file holds (the source folder with
// the file's tensors dequantised by gguf.quants) and sentence-transformers reading the imported
// folder, to 1e-5; damaged files, other architectures and tensor types are refused naming the
// field, key or tensor. The suite skips, saying why, without the Python environment or gguf.

#include <algorithm>
#include <cmath>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/model_io/gguf_file.h"
#include "core/model_io/npy_reader.h"
#include "tests/support/cli_runner.h"
#include "tests/support/test_main.h"

using isomorph::FloatMatrix;
using isomorph::testing::CliResult;
using isomorph::testing::runCli;

namespace {

// Sentences in several scripts, with capitals and accents (BERT's WordPiece lower-cases and
// strips them, as llama.cpp's does), digits, punctuation and characters the tiny vocabularies
// lack (<unk>).
const char* kSentences[] = {
    "The quick brown fox jumps over the lazy dog.",
    "A SENTENCE ENCODER maps text to vectors!",
    "Where is the nearest train station?",
    "read 3 files from folder 42, then write one",
    "Der schnelle braune Fuchs springt über den faulen Hund.",
    "Où est la gare la plus proche ? Café, s'il vous plaît.",
    "¿Dónde está la estación de tren más cercana?",
    "Быстрая коричневая лиса прыгает через ленивую собаку.",
    "Η γρήγορη καφέ αλεπού πηδάει πάνω από το τεμπέλικο σκυλί.",
    "敏捷的棕色狐狸跳过了懒狗。",
    "素早い茶色の狐がのろまな犬を飛び越える。",
    "Hızlı kahverengi tilki tembel köpeğin üzerinden atlar.",
    "الثعلب البني السريع يقفز فوق الكلب الكسول.",
    "Zebras quaffed xylophonic juice (unknown words: ǅ ☃ 𝔘).",
    "hello   world  with   extra    spaces",
};

double maxDifference(const FloatMatrix& a, const FloatMatrix& b) {
    if (a.rows != b.rows || a.cols != b.cols) return INFINITY;
    double worst = 0;
    for (size_t i = 0; i < a.data.size(); ++i)
        worst = std::max(worst, std::abs(double(a.data[i]) - double(b.data[i])));
    return worst;
}

}  // namespace

class TestGgufImport : public QObject {
    Q_OBJECT

    QString python(const QStringList& args, bool* ok = nullptr) {
        QProcess p;
        p.start(python_, QStringList{ISOMORPH_SOURCE_DIR "/tests/reference/make_gguf.py"} + args);
        const bool done = p.waitForFinished(600000);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        if (ok) *ok = done && p.exitCode() == 0;
        if (!done || p.exitCode() != 0)
            qWarning("make_gguf.py %s: %s", qPrintable(args.join(' ')),
                     qPrintable(err.right(2000)));
        return QString::fromUtf8(p.readAllStandardOutput());
    }

    FloatMatrix npy(const QString& path) {
        return isomorph::model_io::readNpyMatrix(path.toStdString());
    }

    QByteArray bytesOf(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    bool write(const QString& path, const QByteArray& bytes) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    }

  private Q_SLOTS:
    void initTestCase() {
        python_ = qEnvironmentVariable("ISOMORPH_VENV_PYTHON");
        if (python_.isEmpty() || !QFile::exists(python_))
            QSKIP(
                "no Python environment: run packaging/setup-venv.sh before configuring "
                "(packaging/bootstrap.sh does)");
        QProcess probe;
        probe.start(python_, {"-c", "import gguf, transformers, sentence_transformers"});
        if (!probe.waitForFinished(120000) || probe.exitCode() != 0)
            QSKIP(
                "the gguf package is not installed in the Python environment: run "
                "packaging/setup-venv.sh");
        QVERIFY(dir_.isValid());
        QByteArray text;
        for (const char* s : kSentences)
            text += QByteArray(s) + "\n";
        QVERIFY(write(dir_.filePath("sentences.txt"), text));
        // The tiny models, their GGUF files of every type and the reference vectors.
        bool ok = false;
        python({"--suite", dir_.path(), "--text", dir_.filePath("sentences.txt")}, &ok);
        QVERIFY(ok);
    }

    void everyTypeOfBothTokenizersMatchesTheModelItHolds_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("type");
        for (const char* model : {"bert", "xlmr"})
            for (const char* type : {"f32", "f16", "q8_0", "q4_0"})
                QTest::newRow(qPrintable(QString("%1-%2").arg(model, type))) << model << type;
    }

    void everyTypeOfBothTokenizersMatchesTheModelItHolds() {
        QFETCH(QString, model);
        QFETCH(QString, type);
        const QString name = model + "-" + type, file = dir_.filePath(name + ".gguf"),
                      out = dir_.filePath(name), text = dir_.filePath("sentences.txt");
        CliResult r = runCli({"model", "import", file, "--out", out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("GGUF v3") && r.err.contains("mean pooling, normalised"),
                 r.err.constData());
        QVERIFY(QFile::exists(out + (model == "bert" ? "/vocab.txt" : "/tokenizer.json")));
        r = runCli({"encode", "--model", out, "--input", text, "--output", out + ".npy"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // The model the file holds, run by transformers (the source folder with the file's
        // tensors dequantised by gguf.quants).
        const FloatMatrix ours = npy(out + ".npy");
        QCOMPARE(ours.rows, int64_t(std::size(kSentences)));
        const double held = maxDifference(ours, npy(out + ".held.npy"));
        const double source = maxDifference(ours, npy(dir_.filePath(model + ".source.npy")));
        qInfo(
            "%s: max difference %.2e from transformers on the file's tensors (%.2e from the "
            "source folder, its quantisation)",
            qPrintable(name), held, source);
        QVERIFY2(held <= 1e-5, qPrintable(QString::number(held)));
        if (type == "f32") QVERIFY2(source <= 1e-5, qPrintable(QString::number(source)));
    }

    // The imported folders in sentence-transformers (after the rows above imported them).
    void sentenceTransformersReadsTheImportedFolders() {
        bool ok = false;
        python({"--suite-st", dir_.path(), "--text", dir_.filePath("sentences.txt")}, &ok);
        QVERIFY(ok);
        for (const char* model : {"bert", "xlmr"})
            for (const char* type : {"f32", "f16", "q8_0", "q4_0"}) {
                const QString name = QString("%1-%2").arg(model, type);
                const double st = maxDifference(npy(dir_.filePath(name + ".npy")),
                                                npy(dir_.filePath(name + ".st.npy")));
                qInfo("%s: max difference %.2e from sentence-transformers", qPrintable(name), st);
                QVERIFY2(st <= 1e-5, qPrintable(name + ": " + QString::number(st)));
            }
    }

    // Q6_K (llama-quantize's type for a Q4_0 model's token embedding) against gguf.quants.
    void q6kBlocksDequantiseAsGgufReadsThem() {
        const auto f = isomorph::model_io::GgufFile::read(dir_.filePath("q6k.gguf").toStdString());
        const auto& t = f.tensor("probe.weight");
        QCOMPARE(isomorph::model_io::ggmlTypeName(t.type), std::string("Q6_K"));
        QCOMPARE(t.ne, (std::vector<uint64_t>{512, 3}));
        const std::vector<float> ours = f.values(t);
        const FloatMatrix reference = npy(dir_.filePath("q6k.npy"));
        QCOMPARE(int64_t(ours.size()), reference.rows * reference.cols);
        for (size_t i = 0; i < ours.size(); ++i)
            QVERIFY2(ours[i] == reference.data[i],
                     qPrintable(
                         QString("value %1: %2 vs %3").arg(i).arg(ours[i]).arg(reference.data[i])));
    }

    void damagedFilesOtherArchitecturesAndTypesAreRefusedByName() {
        const QByteArray bytes = bytesOf(dir_.filePath("bert-q8_0.gguf"));
        QVERIFY(!bytes.isEmpty());
        auto refused = [&](const QByteArray& damaged, const QString& tag) {
            const QString file = dir_.filePath(tag + ".gguf");
            if (!write(file, damaged)) return QByteArray("cannot write");
            const CliResult r = runCli({"model", "import", file, "--out", dir_.filePath(tag)});
            if (r.exitCode == 0 || QFile::exists(dir_.filePath(tag))) return QByteArray("imported");
            return r.err;
        };
        // Cut inside the tensor data: the tensor whose bytes pass the end is named.
        QByteArray err = refused(bytes.left(bytes.size() - 100), "truncated");
        QVERIFY2(err.contains("truncated.gguf: offset of ") && err.contains("past the end"),
                 err.constData());
        // Cut inside the metadata: the field and its byte offset.
        err = refused(bytes.left(200), "header");
        QVERIFY2(err.contains("header.gguf: ") && err.contains(" at byte ") &&
                     err.contains("the file ends after"),
                 err.constData());
        QByteArray magic = bytes;
        magic[0] = 'X';
        err = refused(magic, "magic");
        QVERIFY2(err.contains("not a model file Isomorph imports"), err.constData());
        QByteArray version = bytes;
        version[4] = 9;
        err = refused(version, "version");
        QVERIFY2(err.contains("version at byte 4: version 9"), err.constData());
        // Another architecture: the key and its value.
        QByteArray arch = bytes;
        const int at = arch.indexOf(QByteArray("general.architecture"));
        QVERIFY(at > 0);
        const int value = arch.indexOf("bert", at);
        arch.replace(value, 4, "gpt2");
        err = refused(arch, "arch");
        QVERIFY2(err.contains("general.architecture = \"gpt2\""), err.constData());
        // A tensor type the import does not read (Q4_K): the tensor and the type. The type
        // field follows the name, its dimension count and two 64-bit dimensions.
        QByteArray kquant = bytes;
        const QByteArray tensor = "blk.0.ffn_up.weight";
        const int named = kquant.indexOf(tensor);
        QVERIFY(named > 0);
        const int typeAt = named + tensor.size() + 4 + 2 * 8;
        QCOMPARE(int(kquant[typeAt]), 8);  // Q8_0 as written
        kquant[typeAt] = 12;               // Q4_K
        err = refused(kquant, "kquant");
        QVERIFY2(err.contains("tensor blk.0.ffn_up.weight is Q4_K"), err.constData());
    }

  private:
    QTemporaryDir dir_;
    QString python_;
};

ISOMORPH_TEST_GUILESS_MAIN(TestGgufImport)
#include "test_gguf_import.moc"
