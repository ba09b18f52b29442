#pragma once

// The cross-encoder flags that `search --rerank`, `eval retrieval --rerank` and `rerank
// finetune` share, and the note they print about truncated inputs.

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "core/common/errors.h"
#include "core/index/rerank_rows.h"
#include "core/model/cross_encoder.h"

namespace isomorph::cli {

struct CrossEncoderCliOptions {
    std::string model;  ///< --rerank CKPT ("" = no re-ranking)
    int batchSize = 16;
    int64_t maxQueryTokens = 64;
    int64_t maxTokens = 0;
    double firstStageWeight = 0.0;  ///< --rerank-weight
    bool anyTokenizer = false;      ///< --rerank-any-tokenizer
    bool translate = false;         ///< --rerank-translate

    model::CrossEncoderOptions options(const std::string& device, int threads) const {
        model::CrossEncoderOptions o;
        o.batchSize = batchSize;
        o.maxQueryTokens = maxQueryTokens;
        o.maxTokens = maxTokens;
        o.device = runtime::parseDevice(device, "--device");
        o.threads = threads;
        return o;
    }
};

/// --rerank-batch-size, --max-query-tokens and --rerank-max-tokens (the checkpoint flag itself
/// differs per command).
inline void addCrossEncoderOptions(CLI::App* cmd, CrossEncoderCliOptions& c) {
    cmd->add_option("--rerank-batch-size", c.batchSize, "Re-ranker: pairs per forward pass")
        ->check(CLI::Range(1, 65536))
        ->capture_default_str();
    cmd->add_option("--max-query-tokens", c.maxQueryTokens,
                    "Re-ranker: query tokens kept (all get global attention); longer queries "
                    "are truncated and counted")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    cmd->add_option("--rerank-max-tokens", c.maxTokens,
                    "Re-ranker: longest <s> query </s> document </s> input (0 = the length it was "
                    "fine-tuned at, else the model maximum)")
        ->check(CLI::NonNegativeNumber);
}

/// --rerank-weight (search and eval retrieval; rerank finetune has no first stage to mix).
inline void addRerankWeightOption(CLI::App* cmd, CrossEncoderCliOptions& c) {
    cmd->add_option("--rerank-weight", c.firstStageWeight,
                    "Re-ranker: score interpolation, weight of the first-stage score: the "
                    "re-scored documents are ordered by W x minmax(first stage) + (1 - W) x "
                    "minmax(re-ranker) (0 = the re-ranker's order alone, 1 = the first stage's)")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
}

/// --rerank-any-tokenizer (search and eval retrieval): a re-ranker of another model family.
inline void addRerankTokenizerOption(CLI::App* cmd, CrossEncoderCliOptions& c) {
    cmd->add_flag("--rerank-any-tokenizer", c.anyTokenizer,
                  "Re-ranker: accept one whose tokenizer is not the first-stage encoder's (another "
                  "model family, e.g. a Hugging Face BERT fine-tuned with rerank finetune); it "
                  "reads the texts with its own tokenizer");
}

/// --rerank-translate (search and eval retrieval): translate-test with the lexicon BM25 uses.
inline void addRerankTranslateOption(CLI::App* cmd, CrossEncoderCliOptions& c) {
    cmd->add_flag("--rerank-translate", c.translate,
                  "Re-ranker: read each query translated word by word into the translation "
                  "lexicon's target language (translate-test), for a re-ranker of that language "
                  "alone (e.g. an English cross-encoder behind cross-lingual search); eval "
                  "retrieval keeps sets whose passages are in another language in the first "
                  "stage's order");
}

/// index::checkRerankerTokenizer unless --rerank-any-tokenizer; its refusal names the flag.
inline void checkRerankerTokenizerUnlessAllowed(const CrossEncoderCliOptions& c,
                                                const std::filesystem::path& encoder,
                                                const std::filesystem::path& reranker) {
    if (c.anyTokenizer) return;
    try {
        index::checkRerankerTokenizer(encoder, reranker);
    } catch (const ConfigError& e) {
        throw ConfigError(std::string(e.what()) +
                          "; to re-rank with it anyway (a cross-encoder of another family reads "
                          "the texts with its own tokenizer), pass --rerank-any-tokenizer");
    }
}

/// One stderr note when inputs were cut, naming the budgets and the flags that set them.
inline void printTruncationNote(const model::CrossEncoderStats& stats,
                                const model::CrossEncoder& reranker) {
    if (stats.queriesTruncated > 0)
        std::cerr << fmt::format(
            "note: {} quer(ies) longer than the re-ranker's global-attention budget of {} tokens "
            "were truncated (--max-query-tokens)\n",
            stats.queriesTruncated, reranker.maxQueryTokens());
    if (stats.documentsTruncated > 0)
        std::cerr << fmt::format(
            "note: {} of {} document(s) were cut to fit {} tokens with their query "
            "(--rerank-max-tokens; the model's maximum bounds it)\n",
            stats.documentsTruncated, stats.pairs, reranker.maxTokens());
}

}  // namespace isomorph::cli
