#include "core/common/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#include "core/common/errors.h"

namespace isomorph {
namespace {

std::string systemReason(int err) {
    return std::strerror(err);
}

class FdGuard {
  public:
    explicit FdGuard(int fd) : fd_(fd) {}
    ~FdGuard() {
        if (fd_ >= 0) ::close(fd_);
    }
    FdGuard(const FdGuard&) = delete;
    FdGuard& operator=(const FdGuard&) = delete;
    int get() const { return fd_; }
    int release() {
        int fd = fd_;
        fd_ = -1;
        return fd;
    }

  private:
    int fd_;
};

void writeAll(int fd, std::string_view content, const std::filesystem::path& shownPath) {
    const char* data = content.data();
    size_t left = content.size();
    while (left > 0) {
        ssize_t n = ::write(fd, data, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw DataError("cannot write " + shownPath.string() + ": " + systemReason(errno));
        }
        data += n;
        left -= static_cast<size_t>(n);
    }
}

}  // namespace

void syncDirectory(const std::filesystem::path& dir) {
    FdGuard fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (fd.get() < 0) {
        throw DataError("cannot open directory " + dir.string() + ": " + systemReason(errno));
    }
    if (::fsync(fd.get()) != 0 && errno != EINVAL) {
        throw DataError("cannot flush directory " + dir.string() + ": " + systemReason(errno));
    }
}

void writeFileAtomically(const std::filesystem::path& path, std::string_view content) {
    std::filesystem::path dir = path.parent_path();
    if (dir.empty()) dir = ".";
    std::string tmpl = (dir / ("." + path.filename().string() + ".tmp-XXXXXX")).string();
    FdGuard fd(::mkstemp(tmpl.data()));
    if (fd.get() < 0) {
        throw DataError("cannot write " + path.string() + ": " + systemReason(errno) +
                        " (check that " + dir.string() + " exists and is writable)");
    }
    const std::filesystem::path tmp(tmpl);
    try {
        writeAll(fd.get(), content, path);
        if (::fsync(fd.get()) != 0) {
            throw DataError("cannot flush " + path.string() + ": " + systemReason(errno));
        }
        // mkstemp creates 0600; give the file the usual permissions of data files. (Reading the
        // umask would need umask(2), which is not thread-safe.)
        ::fchmod(fd.get(), 0644);
        if (::close(fd.release()) != 0) {
            throw DataError("cannot close " + path.string() + ": " + systemReason(errno));
        }
        if (::rename(tmp.c_str(), path.c_str()) != 0) {
            throw DataError("cannot replace " + path.string() + ": " + systemReason(errno));
        }
    } catch (...) {
        ::unlink(tmp.c_str());
        throw;
    }
    syncDirectory(dir);
}

std::string readWholeFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DataError("cannot read " + path.string());
    std::string bytes(std::istreambuf_iterator<char>(in), {});
    if (in.bad()) throw DataError("cannot read " + path.string());
    return bytes;
}

}  // namespace isomorph
