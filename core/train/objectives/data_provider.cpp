#include "core/train/objectives/data_provider.h"

#include <stdexcept>

#include "core/common/errors.h"
#include "core/train/run_config.h"
#include "core/workspace/run_layout.h"

namespace isomorph::train {
namespace fs = std::filesystem;

DataProvider::DataProvider(const RunConfig& config, int64_t modelVocab, Sources sources)
    : config_(config), modelVocab_(modelVocab), sources_(std::move(sources)) {}

DataNeeds DataProvider::declared(const std::string& objective) const {
    const ObjectiveSpec* spec = findObjectiveSpec(objective);
    if (!spec) throw std::logic_error("DataProvider: no objective named " + objective);
    return dataNeeds(*spec, config_);
}

const data::shards::ShardSet& DataProvider::docs(const std::string& objective) const {
    if (!declared(objective).docs)
        throw std::logic_error("objectives." + objective +
                               " reads data.docs without declaring it (ObjectiveSpec::needs)");
    if (!sources_.docs) throw ConfigError(missingDocsMessage(objective));
    return *sources_.docs;
}

const data::shards::ShardSet& DataProvider::pairs(const std::string& objective) const {
    const DataNeeds needs = declared(objective);
    if (!needs.pairs)
        throw std::logic_error("objectives." + objective +
                               " reads data.pairs without declaring it (ObjectiveSpec::needs)");
    if (!sources_.pairs) throw ConfigError(missingPairsMessage(objective, needs));
    return *sources_.pairs;
}

const model::CheckpointTokenizer& DataProvider::tokenizer(const std::string& objective) {
    if (!declared(objective).text)
        throw std::logic_error("objectives." + objective +
                               " reads the checkpoint's tokenizer without declaring it "
                               "(ObjectiveSpec::needs)");
    if (tokenizer_) return *tokenizer_;
    const fs::path inFolder = sources_.checkpoint.empty()
                                  ? fs::path()
                                  : workspace::CheckpointLayout{sources_.checkpoint}.tokenizer();
    model::CheckpointTokenizer t = !inFolder.empty() ? model::loadTokenizerFile(inFolder)
                                   : !config_.model.tokenizer.empty()
                                       ? model::loadTokenizerFile(config_.model.tokenizer)
                                       : model::loadCheckpointTokenizer(sources_.checkpoint);
    if (t.vocabSize > modelVocab_)
        throw DataError("objectives." + objective + ": the tokenizer " + t.file.string() + " has " +
                        std::to_string(t.vocabSize) + " ids but the model only " +
                        std::to_string(modelVocab_) +
                        " embeddings; use the checkpoint's own tokenizer");
    return *(tokenizer_ = std::move(t));
}

const model::TensorMap& DataProvider::initHeads() const {
    static const model::TensorMap none;
    return sources_.initHeads ? *sources_.initHeads : none;
}

}  // namespace isomorph::train
