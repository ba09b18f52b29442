#include "core/data/corpus_files.h"

#include <algorithm>
#include <map>

#include "core/common/errors.h"
#include "core/common/language.h"
#include "core/data/readers/document_reader.h"
#include "core/text/tokenizer_trainer.h"

namespace isomorph::data {
namespace fs = std::filesystem;

namespace {

bool isCorpusFile(const fs::path& p) {
    return p.extension() == ".jsonl" || p.extension() == ".txt";
}

CorpusFile describe(const fs::path& path, const std::string& lang) {
    CorpusFile f;
    f.path = path;
    f.jsonl = path.extension() == ".jsonl";
    const std::string stem = path.stem().string();
    if (!f.jsonl && !lang.empty()) {
        requireLanguageCode(lang, "--lang");
        f.lang = lang;
    } else if (isValidLanguageCode(stem)) {
        f.lang = stem;
    } else if (!f.jsonl) {
        throw DataError(path.string() +
                        ": cannot tell the language of this plain text file; name it "
                        "after its language (de.txt) or pass --lang");
    }
    return f;
}

// Sentences of the documents of several files of one language, one after another.
class FilesSentenceStream : public text::SentenceStream {
  public:
    FilesSentenceStream(std::vector<CorpusFile> files, std::string lang, ReadOptions options)
        : files_(std::move(files)), lang_(std::move(lang)), options_(options) {}

    bool next(std::string& sentence) override {
        while (index_ >= doc_.sentences.size()) {
            if (!nextDocument()) return false;
        }
        sentence = std::move(doc_.sentences[index_++]);
        return true;
    }

  private:
    bool nextDocument() {
        index_ = 0;
        while (true) {
            if (!reader_) {
                if (file_ >= files_.size()) return false;
                reader_ = openDocumentReader(files_[file_].path, files_[file_].lang, options_);
                ++file_;
            }
            if (reader_->next(doc_)) {
                if (doc_.lang != lang_) {
                    throw DataError(reader_->lines().where() + ": document in language '" +
                                    doc_.lang + "' in a file of language '" + lang_ +
                                    "'; tokenizer training needs one language per file");
                }
                return true;
            }
            reader_.reset();
        }
    }

    std::vector<CorpusFile> files_;
    std::string lang_;
    ReadOptions options_;
    size_t file_ = 0;
    std::unique_ptr<DocumentReader> reader_;
    Document doc_;
    size_t index_ = 0;
};

std::string firstDocumentLanguage(const CorpusFile& f, const ReadOptions& options) {
    auto reader = openDocumentReader(f.path, f.lang, options);
    Document doc;
    if (!reader->next(doc)) throw DataError(f.path.string() + ": no documents");
    return doc.lang;
}

}  // namespace

std::vector<CorpusFile> resolveCorpusFiles(const std::vector<fs::path>& inputs,
                                           const std::string& lang) {
    std::vector<CorpusFile> out;
    for (const fs::path& input : inputs) {
        std::error_code ec;
        if (fs::is_directory(input, ec)) {
            std::vector<fs::path> found;
            for (const auto& entry : fs::directory_iterator(input, ec)) {
                if (entry.is_regular_file() && isCorpusFile(entry.path()))
                    found.push_back(entry.path());
            }
            std::sort(found.begin(), found.end());
            if (found.empty()) {
                throw DataError(input.string() + " holds no .jsonl or .txt files");
            }
            for (const auto& p : found)
                out.push_back(describe(p, lang));
        } else if (fs::is_regular_file(input, ec)) {
            out.push_back(describe(input, lang));
        } else {
            throw DataError("input not found: " + input.string());
        }
    }
    return out;
}

std::vector<PairFile> resolvePairFiles(const std::vector<fs::path>& inputs,
                                       const std::string& srcLang, const std::string& tgtLang) {
    auto describePairs = [&](const fs::path& p) {
        PairFile f{p, srcLang, tgtLang};
        if (!srcLang.empty() || !tgtLang.empty()) {
            requireLanguageCode(srcLang, "--src-lang");
            requireLanguageCode(tgtLang, "--tgt-lang");
            return f;
        }
        const std::string stem = p.stem().string();
        int found = 0;
        for (size_t dash = stem.find('-'); dash != std::string::npos;
             dash = stem.find('-', dash + 1)) {
            if (isValidLanguageCode(stem.substr(0, dash)) &&
                isValidLanguageCode(stem.substr(dash + 1))) {
                f.srcLang = stem.substr(0, dash);
                f.tgtLang = stem.substr(dash + 1);
                ++found;
            }
        }
        if (found != 1) {
            throw DataError(p.string() +
                            ": cannot tell the languages of this pair file; name it "
                            "SRC-TGT.tsv (de-en.tsv) or pass --src-lang and --tgt-lang");
        }
        return f;
    };
    std::vector<PairFile> out;
    for (const fs::path& input : inputs) {
        std::error_code ec;
        if (fs::is_directory(input, ec)) {
            std::vector<fs::path> found;
            for (const auto& entry : fs::directory_iterator(input, ec)) {
                if (entry.is_regular_file() && entry.path().extension() == ".tsv")
                    found.push_back(entry.path());
            }
            std::sort(found.begin(), found.end());
            if (found.empty()) throw DataError(input.string() + " holds no .tsv pair files");
            for (const auto& p : found)
                out.push_back(describePairs(p));
        } else if (fs::is_regular_file(input, ec)) {
            out.push_back(describePairs(input));
        } else {
            throw DataError("input not found: " + input.string());
        }
    }
    return out;
}

std::vector<text::LanguageCorpus> languageCorpora(const std::vector<CorpusFile>& files,
                                                  const ReadOptions& options) {
    std::map<std::string, std::vector<CorpusFile>> byLanguage;
    for (CorpusFile f : files) {
        if (f.lang.empty()) f.lang = firstDocumentLanguage(f, options);
        byLanguage[f.lang].push_back(f);
    }
    std::vector<text::LanguageCorpus> corpora;
    for (const auto& [lang, group] : byLanguage) {
        corpora.push_back({lang, [group = group, lang = lang, options] {
                               return std::make_unique<FilesSentenceStream>(group, lang, options);
                           }});
    }
    return corpora;
}

}  // namespace isomorph::data
