#pragma once

// A tiny training setup for trainer tests: tokenizer, English/German documents and dev pairs
// (held-out English sentences and their word-by-word German translations), binarized with the
// real CLI, and a run config for a 2-layer, 32-wide model (steps take ms).

#include <cmath>
#include <map>
#include <random>
#include <sstream>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QTextStream>

#include "core/data/demo/demo_corpus.h"
#include "tests/support/cli_runner.h"
#include "tests/support/tiny_corpus.h"

namespace isomorph::testing {

/// FOLDER/vocab.txt: a BERT WordPiece vocabulary of `size` ids over englishWords() and
/// germanWords() (lower-cased) whose specials lie away from XLM-R's ids, as mBERT's do ([PAD] 0,
/// [UNK] 100, [CLS] 101, ...): [PAD] 20, [UNK] 21, [CLS] 22, [SEP] 23, [MASK] 24. A checkpoint
/// folder with it (and no other tokenizer) trains with those ids. False when it cannot be written.
inline bool writeWordPieceVocab(const QString& folder, int size) {
    QStringList vocab;
    for (int i = 0; i < 20; ++i)
        vocab << QString("[unused%1]").arg(i);
    vocab << "[PAD]"
          << "[UNK]"
          << "[CLS]"
          << "[SEP]"
          << "[MASK]"
          << "."
          << ",";
    for (const auto* words : {&englishWords(), &germanWords()})
        for (const auto& w : *words)
            vocab << QString::fromStdString(w).toLower();
    for (int i = 20; vocab.size() < size; ++i)
        vocab << QString("[unused%1]").arg(i);
    QFile f(folder + "/vocab.txt");
    if (!QDir().mkpath(folder) || !f.open(QIODevice::WriteOnly)) return false;
    return f.write(vocab.join("\n").toUtf8() + "\n") > 0;
}

/// Word-by-word German of a sentence over englishWords() ("the" has no counterpart and is
/// dropped, as articles often are), so dev pairs are translations rather than unrelated text.
inline std::string tinyGerman(const std::string& english) {
    static const std::map<std::string, std::string> dictionary = {
        {"list", "auflisten"},   {"directory", "Verzeichnis"},
        {"contents", "Inhalte"}, {"copy", "kopieren"},
        {"files", "Dateien"},    {"all", "alle"},
        {"print", "auflisten"},  {"size", "Größe"},
        {"remove", "löschen"}};
    std::string out, word;
    std::istringstream in(english);
    while (in >> word) {
        auto it = dictionary.find(word);
        if (it == dictionary.end()) continue;
        out += (out.empty() ? "" : " ") + it->second;
    }
    return out.empty() ? "Dateien" : out;
}

struct TinyTraining {
    QString root, tokenizer, docs, devPairs, config;
};

/// Builds everything under `root`; returns an empty struct (and a message in *error) on failure.
inline TinyTraining makeTinyTraining(const QString& root, QString* error) {
    TinyTraining t;
    t.root = root;
    tinyTokenizer(QDir(root).filePath("tok").toStdString());
    t.tokenizer = QDir(root).filePath("tok.model");
    QDir(root).mkpath("docs");
    QDir(root).mkpath("pairs");
    const auto en = syntheticSentences(englishWords(), 240, 21);
    const auto de = syntheticSentences(germanWords(), 240, 22);
    for (const auto& [lang, sentences] :
         std::map<std::string, std::vector<std::string>>{{"en", en}, {"de", de}}) {
        QFile f(QDir(root).filePath("docs/" + QString::fromStdString(lang) + ".jsonl"));
        if (!f.open(QIODevice::WriteOnly)) return {};
        for (size_t d = 0; d * 6 < sentences.size(); ++d) {
            QJsonArray arr;
            for (size_t s = d * 6; s < std::min(sentences.size(), d * 6 + 6); ++s)
                arr.append(QString::fromStdString(sentences[s]));
            QJsonObject o{{"id", QString("%1-%2").arg(QString::fromStdString(lang)).arg(d)},
                          {"lang", QString::fromStdString(lang)},
                          {"sentences", arr}};
            f.write(QJsonDocument(o).toJson(QJsonDocument::Compact) + "\n");
        }
    }
    {
        QFile f(QDir(root).filePath("pairs/de-en.tsv"));
        if (!f.open(QIODevice::WriteOnly)) return {};
        // Held out: another seed than the documents.
        for (const auto& sentence : syntheticSentences(englishWords(), 40, 23))
            f.write(QByteArray::fromStdString(tinyGerman(sentence) + "\t" + sentence + "\n"));
    }
    t.docs = QDir(root).filePath("shards-docs");
    t.devPairs = QDir(root).filePath("shards-pairs");
    CliResult a = runCli({"corpus", "binarize", "--tokenizer", t.tokenizer, "--input",
                          QDir(root).filePath("docs"), "--out", t.docs, "--threads", "1"});
    CliResult b = runCli({"corpus", "binarize", "--tokenizer", t.tokenizer, "--pairs",
                          QDir(root).filePath("pairs"), "--out", t.devPairs, "--threads", "1"});
    if (a.exitCode != 0 || b.exitCode != 0) {
        if (error) *error = QString::fromUtf8(a.err + b.err);
        return {};
    }
    t.config = QDir(root).filePath("run.toml");
    QFile f(t.config);
    if (!f.open(QIODevice::WriteOnly)) return {};
    QTextStream(&f) << "name = \"tiny\"\n"
                    << "[model]\ntokenizer = \"" << t.tokenizer << "\"\n"
                    << "layers = 2\nhidden = 32\nheads = 4\nffn = 64\nmax_positions = 34\n"
                    << "[data]\ndocs = \"" << t.docs << "\"\ndev_pairs = \"" << t.devPairs << "\"\n"
                    << "max_tokens = 24\n"
                    << "[objectives.mlm]\nbatch_size = 8\n"
                    << "[objectives.ccp]\nbatch_size = 8\nbank_size = 64\nprojection_size = 16\n"
                    << "[schedule]\nwarmup_steps = 5\nmax_steps = 40\n"
                    << "[runtime]\nthreads = 1\n"
                    << "[eval]\nevery = 10\nmax_pairs = 40\n"
                    << "[monitor]\nevery = 10\nprobe_size = 32\n"
                    << "[checkpoint]\nevery = 5\nkeep_last = 3\n";
    return t;
}

/// A stand-in for the demo workspace (what `demo prepare` leaves, at the paths the ccp-demo
/// preset names) made of the tiny data, so `demo run` and `train --preset ccp-demo` skip the
/// man-page build: the tiny tokenizer as tokenizers/man-demo.model, its documents as every docs
/// split, `trainPairs` translation pairs as pairs-train and the tiny dev pairs as pairs-dev,
/// pairs-test and the out-of-domain set (corpora/ui-heldout-shards, with the manifest that marks
/// it built). Returns false (and a message in *error) on failure.
inline bool makeTinyDemoWorkspace(const TinyTraining& tiny, const QString& ws, int trainPairs,
                                  QString* error) {
    QDir dir(ws);
    if (!dir.mkpath("tokenizers") || !dir.mkpath("corpora/man-demo") || !dir.mkpath("pairs-src") ||
        !dir.mkpath("corpora/ui-heldout"))
        return false;
    QFile ood(dir.filePath("corpora/ui-heldout/manifest.json"));
    if (!ood.open(QIODevice::WriteOnly)) return false;
    ood.write("{\"schema_version\": 1, \"kind\": \"ui-catalogs\"}\n");
    ood.close();
    QFile::remove(dir.filePath("tokenizers/man-demo.model"));
    if (!QFile::copy(tiny.tokenizer, dir.filePath("tokenizers/man-demo.model"))) return false;
    QFile manifest(dir.filePath("corpora/man-demo/manifest.json"));
    if (!manifest.open(QIODevice::WriteOnly)) return false;
    // The current schema, or `demo prepare` would rebuild this stand-in from the man pages.
    manifest.write(QByteArray::fromStdString(
        "{\"schema_version\": " + std::to_string(data::kDemoCorpusSchemaVersion) + "}\n"));
    manifest.close();
    QFile pairs(dir.filePath("pairs-src/de-en.tsv"));
    if (!pairs.open(QIODevice::WriteOnly)) return false;
    for (const auto& sentence : syntheticSentences(englishWords(), trainPairs, 24))
        pairs.write(QByteArray::fromStdString(tinyGerman(sentence) + "\t" + sentence + "\n"));
    pairs.close();
    const QString shards = dir.filePath("corpora/man-demo-shards/");
    const QString docs = QDir(tiny.root).filePath("docs"), dev = QDir(tiny.root).filePath("pairs");
    const std::vector<std::pair<QStringList, QString>> jobs = {
        {{"--input", docs}, "docs-train"},
        {{"--input", docs}, "docs-dev"},
        {{"--input", docs}, "docs-test"},
        {{"--pairs", dir.filePath("pairs-src")}, "pairs-train"},
        {{"--pairs", dev}, "pairs-dev"},
        {{"--pairs", dev}, "pairs-test"},
        {{"--pairs", dev}, "../ui-heldout-shards"}};
    for (const auto& [input, out] : jobs) {
        CliResult r = runCli(QStringList{"corpus", "binarize", "--tokenizer", tiny.tokenizer} +
                             input + QStringList{"--out", shards + out, "--threads", "1"});
        if (r.exitCode != 0) {
            if (error) *error = QString::fromUtf8(r.err);
            return false;
        }
    }
    return true;
}

/// step -> loss of the "train" lines of RUN/metrics.jsonl (a repeated step must repeat its value;
/// *consistent is cleared otherwise).
inline std::map<int, double> trainLosses(const QString& runDir, bool* consistent = nullptr) {
    std::map<int, double> out;
    QFile f(QDir(runDir).filePath("metrics.jsonl"));
    if (!f.open(QIODevice::ReadOnly)) return out;
    while (!f.atEnd()) {
        const QJsonObject o = QJsonDocument::fromJson(f.readLine()).object();
        if (o.value("kind").toString() != "train") continue;
        const int step = o.value("step").toInt();
        const double loss = o.value("loss").toDouble();
        auto it = out.find(step);
        if (it != out.end() && it->second != loss && consistent) *consistent = false;
        out[step] = loss;
    }
    return out;
}

/// "" when run `b` logged, bit for bit, the loss run `a` logged at each of a's steps (with
/// `relative` > 0: within relative x |a's loss|); else the first difference ("step 3: 0.25 vs
/// 0.5", full precision).
inline QString firstLossDifference(const QString& a, const QString& b, double relative = 0.0) {
    const auto la = trainLosses(a), lb = trainLosses(b);
    for (const auto& [step, loss] : la) {
        auto it = lb.find(step);
        if (it == lb.end()) return QString("step %1: missing in %2").arg(step).arg(b);
        if (relative > 0 ? !(std::abs(it->second - loss) <= relative * std::abs(loss))
                         : it->second != loss)
            return QString("step %1: %2 vs %3")
                .arg(step)
                .arg(loss, 0, 'g', 17)
                .arg(it->second, 0, 'g', 17);
    }
    return "";
}

inline QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace isomorph::testing
