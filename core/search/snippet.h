#pragma once

// What a search result shows of its passage: the sentence that matches the query best and the
// passage's words that match a query word under BM25's analysis (stems, CJK characters), as
// byte ranges of the passage. Sentences come from sentenceSpans; which one is best is decided
// by bestSentence from per-sentence scores (matched words, or the dense model's similarity when
// nothing matches lexically, as for a query in another language).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace isomorph::search {

/// A byte range [begin, end) of a UTF-8 text.
struct TextSpan {
    std::size_t begin = 0;
    std::size_t end = 0;
    bool operator==(const TextSpan& o) const { return begin == o.begin && end == o.end; }
};

/// The sentences of `text`, in order, covering every non-blank part of it: a sentence ends
/// after '.', '!', '?', ';' or ':' followed by white space, after '。', '！', '？' or '；', and at
/// a line break; leading white space is not part of a sentence. A text without any such break
/// is one sentence. Abbreviations ("e.g. x") split too: harmless for choosing what to show.
std::vector<TextSpan> sentenceSpans(std::string_view text);

/// The words of `text` whose BM25 term (lower-cased, stemmed as `language`: search::hasStemmer)
/// equals a term of `query` analysed the same way, and the CJK characters of `text` that occur
/// in `query`; in order, without overlaps. Empty when the query has no searchable word.
/// `terms`, when given, receives each span's analysed term (the stem both share).
std::vector<TextSpan> matchingWords(std::string_view query, std::string_view text,
                                    const std::string& language,
                                    std::vector<std::string>* terms = nullptr);

/// matchingWords for query terms that are already analysed (a translated query's terms,
/// TranslationLexicon::translate): the words of `text` whose analysed term is one of them.
std::vector<TextSpan> matchingTerms(const std::vector<std::string>& queryTerms,
                                    std::string_view text, const std::string& language,
                                    std::vector<std::string>* terms = nullptr);

/// Index of the best of `sentences`: the one holding most distinct matched terms (`matches`
/// with their `terms` from matchingWords, so "directory" and "Directories" count once; without
/// terms, distinct matched words; the earliest on a tie), else, when nothing matched and
/// `similarity` has one score per sentence, the most similar one, else 0.
std::size_t bestSentence(std::string_view text, const std::vector<TextSpan>& sentences,
                         const std::vector<TextSpan>& matches,
                         const std::vector<double>& similarity = {},
                         const std::vector<std::string>& terms = {});

}  // namespace isomorph::search
