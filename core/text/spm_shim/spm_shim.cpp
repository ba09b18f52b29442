// The only translation unit in Isomorph that includes SentencePiece headers. Built into
// libisomorph_spm.so, which links libsentencepiece(_train) and nothing from LibTorch.
// No C++ exception may leave these functions: every entry point catches and reports.

#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <unordered_map>
#include <vector>

#include <sentencepiece_processor.h>
#include <sentencepiece_trainer.h>

#include "spm_c_api.h"

#ifndef ISPM_SENTENCEPIECE_VERSION
#define ISPM_SENTENCEPIECE_VERSION "unknown"
#endif

namespace sentencepiece::logging {
// Exported by libsentencepiece but not declared in its public headers.
void SetMinLogLevel(int v);
}  // namespace sentencepiece::logging

struct IspmModel {
    sentencepiece::SentencePieceProcessor processor;
};

namespace {

char* copyBytes(const char* data, size_t len) {
    char* out = static_cast<char*>(std::malloc(len + 1));
    if (out == nullptr) return nullptr;
    if (len > 0) std::memcpy(out, data, len);
    out[len] = '\0';
    return out;
}

void setError(char** error, const std::string& message) {
    if (error != nullptr) *error = copyBytes(message.data(), message.size());
}

// Runs `body`, turning a failed status or an exception into the C convention (nonzero + message).
template <typename Body>
int guarded(char** error, Body&& body) {
    try {
        sentencepiece::util::Status status = body();
        if (status.ok()) return 0;
        setError(error, status.ToString());
    } catch (const std::bad_alloc&) {
        setError(error, "out of memory");
    } catch (const std::exception& e) {
        setError(error, e.what());
    } catch (...) {
        setError(error, "unknown error inside SentencePiece");
    }
    return 1;
}

class CallbackIterator : public sentencepiece::SentenceIterator {
  public:
    CallbackIterator(IspmNextSentence next, void* user) : next_(next), user_(user) { advance(); }
    bool done() const override { return done_; }
    void Next() override { advance(); }
    const std::string& value() const override { return value_; }
    sentencepiece::util::Status status() const override { return status_; }

  private:
    void advance() {
        const char* text = nullptr;
        size_t len = 0;
        int rc = next_(user_, &text, &len);
        if (rc == 1) {
            value_.assign(text, len);
        } else {
            done_ = true;
            if (rc < 0) {
                status_ = sentencepiece::util::Status(sentencepiece::util::StatusCode::kInternal,
                                                      "the sentence source reported an error");
            }
        }
    }

    IspmNextSentence next_;
    void* user_;
    std::string value_;
    bool done_ = false;
    sentencepiece::util::Status status_;
};

}  // namespace

