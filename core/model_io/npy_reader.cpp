#include "core/model_io/npy_reader.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <regex>

#include <fmt/format.h>

#include "core/common/errors.h"

namespace isomorph::model_io {
namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what) {
    throw DataError(fmt::format("{}: {}", path.string(), what));
}

struct Header {
    std::string dtype;
    bool fortran = false;
    std::vector<int64_t> shape;
};

/// Parses the Python dict literal of the header ("{'descr': '<f4', 'fortran_order': False,
/// 'shape': (3, 4), }"), the only fields a .npy header has.
Header parseHeader(const std::filesystem::path& path, const std::string& dict) {
    Header h;
    std::smatch m;
    if (!std::regex_search(dict, m, std::regex(R"('descr'\s*:\s*'([^']*)')")))
        fail(path, "the .npy header has no 'descr' (not a NumPy array file?)");
    h.dtype = m[1];
    if (!std::regex_search(dict, m, std::regex(R"('fortran_order'\s*:\s*(True|False))")))
        fail(path, "the .npy header has no 'fortran_order'");
    h.fortran = m[1] == "True";
    if (!std::regex_search(dict, m, std::regex(R"('shape'\s*:\s*\(([^)]*)\))")))
        fail(path, "the .npy header has no 'shape'");
    const std::string dims = m[1];
    const std::regex number(R"(\d+)");
    for (auto it = std::sregex_iterator(dims.begin(), dims.end(), number);
         it != std::sregex_iterator(); ++it)
        h.shape.push_back(std::stoll(it->str()));
    return h;
}

}  // namespace

std::string findNonFinite(const float* data, int64_t rows, int64_t cols) {
    const int64_t n = rows * cols;
    for (int64_t i = 0; i < n; ++i)
        if (!std::isfinite(data[i]))
            return fmt::format("row {} (0-based), column {} is {}", i / cols, i % cols,
                               std::isnan(data[i]) ? "NaN" : "infinite");
    return {};
}

FloatMatrix readNpyMatrix(const std::filesystem::path& path, bool requireFinite) {
    std::ifstream in(path, std::ios::binary);
    if (!in) fail(path, "cannot open the file (does it exist and is it readable?)");
    char magic[8];
    if (!in.read(magic, 8) || std::memcmp(magic, "\x93NUMPY", 6) != 0)
        fail(path, "not a .npy file (the NumPy magic bytes are missing)");
    const int major = static_cast<unsigned char>(magic[6]);
    uint32_t headerLen = 0;
    unsigned char len[4] = {0, 0, 0, 0};
    if (major == 1) {
        if (!in.read(reinterpret_cast<char*>(len), 2)) fail(path, "truncated .npy header");
        headerLen = len[0] | (len[1] << 8);
    } else if (major == 2 || major == 3) {
        if (!in.read(reinterpret_cast<char*>(len), 4)) fail(path, "truncated .npy header");
        headerLen = len[0] | (len[1] << 8) | (len[2] << 16) | (uint32_t(len[3]) << 24);
    } else {
        fail(path, fmt::format(".npy format version {} is not supported (1, 2 or 3)", major));
    }
    std::string dict(headerLen, '\0');
    if (!in.read(dict.data(), headerLen)) fail(path, "truncated .npy header");
    const Header h = parseHeader(path, dict);
    if (h.dtype != "<f4" && h.dtype != "=f4")
        fail(path, fmt::format("dtype '{}' is not supported: save the embeddings as float32 "
                               "(numpy: array.astype('<f4'))",
                               h.dtype));
    if (h.fortran)
        fail(path, "Fortran-ordered arrays are not supported: save with numpy.ascontiguousarray");
    if (h.shape.size() != 2)
        fail(path,
             fmt::format("expected a 2-D array [rows, dim], got {} dimension(s)", h.shape.size()));
    FloatMatrix out;
    out.rows = h.shape[0];
    out.cols = h.shape[1];
    out.data.resize(static_cast<size_t>(out.rows * out.cols));
    const auto bytes = static_cast<std::streamsize>(out.data.size() * sizeof(float));
    if (!in.read(reinterpret_cast<char*>(out.data.data()), bytes))
        fail(path, fmt::format("truncated: the header announces [{}, {}] float32 ({} bytes of "
                               "data) but the file ends after {} bytes of data",
                               out.rows, out.cols, bytes, in.gcount()));
    if (requireFinite) {
        const std::string bad = findNonFinite(out.data.data(), out.rows, out.cols);
        if (!bad.empty())
            fail(path, bad + "; re-encode or drop that row before indexing or evaluating");
    }
    return out;
}

}  // namespace isomorph::model_io
