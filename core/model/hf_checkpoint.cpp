#include "core/model/hf_checkpoint.h"

#include <algorithm>
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
#include "core/workspace/run_layout.h"

namespace isomorph::model {
namespace fs = std::filesystem;
using model_io::DType;
using model_io::SafetensorsFile;
using workspace::CheckpointLayout;

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

/// A floating-point tensor of the file: F64 as float64 (exactly), the others as float32.
torch::Tensor readFloatTensor(const SafetensorsFile& file, const model_io::TensorInfo& info) {
    const std::vector<int64_t> shape(info.shape.begin(), info.shape.end());
    if (info.dtype == DType::F64) {
        // host: read from the file, moved by the caller
        auto t = torch::empty(shape, torch::kFloat64);
        if (t.numel() > 0) std::memcpy(t.data_ptr(), file.data(info), info.bytes);
        return t;
    }
    std::vector<float> values = model_io::toFloat32(file, info);
    return torch::from_blob(values.data(), shape, torch::kFloat32).clone();
}

std::string prefixFor(const EncoderConfig& c) {
    return c.family == EncoderConfig::Family::Bert ? "bert." : "roberta.";
}

std::vector<int64_t> shapeOf(const torch::Tensor& t) {
    return {t.sizes().begin(), t.sizes().end()};
}

}  // namespace

Encoder loadHuggingFaceEncoder(const fs::path& dir, ImportReport* report, torch::ScalarType dtype) {
    const fs::path configPath = dir / CheckpointLayout::kConfigFile;
    const fs::path weightsPath = dir / CheckpointLayout::kWeightsFile;
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
    encoder->to(dtype);
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
        if (info.dtype != DType::F32 && info.dtype != DType::F16 && info.dtype != DType::BF16 &&
            info.dtype != DType::F64) {
            problems.push_back("tensor '" + info.name + "' has dtype " +
                               std::string(model_io::dtypeName(info.dtype)) +
                               "; weights must be F32, F16, BF16 or F64");
            continue;
        }
        param->copy_(readFloatTensor(file, info));
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

TensorMap loadHeadTensors(const fs::path& dir) {
    TensorMap out;
    const fs::path weights = dir / CheckpointLayout::kWeightsFile;
    if (fs::exists(weights)) {
        const SafetensorsFile file = SafetensorsFile::open(weights);
        for (const auto& info : file.tensors()) {
            if (!isHeadTensor(info.name) || info.name.find("position_ids") != std::string::npos)
                continue;
            if (info.dtype != DType::F32 && info.dtype != DType::F16 && info.dtype != DType::BF16 &&
                info.dtype != DType::F64)
                continue;
            out.emplace(info.name, readFloatTensor(file, info));
        }
    }
    if (fs::exists(dir / CheckpointLayout::kHeadsFile))
        for (auto& [name, t] : loadTensorFile(dir / CheckpointLayout::kHeadsFile))
            out.emplace(name, t);
    return out;
}

bool copyEncoderFromHeads(Encoder& encoder, const TensorMap& heads, const std::string& prefix,
                          const std::string& origin) {
    const bool any = std::any_of(heads.begin(), heads.end(), [&](const auto& entry) {
        return entry.first.rfind(prefix, 0) == 0;
    });
    if (!any) return false;
    std::vector<std::string> problems;
    auto params = encoder->named_parameters(true);
    for (const auto& p : params) {
        auto it = heads.find(prefix + p.key());
        if (it == heads.end())
            problems.push_back("missing " + prefix + p.key());
        else if (it->second.sizes() != p.value().sizes())
            problems.push_back(prefix + p.key() + " has shape " +
                               nlohmann::json(shapeOf(it->second)).dump() + ", the model needs " +
                               nlohmann::json(shapeOf(p.value())).dump());
    }
    if (!problems.empty()) {
        std::string text;
        for (const auto& p : problems)
            text += "\n  " + p;
        throw CheckpointError(origin + ": the separate query encoder (" + prefix +
                              "*) does not fit the model's architecture:" + text);
    }
    torch::NoGradGuard noGrad;
    for (auto& p : params)
        p.value().copy_(heads.at(prefix + p.key()));
    return true;
}

Encoder loadQueryEncoder(const fs::path& dir, torch::ScalarType dtype) {
    if (!fs::exists(dir / CheckpointLayout::kHeadsFile)) return nullptr;
    const TensorMap heads = loadTensorFile(dir / CheckpointLayout::kHeadsFile);
    const bool any = std::any_of(heads.begin(), heads.end(), [](const auto& entry) {
        return entry.first.rfind(kQueryEncoderPrefix, 0) == 0;
    });
    if (!any) return nullptr;
    Encoder encoder = loadHuggingFaceEncoder(dir, nullptr, dtype);
    copyEncoderFromHeads(encoder, heads, kQueryEncoderPrefix,
                         (dir / CheckpointLayout::kHeadsFile).string());
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
            // float64 models (fp64 runs) keep their precision, so resuming them is exact.
            const bool f64 = item.value().scalar_type() == torch::kFloat64;
            torch::Tensor t = item.value()
                                  .detach()
                                  .to(torch::kCPU, f64 ? torch::kFloat64 : torch::kFloat32)
                                  .contiguous();
            keepAlive.push_back(t);
            writer.add(prefix + item.key(), f64 ? DType::F64 : DType::F32, shapeOf(t), t.data_ptr(),
                       t.numel() * t.element_size());
        }
        writer.setMetadata({{"format", "pt"},
                            {"isomorph_format_version", std::to_string(kCheckpointFormatVersion)}});
        writer.write(tmp / CheckpointLayout::kWeightsFile);
        writeFileAtomically(tmp / CheckpointLayout::kConfigFile,
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
