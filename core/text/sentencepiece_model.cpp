#include "core/text/sentencepiece_model.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/executable_dir.h"
#include "core/text/spm_shim/spm_c_api.h"

namespace isomorph::text {
namespace {

namespace fs = std::filesystem;

constexpr const char* kShimName = "libisomorph_spm.so";

// Function table of the shim; filled once per process.
struct ShimApi {
    void* handle = nullptr;
    fs::path path;
    decltype(&ispm_abi_version) abiVersion = nullptr;
    decltype(&ispm_library_version) libraryVersion = nullptr;
    decltype(&ispm_free) free = nullptr;
    decltype(&ispm_set_min_log_level) setMinLogLevel = nullptr;
    decltype(&ispm_set_random_seed) setRandomSeed = nullptr;
    decltype(&ispm_train) train = nullptr;
    decltype(&ispm_load_file) loadFile = nullptr;
    decltype(&ispm_load_serialized) loadSerialized = nullptr;
    decltype(&ispm_model_free) modelFree = nullptr;
    decltype(&ispm_serialize) serialize = nullptr;
    decltype(&ispm_encode_ids) encodeIds = nullptr;
    decltype(&ispm_encode_pieces) encodePieces = nullptr;
    decltype(&ispm_decode_ids) decodeIds = nullptr;
    decltype(&ispm_vocab_size) vocabSize = nullptr;
    decltype(&ispm_id_to_piece) idToPiece = nullptr;
    decltype(&ispm_piece_to_id) pieceToId = nullptr;
    decltype(&ispm_score) score = nullptr;
    decltype(&ispm_piece_kind) pieceKind = nullptr;
    decltype(&ispm_special_id) specialId = nullptr;
};

// Where the shim may live: an explicit override, next to the executable (build tree), the
// installed private library directory, and the build directory compiled in as a last resort.
std::vector<fs::path> shimCandidates() {
    std::vector<fs::path> out;
    if (const char* env = std::getenv("ISOMORPH_SPM_LIBRARY"); env != nullptr && *env != '\0') {
        out.emplace_back(env);
        return out;  // an explicit choice is never second-guessed
    }
    fs::path exeDir = executableDir();
    if (!exeDir.empty()) {
        out.push_back(exeDir / kShimName);
        out.push_back(exeDir.parent_path() / ISOMORPH_PRIVATE_LIBDIR / kShimName);
    }
    out.push_back(fs::path(ISOMORPH_SPM_BUILD_DIR) / kShimName);
    return out;
}

std::string describeLoadFailure(const fs::path& path, const std::string& reason) {
    std::string msg =
        "cannot load Isomorph's SentencePiece library " + path.string() + ": " + reason;
    if (reason.find("libsentencepiece") != std::string::npos) {
        msg +=
            ". Install the Debian packages libsentencepiece0 and libsentencepiece-dev "
            "(packaging/install-deps.sh does this).";
    } else {
        msg += ". Reinstall Isomorph, or set ISOMORPH_SPM_LIBRARY to the path of " +
               std::string(kShimName) + ".";
    }
    return msg;
}

template <typename Fn>
void bind(ShimApi& api, Fn& fn, const char* name) {
    fn = reinterpret_cast<Fn>(::dlsym(api.handle, name));
    if (fn == nullptr) {
        throw Error(describeLoadFailure(api.path, std::string("missing symbol ") + name));
    }
}

ShimApi loadShim() {
    ShimApi api;
    std::vector<fs::path> candidates = shimCandidates();
    std::string tried;
    for (const fs::path& candidate : candidates) {
        if (!fs::exists(candidate)) {
            tried += (tried.empty() ? "" : ", ") + candidate.string();
            continue;
        }
        // RTLD_DEEPBIND makes the shim and SentencePiece resolve protobuf against their own
        // copy first; RTLD_LOCAL keeps those symbols out of the global namespace.
        api.handle = ::dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
        api.path = candidate;
        if (api.handle == nullptr) {
            const char* err = ::dlerror();
            throw Error(describeLoadFailure(candidate, err != nullptr ? err : "unknown error"));
        }
        break;
    }
    if (api.handle == nullptr) {
        throw Error("cannot find Isomorph's SentencePiece library " + std::string(kShimName) +
                    " (looked for " + tried +
                    "). Reinstall Isomorph, or set ISOMORPH_SPM_LIBRARY to its path.");
    }
    bind(api, api.abiVersion, "ispm_abi_version");
    if (api.abiVersion() != ISPM_ABI_VERSION) {
        throw Error(describeLoadFailure(
            api.path, "it has interface version " + std::to_string(api.abiVersion()) +
                          ", this program needs " + std::to_string(ISPM_ABI_VERSION)));
    }
    bind(api, api.libraryVersion, "ispm_library_version");
    bind(api, api.free, "ispm_free");
    bind(api, api.setMinLogLevel, "ispm_set_min_log_level");
    bind(api, api.setRandomSeed, "ispm_set_random_seed");
    bind(api, api.train, "ispm_train");
    bind(api, api.loadFile, "ispm_load_file");
    bind(api, api.loadSerialized, "ispm_load_serialized");
    bind(api, api.modelFree, "ispm_model_free");
    bind(api, api.serialize, "ispm_serialize");
    bind(api, api.encodeIds, "ispm_encode_ids");
    bind(api, api.encodePieces, "ispm_encode_pieces");
    bind(api, api.decodeIds, "ispm_decode_ids");
    bind(api, api.vocabSize, "ispm_vocab_size");
    bind(api, api.idToPiece, "ispm_id_to_piece");
    bind(api, api.pieceToId, "ispm_piece_to_id");
    bind(api, api.score, "ispm_score");
    bind(api, api.pieceKind, "ispm_piece_kind");
    bind(api, api.specialId, "ispm_special_id");
    // SentencePiece logs every training step at INFO level to stderr; keep warnings and errors.
    api.setMinLogLevel(1);
    return api;
}

// The shim stays loaded for the life of the process (unloading libraries with static protobuf
// state is not safe). A failed load is retried on the next call so a user can fix the install.
const ShimApi& shim() {
    static std::mutex mutex;
    static std::unique_ptr<ShimApi> api;
    std::lock_guard<std::mutex> lock(mutex);
    if (!api) api = std::make_unique<ShimApi>(loadShim());
    return *api;
}

// Takes ownership of a shim-allocated error string.
std::string takeError(char* error) {
    std::string out = error != nullptr ? error : "unknown error";
    shim().free(error);
    return out;
}

struct ShimBuffer {
    void* data = nullptr;
    ~ShimBuffer() {
        if (data != nullptr) shim().free(data);
    }
};

struct SourceState {
    const SentenceSource* source;
    std::string current;
};

// Adapts a SentenceSource to the shim's C callback. Exceptions stay on this side of the C
// boundary: the source error is reported as -1 and rethrown after training.
int sentenceSourceTrampoline(void* user, const char** text, size_t* len) {
    auto* state = static_cast<SourceState*>(user);
    try {
        if (!(*state->source)(state->current)) return 0;
        *text = state->current.data();
        *len = state->current.size();
        return 1;
    } catch (...) {
        return -1;
    }
}

std::vector<std::pair<std::string, std::string>> trainerFlags(const SentencePieceTrainOptions& o) {
    auto join = [](const auto& items) {
        std::string out;
        for (const auto& item : items)
            out += (out.empty() ? "" : ",") + std::string(item);
        return out;
    };
    std::vector<std::pair<std::string, std::string>> flags = {
        {"vocab_size", std::to_string(o.vocabSize)},
        {"model_type", o.modelType},
        {"character_coverage", std::to_string(o.characterCoverage)},
        {"input_sentence_size", std::to_string(o.inputSentenceSize)},
        {"shuffle_input_sentence", o.shuffleInputSentence ? "true" : "false"},
        {"max_sentence_length", std::to_string(o.maxSentenceLength)},
        {"num_threads", std::to_string(o.numThreads)},
    };
    if (!o.inputs.empty()) flags.emplace_back("input", join(o.inputs));
    if (!o.userDefinedSymbols.empty()) {
        flags.emplace_back("user_defined_symbols", join(o.userDefinedSymbols));
    }
    if (!o.controlSymbols.empty()) flags.emplace_back("control_symbols", join(o.controlSymbols));
    for (const auto& extra : o.extraFlags)
        flags.push_back(extra);
    return flags;
}

SentencePieceModel::PieceKind toKind(int code) {
    using K = SentencePieceModel::PieceKind;
    switch (code) {
        case 1:
            return K::Unknown;
        case 2:
            return K::Control;
        case 3:
            return K::Unused;
        case 4:
            return K::Byte;
        default:
            return K::Normal;
    }
}

}  // namespace

void SentencePieceModel::Deleter::operator()(IspmModel* model) const {
    if (model != nullptr) shim().modelFree(model);
}

SentencePieceModel::SentencePieceModel(IspmModel* model) : model_(model) {}
SentencePieceModel::SentencePieceModel(SentencePieceModel&&) noexcept = default;
SentencePieceModel& SentencePieceModel::operator=(SentencePieceModel&&) noexcept = default;
SentencePieceModel::~SentencePieceModel() = default;

SentencePieceModel SentencePieceModel::load(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        throw DataError("SentencePiece model not found: " + path.string());
    }
    if (fs::is_directory(path, ec)) {
        throw DataError("SentencePiece model path " + path.string() +
                        " is a directory; give the .model file inside it");
    }
    char* error = nullptr;
    IspmModel* model = shim().loadFile(path.c_str(), &error);
    if (model == nullptr) {
        throw DataError("cannot load SentencePiece model " + path.string() + ": " +
                        takeError(error) + " (is it a SentencePiece .model file?)");
    }
    return SentencePieceModel(model);
}

