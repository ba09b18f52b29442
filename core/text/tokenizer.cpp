#include "core/text/tokenizer.h"

#include <stdexcept>

#include "core/common/errors.h"
#include "core/common/hash.h"

namespace isomorph::text {
namespace {

constexpr int32_t kSpmUnk = 0;
constexpr int32_t kSpmBos = 1;
constexpr int32_t kSpmEos = 2;
// Bumped if the id layout ever changes, so old shards are refused instead of misread.
constexpr std::string_view kLayoutTag = "fairseq-layout-v1";

}  // namespace

Tokenizer Tokenizer::load(const std::filesystem::path& path) {
    return Tokenizer(SentencePieceModel::load(path));
}

Tokenizer::Tokenizer(SentencePieceModel model) : model_(std::move(model)) {
    if (model_.unkId() != kSpmUnk || model_.bosId() != kSpmBos || model_.eosId() != kSpmEos ||
        model_.padId() != -1) {
        throw DataError(
            "SentencePiece model has special ids unk=" + std::to_string(model_.unkId()) +
            " bos=" + std::to_string(model_.bosId()) + " eos=" + std::to_string(model_.eosId()) +
            " pad=" + std::to_string(model_.padId()) +
            "; Isomorph needs XLM-R's layout unk=0 bos=1 eos=2 pad=-1 (train it with "
            "'isomorph-cli tokenizer train', or pass --unk_id=0 --bos_id=1 --eos_id=2 --pad_id=-1 "
            "to spm_train)");
    }
    maskId_ = model_.vocabSize() + kPieceOffset;
    hash_ = toHex64(fnv1a64(kLayoutTag, fnv1a64(model_.serialize())));
}

int32_t Tokenizer::fromPiece(int32_t spmId) const {
    switch (spmId) {
        case kSpmUnk:
            return kUnk;
        case kSpmBos:
            return kBos;
        case kSpmEos:
            return kEos;
        default:
            return spmId + kPieceOffset;
    }
}

int32_t Tokenizer::toPiece(int32_t id) const {
    switch (id) {
        case kBos:
            return kSpmBos;
        case kEos:
            return kSpmEos;
        case kUnk:
            return kSpmUnk;
        default:
            return id - kPieceOffset;
    }
}

std::vector<int32_t> Tokenizer::encode(std::string_view text) const {
    std::vector<int32_t> ids;
    encodeAppend(text, ids);
    return ids;
}

void Tokenizer::encodeAppend(std::string_view text, std::vector<int32_t>& out) const {
    const std::vector<int32_t> pieces = model_.encodeIds(text);
    out.reserve(out.size() + pieces.size());
    for (int32_t p : pieces)
        out.push_back(fromPiece(p));
}

std::vector<std::string> Tokenizer::encodePieces(std::string_view text) const {
    return model_.encodePieces(text);
}

std::string Tokenizer::decode(const std::vector<int32_t>& ids) const {
    std::vector<int32_t> pieces;
    pieces.reserve(ids.size());
    for (size_t i = 0; i < ids.size(); ++i) {
        const int32_t id = ids[i];
        if (id < 0 || id >= vocabSize()) {
            throw DataError("cannot decode id " + std::to_string(id) + " at position " +
                            std::to_string(i) + ": the vocabulary has " +
                            std::to_string(vocabSize()) + " ids");
        }
        if (id == kUnk || !isSpecial(id)) pieces.push_back(toPiece(id));
    }
    return model_.decode(pieces);
}

std::string Tokenizer::idToPiece(int32_t id) const {
    switch (id) {
        case kBos:
            return "<s>";
        case kPad:
            return "<pad>";
        case kEos:
            return "</s>";
        case kUnk:
            return "<unk>";
        default:
            break;
    }
    if (id == maskId_) return "<mask>";
    if (id < 0 || id > maskId_) {
        throw std::out_of_range("token id " + std::to_string(id) + " outside the vocabulary of " +
                                std::to_string(vocabSize()));
    }
    return model_.idToPiece(toPiece(id));
}

int32_t Tokenizer::pieceToId(std::string_view piece) const {
    if (piece == "<s>") return kBos;
    if (piece == "<pad>") return kPad;
    if (piece == "</s>") return kEos;
    if (piece == "<unk>") return kUnk;
    if (piece == "<mask>") return maskId_;
    const int32_t spm = model_.pieceToId(piece);
    return spm < 0 ? -1 : fromPiece(spm);
}

}  // namespace isomorph::text
