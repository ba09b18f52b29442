#include "core/model/hf_checkpoint.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdlib.h>

#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/model_io/safetensors.h"

namespace isomorph::model {
namespace fs = std::filesystem;
using model_io::DType;
using model_io::SafetensorsFile;

namespace {

nlohmann::json readJson(const fs::path& path) {
    std::ifstream in(path);
    if (!in)
        throw CheckpointError("cannot read " + path.string() +
                              " (is this a Hugging Face model folder?)");
    std::stringstream text;
    text << in.rdbuf();
    try {
        return nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::exception& e) {
        throw CheckpointError(path.string() + " is not valid JSON: " + e.what());
    }
}

bool isHeadTensor(const std::string& name) {
    for (const char* head : {"lm_head.", "cls.", "pooler.", "classifier.", "qa_outputs."}) {
        if (name.rfind(head, 0) == 0) return true;
    }
    return name.find("position_ids") != std::string::npos;  // a buffer some versions save
}

std::string prefixFor(const EncoderConfig& c) {
    return c.family == EncoderConfig::Family::Bert ? "bert." : "roberta.";
}

std::vector<int64_t> shapeOf(const torch::Tensor& t) {
    return {t.sizes().begin(), t.sizes().end()};
}

}  // namespace

Encoder loadHuggingFaceEncoder(const fs::path& dir, ImportReport* report) {
    const fs::path configPath = dir / "config.json";
    const fs::path weightsPath = dir / "model.safetensors";
    const EncoderConfig config =
        encoderConfigFromHuggingFace(readJson(configPath), configPath.string());
    if (!fs::exists(weightsPath)) {
        std::string msg = weightsPath.string() + " not found";
        if (fs::exists(dir / "pytorch_model.bin")) {
            msg +=
                "; PyTorch pickles (pytorch_model.bin) are not read: save the model with "
                "save_pretrained(..., safe_serialization=True) to get model.safetensors";
        }
        throw CheckpointError(msg);
    }
    const SafetensorsFile file = SafetensorsFile::open(weightsPath);
    if (auto it = file.metadata().find("isomorph_format_version"); it != file.metadata().end()) {
        if (it->second.find_first_not_of("0123456789") != std::string::npos || it->second.empty() ||
            std::stoi(it->second) > kCheckpointFormatVersion) {
            throw CheckpointError(weightsPath.string() + " has isomorph_format_version '" +
                                  it->second + "'; this Isomorph reads up to " +
                                  std::to_string(kCheckpointFormatVersion) +
                                  ". Update Isomorph to load it");
        }
    }
    Encoder encoder(config);
    auto params = encoder->named_parameters(/*recurse=*/true);

    ImportReport local;
    ImportReport& r = report != nullptr ? *report : local;
    r = ImportReport{};
    for (const char* p : {"roberta.", "bert.", "xlm_roberta."}) {
        for (const auto& t : file.tensors()) {
            if (t.name.rfind(p, 0) == 0) r.prefix = p;
        }
    }
    std::vector<std::string> problems;
    std::map<std::string, bool> seen;
    torch::NoGradGuard noGrad;
    for (const auto& info : file.tensors()) {
        std::string name = info.name;
        if (!r.prefix.empty() && name.rfind(r.prefix, 0) == 0) name = name.substr(r.prefix.size());
        torch::Tensor* param = params.find(name);
        if (param == nullptr) {
            if (isHeadTensor(name) || isHeadTensor(info.name)) {
                r.skipped.push_back(info.name);
            } else {
                problems.push_back("unexpected tensor '" + info.name + "'");
            }
            continue;
        }
        seen[name] = true;
        if (shapeOf(*param) != info.shape) {
            problems.push_back("tensor '" + info.name + "' has shape " +
                               model_io::formatShape(info.shape) + ", the config needs " +
                               model_io::formatShape(shapeOf(*param)));
            continue;
        }
        if (info.dtype != DType::F32 && info.dtype != DType::F16 && info.dtype != DType::BF16) {
            problems.push_back("tensor '" + info.name + "' has dtype " +
                               std::string(model_io::dtypeName(info.dtype)) +
                               "; weights must be F32, F16 or BF16");
            continue;
        }
        std::vector<float> values = model_io::toFloat32(file, info);
        param->copy_(torch::from_blob(values.data(), param->sizes(), torch::kFloat32));
        ++r.loaded;
    }
    for (const auto& item : params) {
        if (!seen.count(item.key()))
            problems.push_back("missing tensor '" + r.prefix + item.key() + "'");
    }
    if (!problems.empty()) {
        std::string msg = weightsPath.string() + " does not match " + configPath.string() + ":";
        for (const auto& p : problems)
            msg += "\n  - " + p;
        throw CheckpointError(msg);
    }
    return encoder;
}

namespace {

fs::path makeSiblingTempDir(const fs::path& dir) {
    fs::path parent = dir.parent_path();
    if (parent.empty()) parent = ".";
    std::error_code ec;
    fs::create_directories(parent, ec);
    std::string tmpl = (parent / ("." + dir.filename().string() + ".tmp-XXXXXX")).string();
    if (::mkdtemp(tmpl.data()) == nullptr) {
        throw CheckpointError("cannot create a folder next to " + dir.string() + ": " +
                              std::strerror(errno));
    }
    return tmpl;
}

// Moves `tmp` to `dir`; an existing `dir` is moved aside first and deleted only afterwards.
void replaceDirectory(const fs::path& tmp, const fs::path& dir) {
    std::error_code ec;
    fs::path old;
    if (fs::exists(dir, ec)) {
        old = fs::path(tmp.string() + ".old");
        fs::rename(dir, old, ec);
        if (ec) throw CheckpointError("cannot replace " + dir.string() + ": " + ec.message());
    }
    fs::rename(tmp, dir, ec);
    if (ec) {
        if (!old.empty()) fs::rename(old, dir);
        throw CheckpointError("cannot move the checkpoint to " + dir.string() + ": " +
                              ec.message());
    }
    syncDirectory(dir.parent_path().empty() ? fs::path(".") : dir.parent_path());
    if (!old.empty()) fs::remove_all(old, ec);
}

}  // namespace

void saveHuggingFaceEncoder(Encoder& encoder, const fs::path& dir,
                            const std::vector<ExtraFile>& extraFiles,
                            const std::function<void(const fs::path&)>& writeMore) {
    const fs::path tmp = makeSiblingTempDir(dir);
    try {
        const std::string prefix = prefixFor(encoder->config);
        model_io::SafetensorsWriter writer;
        std::vector<torch::Tensor> keepAlive;
        for (const auto& item : encoder->named_parameters(true)) {
            torch::Tensor t = item.value().detach().to(torch::kCPU, torch::kFloat32).contiguous();
            keepAlive.push_back(t);
            writer.add(prefix + item.key(), DType::F32, shapeOf(t), t.data_ptr(),
                       t.numel() * sizeof(float));
        }
        writer.setMetadata({{"format", "pt"},
                            {"isomorph_format_version", std::to_string(kCheckpointFormatVersion)}});
        writer.write(tmp / "model.safetensors");
        writeFileAtomically(tmp / "config.json",
                            encoderConfigToHuggingFace(encoder->config).dump(2) + "\n");
        for (const auto& [name, bytes] : extraFiles)
            writeFileAtomically(tmp / name, bytes);
        if (writeMore) writeMore(tmp);
        replaceDirectory(tmp, dir);
    } catch (...) {
        std::error_code ec;
        fs::remove_all(tmp, ec);
        throw;
    }
}

}  // namespace isomorph::model
