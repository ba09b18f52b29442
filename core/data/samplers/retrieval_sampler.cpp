#include "core/data/samplers/retrieval_sampler.h"

#include <algorithm>
#include <cmath>

#include "core/common/errors.h"
#include "core/data/samplers/cross_encoder_input.h"

namespace isomorph::data::samplers {

namespace {

constexpr uint64_t kRetrievalTag = 0x4E7;
constexpr uint64_t kNegativeTag = 1;
constexpr int kMaxRedraws = 64;  // a random draw hitting the query's own source is redrawn

}  // namespace

double RetrievalSampler::hardNegativeProbability(size_t sections) {
    return sections < 2 ? 0.0 : 1.0 - std::pow(0.75, static_cast<double>(sections));
}

RetrievalSampler::RetrievalSampler(const RetrievalCorpus& corpus, const RetrievalOptions& options,
                                   const Cursor& cursor)
    : corpus_(&corpus), options_(options) {
    if (corpus.sources.size() < 2) throw DataError("RR: need at least two sources for negatives");
    if (options.maxLength < options.maxQueryTokens + 4) {
        throw ConfigError("RR: max length must exceed max query tokens + 3 specials");
    }
    sectionStart_.push_back(0);
    for (uint32_t s = 0; s < corpus.sources.size(); ++s) {
        const RetrievalSource& source = corpus.sources[s];
        for (const RetrievalSection& sec : source.sections) {
            if (sec.query.empty() || sec.section.empty()) {
                throw DataError("RR: source " + std::to_string(s) +
                                " has an empty query or section");
            }
        }
        sectionStart_.push_back(sectionStart_.back() + source.sections.size());
        if (source.language >= sourcesByLanguage_.size()) {
            sourcesByLanguage_.resize(source.language + 1);
            sectionStartByLanguage_.resize(source.language + 1, std::vector<uint64_t>{0});
        }
        if (source.sections.empty()) continue;
        sourcesByLanguage_[source.language].push_back(s);
        auto& starts = sectionStartByLanguage_[source.language];
        starts.push_back(starts.back() + source.sections.size());
    }
    RunTable all;
    all.append(0, sectionStart_.back());
    planner_ = std::make_unique<ItemPlanner>(
        std::vector<RunTable>{all}, std::vector<uint64_t>{sectionStart_.back()},
        [](uint64_t) { return true; },
        [this](const ItemRef& r) {
            const auto [s, k] = locate(r.item);
            return uint64_t{corpus_->sources[s].sections[k].query.size()};
        },
        options.sampling, kRetrievalTag);
    planner_->restore(cursor);
}

std::pair<uint32_t, uint32_t> RetrievalSampler::locate(uint64_t item) const {
    const auto it = std::upper_bound(sectionStart_.begin(), sectionStart_.end(), item);
    const auto s = static_cast<uint32_t>(it - sectionStart_.begin() - 1);
    return {s, static_cast<uint32_t>(item - sectionStart_[s])};
}

std::pair<uint32_t, uint32_t> RetrievalSampler::randomSection(uint16_t language, uint32_t exclude,
                                                              Rng& rng) const {
    const auto& sources = sourcesByLanguage_[language];
    const auto& starts = sectionStartByLanguage_[language];
    const bool otherInLanguage = sources.size() > 1;
    for (int attempt = 0; attempt < kMaxRedraws; ++attempt) {
        uint32_t source;
        uint64_t k;
        if (otherInLanguage) {  // uniform over the language's sections
            const uint64_t u = rng.below(starts.back());
            const size_t i = static_cast<size_t>(std::upper_bound(starts.begin(), starts.end(), u) -
                                                 starts.begin() - 1);
            source = sources[i];
            k = u - starts[i];
        } else {  // no other source in this language: any language
            const uint64_t u = rng.below(sectionStart_.back());
            std::tie(source, k) = locate(u);
        }
        if (source != exclude) return {source, static_cast<uint32_t>(k)};
    }
    // Practically unreachable (the own source would have to win 64 draws): take the next source.
    const uint32_t source = (exclude + 1) % static_cast<uint32_t>(corpus_->sources.size());
    return {source, 0};
}

RetrievalSampler::Negative RetrievalSampler::drawNegative(uint32_t source, uint32_t section,
                                                          const ItemRef& ref, uint32_t k) const {
    Rng rng(deriveKey(options_.sampling.seed, kRetrievalTag, kNegativeTag, ref.item, ref.epoch, k));
    const RetrievalSource& src = corpus_->sources[source];
    const size_t t = src.sections.size();
    if (rng.bernoulli(hardNegativeProbability(t))) {
        auto other = static_cast<uint32_t>(rng.below(t - 1));
        if (other >= section) ++other;
        return {source, other, true};
    }
    const auto [s, sec] = randomSection(src.language, source, rng);
    return {s, sec, false};
}

RetrievalBatch RetrievalSampler::next() {
    const std::vector<ItemRef> items = planner_->next();
    RetrievalBatch b;
    std::vector<CrossEncoderInput> rows;
    auto pack = [&](const std::vector<int32_t>& query, const std::vector<int32_t>& section) {
        rows.push_back(packCrossEncoderInput(query, section, options_.maxQueryTokens,
                                             options_.maxLength, options_.specials));
    };
    for (const ItemRef& ref : items) {
        const auto [source, section] = locate(ref.item);
        const RetrievalSection& positive = corpus_->sources[source].sections[section];
        pack(positive.query, positive.section);
        for (uint32_t k = 0; k < options_.negatives; ++k) {
            const Negative n = drawNegative(source, section, ref, k);
            pack(positive.query, corpus_->sources[n.source].sections[n.section].section);
            b.hardNegative.push_back(n.hard ? 1 : 0);
        }
        b.sources.push_back(source);
        b.sections.push_back(section);
        b.epochs.push_back(ref.epoch);
    }
    CrossEncoderBatch packed =
        collateCrossEncoderInputs(rows, options_.sampling.padMultiple, options_.specials.pad);
    b.pairs = std::move(packed.ids);
    b.queryLengths = std::move(packed.queryLengths);
    b.tokenTypes = std::move(packed.tokenTypes);
    b.global = std::move(packed.global);
    b.truncatedQueries = packed.truncatedQueries;
    return b;
}

}  // namespace isomorph::data::samplers