extern "C" {

int ispm_abi_version(void) {
    return ISPM_ABI_VERSION;
}

const char* ispm_library_version(void) {
    return ISPM_SENTENCEPIECE_VERSION;
}

void ispm_free(void* p) {
    std::free(p);
}

void ispm_set_min_log_level(int level) {
    sentencepiece::logging::SetMinLogLevel(level);
}

void ispm_set_random_seed(unsigned int seed) {
    sentencepiece::SetRandomGeneratorSeed(seed);
}

int ispm_train(const char* const* keys, const char* const* values, size_t n, IspmNextSentence next,
               void* user, char** serialized, size_t* serialized_len, char** error) {
    return guarded(error, [&] {
        std::unordered_map<std::string, std::string> kwargs;
        for (size_t i = 0; i < n; ++i)
            kwargs[keys[i]] = values[i];
        std::unique_ptr<CallbackIterator> iterator;
        if (next != nullptr) iterator = std::make_unique<CallbackIterator>(next, user);
        std::string model;
        auto status = sentencepiece::SentencePieceTrainer::Train(
            kwargs, iterator.get(), serialized != nullptr ? &model : nullptr);
        if (status.ok() && serialized != nullptr) {
            *serialized = copyBytes(model.data(), model.size());
            *serialized_len = model.size();
            if (*serialized == nullptr) throw std::bad_alloc();
        }
        return status;
    });
}

IspmModel* ispm_load_file(const char* path, char** error) {
    auto model = std::make_unique<IspmModel>();
    int rc = guarded(error, [&] { return model->processor.Load(path); });
    return rc == 0 ? model.release() : nullptr;
}

IspmModel* ispm_load_serialized(const char* data, size_t len, char** error) {
    auto model = std::make_unique<IspmModel>();
    int rc = guarded(error, [&] {
        return model->processor.LoadFromSerializedProto(std::string_view(data, len));
    });
    return rc == 0 ? model.release() : nullptr;
}

void ispm_model_free(IspmModel* model) {
    delete model;
}

int ispm_serialize(const IspmModel* model, char** data, size_t* len) {
    try {
        std::string bytes = model->processor.serialized_model_proto();
        *data = copyBytes(bytes.data(), bytes.size());
        *len = bytes.size();
        return *data == nullptr ? 1 : 0;
    } catch (...) {
        return 1;
    }
}

int ispm_encode_ids(const IspmModel* model, const char* text, size_t len, int32_t** ids, size_t* n,
                    char** error) {
    return guarded(error, [&] {
        std::vector<int> out;
        auto status = model->processor.Encode(std::string_view(text, len), &out);
        if (!status.ok()) return status;
        *ids =
            static_cast<int32_t*>(std::malloc(std::max<size_t>(1, out.size()) * sizeof(int32_t)));
        if (*ids == nullptr) throw std::bad_alloc();
        for (size_t i = 0; i < out.size(); ++i)
            (*ids)[i] = out[i];
        *n = out.size();
        return status;
    });
}

int ispm_encode_pieces(const IspmModel* model, const char* text, size_t len, char** pieces,
                       size_t* bytes, size_t* n, char** error) {
    return guarded(error, [&] {
        std::vector<std::string> out;
        auto status = model->processor.Encode(std::string_view(text, len), &out);
        if (!status.ok()) return status;
        std::string joined;
        for (const auto& p : out) {
            joined += p;
            joined.push_back('\0');
        }
        *pieces = copyBytes(joined.data(), joined.size());
        if (*pieces == nullptr) throw std::bad_alloc();
        *bytes = joined.size();
        *n = out.size();
        return status;
    });
}

int ispm_decode_ids(const IspmModel* model, const int32_t* ids, size_t n, char** text, size_t* len,
                    char** error) {
    return guarded(error, [&] {
        std::vector<int> in(ids, ids + n);
        std::string out;
        auto status = model->processor.Decode(in, &out);
        if (!status.ok()) return status;
        *text = copyBytes(out.data(), out.size());
        if (*text == nullptr) throw std::bad_alloc();
        *len = out.size();
        return status;
    });
}

int32_t ispm_vocab_size(const IspmModel* model) {
    return model->processor.GetPieceSize();
}

const char* ispm_id_to_piece(const IspmModel* model, int32_t id, size_t* len) {
    if (id < 0 || id >= model->processor.GetPieceSize()) return nullptr;
    const std::string& piece = model->processor.IdToPiece(id);
    if (len != nullptr) *len = piece.size();
    return piece.c_str();
}

int32_t ispm_piece_to_id(const IspmModel* model, const char* piece, size_t len) {
    std::string_view p(piece, len);
    int id = model->processor.PieceToId(p);
    // PieceToId answers unk_id for unknown pieces; tell those apart from the real unk piece.
    if (id == model->processor.unk_id() && model->processor.IdToPiece(id) != p) return -1;
    return id;
}

float ispm_score(const IspmModel* model, int32_t id) {
    if (id < 0 || id >= model->processor.GetPieceSize()) return 0.0f;
    return model->processor.GetScore(id);
}

int ispm_piece_kind(const IspmModel* model, int32_t id) {
    const auto& p = model->processor;
    if (id < 0 || id >= p.GetPieceSize()) return -1;
    if (p.IsUnknown(id)) return 1;
    if (p.IsControl(id)) return 2;
    if (p.IsUnused(id)) return 3;
    if (p.IsByte(id)) return 4;
    return 0;
}

int32_t ispm_special_id(const IspmModel* model, int which) {
    const auto& p = model->processor;
    switch (which) {
        case 0:
            return p.unk_id();
        case 1:
            return p.bos_id();
        case 2:
            return p.eos_id();
        case 3:
            return p.pad_id();
        default:
            return -1;
    }
}

}  // extern "C"
