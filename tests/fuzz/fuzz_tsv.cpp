// libFuzzer target: TSV pairs, BEIR and TREC qrels, TREC runs and topics.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/data/readers/moses_pair_reader.h"
#include "core/data/readers/retrieval_sets.h"
#include "core/data/readers/tsv_pair_reader.h"
#include "tests/fuzz/fuzz_support.h"

using isomorph::data::LineReader;

using isomorph::fuzz::guarded;

namespace {
LineReader lines(std::string_view bytes, const char* name) {
    isomorph::data::ReadOptions options;
    options.maxLineBytes = 4096;
    return LineReader::fromMemory(bytes, name, options);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    guarded([&] {
        isomorph::data::TsvPairReader reader(lines(bytes, "pairs.tsv"), "de", "en");
        isomorph::data::SentencePair pair;
        while (reader.next(pair)) {
        }
    });
    guarded([&] {  // the two halves as Moses files
        isomorph::data::MosesPairReader reader(lines(bytes.substr(0, size / 2), "a.de"),
                                               lines(bytes.substr(size / 2), "a.en"), "de", "en");
        isomorph::data::SentencePair pair;
        while (reader.next(pair)) {
        }
    });
    guarded([&] { isomorph::data::readBeirQrels(lines(bytes, "qrels.tsv")); });
    guarded([&] { isomorph::data::readTrecQrels(lines(bytes, "qrels.txt")); });
    guarded([&] { isomorph::data::readTrecRun(lines(bytes, "run.txt")); });
    guarded([&] { isomorph::data::readTopicsTsv(lines(bytes, "topics.tsv")); });
    return 0;
}
