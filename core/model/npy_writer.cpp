#include "core/model/npy_writer.h"

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"

namespace isomorph::model {
namespace {
// Room for any 64-bit row count in the header, so it can be rewritten in place at the end.
constexpr size_t kHeaderBytes = 128;
}  // namespace

std::string NpyWriter::header(int64_t rows, int64_t cols, size_t totalBytes) {
    std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (" +
                       std::to_string(rows) + ", " + std::to_string(cols) + "), }";
    std::string out = "\x93NUMPY";
    out += static_cast<char>(1);
    out += static_cast<char>(0);
    const size_t headerLen = totalBytes - 10;
    out += static_cast<char>(headerLen & 0xff);
    out += static_cast<char>((headerLen >> 8) & 0xff);
    dict.resize(headerLen - 1, ' ');
    return out + dict + "\n";
}

NpyWriter::NpyWriter(std::filesystem::path path, int64_t cols)
    : path_(std::move(path)), cols_(cols) {
    std::filesystem::path dir = path_.parent_path();
    if (dir.empty()) dir = ".";
    std::string tmpl = (dir / ("." + path_.filename().string() + ".tmp-XXXXXX")).string();
    const int fd = ::mkstemp(tmpl.data());
    if (fd < 0) {
        throw DataError("cannot write " + path_.string() + ": " + std::strerror(errno) +
                        " (check that the folder exists and is writable)");
    }
    tmp_ = tmpl;
    file_ = ::fdopen(fd, "wb");
    const std::string h = header(0, cols_, kHeaderBytes);
    if (file_ == nullptr || std::fwrite(h.data(), 1, h.size(), file_) != h.size()) {
        throw DataError("cannot write " + path_.string() + ": " + std::strerror(errno));
    }
}

NpyWriter::~NpyWriter() {
    if (file_ != nullptr) {
        std::fclose(file_);
        ::unlink(tmp_.c_str());
    }
}

void NpyWriter::append(const float* data, int64_t rows) {
    const size_t n = static_cast<size_t>(rows * cols_);
    if (std::fwrite(data, sizeof(float), n, file_) != n) {
        throw DataError("cannot write " + path_.string() + ": " + std::strerror(errno) +
                        " (is the disk full?)");
    }
    rows_ += rows;
}

void NpyWriter::finish() {
    const std::string h = header(rows_, cols_, kHeaderBytes);
    if (std::fseek(file_, 0, SEEK_SET) != 0 ||
        std::fwrite(h.data(), 1, h.size(), file_) != h.size() || std::fflush(file_) != 0 ||
        ::fsync(::fileno(file_)) != 0) {
        throw DataError("cannot write " + path_.string() + ": " + std::strerror(errno));
    }
    ::fchmod(::fileno(file_), 0644);
    std::fclose(file_);
    file_ = nullptr;
    if (std::rename(tmp_.c_str(), path_.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp_.c_str());
        throw DataError("cannot replace " + path_.string() + ": " + std::strerror(err));
    }
    syncDirectory(path_.parent_path().empty() ? "." : path_.parent_path());
}

}  // namespace isomorph::model
