// BM25 index (core/search/bm25_index.h): scores against the formula computed by hand, language
// filtering, stemming, CJK n-grams, atomic build/cancel/overwrite, reopening and error messages.

#include <cmath>
#include <fstream>
#include <set>
#include <string>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/search/bm25_index.h"
#include "tests/support/error_message.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::search;
namespace fs = std::filesystem;

namespace {

/// Four English documents whose words Snowball leaves unchanged. Lengths 3, 2, 4, 1 (avg 2.5).
std::vector<IndexDocument> handCorpus() {
    return {{"d1", "", "cat cat dog", "en"},
            {"d2", "", "dog bird", "en"},
            {"d3", "", "bird fish fish fish", "en"},
            {"d4", "", "fish", "en"}};
}

/// Xapian's BM25 term weight (see Bm25Parameters), written out independently.
double xapianBm25(double N, double n, double wdf, double len, double avgLen,
                  const Bm25Parameters& p) {
    double w = (N - n + 0.5) / (n + 0.5);
    if (w < 2) w = w * 0.5 + 1;  // Xapian keeps common terms positive
    const double L = std::max(len / avgLen, p.minNormalizedLength);
    return std::log(w) * (p.k1 + 1) * wdf / (p.k1 * (1 - p.b + p.b * L) + wdf);
}

bool nearRelative(double a, double b) {
    return std::abs(a - b) <= 1e-6 * std::max(std::abs(a), std::abs(b));
}

std::vector<std::string> ids(const Ranking& r) {
    std::vector<std::string> out;
    for (const auto& d : r)
        out.push_back(d.docId);
    return out;
}

using isomorph::testing::messageOf;

bool hasTempSibling(const fs::path& dir) {
    for (const auto& e : fs::directory_iterator(dir.parent_path()))
        if (e.path().filename().string().rfind(dir.filename().string() + ".tmp-", 0) == 0)
            return true;
    return false;
}

}  // namespace

