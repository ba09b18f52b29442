#include "core/data/readers/tsv_pair_reader.h"

#include <algorithm>

namespace isomorph::data {

TsvPairReader::TsvPairReader(const std::filesystem::path& file, std::string srcLang,
                             std::string tgtLang, ReadOptions options)
    : TsvPairReader(LineReader(file, options), std::move(srcLang), std::move(tgtLang)) {}

TsvPairReader::TsvPairReader(LineReader lines, std::string srcLang, std::string tgtLang)
    : SentencePairReader(std::move(srcLang), std::move(tgtLang), lines.name()),
      lines_(std::move(lines)) {}

bool TsvPairReader::next(SentencePair& pair) {
    std::string_view line;
    if (!lines_.next(line)) {
        if (lines_.empty()) lines_.failFile("file is empty; expected source<TAB>target lines");
        return false;
    }
    const size_t tabs = static_cast<size_t>(std::count(line.begin(), line.end(), '\t'));
    if (tabs != 1) {
        lines_.fail("expected 2 tab-separated columns (source<TAB>target), found " +
                    std::to_string(tabs + 1) + "; remove or escape stray tabs");
    }
    const size_t tab = line.find('\t');
    const std::string_view src = line.substr(0, tab);
    const std::string_view tgt = line.substr(tab + 1);
    if (isBlank(src)) lines_.fail("empty source sentence (column 1); remove the line");
    if (isBlank(tgt)) lines_.fail("empty target sentence (column 2); remove the line");
    pair.src.assign(src.data(), src.size());
    pair.tgt.assign(tgt.data(), tgt.size());
    pair.line = lines_.lineNumber();
    return true;
}

}  // namespace isomorph::data
