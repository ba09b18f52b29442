// Result snippets (core/search/snippet.h): sentence spans, words matching under BM25's analysis
// (stems, CJK characters) and the choice of the best sentence, against hand-made passages.

#include <QtTest>

#include "core/search/snippet.h"
#include "tests/support/test_main.h"

using namespace isomorph::search;

namespace {

std::vector<std::string> pieces(std::string_view text, const std::vector<TextSpan>& spans) {
    std::vector<std::string> out;
    for (const auto& s : spans)
        out.emplace_back(text.substr(s.begin, s.end - s.begin));
    return out;
}

}  // namespace

class TestSnippet : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void sentencesEndAtPunctuationBeforeSpaceAndAtLineBreaks() {
        const std::string text = "  Remove files. Use -r for directories!\nSee also: rmdir(1).  ";
        QCOMPARE(pieces(text, sentenceSpans(text)),
                 (std::vector<std::string>{"Remove files.", "Use -r for directories!",
                                           "See also:", "rmdir(1)."}));
        // No break inside "3.14" or "a.out"; a text without any is one sentence.
        const std::string one = "run a.out with 3.14";
        QCOMPARE(pieces(one, sentenceSpans(one)), (std::vector<std::string>{one}));
        QVERIFY(sentenceSpans("   \n  ").empty());
        const std::string ja = "ファイルを削除する。ディレクトリも削除できます";
        QCOMPARE(pieces(ja, sentenceSpans(ja)),
                 (std::vector<std::string>{"ファイルを削除する。", "ディレクトリも削除できます"}));
    }

    void matchingWordsFollowStemsAndCase() {
        // "Directories" and "directory" share the English stem "directori"; "removing" and
        // "remove" share "remov"; "a" of the query matches "a" only as a whole word.
        const std::string text = "Removing Directories: rmdir removes a directory.";
        const auto spans = matchingWords("remove a directory", text, "en");
        QCOMPARE(pieces(text, spans), (std::vector<std::string>{"Removing", "Directories",
                                                                "removes", "a", "directory"}));
        // Unstemmed language: only the same lower-cased word.
        QCOMPARE(pieces(text, matchingWords("DIRECTORY", text, "")),
                 (std::vector<std::string>{"directory"}));
        // A French query meets this English passage on no word; punctuation alone, on nothing.
        QVERIFY(matchingWords("supprimer un répertoire", text, "en").empty());
        QVERIFY(matchingWords("?!", text, "en").empty());
        // CJK: characters of the query, byte ranges of whole UTF-8 characters.
        const std::string ja = "ディレクトリを削除する";
        QCOMPARE(pieces(ja, matchingWords("削除", ja, "ja")),
                 (std::vector<std::string>{"削", "除"}));
    }

    void bestSentenceHasMostDistinctMatchesElseTheMostSimilar() {
        const std::string text = "Copy files. Remove a directory and its directory tree. Remove.";
        const auto sentences = sentenceSpans(text);
        QCOMPARE(sentences.size(), size_t(3));
        const auto matches = matchingWords("remove directory", text, "en");
        // Sentence 2 holds "Remove" and "directory" (twice: counted once), sentence 3 one word.
        QCOMPARE(bestSentence(text, sentences, matches), size_t(1));
        // Nothing matched: the similarity decides; without similarities, the first.
        QCOMPARE(bestSentence(text, sentences, {}, {0.1, 0.2, 0.7}), size_t(2));
        QCOMPARE(bestSentence(text, sentences, {}), size_t(0));
        // Counted by term: "Directories" and "directory" are one term (directori), so the
        // sentence with "remove" and "directory" beats the one with two forms of one word.
        const std::string forms = "Directories and directory. Remove a directory.";
        std::vector<std::string> terms;
        const auto formMatches = matchingWords("remove directory", forms, "en", &terms);
        QCOMPARE(terms, (std::vector<std::string>{"directori", "directori", "remov", "directori"}));
        const auto formSentences = sentenceSpans(forms);
        QCOMPARE(bestSentence(forms, formSentences, formMatches, {}, terms), size_t(1));
        QCOMPARE(bestSentence(forms, formSentences, formMatches), size_t(0));  // by surface form
        // Matches win over similarity.
        QCOMPARE(bestSentence(text, sentences, matches, {0.9, 0.0, 0.0}), size_t(1));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestSnippet)
#include "test_snippet.moc"