SentencePieceModel SentencePieceModel::fromSerialized(std::string_view bytes,
                                                      std::string_view origin) {
    char* error = nullptr;
    IspmModel* model = shim().loadSerialized(bytes.data(), bytes.size(), &error);
    if (model == nullptr) {
        throw DataError("cannot load SentencePiece model from " + std::string(origin) + ": " +
                        takeError(error));
    }
    return SentencePieceModel(model);
}

SentencePieceModel SentencePieceModel::train(const SentencePieceTrainOptions& options) {
    if (options.inputs.empty()) {
        throw ConfigError("SentencePiece training needs at least one input file");
    }
    for (const auto& input : options.inputs) {
        if (!fs::exists(input)) throw DataError("training input not found: " + input.string());
    }
    return train(options, SentenceSource());
}

SentencePieceModel SentencePieceModel::train(const SentencePieceTrainOptions& options,
                                             const SentenceSource& source) {
    if (source && !options.inputs.empty()) {
        throw std::invalid_argument("SentencePieceModel::train: inputs and a source are exclusive");
    }
    if (options.vocabSize < 4) {
        throw ConfigError("tokenizer vocab_size must be at least 4, got " +
                          std::to_string(options.vocabSize));
    }
    const ShimApi& api = shim();
    auto flags = trainerFlags(options);
    std::vector<const char*> keys, values;
    for (const auto& [k, v] : flags) {
        keys.push_back(k.c_str());
        values.push_back(v.c_str());
    }
    SourceState state{&source, {}};
    ShimBuffer serialized;
    size_t serializedLen = 0;
    char* error = nullptr;
    api.setRandomSeed(options.seed);
    int rc = api.train(keys.data(), values.data(), keys.size(),
                       source ? &sentenceSourceTrampoline : nullptr, &state,
                       reinterpret_cast<char**>(&serialized.data), &serializedLen, &error);
    if (rc != 0) {
        throw DataError("SentencePiece training failed: " + takeError(error));
    }
    SentencePieceModel model = fromSerialized(
        std::string_view(static_cast<const char*>(serialized.data), serializedLen), "the trainer");
    if (!options.modelPrefix.empty()) model.writeFiles(options.modelPrefix);
    return model;
}

