// XOR-TyDi answer recall (core/eval/answer_recall.h): word tokens, yes/no answers, token-boundary
// matching, token budgets, and random cases against an independent Python reference.

#include <fstream>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/eval/answer_recall.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"

using namespace isomorph::eval;
using Strings = std::vector<std::string>;

namespace {

const char* kPython = "/usr/bin/python3";

AnswerRecall recallAt(const std::vector<Strings>& texts, const std::vector<Strings>& answers,
                      std::size_t budget, AnswerMatch match = AnswerMatch::Tokens) {
    return answerRecall(texts, answers, {budget}, match).front();
}

bool found(const Strings& texts, const Strings& answers, std::size_t budget,
           AnswerMatch match = AnswerMatch::Tokens) {
    return answerInTokens(firstTokens(texts, budget), spanAnswers(answers), match);
}

}  // namespace

class TestAnswerRecall : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void wordTokensSplitPunctuationAndCjk() {
        QCOMPARE(wordTokens("Paris, France."), (Strings{"Paris", ",", "France", "."}));
        QCOMPARE(wordTokens("東京は 日本"), (Strings{"東", "京", "は", "日", "本"}));
        QCOMPARE(wordTokens("abc東京def"), (Strings{"abc", "東", "京", "def"}));
        QCOMPARE(wordTokens("don't 1,889"), (Strings{"don", "'", "t", "1", ",", "889"}));
        // A combining accent (U+0301) stays inside its word; tabs and NBSP separate.
        QCOMPARE(wordTokens("cafe\u0301\tna\u00efve\u00a0x"),
                 (Strings{"cafe\u0301", "na\u00efve", "x"}));
        QCOMPARE(wordTokens("  \n"), Strings{});
    }

    void yesNoAnswersAreDroppedWithTheirQueries() {
        QCOMPARE(spanAnswers({"yes", " No ", "YES", "", "  ", "Paris"}), Strings{"Paris"});
        // "no" occurs inside "November" (and as a word in the last passage): the old metric
        // counted this query as answered; a yes/no question has no span to find.
        const std::vector<Strings> texts = {
            {"It opened in November 1889."}, {"It is in Paris."}, {"no answer here"}};
        const std::vector<Strings> answers = {{"no"}, {"Paris"}, {"Lyon"}};
        const AnswerRecall r = recallAt(texts, answers, 2000);
        QCOMPARE(r.evaluated, int64_t(2));
        QCOMPARE(r.withoutSpans, int64_t(1));
        QCOMPARE(r.answered, int64_t(1));
        QCOMPARE(r.recall, 0.5);
        // Nothing left to evaluate: recall 0 of 0 queries, not a division by zero.
        const AnswerRecall none = recallAt({{"x"}}, {{"yes"}}, 10);
        QCOMPARE(none.evaluated, int64_t(0));
        QCOMPARE(none.recall, 0.0);
    }

    void answersMatchOnTokenBoundaries() {
        const Strings texts = {"The Parisian November was mild.", "東京は 日本"};
        QVERIFY(!found(texts, {"Paris"}, 100));  // sub-word: "Paris" in "Parisian"
        QVERIFY(!found(texts, {"Nov"}, 100));
        QVERIFY(found(texts, {"Parisian November"}, 100));   // a run of two tokens
        QVERIFY(found(texts, {"Parisian  November"}, 100));  // spacing of the answer is free
        QVERIFY(found(texts, {"東京"}, 100));                // CJK: a run of character tokens
        QVERIFY(found(texts, {"mild."}, 100));
        // The substring mode (XOR's script literally) counts the sub-word hits.
        QVERIFY(found(texts, {"Paris"}, 100, AnswerMatch::Substring));
        QVERIFY(found(texts, {"Nov"}, 100, AnswerMatch::Substring));
        QVERIFY(!found(texts, {"mild."}, 100, AnswerMatch::Substring));  // joined as "mild ."
    }

    void budgetsCountWordTokensAcrossPassages() {
        // "w," is two tokens: 999 of them and one "w" make 1999 tokens, so the answer is
        // token 2000 (inside R@2kt); one more "w" pushes it to 2001 (only inside R@5kt).
        std::string filler;
        for (int i = 0; i < 999; ++i)
            filler += "w, ";
        const std::string filler1999 = filler + "w", filler2000 = filler + "w w";
        QVERIFY(found({filler1999, "needle hay"}, {"needle"}, 2000));
        QVERIFY(!found({filler2000, "needle hay"}, {"needle"}, 2000));
        QVERIFY(found({filler2000, "needle hay"}, {"needle"}, 5000));
        // A two-token answer cut by the budget does not count.
        QVERIFY(!found({filler1999, "needle hay"}, {"needle hay"}, 2000));
        const auto both = answerRecall({{filler2000, "needle"}}, {{"needle"}}, {2000, 5000});
        QCOMPARE(both[0].recall, 0.0);
        QCOMPARE(both[1].recall, 1.0);
        QCOMPARE(firstTokens({"a b", "c d"}, 3), (Strings{"a", "b", "c"}));
    }

    void badInputIsRefused() {
        QVERIFY_THROWS_EXCEPTION(isomorph::DataError, answerRecall({{"a"}}, {}, {10}));
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError, answerRecall({{"a"}}, {{"a"}}, {0}));
        QCOMPARE(parseAnswerMatch("substring", "x"), AnswerMatch::Substring);
        try {
            parseAnswerMatch("exact", "setting 'answer_match'");
            QFAIL("expected ConfigError");
        } catch (const isomorph::ConfigError& e) {
            QVERIFY(QString(e.what()).contains("setting 'answer_match'"));
        }
    }

    void randomCasesMatchPythonReference() {
        if (!QFileInfo::exists(kPython))
            QSKIP("/usr/bin/python3 is missing; the Python reference comparison cannot run");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Strings pieces = {"ab", "c",  "東",     "京",     "ひら", "カナ", "한국",
                                "é",  "no", "Nov",    " ",      " ",    "\t",   "\n",
                                ",",  "x1", "\u3000", "\u0301", "-",    "yes"};
        std::mt19937 rng(7);
        auto uni = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
        auto piece = [&] { return pieces[static_cast<size_t>(uni(0, int(pieces.size()) - 1))]; };
        nlohmann::json in;
        std::vector<Strings> texts, answers;
        for (int q = 0; q < 80; ++q) {
            Strings t;
            for (int p = uni(0, 4); p > 0; --p) {
                std::string s;
                for (int i = uni(0, 15); i > 0; --i)
                    s += piece();
                t.push_back(s);
            }
            Strings a;
            for (int i = uni(1, 2); i > 0; --i)
                a.push_back(piece() + (uni(0, 1) ? piece() : ""));
            texts.push_back(t);
            answers.push_back(a);
            in["queries"].push_back({{"texts", t}, {"answers", a}});
        }
        const std::vector<std::size_t> budgets = {7, 3, 12, 40};
        in["budgets"] = budgets;
        const std::string inFile = dir.filePath("in.json").toStdString();
        const std::string outFile = dir.filePath("out.json").toStdString();
        std::ofstream(inFile) << in.dump();
        QProcess p;
        p.start(kPython,
                {QStringLiteral(ISOMORPH_SOURCE_DIR "/tests/reference/answer_recall_reference.py"),
                 QString::fromStdString(inFile), QString::fromStdString(outFile)});
        QVERIFY2(p.waitForFinished(120000) && p.exitCode() == 0,
                 p.readAllStandardError().constData());
        std::ifstream outStream(outFile);
        const auto ref = nlohmann::json::parse(outStream);
        for (std::size_t q = 0; q < texts.size(); ++q)
            QCOMPARE(firstTokens(texts[q], budgets[0]), ref["tokens"][q].get<Strings>());
        for (auto match : {AnswerMatch::Tokens, AnswerMatch::Substring}) {
            const auto got = answerRecall(texts, answers, budgets, match);
            for (std::size_t i = 0; i < budgets.size(); ++i) {
                QCOMPARE(got[i].evaluated, ref["evaluated"].get<int64_t>());
                QCOMPARE(got[i].withoutSpans, ref["withoutSpans"].get<int64_t>());
                // Both sides divide the same two integers: exact up to the last bit.
                ISOMORPH_COMPARE_NEAR(
                    got[i].recall,
                    ref["recall"][answerMatchName(match)][std::to_string(budgets[i])].get<double>(),
                    0.0);
            }
        }
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestAnswerRecall)
#include "test_answer_recall.moc"
