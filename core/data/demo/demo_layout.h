#pragma once

// The folder layout of a demo corpus (docs/demo-corpus.md), in one place: what
// `corpus build-demo` writes and what `demo prepare`, the evaluations and objectives.xlp read.

#include <array>
#include <filesystem>
#include <string>

namespace isomorph::data::demo {

/// The kinds of translation pairs under parallel/SPLIT/: man-page NAME lines and option
/// descriptions, then the documentation books (doc_books.h, bookSources()).
inline constexpr std::array<const char*, 5> kPairKinds = {"name", "option", "handbook",
                                                          "install-guide", "reference"};
/// The man-page kinds only (kPairKinds starts with them): the demo's dev and test bitext,
/// comparable across corpus versions.
inline constexpr std::array<const char*, 2> kManPairKinds = {"name", "option"};

struct DemoCorpusLayout {
    std::filesystem::path root;

    std::filesystem::path manifest() const { return root / "manifest.json"; }
    /// docs/ (objectives.xlp's default), docs/SPLIT/ and docs/SPLIT/LANG.jsonl.
    std::filesystem::path docs() const { return root / "docs"; }
    std::filesystem::path docs(const std::string& split) const { return docs() / split; }
    std::filesystem::path docsFile(const std::string& split, const std::string& lang) const {
        return docs(split) / (lang + ".jsonl");
    }
    /// parallel/SPLIT/, parallel/SPLIT/KIND/ and parallel/SPLIT/KIND/PAIR.tsv ("de-en").
    std::filesystem::path parallel(const std::string& split) const {
        return root / "parallel" / split;
    }
    std::filesystem::path pairs(const std::string& split, const std::string& kind) const {
        return parallel(split) / kind;
    }
    std::filesystem::path pairFile(const std::string& split, const std::string& kind,
                                   const std::string& pair) const {
        return pairs(split, kind) / (pair + ".tsv");
    }
    /// retrieval/SPLIT/ and the BEIR collection retrieval/SPLIT/PAIR/.
    std::filesystem::path retrieval(const std::string& split) const {
        return root / "retrieval" / split;
    }
    std::filesystem::path retrievalSet(const std::string& split, const std::string& pair) const {
        return retrieval(split) / pair;
    }
    /// sections/SPLIT/ and its aligned comparable sections sections/SPLIT/PAIR.jsonl.
    std::filesystem::path sections(const std::string& split) const {
        return root / "sections" / split;
    }
    std::filesystem::path sectionsFile(const std::string& split, const std::string& pair) const {
        return sections(split) / (pair + ".jsonl");
    }
};

}  // namespace isomorph::data::demo
