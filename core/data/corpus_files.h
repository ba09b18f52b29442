#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/data/readers/text_input.h"

namespace isomorph::text {
struct LanguageCorpus;
}

namespace isomorph::data {

/// A document file and its language.
struct CorpusFile {
    std::filesystem::path path;
    std::string lang;  ///< for JSONL: the language all its documents must have, "" = any
    bool jsonl = false;
};

/// Expands files and directories (their *.jsonl and *.txt files, sorted by name) into corpus
/// files. A plain text file's language is `lang` when given, else its name's stem when that is a
/// language code ("de.txt"); a JSONL file's is taken from its stem the same way, else left to its
/// documents. Throws DataError naming a missing path or a text file of unknown language.
std::vector<CorpusFile> resolveCorpusFiles(const std::vector<std::filesystem::path>& inputs,
                                           const std::string& lang = "");

/// A TSV file of translation pairs and its two languages.
struct PairFile {
    std::filesystem::path path;
    std::string srcLang, tgtLang;
};

/// Expands files and folders (their *.tsv files, sorted) into pair files. Languages are `srcLang`
/// and `tgtLang` when given, else read from the name: "de-en.tsv", "zh-Hant-en.tsv".
std::vector<PairFile> resolvePairFiles(const std::vector<std::filesystem::path>& inputs,
                                       const std::string& srcLang = "",
                                       const std::string& tgtLang = "");

/// One sentence stream per language over `files`, for tokenizer training. A JSONL file without a
/// language in its name is assigned the language of its first document, and every later
/// document must agree (DataError otherwise).
std::vector<text::LanguageCorpus> languageCorpora(const std::vector<CorpusFile>& files,
                                                  const ReadOptions& options);

}  // namespace isomorph::data
