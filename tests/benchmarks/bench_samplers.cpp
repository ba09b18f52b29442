// Throughput of CCP sampling + MLM masking: batches of 32 windows, sentences of <= 64 tokens, on a
// synthetic shard set of ~200k sentences. Usage: bench_samplers [batches] [work dir].

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <unistd.h>

#include "core/data/samplers/ccp_sampler.h"
#include "core/data/samplers/masking.h"
#include "core/data/shards/binarizer.h"
#include "tests/support/tiny_corpus.h"

using namespace isomorph;
using namespace isomorph::data::samplers;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
}

/// ~200k sentences of 10-60 words in documents of 1-30 sentences, English then German.
void writeCorpus(const std::filesystem::path& path, const std::vector<std::string>& words,
                 int sentences, unsigned seed) {
    std::mt19937 rng(seed);
    std::ofstream out(path);
    int left = sentences;
    while (left > 0) {
        const int doc = std::min(left, 1 + static_cast<int>(rng() % 30));
        for (int i = 0; i < doc; ++i) {
            const int n = 10 + static_cast<int>(rng() % 51);
            for (int w = 0; w < n; ++w)
                out << (w ? " " : "") << words[rng() % words.size()];
            out << "\n";
        }
        out << "\n";
        left -= doc;
    }
}

void run(const data::shards::ShardSet& set, const char* name, CcpOptions o, int batches) {
    auto start = Clock::now();
    CcpSampler sampler(set, o);
    const double setup = seconds(start);
    MaskOptions mask;
    mask.vocabSize = set.vocabSize();
    double padding = 0;
    int64_t tokens = 0;
    int64_t checksum = 0;  // keeps the masking from being optimised away
    start = Clock::now();
    for (int i = 0; i < batches; ++i) {
        CcpBatch b = sampler.next();
        const std::vector<int32_t> labels = maskTokens(b.sentences, mask, o.sampling.seed + i);
        padding += b.sentences.paddingRatio();
        tokens += b.sentences.tokens();
        checksum += labels[static_cast<size_t>(i) % labels.size()];
    }
    const double s = seconds(start);
    std::printf("%-34s setup %6.3f s  %9.0f batches/s  %7.2f M tokens/s  padding %.3f  (%lld)\n",
                name, setup, batches / s, tokens / s / 1e6, padding / batches,
                static_cast<long long>(checksum));
}

}  // namespace

int main(int argc, char** argv) {
    const int batches = argc > 1 ? std::atoi(argv[1]) : 20000;
    std::filesystem::path dir = argc > 2
                                    ? std::filesystem::path(argv[2])
                                    : std::filesystem::temp_directory_path() /
                                          ("isomorph-bench-samplers-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    auto start = Clock::now();
    text::Tokenizer tok = testing::tinyTokenizer((dir / "tok").string());
    writeCorpus(dir / "en.txt", testing::englishWords(), 140000, 1);
    writeCorpus(dir / "de.txt", testing::germanWords(), 60000, 2);
    data::shards::BinarizeInput en, de;
    en.path = dir / "en.txt";
    en.lang = "en";
    de.path = dir / "de.txt";
    de.lang = "de";
    data::shards::BinarizeOptions bo;
    bo.force = true;
    bo.maxTokensPerShard = 4'000'000;
    const auto stats = data::shards::binarize({en, de}, tok, dir / "shards", bo);
    std::printf("corpus: %llu sentences, %llu documents, %llu tokens, %zu shards (%.1f s)\n",
                static_cast<unsigned long long>(stats.sentences),
                static_cast<unsigned long long>(stats.documents),
                static_cast<unsigned long long>(stats.tokens), stats.shards, seconds(start));
    const data::shards::ShardSet set = data::shards::ShardSet::open(dir / "shards");

    CcpOptions o;
    o.sampling.batchSize = 32;
    o.maxTokens = 64;
    o.sampling.mode = BatchMode::Mixed;
    run(set, "CCP+MLM mixed", o, batches);
    o.sampling.mode = BatchMode::SingleLanguage;
    run(set, "CCP+MLM single-language", o, batches);
    o.sampling.bucketPool = 8;
    o.sampling.padMultiple = 8;
    run(set, "CCP+MLM single-lang, bucket 8, pad8", o, batches);
    o.sampling.worldSize = 8;
    run(set, "CCP+MLM as rank 0 of 8", o, batches);
    if (argc <= 2) std::filesystem::remove_all(dir);
    return 0;
}
