#pragma once

// Small deterministic multilingual text and a tokenizer trained on it, for data-layer tests.

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/text/tokenizer_trainer.h"

namespace isomorph::testing {

inline std::vector<std::string> syntheticSentences(const std::vector<std::string>& words, int count,
                                                   unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::string> out;
    for (int i = 0; i < count; ++i) {
        std::string s;
        for (int w = 0, n = 3 + static_cast<int>(rng() % 6); w < n; ++w) {
            s += (w ? " " : "") + words[rng() % words.size()];
        }
        out.push_back(s);
    }
    return out;
}

inline const std::vector<std::string>& englishWords() {
    static const std::vector<std::string> w = {"list", "directory", "contents", "copy", "files",
                                               "the",  "all",       "print",    "size", "remove"};
    return w;
}

inline const std::vector<std::string>& germanWords() {
    static const std::vector<std::string> w = {"Verzeichnis", "Inhalte", "auflisten", "kopieren",
                                               "Dateien",     "alle",    "Größe",     "löschen"};
    return w;
}

class VectorSentenceStream : public text::SentenceStream {
  public:
    explicit VectorSentenceStream(const std::vector<std::string>* s) : s_(s) {}
    bool next(std::string& out) override {
        if (i_ == s_->size()) return false;
        out = (*s_)[i_++];
        return true;
    }

  private:
    const std::vector<std::string>* s_;
    size_t i_ = 0;
};

/// A ~80-piece tokenizer over englishWords() and germanWords(), written to PREFIX.model.
inline text::Tokenizer tinyTokenizer(const std::string& prefix) {
    static const auto en = syntheticSentences(englishWords(), 600, 11);
    static const auto de = syntheticSentences(germanWords(), 300, 12);
    std::vector<text::LanguageCorpus> corpora = {
        {"en", [] { return std::make_unique<VectorSentenceStream>(&en); }},
        {"de", [] { return std::make_unique<VectorSentenceStream>(&de); }}};
    text::TokenizerTrainOptions o;
    o.vocabSize = 80;
    o.characterCoverage = 1.0;
    o.numThreads = 1;
    return text::trainTokenizer(corpora, o, prefix);
}

}  // namespace isomorph::testing
