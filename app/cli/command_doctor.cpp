// `isomorph-cli doctor`: versions, BLAS speed, threads, devices and distributed backends.

#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/cli_context.h"
#include "app/cli/common_flags.h"
#include "core/runtime/device.h"
#include "core/runtime/system_info.h"

namespace isomorph::cli {
namespace {

struct DoctorOptions {
    bool json = false;
    bool skipGemm = false;
    int gemmSize = 1024;
    int threads = 0;
    std::string device = "cpu";
};

// Problems that make the engine unusable (as opposed to slow) turn doctor's exit code to 1.
bool hasBlockingProblem(const runtime::SystemInfo& info) {
    for (const auto& c : info.components) {
        if (c.version == "not available") return true;
    }
    for (const auto& b : info.c10dBackends) {
        if (b.name == "gloo" && !b.available) return true;
    }
    return false;
}

int runDoctor(const DoctorOptions& o) {
    runtime::DeviceSpec device = runtime::parseDevice(o.device, "--device");
    runtime::requireAvailable(device, "--device");
    runtime::SystemInfoOptions options;
    options.measureGemm = !o.skipGemm;
    options.gemmSize = o.gemmSize;
    options.threads = o.threads;
    options.qtVersion = ISOMORPH_QT_VERSION;
    if (!o.json && !o.skipGemm) std::cerr << "measuring float32 GEMM speed...\n";
    runtime::SystemInfo info = runtime::collectSystemInfo(options);
    if (o.json) {
        nlohmann::json j = runtime::toJson(info);
        j["device"] = device.toString();
        std::cout << j.dump(2) << "\n";
    } else {
        std::cout << runtime::toText(info) << "\nDevice for this run: " << device.toString()
                  << "\n";
    }
    return hasBlockingProblem(info) ? kExitRuntime : kExitOk;
}

}  // namespace

void registerDoctor(CLI::App& app, Registry& registry) {
    auto opts = std::make_shared<DoctorOptions>();
    CLI::App* cmd = app.add_subcommand(
        "doctor", "Check the installation: library versions, BLAS speed, threads, devices");
    cmd->add_flag("--json", opts->json, "Print one JSON object instead of text");
    cmd->add_flag("--no-gemm", opts->skipGemm, "Skip the GEMM speed measurement (~1 s)");
    cmd->add_option("--gemm-size", opts->gemmSize, "Matrix size n of the n^3 GEMM measured")
        ->check(CLI::Range(64, 8192))
        ->capture_default_str();
    addThreadsFlag(cmd, opts->threads)->capture_default_str();
    addDeviceFlag(cmd, opts->device, "Device to check");
    cmd->footer("Exit code 1 when a required component (SentencePiece, Gloo) does not work.");
    cmd->callback([&registry, opts] { registry.run = [opts] { return runDoctor(*opts); }; });
}

}  // namespace isomorph::cli
