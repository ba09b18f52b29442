#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace isomorph::data {

/// How strictly corpus readers treat their input.
struct ReadOptions {
    bool lenient = false;  // replace invalid UTF-8 with U+FFFD (counted) instead of failing
    size_t maxLineBytes = 1 << 20;  // longer lines fail, so a binary or broken file cannot eat RAM
};

/// Streams the lines of a UTF-8 text file (or an in-memory buffer) with bounded memory: the file
/// is read in 1 MiB chunks and a line may not exceed ReadOptions::maxLineBytes. Strips a UTF-8
/// BOM at the start and a trailing '\r' (CRLF files); rejects NUL bytes and invalid UTF-8 (or
/// replaces the latter with U+FFFD when lenient). Errors are DataError "NAME:LINE: what; fix".
class LineReader {
  public:
    /// Opens `path`; throws DataError naming it when it cannot be opened.
    explicit LineReader(const std::filesystem::path& path, ReadOptions options = {});
    /// Reads `bytes` (not copied: they must outlive the reader); `name` stands for the file in
    /// messages and document ids.
    static LineReader fromMemory(std::string_view bytes, std::string name,
                                 ReadOptions options = {});

    LineReader(LineReader&&) noexcept = default;
    LineReader& operator=(LineReader&&) noexcept = default;
    ~LineReader();

    /// Next line without its terminator; `line` stays valid until the next call. False at end.
    bool next(std::string_view& line);

    const std::string& name() const { return name_; }
    /// 1-based number of the line last returned (0 before the first).
    uint64_t lineNumber() const { return line_; }
    /// Byte offset in the file of the first byte of the line last returned.
    uint64_t lineOffset() const { return lineOffset_; }
    /// Invalid UTF-8 sequences replaced by U+FFFD so far (lenient mode only).
    uint64_t replacements() const { return replacements_; }
    /// True when the input has no bytes at all (known once next() has returned false).
    bool empty() const { return eof_ && totalBytes_ == 0; }
    const ReadOptions& options() const { return options_; }

    /// "NAME:LINE" of the line last returned.
    std::string where() const;
    /// Throws DataError "NAME:LINE: what".
    [[noreturn]] void fail(const std::string& what) const;
    /// Throws DataError "NAME: what" (for problems of the whole file).
    [[noreturn]] void failFile(const std::string& what) const;

  private:
    LineReader(std::string name, ReadOptions options);
    const char* data() const { return memory_ ? memory_ : buffer_.data(); }
    void fill();
    std::string_view check(const char* begin, size_t size, uint64_t offset);
    [[noreturn]] void failAt(uint64_t line, const std::string& what) const;

    struct FileCloser {
        void operator()(std::FILE* f) const { std::fclose(f); }
    };

    std::string name_;
    ReadOptions options_;
    std::unique_ptr<std::FILE, FileCloser> file_;
    const char* memory_ = nullptr;
    std::vector<char> buffer_;
    std::string scratch_;        // holds a line after lenient replacement
    size_t begin_ = 0;           // first unread byte in data()
    size_t end_ = 0;             // one past the last byte read into data()
    size_t scanned_ = 0;         // bytes after begin_ known to hold no '\n'
    uint64_t bufferOffset_ = 0;  // file offset of data()[0]
    uint64_t totalBytes_ = 0;
    uint64_t line_ = 0;
    uint64_t lineOffset_ = 0;
    uint64_t replacements_ = 0;
    bool eof_ = false;
};

/// Index of the first byte of `bytes` that does not start a valid UTF-8 sequence (overlongs,
/// surrogates and code points above U+10FFFF are invalid), or std::string_view::npos.
size_t findInvalidUtf8(std::string_view bytes);

/// True when `line` holds only white space (spaces, tabs, carriage returns, newlines): the one
/// test of an empty line, query or field.
inline bool isBlank(std::string_view line) {
    return line.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

}  // namespace isomorph::data
