#include <QtTest>

#include "core/data/readers/document_reader.h"
#include "core/data/readers/jsonl_document_reader.h"
#include "core/data/readers/plain_text_document_reader.h"
#include "tests/support/test_main.h"
#include "tests/unit/reader_test_support.h"

using isomorph::data::Document;
using isomorph::data::DocumentReader;
using isomorph::data::openDocumentReader;
using reader_test::writeFile;

namespace {
std::vector<Document> readAll(const std::filesystem::path& path, const std::string& lang = "de") {
    auto reader = openDocumentReader(path, lang);
    std::vector<Document> docs;
    Document doc;
    while (reader->next(doc))
        docs.push_back(doc);
    return docs;
}
using Sentences = std::vector<std::string>;
}  // namespace

class TestDocumentReaders : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void plainTextSplitsDocumentsOnBlankLines() {
        QTemporaryDir tmp;
        const auto docs =
            readAll(writeFile(tmp, "news.de.txt", "Satz eins.\nSatz zwei.\n\n\n \nDrei.\r\n"));
        QCOMPARE(docs.size(), size_t{2});
        QCOMPARE(docs[0].id, std::string("news.de:1"));
        QCOMPARE(docs[0].lang, std::string("de"));
        QCOMPARE(docs[0].sentences, (Sentences{"Satz eins.", "Satz zwei."}));
        QCOMPARE(docs[0].line, uint64_t{1});
        QCOMPARE(docs[1].id, std::string("news.de:6"));
        QCOMPARE(docs[1].sentences, (Sentences{"Drei."}));
        QVERIFY(docs[1].sections.empty());
    }

    void plainTextLeadingBlankLinesAreSkipped() {
        QTemporaryDir tmp;
        const auto docs = readAll(writeFile(tmp, "a.txt", "\n\nx\n"));
        QCOMPARE(docs.size(), size_t{1});
        QCOMPARE(docs[0].id, std::string("a:3"));
    }

    void plainTextEmptyAndBlankFilesFail() {
        QTemporaryDir tmp;
        const auto empty = writeFile(tmp, "empty.txt", "");
        EXPECT_DATA_ERROR(readAll(empty), empty.string() + ": file is empty");
        const auto blank = writeFile(tmp, "blank.txt", "\n \n\n");
        EXPECT_DATA_ERROR(readAll(blank), blank.string() + ": file has no sentences");
    }

    void plainTextValidatesLanguage() {
        QTemporaryDir tmp;
        const auto path = writeFile(tmp, "a.txt", "x\n");
        EXPECT_DATA_ERROR(readAll(path, "deu"), path.string(), "unknown language code 'deu'");
    }

    void plainTextPassesReaderErrorsOn() {
        QTemporaryDir tmp;
        const auto path = writeFile(tmp, "a.txt", "ok\n\nbad \xC3(\n");
        EXPECT_DATA_ERROR(readAll(path), path.string() + ":3:", "byte offset 8");
    }

    void jsonlReadsDocumentsAndSections() {
        QTemporaryDir tmp;
        const auto path = writeFile(
            tmp, "docs.jsonl",
            R"({"id":"d1","lang":"fr","sentences":["Un.","Deux.","Trois."],"extra":{"x":1},)"
            R"("sections":[{"title":"Intro","start":0,"end":1},{"title":"Rest","start":1,"end":3}]})"
            "\n\n"
            R"({"id":7,"lang":"zh-Hans","sentences":["一。"]})"
            "\n");
        const auto docs = readAll(path);
        QCOMPARE(docs.size(), size_t{2});
        QCOMPARE(docs[0].id, std::string("d1"));
        QCOMPARE(docs[0].lang, std::string("fr"));
        QCOMPARE(docs[0].sentences, (Sentences{"Un.", "Deux.", "Trois."}));
        QCOMPARE(docs[0].sections.size(), size_t{2});
        QCOMPARE(docs[0].sections[1].title, std::string("Rest"));
        QCOMPARE(docs[0].sections[1].start, uint64_t{1});
        QCOMPARE(docs[0].sections[1].end, uint64_t{3});
        QCOMPARE(docs[1].id, std::string("7"));
        QCOMPARE(docs[1].line, uint64_t{3});
        QVERIFY(docs[1].sections.empty());
    }

    void jsonlFieldErrorsNameFileLineAndField() {
        QTemporaryDir tmp;
        const std::string ok = R"({"id":"a","lang":"de","sentences":["x"]})";
        struct Case {
            std::string line;
            std::string expected;
        };
        const std::vector<Case> cases = {
            {R"({"id":"b","lang":"de","sentences":[]})",
             "field 'sentences' must be a non-empty array of strings"},
            {R"({"id":"b","lang":"de","sentences":["x",3]})",
             "field 'sentences' must be a non-empty array of strings"},
            {R"({"id":"b","lang":"de"})", "field 'sentences'"},
            {R"({"lang":"de","sentences":["x"]})", "field 'id' is missing"},
            {R"({"id":"","lang":"de","sentences":["x"]})", "field 'id' must be a non-empty"},
            {R"({"id":"b","lang":"xx","sentences":["x"]})", "field 'lang': unknown language"},
            {R"({"id":"b","sentences":["x"]})", "field 'lang' is missing"},
            {R"({"id":"b","lang":"de","sentences":["x"],"sections":{}})", "field 'sections'"},
            {R"({"id":"b","lang":"de","sentences":["x"],"sections":[{"title":"t","start":0,"end":2}]})",
             "need start < end <= number of sentences (1)"},
            {R"({"id":"b","lang":"de","sentences":["x"],"sections":[{"start":0,"end":1}]})",
             "needs 'title'"},
            {R"({"id":"b","lang":"de","sentences":["x"],"sections":[{"title":"t","start":-1,"end":1}]})",
             "'start' as a non-negative integer"},
            {R"({"id":"b","lang":"de","sentences":["x","y"],"sections":[{"title":"t","start":0,"end":2},{"title":"u","start":1,"end":2}]})",
             "overlaps"},
            {R"({"id":"b", broken)", "invalid JSON"},
            {R"(["not","an","object"])", "expected a JSON object"},
        };
        for (const Case& c : cases) {
            const auto path = writeFile(tmp, "docs.jsonl", ok + "\n" + ok + "\n" + c.line + "\n");
            EXPECT_DATA_ERROR(readAll(path), path.string() + ":3: ", c.expected);
        }
    }

    void jsonlEmptyFileFails() {
        QTemporaryDir tmp;
        const auto path = writeFile(tmp, "e.jsonl", "");
        EXPECT_DATA_ERROR(readAll(path), path.string() + ": file is empty");
        const auto blank = writeFile(tmp, "b.jsonl", "\n\n");
        EXPECT_DATA_ERROR(readAll(blank), blank.string() + ": file has no documents");
    }

    void factoryPicksFormatByExtension() {
        QTemporaryDir tmp;
        // A .txt file is never parsed as JSON: one that starts with a JSON object is JSON Lines
        // under the wrong name and is refused (the plain-text policy of every text input); JSON
        // later in a text file is just a sentence.
        const auto jsonl = writeFile(tmp, "x.txt", R"({"id":"a"})");
        EXPECT_DATA_ERROR(readAll(jsonl), jsonl.string() + ":1:", "JSON object", ".jsonl");
        const auto docs = readAll(writeFile(tmp, "y.txt", "hallo\n{\"id\":\"a\"}\n"));
        QCOMPARE(docs[0].sentences, (Sentences{"hallo", R"({"id":"a"})"}));
    }

    void lenientModeIsPassedThrough() {
        QTemporaryDir tmp;
        const auto path = writeFile(tmp, "l.txt", "a\xFF\n");
        isomorph::data::ReadOptions lenient;
        lenient.lenient = true;
        auto reader = openDocumentReader(path, "en", lenient);
        Document doc;
        QVERIFY(reader->next(doc));
        QCOMPARE(doc.sentences[0], std::string("a\xEF\xBF\xBD"));
        QCOMPARE(reader->lines().replacements(), uint64_t{1});
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestDocumentReaders)
#include "test_document_readers.moc"
