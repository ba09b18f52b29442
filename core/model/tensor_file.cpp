#include "core/model/tensor_file.h"

#include <cstring>

#include "core/common/errors.h"
#include "core/model_io/safetensors.h"

namespace isomorph::model {

using model_io::DType;

void saveTensorFile(const TensorMap& tensors, const std::filesystem::path& path) {
    model_io::SafetensorsWriter writer;
    std::vector<torch::Tensor> keepAlive;
    for (const auto& [name, tensor] : tensors) {
        torch::Tensor t = tensor.detach().cpu().contiguous();
        DType dtype;
        switch (t.scalar_type()) {
            case torch::kFloat32:
                dtype = DType::F32;
                break;
            case torch::kFloat64:
                dtype = DType::F64;
                break;
            case torch::kInt64:
                dtype = DType::I64;
                break;
            case torch::kUInt8:
                dtype = DType::U8;
                break;
            default:
                throw std::logic_error("saveTensorFile: unsupported dtype of '" + name + "'");
        }
        keepAlive.push_back(t);
        writer.add(name, dtype, t.sizes().vec(), t.data_ptr(), t.numel() * t.element_size());
    }
    writer.write(path);
}

TensorMap loadTensorFile(const std::filesystem::path& path) {
    auto file = model_io::SafetensorsFile::open(path);
    TensorMap out;
    for (const auto& info : file.tensors()) {
        torch::ScalarType type;
        switch (info.dtype) {
            case DType::F32:
                type = torch::kFloat32;
                break;
            case DType::F64:
                type = torch::kFloat64;
                break;
            case DType::I64:
                type = torch::kInt64;
                break;
            case DType::U8:
                type = torch::kUInt8;
                break;
            default:
                throw CheckpointError(path.string() + ": tensor '" + info.name + "' has dtype " +
                                      std::string(model_io::dtypeName(info.dtype)) +
                                      "; expected F32, F64, I64 or U8");
        }
        std::vector<int64_t> shape(info.shape.begin(), info.shape.end());
        // host: read from the file, moved by the caller
        torch::Tensor t = torch::empty(shape, type);
        if (t.numel() > 0) std::memcpy(t.data_ptr(), file.data(info), t.numel() * t.element_size());
        out.emplace(info.name, t);
    }
    return out;
}

}  // namespace isomorph::model
