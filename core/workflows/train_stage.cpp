#include "core/workflows/train_stage.h"

#include <chrono>
#include <system_error>

#include <fmt/format.h>

namespace isomorph::workflows {

StageRecord trainStage(const StageRequest& request, const train::Deadline& deadline,
                       Feedback* feedback) {
    const auto started = std::chrono::steady_clock::now();
    Feedback none;
    Feedback steps(feedback ? *feedback : none, [&request](const Progress& p) {
        if (request.label.empty()) return p;
        const std::string step =
            request.showTotal ? fmt::format("{}/{}", p.done, p.total) : fmt::format("{}", p.done);
        return Progress{fmt::format("{}: step {}  {}", request.label, step, p.detail), p.done,
                        request.showTotal ? p.total : 0};
    });
    train::TrainRequest train;
    train.config = request.config;
    train.runDir = request.runDir;
    train.resume = request.resume;
    train.deadline = deadline;
    train.feedback = &steps;
    train.evaluateAtStop = request.evaluateAtStop;
    train.finalEvaluation = request.finalEvaluation;
    train.initialEvaluationCache = request.initialEvaluationCache;
    StageRecord record;
    record.label = request.label;
    record.runDir = request.runDir;
    try {
        record.result = train::runTraining(train);
    } catch (...) {
        std::error_code ec;
        std::filesystem::remove(request.runDir, ec);  // only when empty: failed before writing
        throw;
    }
    record.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return record;
}

}  // namespace isomorph::workflows
