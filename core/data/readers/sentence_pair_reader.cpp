#include "core/data/readers/sentence_pair_reader.h"

#include "core/common/language.h"

namespace isomorph::data {

SentencePairReader::SentencePairReader(std::string srcLang, std::string tgtLang,
                                       const std::string& where)
    : srcLang_(std::move(srcLang)), tgtLang_(std::move(tgtLang)) {
    requireLanguageCode(srcLang_, where + ": source language");
    requireLanguageCode(tgtLang_, where + ": target language");
}

}  // namespace isomorph::data
