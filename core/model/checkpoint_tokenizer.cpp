#include "core/model/checkpoint_tokenizer.h"

#include <memory>

#include "core/common/errors.h"
#include "core/text/hf_tokenizer.h"
#include "core/text/tokenizer.h"
#include "core/text/wordpiece_tokenizer.h"
#include "core/workspace/run_layout.h"

namespace isomorph::model {
namespace fs = std::filesystem;
using workspace::CheckpointLayout;

data::samplers::SpecialIds CheckpointTokenizer::specialIds() const {
    data::samplers::SpecialIds s;
    s.bos = static_cast<int32_t>(bos);
    s.eos = static_cast<int32_t>(eos);
    s.pad = static_cast<int32_t>(pad);
    s.unk = static_cast<int32_t>(unk);
    s.mask = static_cast<int32_t>(mask);
    return s;
}

CheckpointTokenizer loadCheckpointTokenizer(const fs::path& checkpoint) {
    const fs::path file = CheckpointLayout{checkpoint}.tokenizer();
    if (file.empty())
        throw DataError(checkpoint.string() +
                        " has no tokenizer: expected sentencepiece.bpe.model (XLM-R), "
                        "tokenizer.json (any Hugging Face fast tokenizer) or vocab.txt "
                        "(BERT/mBERT) next to the weights");
    return loadTokenizerFile(file);
}

CheckpointTokenizer loadTokenizerFile(const fs::path& file) {
    CheckpointTokenizer t;
    t.file = file;
    if (!fs::exists(file)) throw DataError(file.string() + ": no such tokenizer file");
    if (t.file.extension() == ".model") {
        auto spm = std::make_shared<text::Tokenizer>(text::Tokenizer::load(t.file));
        t.encode = [spm](const std::string& s) { return spm->encode(s); };
        t.bos = text::Tokenizer::kBos;
        t.eos = text::Tokenizer::kEos;
        t.pad = text::Tokenizer::kPad;
        t.unk = text::Tokenizer::kUnk;
        t.mask = spm->maskId();
        t.vocabSize = spm->vocabSize();
        return t;
    }
    if (t.file.filename() == CheckpointLayout::kTokenizerJsonFile) {
        auto hf = std::make_shared<text::HfTokenizer>(text::HfTokenizer::load(t.file));
        if (hf->bosId() < 0 || hf->eosId() < 0 || hf->padId() < 0) {
            throw DataError(t.file.string() +
                            ": post_processor or padding names no start, end or padding token; "
                            "encoders need all three (<s> </s> <pad> or [CLS] [SEP] [PAD])");
        }
        t.encode = [hf](const std::string& s) { return hf->encode(s); };
        t.bos = hf->bosId();
        t.eos = hf->eosId();
        t.pad = hf->padId();
        t.mask = hf->maskId();
        t.unk = hf->unkId();
        t.vocabSize = hf->vocabSize();
        return t;
    }
    if (t.file.filename() == CheckpointLayout::kWordPieceVocabFile) {
        auto wp = std::make_shared<text::WordPieceTokenizer>(
            text::WordPieceTokenizer::loadFromFolder(t.file.parent_path()));
        if (wp->clsId() < 0 || wp->sepId() < 0 || wp->padId() < 0) {
            throw DataError(t.file.string() +
                            " lacks [CLS], [SEP] or [PAD]; BERT encoders need all three");
        }
        t.encode = [wp](const std::string& s) { return wp->encode(s); };
        t.bos = wp->clsId();
        t.eos = wp->sepId();
        t.pad = wp->padId();
        t.unk = wp->unkId();
        t.mask = wp->maskId();
        t.vocabSize = wp->vocabSize();
        return t;
    }
    throw DataError(file.string() +
                    ": not a tokenizer Isomorph reads (a SentencePiece .model, tokenizer.json or "
                    "vocab.txt)");
}

}  // namespace isomorph::model
