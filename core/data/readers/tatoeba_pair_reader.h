#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "core/data/readers/moses_pair_reader.h"

namespace isomorph::data {

/// The Tatoeba test sets as distributed with LASER: given the prefix DIR/tatoeba.deu-eng it reads
/// DIR/tatoeba.deu-eng.deu (source) and DIR/tatoeba.deu-eng.eng (target), line-aligned. The
/// ISO 639-3 codes are mapped to ISO 639-1 (deu -> de, eng -> en).
class TatoebaPairReader : public SentencePairReader {
  public:
    explicit TatoebaPairReader(const std::filesystem::path& prefix, ReadOptions options = {});

    bool next(SentencePair& pair) override { return pairs_.next(pair); }
    uint64_t replacements() const override { return pairs_.replacements(); }

  private:
    TatoebaPairReader(const std::filesystem::path& prefix, std::string src, std::string tgt,
                      ReadOptions options);

    MosesPairReader pairs_;
};

/// ISO 639-1 code for an ISO 639-3 code that Tatoeba uses ("deu" -> "de"), or "" if unmapped.
std::string iso6391FromTatoeba(std::string_view code);

}  // namespace isomorph::data
