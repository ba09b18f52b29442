#include "core/model/checkpoint_tokenizer.h"

#include <fstream>
#include <memory>

#include <nlohmann/json.hpp>

#include "core/common/errors.h"
#include "core/model_io/checkpoint_path.h"
#include "core/text/tokenizer.h"
#include "core/text/wordpiece_tokenizer.h"

namespace isomorph::model {
namespace fs = std::filesystem;

CheckpointTokenizer loadCheckpointTokenizer(const fs::path& checkpoint) {
    CheckpointTokenizer t;
    t.file = model_io::checkpointTokenizerFile(checkpoint);
    if (t.file.filename() == model_io::kSentencePieceFile) {
        auto spm = std::make_shared<text::Tokenizer>(text::Tokenizer::load(t.file));
        t.encode = [spm](const std::string& s) { return spm->encode(s); };
        t.bos = text::Tokenizer::kBos;
        t.eos = text::Tokenizer::kEos;
        t.pad = text::Tokenizer::kPad;
        t.vocabSize = spm->vocabSize();
        return t;
    }
    if (t.file.filename() == model_io::kWordPieceVocabFile) {
        auto wp = std::make_shared<text::WordPieceTokenizer>(
            text::WordPieceTokenizer::loadFromFolder(checkpoint));
        if (wp->clsId() < 0 || wp->sepId() < 0 || wp->padId() < 0) {
            throw DataError(t.file.string() +
                            " lacks [CLS], [SEP] or [PAD]; BERT encoders need all three");
        }
        t.encode = [wp](const std::string& s) { return wp->encode(s); };
        t.bos = wp->clsId();
        t.eos = wp->sepId();
        t.pad = wp->padId();
        t.vocabSize = wp->vocabSize();
        return t;
    }
    // A Hugging Face folder with only the fast tokenizer: say which kind it is.
    if (std::ifstream in(checkpoint / "tokenizer.json"); in) {
        std::string type = "?";
        try {
            type = nlohmann::json::parse(in).at("model").at("type").get<std::string>();
        } catch (const std::exception&) {
        }
        throw DataError((checkpoint / "tokenizer.json").string() + ": model.type '" + type +
                        "' is not read yet; Isomorph reads sentencepiece.bpe.model (XLM-R "
                        "Unigram) or vocab.txt (BERT WordPiece): add the one the model was "
                        "trained with to the folder");
    }
    throw DataError(checkpoint.string() +
                    " has no tokenizer: expected sentencepiece.bpe.model (XLM-R) or "
                    "vocab.txt (BERT/mBERT) next to the weights");
}

}  // namespace isomorph::model
