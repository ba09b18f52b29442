#include "core/model_io/npy_sidecar.h"

#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"

namespace isomorph::model_io {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path npySidecarPath(const fs::path& npy) {
    return fs::path(npy.string() + ".json");
}

void writeNpySidecar(const fs::path& npy, const NpySidecar& s) {
    const json j = {{"model", s.model},
                    {"input", s.input},
                    {"rows", s.rows},
                    {"dim", s.dim},
                    {"pooling", s.pooling},
                    {"normalized", s.normalized},
                    {"lang", s.language.empty() ? json(nullptr) : json(s.language)},
                    {"truncated", s.truncated},
                    {"empty", s.empty}};
    writeFileAtomically(npySidecarPath(npy), j.dump(2) + "\n");
}

std::optional<NpySidecar> readNpySidecar(const fs::path& npy) {
    const fs::path path = npySidecarPath(npy);
    if (!fs::exists(path)) return std::nullopt;
    std::ifstream in(path);
    if (!in) throw DataError(fmt::format("{}: cannot read the sidecar", path.string()));
    try {
        const json j = json::parse(in);
        if (!j.is_object()) throw DataError(fmt::format("{}: not a JSON object", path.string()));
        NpySidecar s;
        s.model = j.value("model", s.model);
        s.input = j.value("input", s.input);
        s.rows = j.value("rows", s.rows);
        s.dim = j.value("dim", s.dim);
        s.pooling = j.value("pooling", s.pooling);
        s.normalized = j.value("normalized", s.normalized);
        if (j.contains("lang") && !j.at("lang").is_null()) s.language = j.at("lang");
        s.truncated = j.value("truncated", s.truncated);
        s.empty = j.value("empty", s.empty);
        return s;
    } catch (const json::exception& e) {
        throw DataError(
            fmt::format("{}: unreadable sidecar ({}); delete it or write it again "
                        "with `isomorph-cli encode`",
                        path.string(), e.what()));
    }
}

}  // namespace isomorph::model_io
