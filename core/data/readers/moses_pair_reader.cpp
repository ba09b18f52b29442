#include "core/data/readers/moses_pair_reader.h"

namespace isomorph::data {

MosesPairReader::MosesPairReader(const std::filesystem::path& srcFile,
                                 const std::filesystem::path& tgtFile, std::string srcLang,
                                 std::string tgtLang, ReadOptions options)
    : MosesPairReader(LineReader(srcFile, options), LineReader(tgtFile, options),
                      std::move(srcLang), std::move(tgtLang)) {}

MosesPairReader::MosesPairReader(LineReader src, LineReader tgt, std::string srcLang,
                                 std::string tgtLang)
    : SentencePairReader(std::move(srcLang), std::move(tgtLang), src.name()),
      src_(std::move(src)),
      tgt_(std::move(tgt)) {}

bool MosesPairReader::next(SentencePair& pair) {
    if (done_) return false;
    std::string_view s, t;
    const bool hasSrc = src_.next(s);
    if (hasSrc) pair.src.assign(s.data(), s.size());
    const bool hasTgt = tgt_.next(t);
    if (!hasSrc && !hasTgt) {
        done_ = true;
        if (src_.empty()) src_.failFile("file is empty; expected one sentence per line");
        if (tgt_.empty()) tgt_.failFile("file is empty; expected one sentence per line");
        return false;
    }
    if (!hasSrc) failMismatch(src_, tgt_);
    if (!hasTgt) failMismatch(tgt_, src_);
    if (isBlank(s)) src_.fail("empty source sentence; remove the pair from both files");
    if (isBlank(t)) tgt_.fail("empty target sentence; remove the pair from both files");
    pair.tgt.assign(t.data(), t.size());
    pair.line = src_.lineNumber();
    return true;
}

void MosesPairReader::failMismatch(const LineReader& ended, const LineReader& longer) const {
    longer.fail("'" + ended.name() + "' ended after line " + std::to_string(ended.lineNumber()) +
                " but '" + longer.name() +
                "' goes on; the two files must have the same number of lines (one sentence "
                "per line, aligned)");
}

}  // namespace isomorph::data
