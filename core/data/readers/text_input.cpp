#include "core/data/readers/text_input.h"

#include <cerrno>
#include <cstring>

#include "core/common/errors.h"
#include "core/data/readers/plain_text_lines.h"

namespace isomorph::data {
namespace {

constexpr size_t kChunkBytes = size_t{1} << 20;
constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

bool inRange(unsigned char c, unsigned char lo, unsigned char hi) {
    return c >= lo && c <= hi;
}

// Length of the valid UTF-8 sequence starting at s[0] (>= 0x80), or 0 when it is invalid. When
// invalid, `prefix` is the length of its longest valid prefix (the "maximal subpart" that
// Unicode recommends replacing with one U+FFFD), at least 1.
size_t sequenceLength(const unsigned char* s, size_t n, size_t& prefix) {
    const unsigned char c = s[0];
    size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    if (inRange(c, 0xC2, 0xDF)) {
        len = 2;
    } else if (inRange(c, 0xE0, 0xEF)) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;  // surrogates
    } else if (inRange(c, 0xF0, 0xF4)) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
    }
    prefix = 1;
    if (len == 0) return 0;
    for (size_t i = 1; i < len; ++i) {
        if (i >= n) return 0;
        const bool ok = i == 1 ? inRange(s[i], lo, hi) : inRange(s[i], 0x80, 0xBF);
        if (!ok) return 0;
        prefix = i + 1;
    }
    return len;
}

/// A well-known non-text format: its first bytes, what it is, and what to do instead.
struct Format {
    std::string_view magic, what, fix;
};
constexpr Format kNonText[] = {
    {"\x93NUMPY", "a NumPy array (.npy), not text",
     "give the text file the vectors were made from"},
    {"\x1F\x8B", "gzip-compressed", "decompress it first (gunzip -k)"},
    {"PK\x03\x04", "a ZIP archive (.zip, .npz, .docx, ...), not text", "extract the text first"},
    {"%PDF-", "a PDF document, not text", "extract the text first (e.g. pdftotext)"},
    {"\xFF\xFE", "UTF-16 text (byte-order mark FF FE), not UTF-8",
     "convert it (iconv -f UTF-16 -t UTF-8)"},
    {"\xFE\xFF", "UTF-16 text (byte-order mark FE FF), not UTF-8",
     "convert it (iconv -f UTF-16 -t UTF-8)"},
};

std::string limitText(size_t bytes) {
    std::string text = std::to_string(bytes) + " bytes";
    if (bytes % (size_t{1} << 20) == 0) text += " (" + std::to_string(bytes >> 20) + " MiB)";
    return text;
}

}  // namespace

size_t findInvalidUtf8(std::string_view bytes) {
    const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
    const size_t n = bytes.size();
    size_t i = 0;
    while (i < n) {
        if (i + 8 <= n) {  // fast path: eight ASCII bytes at once
            uint64_t word;
            std::memcpy(&word, s + i, 8);
            if ((word & 0x8080808080808080ULL) == 0) {
                i += 8;
                continue;
            }
        }
        if (s[i] < 0x80) {
            ++i;
            continue;
        }
        size_t prefix = 0;
        const size_t len = sequenceLength(s + i, n - i, prefix);
        if (len == 0) return i;
        i += len;
    }
    return std::string_view::npos;
}

LineReader::LineReader(std::string name, ReadOptions options)
    : name_(std::move(name)), options_(options) {
    if (options_.maxLineBytes == 0) throw std::invalid_argument("ReadOptions::maxLineBytes is 0");
}

LineReader::LineReader(const std::filesystem::path& path, ReadOptions options)
    : LineReader(path.string(), options) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        failFile("is a directory; give the path of a text file");
    file_.reset(std::fopen(path.c_str(), "rb"));
    if (!file_) {
        const int err = errno;
        failFile(std::string("cannot open: ") + std::strerror(err) +
                 "; check the path and its permissions");
    }
    buffer_.resize(kChunkBytes);
}

LineReader LineReader::fromMemory(std::string_view bytes, std::string name, ReadOptions options) {
    LineReader reader(std::move(name), options);
    reader.memory_ = bytes.data() != nullptr ? bytes.data() : "";
    reader.end_ = bytes.size();
    reader.totalBytes_ = bytes.size();
    reader.eof_ = true;
    return reader;
}

LineReader::~LineReader() = default;

void LineReader::fill() {
    if (begin_ > 0) {  // keep only the unfinished line
        std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
        end_ -= begin_;
        bufferOffset_ += begin_;
        begin_ = 0;
    }
    if (end_ == buffer_.size()) buffer_.resize(buffer_.size() * 2);
    const size_t got = std::fread(buffer_.data() + end_, 1, buffer_.size() - end_, file_.get());
    if (got == 0) {
        if (std::ferror(file_.get())) {
            const int err = errno;
            failFile(std::string("read error: ") + std::strerror(err));
        }
        eof_ = true;
    }
    end_ += got;
    totalBytes_ += got;
}

