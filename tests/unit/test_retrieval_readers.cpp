#include <QtTest>

#include "core/data/readers/beir_corpus_reader.h"
#include "core/data/readers/retrieval_sets.h"
#include "tests/support/test_main.h"
#include "tests/unit/reader_test_support.h"

using namespace isomorph::data;
using reader_test::writeFile;

namespace {
std::vector<Passage> readCorpus(const std::filesystem::path& path) {
    BeirCorpusReader reader(path);
    std::vector<Passage> passages;
    Passage p;
    while (reader.next(p))
        passages.push_back(p);
    return passages;
}
}  // namespace

class TestRetrievalReaders : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    // One rule for "a BEIR folder or a folder of them" (eval retrieval, rerank finetune and
    // objectives.ir all use it): a set holds corpus.jsonl and queries.jsonl; a folder of sets
    // yields its non-empty sets by name, the empty ones as skipped.
    void beirSetDiscovery() {
        QTemporaryDir tmp;
        const std::filesystem::path root = tmp.path().toStdString();
        for (const char* sub : {"a", "b", "empty", "queries-only"})
            std::filesystem::create_directories(root / sub);
        writeFile(tmp, "b/corpus.jsonl",
                  R"({"_id":"d1","text":"x"})"
                  "\n");
        writeFile(tmp, "b/queries.jsonl",
                  R"({"_id":"q1","text":"y"})"
                  "\n");
        writeFile(tmp, "a/corpus.jsonl",
                  R"({"_id":"d1","text":"x"})"
                  "\n");
        writeFile(tmp, "a/queries.jsonl",
                  R"({"_id":"q1","text":"y"})"
                  "\n");
        writeFile(tmp, "empty/corpus.jsonl", "");
        writeFile(tmp, "empty/queries.jsonl",
                  R"({"_id":"q1","text":"y"})"
                  "\n");
        writeFile(tmp, "queries-only/queries.jsonl",
                  R"({"_id":"q1","text":"y"})"
                  "\n");
        QVERIFY(isBeirSet(root / "a"));
        QVERIFY(!isBeirSet(root / "queries-only"));
        QVERIFY(!isBeirSet(root));
        std::vector<std::filesystem::path> skipped;
        const auto sets = findBeirSets(root, &skipped);
        QCOMPARE(sets.size(), size_t{2});
        QCOMPARE(sets[0], root / "a");
        QCOMPARE(sets[1], root / "b");
        QCOMPARE(skipped.size(), size_t{1});
        QCOMPARE(skipped[0], root / "empty");
        QCOMPARE(findBeirSets(root / "b"), std::vector<std::filesystem::path>{root / "b"});
        EXPECT_DATA_ERROR(findBeirSets(root / "queries-only"), "no BEIR collection");
    }

    void beirCorpusStreamsPassages() {
        QTemporaryDir tmp;
        const auto path = writeFile(tmp, "corpus.jsonl",
                                    R"({"_id":"d1","title":"T","text":"Body one","metadata":{}})"
                                    "\n"
                                    R"({"_id":"d2","text":"Body two"})"
                                    "\n\n"
                                    R"({"_id":3,"title":null,"text":""})"
                                    "\n");
        const auto passages = readCorpus(path);
        QCOMPARE(passages.size(), size_t{3});
        QCOMPARE(passages[0].title, std::string("T"));
        QCOMPARE(passages[1].title, std::string());
        QCOMPARE(passages[1].text, std::string("Body two"));
        QCOMPARE(passages[2].id, std::string("3"));
        QCOMPARE(passages[2].line, uint64_t{4});
    }

    void beirCorpusErrors() {
        QTemporaryDir tmp;
        const auto dup =
            writeFile(tmp, "corpus.jsonl",
                      "{\"_id\":\"a\",\"text\":\"x\"}\n{\"_id\":\"b\",\"text\":\"y\"}\n"
                      "{\"_id\":\"a\",\"text\":\"z\"}\n");
        EXPECT_DATA_ERROR(readCorpus(dup), dup.string() + ":3:", "duplicate _id 'a'",
                          "first at line 1");
        const auto noText = writeFile(tmp, "c2.jsonl", "{\"_id\":\"a\",\"title\":\"x\"}\n");
        EXPECT_DATA_ERROR(readCorpus(noText), noText.string() + ":1:", "field 'text' is missing");
        const auto badTitle =
            writeFile(tmp, "c3.jsonl", "{\"_id\":\"a\",\"title\":1,\"text\":\"\"}");
        EXPECT_DATA_ERROR(readCorpus(badTitle),
                          badTitle.string() + ":1:", "field 'title' must be a string");
        const auto empty = writeFile(tmp, "c4.jsonl", "");
        EXPECT_DATA_ERROR(readCorpus(empty), empty.string() + ": file is empty");
    }

    void beirQueries() {
        QTemporaryDir tmp;
        const auto path = writeFile(tmp, "queries.jsonl",
                                    "{\"_id\":\"q1\",\"text\":\"what?\",\"metadata\":{}}\n"
                                    "{\"_id\":\"q2\",\"text\":\"who?\"}\n");
        const auto queries = readBeirQueries(path);
        QCOMPARE(queries.size(), size_t{2});
        QCOMPARE(queries[1].id, std::string("q2"));
        QCOMPARE(queries[1].text, std::string("who?"));
        const auto dup = writeFile(
            tmp, "q.jsonl", "{\"_id\":\"q1\",\"text\":\"a\"}\n\n{\"_id\":\"q1\",\"text\":\"b\"}\n");
        EXPECT_DATA_ERROR(readBeirQueries(dup), dup.string() + ":3:", "duplicate query id 'q1'",
                          "first at line 1");
        const auto empty = writeFile(tmp, "e.jsonl", "");
        EXPECT_DATA_ERROR(readBeirQueries(empty), empty.string() + ": file is empty");
    }

    void topicsTsv() {
        QTemporaryDir tmp;
        const auto path = writeFile(tmp, "topics.tsv", "1\tWas ist das?\r\n2\tWer?\n");
        const auto queries = readTopicsTsv(path);
        QCOMPARE(queries.size(), size_t{2});
        QCOMPARE(queries[0].text, std::string("Was ist das?"));
        const auto dup = writeFile(tmp, "t.tsv", "1\ta\n1\tb\n");
        EXPECT_DATA_ERROR(readTopicsTsv(dup), dup.string() + ":2:", "first at line 1");
        const auto cols = writeFile(tmp, "c.tsv", "1\ta\n2 b\n");
        EXPECT_DATA_ERROR(readTopicsTsv(cols), cols.string() + ":2:", "2 tab-separated columns");
    }

    void beirQrels() {
        QTemporaryDir tmp;
        const auto path = writeFile(
            tmp, "test.tsv", "query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td2\t0\nq2\td1\t2\n");
        const Qrels qrels = readBeirQrels(path);
        QCOMPARE(qrels.size(), size_t{2});
        QCOMPARE(qrels.at("q1").at("d2"), 0);
        QCOMPARE(qrels.at("q2").at("d1"), 2);
    }

    void beirQrelsErrors() {
        QTemporaryDir tmp;
        const auto header = writeFile(tmp, "h.tsv", "qid\tdocid\tscore\nq1\td1\t1\n");
        EXPECT_DATA_ERROR(readBeirQrels(header), header.string() + ":1:",
                          "expected the header 'query-id<TAB>corpus-id<TAB>score'");
        const auto cols = writeFile(tmp, "c.tsv", "query-id\tcorpus-id\tscore\nq1\td1\n");
        EXPECT_DATA_ERROR(readBeirQrels(cols), cols.string() + ":2:", "found 2");
        const auto num = writeFile(tmp, "n.tsv", "query-id\tcorpus-id\tscore\nq1\td1\thigh\n");
        EXPECT_DATA_ERROR(readBeirQrels(num), num.string() + ":2:", "score 'high'");
        const auto dup = writeFile(tmp, "d.tsv", "query-id\tcorpus-id\tscore\nq\td\t1\nq\td\t0\n");
        EXPECT_DATA_ERROR(readBeirQrels(dup), dup.string() + ":3:", "first at line 2");
        const auto only = writeFile(tmp, "o.tsv", "query-id\tcorpus-id\tscore\n");
        EXPECT_DATA_ERROR(readBeirQrels(only), only.string() + ": file has only the header");
        const auto empty = writeFile(tmp, "e.tsv", "");
        EXPECT_DATA_ERROR(readBeirQrels(empty), empty.string() + ": file is empty");
    }

    void trecQrels() {
        QTemporaryDir tmp;
        const auto path = writeFile(tmp, "qrels.txt", "301 0 FBIS3-10082 1\n301\t0  FT-1 -1\n");
        const Qrels qrels = readTrecQrels(path);
        QCOMPARE(qrels.at("301").at("FBIS3-10082"), 1);
        QCOMPARE(qrels.at("301").at("FT-1"), -1);
        const auto bad = writeFile(tmp, "b.txt", "301 0 d 1\n301 d 1\n");
        EXPECT_DATA_ERROR(readTrecQrels(bad), bad.string() + ":2:", "found 3");
    }

    void qrelsFormatIsToldByTheFirstLine() {
        QTemporaryDir tmp;
        const auto beir =
            writeFile(tmp, "beir.tsv", "query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td2\t2\n");
        const auto trec = writeFile(tmp, "trec.txt", "q1 0 d1 1\nq2 0 d2 2\n");
        for (const auto& file : {beir, trec}) {
            const Qrels qrels = readQrels(file);
            QCOMPARE(qrels.size(), size_t{2});
            QCOMPARE(qrels.at("q2").at("d2"), 2);
        }
        // A BEIR-looking file without the header is TREC, and its error says so by its columns.
        const auto headless = writeFile(tmp, "h.tsv", "q1\td1\t1\n");
        EXPECT_DATA_ERROR(readQrels(headless), headless.string() + ":1:", "found 3");
        const auto missing = tmp.filePath("none.tsv").toStdString();
        EXPECT_DATA_ERROR(readQrels(missing), missing);
    }

    void trecRun() {
        QTemporaryDir tmp;
        const auto path =
            writeFile(tmp, "run.txt", "q1 Q0 d3 1 12.5 bm25\nq1 Q0 d1 2 -3e-1 bm25\n");
        const auto run = readTrecRun(path);
        QCOMPARE(run.size(), size_t{2});
        QCOMPARE(run[1].docId, std::string("d1"));
        QCOMPARE(run[1].rank, 2);
        QCOMPARE(run[1].score, -0.3);
        QCOMPARE(run[0].tag, std::string("bm25"));
        const auto bad = writeFile(tmp, "b.txt", "q1 Q0 d3 1 12.5 bm25\nq1 Q0 d1 two 1 x\n");
        EXPECT_DATA_ERROR(readTrecRun(bad), bad.string() + ":2:", "rank 'two'");
        const auto cols = writeFile(tmp, "c.txt", "q1 Q0 d3 1 12.5\n");
        EXPECT_DATA_ERROR(readTrecRun(cols), cols.string() + ":1:", "found 5");
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestRetrievalReaders)
#include "test_retrieval_readers.moc"