void SentencePieceModel::writeFiles(const fs::path& prefix) const {
    std::string vocab;
    for (int32_t id = 0; id < vocabSize(); ++id) {
        vocab += idToPiece(id) + "\t" + std::to_string(score(id)) + "\n";
    }
    // The .vocab file is written first: a complete .model marks a complete pair.
    writeFileAtomically(prefix.string() + ".vocab", vocab);
    writeFileAtomically(prefix.string() + ".model", serialize());
}

std::string SentencePieceModel::libraryVersion() {
    return shim().libraryVersion();
}

fs::path SentencePieceModel::shimPath() {
    return shim().path;
}

std::vector<int32_t> SentencePieceModel::encodeIds(std::string_view text) const {
    ShimBuffer buffer;
    size_t n = 0;
    char* error = nullptr;
    if (shim().encodeIds(model_.get(), text.data(), text.size(),
                         reinterpret_cast<int32_t**>(&buffer.data), &n, &error) != 0) {
        throw DataError("SentencePiece encode failed: " + takeError(error));
    }
    const auto* ids = static_cast<const int32_t*>(buffer.data);
    return std::vector<int32_t>(ids, ids + n);
}

std::vector<std::string> SentencePieceModel::encodePieces(std::string_view text) const {
    ShimBuffer buffer;
    size_t bytes = 0, n = 0;
    char* error = nullptr;
    if (shim().encodePieces(model_.get(), text.data(), text.size(),
                            reinterpret_cast<char**>(&buffer.data), &bytes, &n, &error) != 0) {
        throw DataError("SentencePiece encode failed: " + takeError(error));
    }
    std::vector<std::string> pieces;
    pieces.reserve(n);
    const char* p = static_cast<const char*>(buffer.data);
    const char* end = p + bytes;
    while (p < end) {
        std::string piece(p);
        p += piece.size() + 1;
        pieces.push_back(std::move(piece));
    }
    return pieces;
}