bool LineReader::next(std::string_view& line) {
    const size_t limit = options_.maxLineBytes;
    const char* nl = nullptr;
    for (;;) {
        const char* from = data() + begin_ + scanned_;
        nl = static_cast<const char*>(std::memchr(from, '\n', end_ - begin_ - scanned_));
        if (nl != nullptr || eof_) break;
        scanned_ = end_ - begin_;
        // One more byte than the limit may be a '\r' of a CRLF line that is exactly at the limit.
        if (scanned_ > limit + 1) {
            failAt(line_ + 1, "line is longer than the limit of " + limitText(limit) +
                                  "; split it, or raise the line limit if the data is right");
        }
        fill();
    }
    scanned_ = 0;
    if (nl == nullptr && begin_ == end_) return false;
    const char* start = data() + begin_;
    const size_t rawSize = nl != nullptr ? static_cast<size_t>(nl - start) : end_ - begin_;
    lineOffset_ = bufferOffset_ + begin_;
    begin_ += rawSize + (nl != nullptr ? 1 : 0);
    ++line_;
    line = check(start, rawSize, lineOffset_);
    return true;
}

std::string_view LineReader::check(const char* begin, size_t size, uint64_t offset) {
    std::string_view text(begin, size);
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    const std::string_view raw = text;
    if (line_ == 1 && text.substr(0, kBom.size()) == kBom) {
        text.remove_prefix(kBom.size());
        offset += kBom.size();
    }
    if (line_ == 1) {
        for (const Format& f : kNonText) {
            if (raw.substr(0, f.magic.size()) == f.magic)
                fail("the file is " + std::string(f.what) + "; " + std::string(f.fix));
        }
    }
    if (text.size() > options_.maxLineBytes) {
        fail("line is longer than the limit of " + limitText(options_.maxLineBytes) +
             "; split it, or raise the line limit if the data is right");
    }
    if (const void* nul = std::memchr(text.data(), '\0', text.size())) {
        const size_t at = static_cast<const char*>(nul) - text.data();
        fail("NUL byte at byte offset " + std::to_string(offset + at) +
             "; the file is binary or not UTF-8 (UTF-16?); convert it to UTF-8 text");
    }
    size_t bad = findInvalidUtf8(text);
    if (bad == std::string_view::npos) return text;
    if (!options_.lenient) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(text[bad]));
        fail("invalid UTF-8 (byte " + std::string(hex) + ") at byte offset " +
             std::to_string(offset + bad) + " (column " + std::to_string(bad + 1) +
             "); convert the file to UTF-8 (e.g. with iconv)");
    }
    scratch_.clear();
    while (bad != std::string_view::npos) {
        scratch_.append(text.data(), bad);
        scratch_.append(kReplacement);
        ++replacements_;
        size_t prefix = 1;
        sequenceLength(reinterpret_cast<const unsigned char*>(text.data()) + bad, text.size() - bad,
                       prefix);
        text.remove_prefix(bad + prefix);
        bad = findInvalidUtf8(text);
    }
    scratch_.append(text);
    return scratch_;
}

PlainTextLines::PlainTextLines(const std::filesystem::path& path, ReadOptions options)
    : lines_(path.empty() || path == "-" ? std::filesystem::path("/dev/stdin") : path, options) {}

bool PlainTextLines::next(std::string_view& line) {
    if (!lines_.next(line)) return false;
    if (lines_.lineNumber() == 1) requirePlainTextLine(lines_, line);
    return true;
}

void requirePlainTextLine(const LineReader& lines, std::string_view line) {
    // A JSON object: braces around "key": value text.
    const size_t first = line.find_first_not_of(" \t");
    const size_t last = line.find_last_not_of(" \t");
    if (first == std::string_view::npos || line[first] != '{' || line[last] != '}' ||
        line.find('"') == std::string_view::npos || line.find(':') == std::string_view::npos)
        return;
    lines.fail(
        "the line is a JSON object (JSON Lines?) but the file is read as plain text, one entry "
        "per line; extract the text field into a plain-text file (e.g. jq -r .text), or, where "
        "JSON Lines are accepted, give the file a .jsonl extension");
}

std::string LineReader::where() const {
    return name_ + ":" + std::to_string(line_);
}

void LineReader::fail(const std::string& what) const {
    failAt(line_, what);
}

void LineReader::failAt(uint64_t line, const std::string& what) const {
    throw DataError(name_ + ":" + std::to_string(line) + ": " + what);
}

void LineReader::failFile(const std::string& what) const {
    throw DataError(name_ + ": " + what);
}

}  // namespace isomorph::data