class TestBm25 : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;
    fs::path path(const char* name) const { return fs::path(tmp_.filePath(name).toStdString()); }

  private Q_SLOTS:
    void scoreMatchesFormulaForSingleTerm() {
        const auto index = Bm25Index::build(path("single"), handCorpus());
        const auto r = index.search("cat", {10, "en", ""});
        QCOMPARE(r.size(), size_t(1));
        QCOMPARE(r[0].docId, std::string("d1"));
        // cat: n = 1 of N = 4, w = 3.5 / 1.5 >= 2; d1 has wdf 2, length 3.
        const Bm25Parameters p;
        const double expected = xapianBm25(4, 1, 2, 3, 2.5, p);
        QVERIFY2(nearRelative(r[0].score, expected),
                 qPrintable(QString("%1 vs %2").arg(r[0].score).arg(expected)));
    }

    void sharesDivideByTheQuerysAttainableScore() {
        const auto index = Bm25Index::build(path("share"), handCorpus());
        Bm25SearchOptions options{10, "en", ""};
        options.share = true;
        // cat: n = 1 of N = 4 (w = 3.5 / 1.5); zebra: in no document (w = 4.5 / 0.5). Each
        // term's largest contribution is idf x (k1 + 1) (wqf = 1: the k3 factor is 1).
        const Bm25Parameters p;
        const double bound = (std::log(3.5 / 1.5) + std::log(4.5 / 0.5)) * (p.k1 + 1);
        const auto r = index.search("cat zebra", options);
        QCOMPARE(ids(r), (std::vector<std::string>{"d1"}));
        const double expected = xapianBm25(4, 1, 2, 3, 2.5, p) / bound;
        QVERIFY2(nearRelative(r[0].score, expected),
                 qPrintable(QString("%1 vs %2").arg(r[0].score).arg(expected)));
        // The lone hit on one of two words carries well under half of the evidence; the same
        // word alone, most of it; the order is the raw scores' order.
        QVERIFY(r[0].score < 0.5);
        QVERIFY(index.search("cat", options)[0].score > 0.5);
        QVERIFY(index.search("cat", options)[0].score <= 1.0);
        QCOMPARE(ids(index.search("dog fish", options)), ids(index.search("dog fish")));
        const auto each = searchEachLanguage(index, "cat zebra", 10, "", true);
        QVERIFY(nearRelative(each.at(0).score, expected));
    }

    void orderAndScoresFollowFormula() {
        Bm25BuildOptions options;
        options.parameters = {1.2, 0.75, 0.0, 1.0, 0.5};  // BEIR's k1, b; Xapian's clamp
        const auto index = Bm25Index::build(path("order"), handCorpus(), options);
        const auto r = index.search("dog fish");
        // dog and fish: n = 2, w = 1 < 2 -> 1.5. d4's normalised length 0.4 is clamped to 0.5.
        const Bm25Parameters& p = options.parameters;
        const std::map<std::string, double> expected = {{"d1", xapianBm25(4, 2, 1, 3, 2.5, p)},
                                                        {"d2", xapianBm25(4, 2, 1, 2, 2.5, p)},
                                                        {"d3", xapianBm25(4, 2, 3, 4, 2.5, p)},
                                                        {"d4", xapianBm25(4, 2, 1, 1, 2.5, p)}};
        QCOMPARE(ids(r), (std::vector<std::string>{"d3", "d4", "d2", "d1"}));
        for (const auto& d : r)
            QVERIFY2(nearRelative(d.score, expected.at(d.docId)), d.docId.c_str());
        QCOMPARE(index.info().parameters.k1, 1.2);
    }

    void kLargerThanCorpusReturnsAllMatches() {
        const auto index = Bm25Index::build(path("bigk"), handCorpus());
        QCOMPARE(index.search("fish bird", {1000, "", ""}).size(), size_t(3));
        QCOMPARE(index.search("fish bird", {1, "", ""}).size(), size_t(1));
        QVERIFY(index.search("zebra").empty());
    }

    void filtersByDocumentLanguage() {
        const std::vector<IndexDocument> docs = {{"a.en", "ls", "list directory contents", "en"},
                                                 {"a.de", "ls", "Verzeichnis auflisten", "de"},
                                                 {"a.pt", "ls", "listar diretório", "pt-PT"}};
        const auto index = Bm25Index::build(path("langs"), docs);
        QCOMPARE(index.search("ls").size(), size_t(3));
        QCOMPARE(ids(index.search("ls", {10, "", "de"})), std::vector<std::string>{"a.de"});
        QCOMPARE(ids(index.search("ls", {10, "", "pt-PT"})), std::vector<std::string>{"a.pt"});
        QVERIFY(index.search("ls", {10, "", "fr"}).empty());
        QCOMPARE(index.info().languages.at("pt-PT"), size_t(1));
    }

    void stemsGermanAndEnglish() {
        const std::vector<IndexDocument> docs = {{"e", "", "the program is running", "en"},
                                                 {"g", "", "Die Häuser sind groß", "de"}};
        const auto index = Bm25Index::build(path("stem"), docs);
        QCOMPARE(ids(index.search("runs", {10, "en", ""})), std::vector<std::string>{"e"});
        QCOMPARE(ids(index.search("Haus", {10, "de", ""})), std::vector<std::string>{"g"});
        // Without a query language the query is not stemmed and "runs" != stem "run".
        QVERIFY(index.search("runs").empty());
        QVERIFY(hasStemmer("de") && hasStemmer("pt-PT") && !hasStemmer("ja"));
    }

    void findsCjkByTwoCharacters() {
        const std::vector<IndexDocument> docs = {
            {"z", "ls", "列出目录内容", "zh"},
            {"j", "ls", "ディレクトリの内容を一覧表示する", "ja"},
            {"e", "ls", "list directory contents", "en"}};
        const auto index = Bm25Index::build(path("cjk"), docs);
        QCOMPARE(ids(index.search("目录", {10, "zh", ""})), std::vector<std::string>{"z"});
        QCOMPARE(ids(index.search("一覧", {10, "ja", ""})), std::vector<std::string>{"j"});
        QCOMPARE(index.search("内容").size(), size_t(2));  // both z and j contain it
    }

    void cancelLeavesNothing() {
        const fs::path dir = path("cancel");
        Bm25BuildOptions options;
        options.progressInterval = 1;
        std::vector<std::size_t> seen;
        const QString msg = messageOf<Cancelled>([&] {
            Bm25Index::build(dir, handCorpus(), options, [&](const Progress& p) {
                seen.push_back(static_cast<std::size_t>(p.done));
                return p.done < 2;
            });
        });
        QVERIFY(msg.contains("cancelled"));
        QCOMPARE(seen, (std::vector<std::size_t>{1, 2}));
        QVERIFY(!fs::exists(dir));
        QVERIFY(!hasTempSibling(dir));
    }

    void progressReportsEveryIntervalAndEnd() {
        Bm25BuildOptions options;
        options.progressInterval = 3;
        std::vector<std::size_t> seen;
        std::set<std::string> stages;
        Bm25Index::build(path("progress"), handCorpus(), options, [&](const Progress& p) {
            stages.insert(p.stage);
            seen.push_back(static_cast<std::size_t>(p.done));
            return true;
        });
        QCOMPARE(seen, (std::vector<std::size_t>{3, 4}));
        QCOMPARE(stages, (std::set<std::string>{"index"}));
    }

    void refusesExistingUnlessOverwrite() {
        const fs::path dir = path("existing");
        Bm25Index::build(dir, handCorpus());
        QVERIFY(messageOf<DataError>([&] {
                    Bm25Index::build(dir, handCorpus());
                }).contains("already exists"));
        Bm25BuildOptions options;
        options.overwrite = true;
        const std::vector<IndexDocument> one = {{"x", "", "zebra", "en"}};
        const auto index = Bm25Index::build(dir, one, options);
        QCOMPARE(index.info().documentCount, size_t(1));
        QVERIFY(!hasTempSibling(dir));
        // Overwrite never deletes a directory that is not an index.
        const fs::path other = path("not-an-index");
        fs::create_directories(other / "keep");
        QVERIFY(messageOf<DataError>([&] {
                    Bm25Index::build(other, one, options);
                }).contains("not a BM25 index"));
        QVERIFY(fs::exists(other / "keep"));
    }

    void reopensWithSameResults() {
        const fs::path dir = path("reopen");
        Ranking before;
        {
            const auto index = Bm25Index::build(dir, handCorpus());
            before = index.search("dog fish");
        }
        const auto index = Bm25Index::open(dir);
        QCOMPARE(index.info().documentCount, size_t(4));
        QCOMPARE(index.info().schemaVersion, Bm25Index::kSchemaVersion);
        const auto after = index.search("dog fish");
        QCOMPARE(ids(after), ids(before));
        QCOMPARE(after[0].score, before[0].score);
    }

    void badDirectoriesSayWhy() {
        const fs::path missing = path("missing");
        QVERIFY(
            messageOf<DataError>([&] { Bm25Index::open(missing); }).contains("no such directory"));
        const fs::path file = path("file");
        std::ofstream(file) << "x";
        QVERIFY(messageOf<DataError>([&] { Bm25Index::open(file); }).contains("is a file"));
        const fs::path empty = path("empty");
        fs::create_directories(empty);
        QVERIFY(messageOf<DataError>([&] {
                    Bm25Index::open(empty);
                }).contains("is not a BM25 index (isomorph-index.json is missing)"));

        const fs::path dir = path("versions");
        Bm25Index::build(dir, handCorpus());
        const fs::path meta = dir / Bm25Index::kMetadataFile;
        std::ofstream(meta) << R"({"format": "isomorph-bm25", "schema_version": 99})";
        QVERIFY(messageOf<DataError>([&] {
                    Bm25Index::open(dir);
                }).contains("schema version 99 cannot be read"));
        std::ofstream(meta) << R"({"format": "faiss", "schema_version": 1})";
        QVERIFY(messageOf<DataError>([&] { Bm25Index::open(dir); }).contains("not a BM25 index"));
        std::ofstream(meta) << "{broken";
        QVERIFY(messageOf<DataError>([&] { Bm25Index::open(dir); }).contains("damaged"));
    }

    void missingDatabaseSaysRebuild() {
        const fs::path dir = path("nodb");
        Bm25Index::build(dir, handCorpus());
        fs::remove_all(dir / "xapian");
        const QString msg = messageOf<DataError>([&] { Bm25Index::open(dir); });
        QVERIFY2(msg.contains("cannot be opened") && msg.contains("rebuild"), qPrintable(msg));
    }

    void longIdsAndNestedDirectories() {
        const std::string longId(300, 'x');  // beyond Xapian's 245-byte term limit
        const std::vector<IndexDocument> docs = {{longId, "", "zebra", "en"}};
        const auto index = Bm25Index::build(path("nested/deeper/index"), docs);
        QCOMPARE(ids(index.search("zebra")), std::vector<std::string>{longId});
    }

    void failingSourceLeavesNothing() {
        const fs::path dir = path("failing");
        std::size_t calls = 0;
        auto source = [&](IndexDocument& doc) -> bool {
            if (++calls == 3) throw DataError("corpus.jsonl:3: invalid JSON");
            doc = {"d" + std::to_string(calls), "", "text", "en"};
            return true;
        };
        QVERIFY(messageOf<DataError>([&] {
                    Bm25Index::build(dir, source);
                }).contains("corpus.jsonl:3"));
        QVERIFY(!fs::exists(dir) && !hasTempSibling(dir));
    }

    void badQueriesAndOptions() {
        const auto index = Bm25Index::build(path("queries"), handCorpus());
        QVERIFY(messageOf<DataError>([&] { index.search("  "); }).contains("query is empty"));
        QVERIFY(messageOf<DataError>([&] { index.search("?!"); }).contains("no searchable word"));
        QVERIFY(messageOf<ConfigError>([&] {
                    index.search("cat", {0, "", ""});
                }).contains("k = 0"));
        QVERIFY(messageOf<ConfigError>([&] {
                    index.search("cat", {5, "german", ""});
                }).contains("'german'"));
    }

    void badDocumentsAndParameters() {
        auto docs = handCorpus();
        docs[2].id = "d1";
        QVERIFY(messageOf<DataError>([&] {
                    Bm25Index::build(path("dup"), docs);
                }).contains("'d1' occurs twice"));
        QVERIFY(!fs::exists(path("dup")) && !hasTempSibling(path("dup")));
        docs = handCorpus();
        docs[1].language = "EN";
        QVERIFY(messageOf<DataError>([&] {
                    Bm25Index::build(path("lang"), docs);
                }).contains("document 'd2': language 'EN'"));
        QVERIFY(messageOf<DataError>([&] {
                    Bm25Index::build(path("none"), std::vector<IndexDocument>{});
                }).contains("no documents"));
        Bm25BuildOptions options;
        options.parameters.k1 = -1;
        options.parameters.b = 2;
        const QString msg =
            messageOf<ConfigError>([&] { Bm25Index::build(path("params"), docs, options); });
        QVERIFY2(msg.contains("k1 = -1") && msg.contains("b = 2"), qPrintable(msg));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestBm25)
#include "test_bm25.moc"
