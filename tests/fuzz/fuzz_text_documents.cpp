// libFuzzer target: plain-text documents (and the line reader under them), strict and lenient.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/common/errors.h"
#include "core/data/readers/plain_text_document_reader.h"

namespace {
void readAll(std::string_view bytes, bool lenient) {
    isomorph::data::ReadOptions options;
    options.lenient = lenient;
    options.maxLineBytes = 4096;  // small, so the fuzzer reaches the limit
    using isomorph::data::LineReader;
    isomorph::data::PlainTextDocumentReader reader(
        LineReader::fromMemory(bytes, "fuzz.txt", options), "en");
    isomorph::data::Document doc;
    while (reader.next(doc)) {
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    for (const bool lenient : {false, true}) {
        try {
            readAll(bytes, lenient);
        } catch (const isomorph::DataError&) {
        }
    }
    return 0;
}
