// XOR-TyDi answers reader (core/data/readers/answers_reader.h): parsing and file:line errors.

#include <QtTest>

#include "core/common/errors.h"
#include "core/data/readers/answers_reader.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::data;

namespace {

Answers read(const std::string& text) {
    return readAnswersJsonl(LineReader::fromMemory(text, "dev.jsonl"));
}

QString failure(const std::string& text) {
    try {
        read(text);
    } catch (const DataError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

}  // namespace

class TestAnswersReader : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void readsIdsAndAnswers() {
        const std::string text =
            "{\"id\": \"q1\", \"question\": \"?\", \"answers\": [\"Paris\", \"パリ\"], \"lang\": "
            "\"ja\"}\n"
            "\n"
            "{\"id\": 7, \"answers\": [\"\", \"1889\"]}\r\n";
        const Answers a = read(text);
        QCOMPARE(a.size(), size_t(2));
        QCOMPARE(a.at("q1"), (std::vector<std::string>{"Paris", "パリ"}));
        QCOMPARE(a.at("7"), (std::vector<std::string>{"", "1889"}));
    }

    void errorsNameFileLineAndField() {
        QVERIFY(failure("").contains("dev.jsonl: file is empty"));
        QVERIFY(failure("\n \n").contains("dev.jsonl: file has only blank lines"));
        QVERIFY(failure("{\"id\": \"q\", \"answers\": [\"a\"]}\n{oops\n")
                    .contains("dev.jsonl:2: invalid JSON"));
        QVERIFY(failure("[1]\n").contains("dev.jsonl:1: expected a JSON object"));
        QVERIFY(failure("{\"answers\": [\"a\"]}\n").contains("dev.jsonl:1: field 'id' is missing"));
        QVERIFY(failure("{\"id\": \"q\"}\n").contains("dev.jsonl:1: field 'answers' is missing"));
        QVERIFY(failure("{\"id\": \"q\", \"answers\": \"a\"}\n")
                    .contains("dev.jsonl:1: field 'answers' must be a list of strings"));
        QVERIFY(failure("{\"id\": \"q\", \"answers\": [\"a\", 3]}\n")
                    .contains("dev.jsonl:1: field 'answers' must hold only strings; found 3"));
        QVERIFY(failure("{\"id\": \"q\", \"answers\": []}\n")
                    .contains("dev.jsonl:1: field 'answers' has no non-empty answer"));
        QVERIFY(
            failure(
                "{\"id\": \"q\", \"answers\": [\"a\"]}\n{\"id\": \"q\", \"answers\": [\"b\"]}\n")
                .contains("dev.jsonl:2: duplicate id 'q' (first at line 1)"));
    }

    void missingFileIsNamed() {
        try {
            readAnswersJsonl(std::filesystem::path("/nonexistent/answers.jsonl"));
            QFAIL("expected DataError");
        } catch (const DataError& e) {
            QVERIFY(QString(e.what()).contains("/nonexistent/answers.jsonl"));
        }
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestAnswersReader)
#include "test_answers_reader.moc"
