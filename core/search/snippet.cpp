#include "core/search/snippet.h"

#include <set>

namespace isomorph::search {
namespace {

/// Length of the UTF-8 character starting at `c` (1 for a stray continuation byte).
std::size_t charLength(unsigned char c) {
    if (c >= 0xF0) return 4;
    if (c >= 0xE0) return 3;
    if (c >= 0xC0) return 2;
    return 1;
}

bool isSpace(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

std::vector<TextSpan> sentenceSpans(std::string_view text) {
    std::vector<TextSpan> out;
    std::size_t start = std::string_view::npos;  // of the sentence under way
    auto close = [&](std::size_t end) {
        if (start == std::string_view::npos) return;
        std::size_t e = end;
        while (e > start && isSpace(static_cast<unsigned char>(text[e - 1])))
            --e;
        if (e > start) out.push_back({start, e});
        start = std::string_view::npos;
    };
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t n = std::min(charLength(c), text.size() - i);
        if (c == '\n') {
            close(i);
        } else if (start == std::string_view::npos && !isSpace(c)) {
            start = i;
        }
        const std::string_view ch = text.substr(i, n);
        const bool asciiEnd = n == 1 && (c == '.' || c == '!' || c == '?' || c == ';' || c == ':');
        const bool wideEnd = ch == "。" || ch == "！" || ch == "？" || ch == "；";
        i += n;
        if (wideEnd ||
            (asciiEnd && (i == text.size() || isSpace(static_cast<unsigned char>(text[i])))))
            close(i);
    }
    close(text.size());
    return out;
}

std::size_t bestSentence(std::string_view text, const std::vector<TextSpan>& sentences,
                         const std::vector<TextSpan>& matches,
                         const std::vector<double>& similarity,
                         const std::vector<std::string>& terms) {
    const bool byTerm = terms.size() == matches.size();
    std::size_t best = 0, bestCount = 0;
    for (std::size_t s = 0; s < sentences.size(); ++s) {
        std::set<std::string_view> words;
        for (std::size_t i = 0; i < matches.size(); ++i) {
            const TextSpan& m = matches[i];
            if (m.begin >= sentences[s].begin && m.end <= sentences[s].end)
                words.insert(byTerm ? std::string_view(terms[i])
                                    : text.substr(m.begin, m.end - m.begin));
        }
        if (words.size() > bestCount) {
            best = s;
            bestCount = words.size();
        }
    }
    if (bestCount > 0 || similarity.size() != sentences.size()) return best;
    for (std::size_t s = 1; s < sentences.size(); ++s)
        if (similarity[s] > similarity[best]) best = s;
    return best;
}

}  // namespace isomorph::search
