#pragma once

// Sentence encoding for `isomorph-cli encode`, indexes and the GUI's worker threads. Torch-free
// header: the model lives behind the pimpl.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/progress.h"
#include "core/model/sentence_pooling.h"
#include "core/runtime/device.h"

namespace isomorph::model {

struct EncodeOptions {
    Pooling pooling;                ///< sentence vector from token states
    bool normalize = false;         ///< L2-normalise every vector
    int batchSize = 64;             ///< sentences per forward pass
    int64_t maxTokens = 0;          ///< truncate longer inputs (incl. <s> </s>); 0 = model maximum
    int64_t chunkSentences = 8192;  ///< sentences sorted by length together; bounds memory
    runtime::DeviceSpec device;     ///< cpu, cuda, cuda:N
    int threads = 0;                ///< intra-op threads; 0 = one per logical CPU
    /// encode() and encodeToNpy() embed queries: with the checkpoint's separate query encoder
    /// when it has one (trained with objectives.ir.shared_encoders = false), else the encoder.
    bool queries = false;
    /// The model's prompts (sentence-transformers' config_sentence_transformers.json: "query:
    /// " / "passage: " for multilingual-e5) are put before every text by its role: search
    /// queries get the "query" prompt, documents an index or a retrieval evaluation searches the
    /// "passage" prompt, other sentences (bitext, calibration, `encode`) the default_prompt_name's
    /// or, without one, the "query" prompt (what e5's card asks for symmetric tasks). `prompt`
    /// names one prompt for every text instead (sentence-transformers' prompt_name; ConfigError
    /// when the model has none of that name); `noPrompt` puts none.
    std::string prompt;
    bool noPrompt = false;
};

/// What a text is, for the model's prompts (EncodeOptions::prompt).
enum class TextRole { Sentence, Query, Passage };

struct EncodeStats {
    int64_t sentences = 0;
    int64_t truncated = 0;  ///< inputs cut to maxTokens
    int64_t empty = 0;      ///< empty inputs (encoded as <s></s>)
    double seconds = 0.0;
};

/// The prompt text `checkpoint` puts before texts of `role`, as EncodeOptions chooses it ("" when
/// none): what EncodingService applies, for callers that tokenize text themselves (IR).
std::string promptText(const std::filesystem::path& checkpoint, TextRole role,
                       const EncodeOptions& options = {});

/// The prompt `checkpoint` puts before texts of `role` (as EncodeOptions chooses it) as token
/// ids without <s>/</s>, for inputs that arrive as ids (shards: the trainer's dev bitext, `eval
/// bitext`, the demo): inserted after <s>, they equal tokenizing prompt + text (the prompt ends
/// in a space, a piece boundary). Empty when the model has no prompt; reads the tokenizer only
/// then.
std::vector<int32_t> promptIds(const std::filesystem::path& checkpoint, TextRole role,
                               const EncodeOptions& options = {});

/// A checkpoint folder (Hugging Face layout: config.json, model.safetensors and
/// sentencepiece.bpe.model) ready to encode, in inference mode, batches sorted by length.
/// Not reentrant: one encode() at a time (it builds inference caches on first use and sets the
/// process-wide BLAS thread count while it runs); callers sharing one service serialise calls.
class EncodingService {
  public:
    /// `model` is anything workspace::resolveCheckpoint() accepts: a checkpoint folder, a run
    /// folder, its checkpoints/ folder or a checkpoints/best|latest pointer file.
    static std::unique_ptr<EncodingService> open(const std::filesystem::path& model,
                                                 const EncodeOptions& options);
    ~EncodingService();

    int64_t dimension() const;
    /// Whether the checkpoint has a separate query encoder (heads.safetensors
    /// ir.query_encoder.*); without one queries and passages share the encoder.
    bool hasQueryEncoder() const;
    /// Vectors of `sentences` in input order, row-major [n, dimension()] float32 (with the query
    /// encoder when EncodeOptions::queries is set and the checkpoint has one).
    std::vector<float> encode(const std::vector<std::string>& sentences,
                              EncodeStats* stats = nullptr);
    /// Vectors of search queries, [n, dimension()] float32: the separate query encoder when the
    /// checkpoint has one, else the same as encode().
    std::vector<float> encodeQueries(const std::vector<std::string>& queries,
                                     EncodeStats* stats = nullptr);
    /// Vectors of documents that searches find (an index's rows, a retrieval set's corpus): the
    /// same encoder as encode(), with the model's passage prompt.
    std::vector<float> encodePassages(const std::vector<std::string>& passages,
                                      EncodeStats* stats = nullptr);
    /// The text put before inputs of `role` ("" when none).
    const std::string& prompt(TextRole role) const;
    /// Whether the checkpoint's tokenizer maps some of `text` to its unknown token (never for a
    /// tokenizer without one, e.g. byte-level BPE).
    bool hasUnknownTokens(const std::string& text) const;
    /// Reads sentences from `next` until it returns false and streams their vectors to a `.npy`
    /// file [N, dimension()] float32, chunk by chunk (memory does not grow with N). `progress`
    /// gets stage "encode" with the sentences done so far (total 0: not known in advance);
    /// returning false cancels (throws Cancelled, no file left).
    EncodeStats encodeToNpy(const std::function<bool(std::string&)>& next,
                            const std::filesystem::path& output, const ProgressFn& progress = {});

  private:
    struct Impl;
    std::vector<float> encodeWith(const std::vector<std::string>& sentences, EncodeStats* stats,
                                  TextRole role);
    explicit EncodingService(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace isomorph::model
