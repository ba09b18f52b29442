#include "core/train/run_log/metrics_log.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string_view>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

#include "core/common/errors.h"

namespace isomorph::train {
namespace {

std::string reason(int err) {
    return std::strerror(err);
}

/// Whether a non-empty file's last byte is something other than '\n'.
bool endsWithoutNewline(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0 || st.st_size == 0) return false;
    char last = '\n';
    return ::pread(fd, &last, 1, st.st_size - 1) == 1 && last != '\n';
}

/// Parses the complete lines of `bytes` (from `offset` in the file, the first being line
/// `firstLine`).
MetricsLines parseLines(std::string_view bytes, uint64_t offset, int64_t firstLine) {
    MetricsLines out;
    out.completeBytes = offset;
    out.completeLines = firstLine - 1;
    size_t begin = 0;
    while (begin < bytes.size()) {
        const size_t end = bytes.find('\n', begin);
        if (end == std::string_view::npos) {
            out.incompleteTail = true;
            break;
        }
        const std::string_view line = bytes.substr(begin, end - begin);
        const int64_t number = ++out.completeLines;
        if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
            nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
            if (j.is_discarded()) {
                out.badLines.push_back({number, "not valid JSON"});
            } else if (!j.is_object()) {
                out.badLines.push_back(
                    {number, std::string("a JSON ") + j.type_name() + ", expected an object"});
            } else {
                out.records.push_back(std::move(j));
                out.recordLines.push_back(number);
            }
        }
        begin = end + 1;
    }
    out.completeBytes = offset + begin;
    return out;
}

}  // namespace

MetricsLog::MetricsLog(const std::filesystem::path& runDir) : path_(runDir / kFileName) {
    std::error_code ec;
    std::filesystem::create_directories(runDir, ec);
    if (ec)
        throw DataError("cannot create the run folder " + runDir.string() + ": " + ec.message());
    // Read access only to look at the last byte (a torn line left by a crash).
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw DataError("cannot open " + path_.string() + ": " + reason(errno));
    needsNewline_ = endsWithoutNewline(fd_);
}

MetricsLog::~MetricsLog() {
    if (fd_ >= 0) ::close(fd_);
}

void MetricsLog::append(const nlohmann::json& record) {
    if (!record.is_object()) {
        throw std::invalid_argument(
            std::string("MetricsLog::append: expected a JSON object, got ") + record.type_name());
    }
    std::string line = needsNewline_ ? "\n" : "";
    line += record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    line += '\n';
    writeLine(line);
}

void MetricsLog::writeLine(const std::string& line) {
    const char* data = line.data();
    size_t left = line.size();
    // One write() normally takes the whole line; the loop only continues after a short write
    // (disk full, signal), and then the line may be torn whatever we do.
    while (left > 0) {
        const ssize_t n = ::write(fd_, data, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            needsNewline_ = needsNewline_ || left != line.size() || endsWithoutNewline(fd_);
            throw DataError("cannot append to " + path_.string() + ": " + reason(err));
        }
        data += n;
        left -= static_cast<size_t>(n);
    }
    needsNewline_ = false;
}

void MetricsLog::flush() {
    if (::fdatasync(fd_) != 0)
        throw DataError("cannot flush " + path_.string() + ": " + reason(errno));
}

MetricsLines readMetricsLines(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DataError("cannot open metrics file " + path.string() + ": " + reason(errno));
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw DataError("cannot read metrics file " + path.string());
    return parseLines(bytes, 0, 1);
}

MetricsLines MetricsFollower::poll() {
    std::ifstream in(path_, std::ios::binary);
    if (!in) return parseLines({}, offset_, lines_ + 1);  // not created yet
    in.seekg(static_cast<std::streamoff>(offset_));
    std::string bytes;
    if (in) bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    MetricsLines out = parseLines(bytes, offset_, lines_ + 1);
    offset_ = out.completeBytes;
    lines_ = out.completeLines;
    return out;
}

}  // namespace isomorph::train
