#include "core/text/charsmap.h"

#include <filesystem>

#include <fmt/format.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/staging_dir.h"
#include "core/text/sentencepiece_model.h"

namespace isomorph::text {

namespace {

/// A protobuf reader of what precompiledCharsMap needs: length-delimited fields by number.
class Proto {
  public:
    Proto(const std::string& bytes, const std::string& origin) : b_(bytes), origin_(origin) {}

    /// The bytes of the first length-delimited field `number`, or "" when absent.
    std::string field(uint32_t number) {
        while (pos_ < b_.size()) {
            const uint64_t key = varint();
            const auto wire = static_cast<int>(key & 7);
            const auto n = static_cast<uint32_t>(key >> 3);
            if (wire == 0) {
                varint();
            } else if (wire == 1) {
                skip(8);
            } else if (wire == 5) {
                skip(4);
            } else if (wire == 2) {
                const uint64_t len = varint();
                if (len > b_.size() - pos_) bad();
                if (n == number) return b_.substr(pos_, len);
                pos_ += len;
            } else {
                bad();
            }
        }
        return {};
    }

  private:
    uint64_t varint() {
        uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos_ >= b_.size()) bad();
            const auto c = static_cast<unsigned char>(b_[pos_++]);
            v |= static_cast<uint64_t>(c & 0x7F) << shift;
            if ((c & 0x80) == 0) return v;
        }
        bad();
    }
    void skip(size_t n) {
        if (n > b_.size() - pos_) bad();
        pos_ += n;
    }
    [[noreturn]] void bad() const {
        throw DataError(origin_ + ": not a serialized SentencePiece model");
    }

    const std::string& b_;
    const std::string& origin_;
    size_t pos_ = 0;
};

}  // namespace

std::string precompiledCharsMap(const std::string& serializedModel, const std::string& origin) {
    Proto model(serializedModel, origin);
    const std::string normalizer = model.field(3);  // ModelProto.normalizer_spec
    Proto spec(normalizer, origin);
    return spec.field(2);  // NormalizerSpec.precompiled_charsmap
}

std::string compileCharsMap(const std::vector<CharRule>& rules) {
    // A scratch folder that is removed when it goes out of scope (never moved into place).
    const StagingDir scratch(std::filesystem::temp_directory_path() / "isomorph-charsmap");
    const std::filesystem::path& dir = scratch.path();
    std::string tsv;
    for (const auto& [from, to] : rules) {
        tsv += fmt::format("{:X}\t", from);
        for (size_t i = 0; i < to.size(); ++i)
            tsv += fmt::format("{}{:X}", i ? " " : "", to[i]);
        tsv += "\n";
    }
    const std::filesystem::path rulesFile = dir / "rules.tsv";
    writeFileAtomically(rulesFile, tsv);
    SentencePieceTrainOptions o;
    o.vocabSize = 8;
    o.modelType = "char";
    o.characterCoverage = 1.0;
    o.extraFlags = {{"normalization_rule_tsv", rulesFile.string()},
                    {"add_dummy_prefix", "false"},
                    {"remove_extra_whitespaces", "false"},
                    {"hard_vocab_limit", "false"},
                    {"minloglevel", "2"}};
    int n = 0;
    const auto model = SentencePieceModel::train(o, [&n](std::string& sentence) {
        sentence = "abc def";
        return n++ < 8;
    });
    const std::string map = precompiledCharsMap(model.serialize(), "the compiled character map");
    if (map.empty()) throw Error("SentencePiece compiled no character map from the rules");
    return map;
}

}  // namespace isomorph::text
