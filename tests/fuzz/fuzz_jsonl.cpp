// libFuzzer target: JSONL documents and BEIR corpus/queries (the JSON field checks).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/data/readers/beir_corpus_reader.h"
#include "core/data/readers/jsonl_document_reader.h"
#include "core/data/readers/retrieval_sets.h"
#include "tests/fuzz/fuzz_support.h"

using isomorph::data::LineReader;

using isomorph::fuzz::guarded;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    isomorph::data::ReadOptions options;
    options.lenient = size > 0 && (data[0] & 1) != 0;
    guarded([&] {
        isomorph::data::JsonlDocumentReader reader(
            LineReader::fromMemory(bytes, "docs.jsonl", options));
        isomorph::data::Document doc;
        while (reader.next(doc)) {
        }
    });
    guarded([&] {
        isomorph::data::BeirCorpusReader reader(
            LineReader::fromMemory(bytes, "corpus.jsonl", options));
        isomorph::data::Passage passage;
        while (reader.next(passage)) {
        }
    });
    guarded([&] {
        isomorph::data::readBeirQueries(LineReader::fromMemory(bytes, "queries.jsonl", options));
    });
    return 0;
}