std::string SentencePieceModel::decode(const std::vector<int32_t>& ids) const {
    const int32_t size = vocabSize();
    for (size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] < 0 || ids[i] >= size) {
            throw DataError("cannot decode id " + std::to_string(ids[i]) + " at position " +
                            std::to_string(i) + ": the vocabulary has " + std::to_string(size) +
                            " pieces");
        }
    }
    ShimBuffer buffer;
    size_t len = 0;
    char* error = nullptr;
    if (shim().decodeIds(model_.get(), ids.data(), ids.size(),
                         reinterpret_cast<char**>(&buffer.data), &len, &error) != 0) {
        throw DataError("SentencePiece decode failed: " + takeError(error));
    }
    return std::string(static_cast<const char*>(buffer.data), len);
}

int32_t SentencePieceModel::vocabSize() const {
    return shim().vocabSize(model_.get());
}

std::string SentencePieceModel::idToPiece(int32_t id) const {
    size_t len = 0;
    const char* piece = shim().idToPiece(model_.get(), id, &len);
    if (piece == nullptr) {
        throw std::out_of_range("piece id " + std::to_string(id) + " outside the vocabulary of " +
                                std::to_string(vocabSize()));
    }
    return std::string(piece, len);
}

int32_t SentencePieceModel::pieceToId(std::string_view piece) const {
    return shim().pieceToId(model_.get(), piece.data(), piece.size());
}

float SentencePieceModel::score(int32_t id) const {
    return shim().score(model_.get(), id);
}

SentencePieceModel::PieceKind SentencePieceModel::kind(int32_t id) const {
    int code = shim().pieceKind(model_.get(), id);
    if (code < 0) {
        throw std::out_of_range("piece id " + std::to_string(id) + " outside the vocabulary");
    }
    return toKind(code);
}

int32_t SentencePieceModel::unkId() const {
    return shim().specialId(model_.get(), 0);
}
int32_t SentencePieceModel::bosId() const {
    return shim().specialId(model_.get(), 1);
}
int32_t SentencePieceModel::eosId() const {
    return shim().specialId(model_.get(), 2);
}
int32_t SentencePieceModel::padId() const {
    return shim().specialId(model_.get(), 3);
}

std::string SentencePieceModel::serialize() const {
    ShimBuffer buffer;
    size_t len = 0;
    if (shim().serialize(model_.get(), reinterpret_cast<char**>(&buffer.data), &len) != 0) {
        throw DataError("cannot serialize SentencePiece model");
    }
    return std::string(static_cast<const char*>(buffer.data), len);
}

}  // namespace isomorph::text
