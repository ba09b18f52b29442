#include "core/data/shards/shard_stats.h"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/data/shards/shard_set.h"

namespace isomorph::data::shards {
namespace {

const std::vector<uint64_t> kTokenEdges = {0, 1, 8, 16, 32, 64, 128, 256, 512};
const std::vector<uint64_t> kSentenceEdges = {0, 1, 2, 4, 8, 16, 32, 64, 128, 256};

Histogram makeHistogram(const std::vector<uint64_t>& edges) {
    return Histogram{edges, std::vector<uint64_t>(edges.size(), 0)};
}

std::string binLabel(const Histogram& h, size_t i) {
    if (i + 1 == h.edges.size()) return fmt::format(">={}", h.edges[i]);
    if (h.edges[i + 1] == h.edges[i] + 1) return fmt::format("{}", h.edges[i]);
    return fmt::format("{}-{}", h.edges[i], h.edges[i + 1] - 1);
}

nlohmann::json histogramJson(const Histogram& h) {
    nlohmann::json bins = nlohmann::json::array();
    for (size_t i = 0; i < h.counts.size(); ++i) {
        bins.push_back({{"from", h.edges[i]},
                        {"to", i + 1 < h.edges.size() ? nlohmann::json(h.edges[i + 1])
                                                      : nlohmann::json(nullptr)},
                        {"count", h.counts[i]}});
    }
    return bins;
}

void histogramText(std::ostringstream& out, const char* title, const Histogram& h) {
    out << "    " << title << ":";
    for (size_t i = 0; i < h.counts.size(); ++i) {
        if (h.counts[i] > 0) out << " " << binLabel(h, i) << ":" << h.counts[i];
    }
    out << "\n";
}

}  // namespace

void Histogram::add(uint64_t value) {
    auto it = std::upper_bound(edges.begin(), edges.end(), value);
    counts[static_cast<size_t>(it - edges.begin()) - 1]++;
}

CorpusStats computeStats(const ShardSet& set) {
    CorpusStats stats;
    stats.shards = set.shards().size();
    stats.tokenizerHash = set.tokenizerHash();
    std::vector<LanguageStats> perLang(set.languages().size());
    for (auto& l : perLang) {
        l.sentenceTokens = makeHistogram(kTokenEdges);
        l.documentSentences = makeHistogram(kSentenceEdges);
    }
    for (const auto& shard : set.shards()) {
        for (uint64_t s = 0; s < shard->sentenceCount(); ++s) {
            LanguageStats& l = perLang[shard->sentenceLanguage(s)];
            ++l.sentences;
            l.tokens += shard->sentenceLength(s);
            l.sentenceTokens.add(shard->sentenceLength(s));
        }
        for (uint64_t d = 0; d < shard->documentCount(); ++d) {
            const uint64_t begin = shard->documentBegin(d), end = shard->documentEnd(d);
            if (begin == end) continue;
            LanguageStats& l = perLang[shard->sentenceLanguage(begin)];
            ++l.documents;
            l.documentSentences.add(end - begin);
        }
    }
    for (size_t i = 0; i < perLang.size(); ++i) {
        stats.documents += perLang[i].documents;
        stats.sentences += perLang[i].sentences;
        stats.tokens += perLang[i].tokens;
        stats.languages[set.languages()[i]] = std::move(perLang[i]);
    }
    return stats;
}

nlohmann::json toJson(const CorpusStats& stats) {
    nlohmann::json langs = nlohmann::json::object();
    for (const auto& [code, l] : stats.languages) {
        langs[code] = {{"documents", l.documents},
                       {"sentences", l.sentences},
                       {"tokens", l.tokens},
                       {"tokens_per_sentence", histogramJson(l.sentenceTokens)},
                       {"sentences_per_document", histogramJson(l.documentSentences)}};
    }
    return {{"documents", stats.documents},
            {"sentences", stats.sentences},
            {"tokens", stats.tokens},
            {"shards", stats.shards},
            {"tokenizer_hash", stats.tokenizerHash},
            {"languages", langs}};
}

std::string toText(const CorpusStats& stats) {
    std::ostringstream out;
    out << fmt::format("{} documents, {} sentences, {} tokens in {} shard(s); tokenizer {}\n\n",
                       stats.documents, stats.sentences, stats.tokens, stats.shards,
                       stats.tokenizerHash);
    out << fmt::format("{:<8} {:>10} {:>11} {:>12} {:>10}\n", "lang", "documents", "sentences",
                       "tokens", "tok/sent");
    for (const auto& [code, l] : stats.languages) {
        out << fmt::format("{:<8} {:>10} {:>11} {:>12} {:>10.1f}\n", code, l.documents, l.sentences,
                           l.tokens, l.sentences ? double(l.tokens) / l.sentences : 0.0);
    }
    out << "\nLength histograms\n";
    for (const auto& [code, l] : stats.languages) {
        out << "  " << code << "\n";
        histogramText(out, "tokens per sentence", l.sentenceTokens);
        histogramText(out, "sentences per document", l.documentSentences);
    }
    return out.str();
}

}  // namespace isomorph::data::shards
