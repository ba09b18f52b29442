#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace isomorph::data::shards {

class ShardSet;

/// Counts in fixed bins: bin i holds values in [edges[i], edges[i+1]), the last bin is open.
struct Histogram {
    std::vector<uint64_t> edges;
    std::vector<uint64_t> counts;
    void add(uint64_t value);
};

struct LanguageStats {
    uint64_t documents = 0;  ///< documents whose first sentence is in this language
    uint64_t sentences = 0;
    uint64_t tokens = 0;
    Histogram sentenceTokens;     ///< tokens per sentence
    Histogram documentSentences;  ///< sentences per document
};

struct CorpusStats {
    uint64_t documents = 0, sentences = 0, tokens = 0;
    size_t shards = 0;
    std::string tokenizerHash;
    std::map<std::string, LanguageStats> languages;
};

/// One pass over the shard index (tokens are not read): counts and length histograms.
CorpusStats computeStats(const ShardSet& set);

nlohmann::json toJson(const CorpusStats& stats);
std::string toText(const CorpusStats& stats);

}  // namespace isomorph::data::shards
