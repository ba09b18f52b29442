#include "core/text/tokenizer_trainer.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include "core/common/errors.h"
#include "core/common/language.h"
#include "core/common/random.h"

namespace isomorph::text {

std::vector<LanguageSample> planLanguageSampling(
    const std::vector<std::pair<std::string, int64_t>>& counts, double alpha, int64_t total) {
    std::vector<LanguageSample> plan;
    int64_t all = 0;
    for (const auto& [lang, n] : counts)
        all += n;
    if (all == 0) return plan;
    const int64_t draws = total > 0 ? total : all;
    double norm = 0.0;
    for (const auto& [lang, n] : counts)
        norm += std::pow(static_cast<double>(n) / all, alpha);
    for (const auto& [lang, n] : counts) {
        LanguageSample s;
        s.lang = lang;
        s.available = n;
        s.share = static_cast<double>(n) / all;
        s.weight = n > 0 ? std::pow(s.share, alpha) / norm : 0.0;
        s.planned = static_cast<int64_t>(std::llround(s.weight * draws));
        plan.push_back(s);
    }
    return plan;
}

namespace {

// Streams the sampled sentences of all languages, one language after another. Each sentence is
// emitted floor(rate) times plus once more with probability frac(rate), rate = planned/available,
// so small languages are repeated and large ones thinned, deterministically for a seed.
class SampledSource {
  public:
    SampledSource(const std::vector<LanguageCorpus>& corpora, std::vector<LanguageSample>& plan,
                  unsigned seed)
        : corpora_(corpora), plan_(plan), rng_(seed) {}

    bool next(std::string& out) {
        while (repeats_ == 0) {
            if (!stream_ && !openNextLanguage()) return false;
            if (!stream_->next(current_)) {
                stream_.reset();
                continue;
            }
            const double whole = std::floor(rate_);
            repeats_ = static_cast<int64_t>(whole) + (rng_.bernoulli(rate_ - whole) ? 1 : 0);
        }
        --repeats_;
        ++plan_[lang_ - 1].drawn;
        out = current_;
        return true;
    }

  private:
    bool openNextLanguage() {
        if (lang_ >= corpora_.size()) return false;
        const LanguageSample& p = plan_[lang_];
        rate_ = p.available > 0 ? static_cast<double>(p.planned) / p.available : 0.0;
        stream_ = corpora_[lang_++].open();
        return true;
    }

    const std::vector<LanguageCorpus>& corpora_;
    std::vector<LanguageSample>& plan_;
    // The samplers' generator: std::uniform_real_distribution is implementation-defined, and the
    // same corpus and seed must give the same tokenizer with any standard library.
    Rng rng_;
    std::unique_ptr<SentenceStream> stream_;
    std::string current_;
    size_t lang_ = 0;  // index of the next language to open
    double rate_ = 0.0;
    int64_t repeats_ = 0;
};

int64_t countSentences(const LanguageCorpus& corpus) {
    auto stream = corpus.open();
    std::string s;
    int64_t n = 0;
    while (stream->next(s))
        ++n;
    return n;
}

}  // namespace

Tokenizer trainTokenizer(const std::vector<LanguageCorpus>& corpora,
                         const TokenizerTrainOptions& options, const std::filesystem::path& prefix,
                         std::vector<LanguageSample>* samples,
                         const std::function<void(const std::string&)>& progress) {
    if (corpora.empty()) throw ConfigError("tokenizer training needs at least one language corpus");
    if (options.alpha <= 0.0 || options.alpha > 1.0) {
        throw ConfigError("tokenizer alpha must be in (0, 1], got " +
                          std::to_string(options.alpha));
    }
    if (options.modelType != "unigram" && options.modelType != "bpe") {
        throw ConfigError("tokenizer model type must be unigram or bpe, got '" + options.modelType +
                          "'");
    }
    for (const auto& c : corpora)
        requireLanguageCode(c.lang, "tokenizer corpus");
    if (progress) progress("counting");
    std::vector<std::pair<std::string, int64_t>> counts;
    for (const auto& c : corpora)
        counts.emplace_back(c.lang, countSentences(c));
    std::vector<LanguageSample> plan =
        planLanguageSampling(counts, options.alpha, options.sampleSentences);
    if (plan.empty()) throw DataError("tokenizer corpus has no sentences");

    SentencePieceTrainOptions spm;
    spm.modelPrefix = prefix;
    spm.vocabSize = options.vocabSize;
    spm.modelType = options.modelType;
    spm.characterCoverage = options.characterCoverage;
    spm.userDefinedSymbols = options.userDefinedSymbols;
    spm.maxSentenceLength = options.maxSentenceBytes;
    spm.seed = options.seed;
    spm.numThreads = options.numThreads > 0
                         ? options.numThreads
                         : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    // XLM-R's layout: <unk>=0 <s>=1 </s>=2, no <pad> piece (Tokenizer adds <pad> and <mask>).
    spm.extraFlags = {{"unk_id", "0"},
                      {"bos_id", "1"},
                      {"eos_id", "2"},
                      {"pad_id", "-1"},
                      {"hard_vocab_limit", "false"},
                      {"train_extremely_large_corpus", "false"}};
    if (progress) progress("training");
    SampledSource source(corpora, plan, options.seed);
    SentencePieceModel model =
        SentencePieceModel::train(spm, [&source](std::string& s) { return source.next(s); });
    if (samples != nullptr) *samples = plan;
    return Tokenizer(std::move(model));
}

}  // namespace isomorph::text
