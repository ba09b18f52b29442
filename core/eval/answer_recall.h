#pragma once

// XOR-TyDi answer recall, R@2kt / R@5kt (Asai et al. 2021, as the CCP and MSM papers report it):
// the share of queries for which a minimal answer occurs in the first N tokens (N = 2,000 or
// 5,000) of the passages a system ranked for them. Following the XOR-Retrieve evaluation:
// - "yes"/"no" answers are dropped (they are not spans of any passage), and a query left
//   without answers is not evaluated (neither numerator nor denominator);
// - passages are cut into word tokens before counting, and the token lists of the ranked
//   passages are concatenated and cut after N tokens;
// - an answer counts when its own word tokens occur there as a contiguous run (token
//   boundaries: "no" does not match "November"). AnswerMatch::Substring instead looks for the
//   answer string in the N tokens joined by single spaces, as XOR's script does literally
//   (which also counts sub-word hits).
// Torch-free, part of isomorph_data.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace isomorph::eval {

enum class AnswerMatch {
    Tokens,     ///< the answer's word tokens form a contiguous run of the context's (default)
    Substring,  ///< the answer string occurs in the context tokens joined by single spaces
};
const char* answerMatchName(AnswerMatch match);  ///< "tokens", "substring"
/// "tokens" or "substring"; ConfigError naming the setting `what` otherwise.
AnswerMatch parseAnswerMatch(const std::string& text, const std::string& what);

/// Word tokens of `text` (UTF-8): runs of letters, combining marks, digits and format characters
/// (Unicode categories L, M, N, Cf) are one token each, except that every Han, Hiragana,
/// Katakana and Hangul character is a token by itself (those scripts do not separate words by
/// spaces, or attach particles to them); every other visible character (punctuation, symbols)
/// is a token by itself; whitespace and control characters separate tokens. An invalid UTF-8
/// byte is a token by itself. Case is kept.
std::vector<std::string> wordTokens(std::string_view text);

/// The first `maxTokens` word tokens of the ranked passages, concatenated in rank order.
std::vector<std::string> firstTokens(const std::vector<std::string>& rankedTexts,
                                     std::size_t maxTokens);

/// The answers that count: those with a word token that are not "yes" or "no" (any case,
/// surrounding whitespace ignored).
std::vector<std::string> spanAnswers(const std::vector<std::string>& answers);

/// Whether any of `answers` occurs in the `context` tokens under `match` (answers taken as
/// given: pass spanAnswers() to drop yes/no).
bool answerInTokens(const std::vector<std::string>& context,
                    const std::vector<std::string>& answers, AnswerMatch match);

struct AnswerRecall {
    std::size_t maxTokens = 0;
    double recall = 0.0;       ///< answered / evaluated; 0 when nothing was evaluated
    int64_t evaluated = 0;     ///< queries with at least one span answer
    int64_t answered = 0;      ///< of those, queries with an answer in the first maxTokens
    int64_t withoutSpans = 0;  ///< queries dropped: no answer left after spanAnswers()
};

/// Answer recall at each budget in `maxTokens` (e.g. {2000, 5000}), tokenising every query's
/// passages once. Both vectors are indexed by query and must have the same size (else
/// DataError); ConfigError for a budget of 0.
std::vector<AnswerRecall> answerRecall(
    const std::vector<std::vector<std::string>>& rankedTextsPerQuery,
    const std::vector<std::vector<std::string>>& answersPerQuery,
    const std::vector<std::size_t>& maxTokens, AnswerMatch match = AnswerMatch::Tokens);

}  // namespace isomorph::eval
