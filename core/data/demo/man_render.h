#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/progress.h"

namespace isomorph::data {

/// A language's man page directory, e.g. /usr/share/man/zh_CN as code "zh".
struct ManLanguage {
    std::string code;           ///< ISO 639-1 based BCP-47 code ("de", "zh", "zh-Hant", "pt")
    std::string locale;         ///< the directory's name ("zh_CN"); empty for English
    std::filesystem::path dir;  ///< the directory holding man1/, man8/, ...
};

/// One man page file.
struct ManPageFile {
    std::string lang;            ///< ManLanguage::code
    std::string command;         ///< "ls"
    std::string section;         ///< as in the file name: "1", "8", "1ssl"
    std::filesystem::path path;  ///< the (gzip-compressed or plain) roff source
    /// Commands whose files in this language are the same file (symbolic links to this page or
    /// to its target), left out of the listing; sorted. The split assignment keeps them together.
    std::vector<std::string> aliases;
};

/// The language code for a man directory name: "zh_CN" -> "zh", "zh_TW" -> "zh-Hant", "pt_BR" ->
/// "pt", "pt" -> "pt-PT", "de" -> "de", "sr@latin" -> "sr-Latn". Empty when the name is not a
/// locale (e.g. "man1") or does not give a valid code.
std::string languageCodeForLocale(std::string_view locale);

/// The standard output of a shell command ("" when it cannot run): dpkg-query's package
/// versions for the corpus manifest.
std::string commandOutput(const std::string& command);

/// The translated languages under `root` (not English, which lives in root/manN), sorted by code.
std::vector<ManLanguage> findManLanguages(const std::filesystem::path& root);

/// The pages of `language` in the given sections ("1" lists man1/*.1*), sorted by command.
/// Symbolic links to a page that is listed too are left out (one document per page text); their
/// commands are in the kept page's `aliases`.
std::vector<ManPageFile> listManPages(const ManLanguage& language,
                                      const std::vector<std::string>& sections);

/// How pages are rendered.
struct RenderOptions {
    int jobs = 0;                              ///< pages rendered at once; 0 = one per core
    std::chrono::milliseconds timeout{30000};  ///< per page; slower pages are killed
    int lineLength = 97;                       ///< columns, as man uses for MANWIDTH=100
    std::filesystem::path scratchDir;          ///< for the preprocessed sources (must exist)
};

/// The outcome for one page: text on success, else why not.
struct RenderResult {
    std::string text;     ///< UTF-8 plain text as `man` prints it with --nh --nj
    std::string error;    ///< non-empty when rendering failed
    bool alias = false;   ///< the page only redirects (".so other.1"): skipped, not an error
    std::string aliasOf;  ///< for an alias page: the command it includes ("bzip2"), if named
};

/// Renders pages to text with a pool of troff|grotty process pipelines (decompression and the
/// UTF-8 conversion preconv would do happen in-process). Failures are reported per page, never
/// thrown; throws DataError when troff/grotty cannot be started at all.
std::vector<RenderResult> renderManPages(const std::vector<ManPageFile>& pages,
                                         const RenderOptions& options,
                                         const ProgressFn& progress = {});

}  // namespace isomorph::data
