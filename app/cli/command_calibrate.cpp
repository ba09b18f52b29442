// `isomorph-cli calibrate fit|apply`: cross-lingual calibration (CCP section 3.2): per-language
// shift and scale, and a rotation onto a pivot language learned from monolingual samples alone
// (unsupervised CSLS refinement, the paper's method and the default) or from parallel pairs
// (supervised). The fit itself is eval::fitCalibration; this file parses flags and prints.

#include <chrono>
#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "app/cli/cli_context.h"
#include "app/cli/common_flags.h"
#include "app/cli/encoder_flags.h"
#include "app/cli/progress_line.h"
#include "core/align/calibration.h"
#include "core/common/errors.h"
#include "core/common/language.h"
#include "core/eval/calibration_fit.h"
#include "core/model/npy_writer.h"
#include "core/model_io/npy_reader.h"
#include "core/workspace/run_layout.h"
#include "core/workspace/workspace.h"

namespace isomorph::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct FitCliOptions {
    std::string model, out, pivot = "en", method = "unsupervised", steps = "rotation", workspace,
                            corpus = "man-demo", report;
    EncoderFlags enc;
    std::vector<std::string> mono, pairs, langs;
    int64_t sample = 2000, minRotationPairs = 50, maxRotationPairs = 0;
    int maxIterations = 10;
    bool json = false;
};

align::CalibrationStep parseStep(const std::string& text) {
    for (auto step : {align::CalibrationStep::None, align::CalibrationStep::Shift,
                      align::CalibrationStep::Scale, align::CalibrationStep::Rotation})
        if (text == align::calibrationStepName(step)) return step;
    throw ConfigError(
        fmt::format("--steps: unknown step '{}' (none, shift, scale or rotation; "
                    "each includes the ones before it)",
                    text));
}

align::RotationMethod parseMethod(const std::string& text) {
    for (auto method : {align::RotationMethod::Supervised, align::RotationMethod::Unsupervised})
        if (text == align::rotationMethodName(method)) return method;
    throw ConfigError(fmt::format("--method: '{}' is not supervised or unsupervised", text));
}

/// "xx=PATH" -> (xx, PATH).
std::pair<std::string, std::string> splitLangPath(const std::string& arg, const char* flag) {
    const auto eq = arg.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == arg.size())
        throw ConfigError(
            fmt::format("{} {}: expected LANG=FILE (e.g. de=de-sample.txt)", flag, arg));
    const std::string lang = arg.substr(0, eq);
    requireLanguageCode(lang, flag);
    return {lang, arg.substr(eq + 1)};
}

eval::CalibrationFitOptions fitOptions(const FitCliOptions& o) {
    eval::CalibrationFitOptions f;
    f.checkpoint = o.model;
    f.encode = o.enc.options();
    f.output = o.out;
    f.pivot = o.pivot;
    f.method = parseMethod(o.method);
    f.steps = parseStep(o.steps);
    if (!o.workspace.empty()) {
        if (!o.mono.empty() || !o.pairs.empty())
            throw ConfigError(
                "--workspace takes samples and pairs from the corpus: drop --mono "
                "and --pairs, or drop --workspace");
        if (o.pivot != "en")
            throw ConfigError(
                "--workspace: the demo corpus pairs every language with English; use --pivot en");
        f.corpus = workspace::WorkspaceLayout{o.workspace}.corpus(o.corpus);
        f.languages = o.langs;
    }
    for (const auto& arg : o.mono) {
        const auto [lang, file] = splitLangPath(arg, "--mono");
        f.monoFiles[lang] = file;
    }
    for (const auto& arg : o.pairs) {
        const auto [lang, file] = splitLangPath(arg, "--pairs");
        f.pairFiles[lang] = file;
    }
    if (o.workspace.empty() && f.monoFiles.size() < 2)
        throw ConfigError(
            "calibrate fit: give monolingual samples of at least two languages (--mono xx=FILE, "
            "or --workspace WS)");
    if (o.workspace.empty() && !f.monoFiles.count(o.pivot))
        throw ConfigError(
            fmt::format("no monolingual sample of the pivot language '{}': add --mono {}=FILE",
                        o.pivot, o.pivot));
    if (f.method == align::RotationMethod::Supervised &&
        f.steps == align::CalibrationStep::Rotation && o.workspace.empty() && o.pairs.empty())
        throw ConfigError(
            "--method supervised needs parallel pairs (--pairs xx=FILE.tsv, or --workspace); use "
            "--method unsupervised without them");
    f.reportPairs = o.report;
    f.sample = o.sample;
    f.refinement.maxIterations = o.maxIterations;
    f.minRotationPairs = o.minRotationPairs;
    f.maxRotationPairs = o.maxRotationPairs;
    return f;
}

/// The rotated side of a report row: the language that is not the pivot.
const align::LanguageCalibration& rotationOf(const align::Calibration& cal,
                                             const align::CalibrationReportRow& r) {
    return cal.at(r.sourceLanguage == cal.pivot ? r.targetLanguage : r.sourceLanguage);
}

std::string stepLabel(const align::Calibration& cal, const align::CalibrationReportRow& r) {
    if (r.step == align::CalibrationStep::None) return "none";
    std::string label = std::string("+") + align::calibrationStepName(r.step);
    if (r.step == align::CalibrationStep::Rotation)
        label += fmt::format(" ({})", align::rotationMethodName(rotationOf(cal, r).method));
    return label;
}

/// One line per language: how its rotation was fitted.
void printRotations(const align::Calibration& cal) {
    std::cout << fmt::format("rotation onto {}:\n", cal.pivot);
    for (const auto& [lang, e] : cal.languages) {
        if (lang == cal.pivot) continue;
        std::string detail;
        if (e.method == align::RotationMethod::Supervised)
            detail = fmt::format("Procrustes on {} parallel pairs", e.pairs);
        else if (e.method == align::RotationMethod::Unsupervised)
            detail = fmt::format("CSLS refinement, {} iterations, kept map's dictionary {} pairs",
                                 e.refinement.empty() ? 0 : e.refinement.back().iteration, e.pairs);
        else
            detail = "not fitted";
        std::cout << fmt::format("  {:<10} {:<13} {}\n", lang, align::rotationMethodName(e.method),
                                 detail);
    }
}

void printReport(const eval::CalibrationFitReport& r) {
    if (r.calibration.steps == align::CalibrationStep::Rotation) printRotations(r.calibration);
    if (r.rows.empty()) return;
    std::cout << fmt::format("{:<12} {:<26} {:>9} {:>9}\n", "pair", "step", "cosine", "CSLS");
    for (const auto& row : r.rows)
        std::cout << fmt::format(
            "{:<12} {:<26} {:>8.2f}% {:>8.2f}%\n", row.sourceLanguage + "-" + row.targetLanguage,
            stepLabel(r.calibration, row), 100 * row.cosineAccuracy, 100 * row.cslsAccuracy);
    std::cout << fmt::format("mean over {} language pairs:\n", r.means.front().languagePairs);
    for (const auto& m : r.means)
        std::cout << fmt::format("  {:<10} {:>8.2f}% {:>8.2f}%\n",
                                 align::calibrationStepName(m.step), 100 * m.cosineAccuracy,
                                 100 * m.cslsAccuracy);
}

json reportJson(const eval::CalibrationFitReport& r, const FitCliOptions& o) {
    const align::Calibration& cal = r.calibration;
    json languages = json::object();
    for (const auto& [lang, e] : cal.languages) {
        languages[lang] = {{"method", align::rotationMethodName(e.method)},
                           {"pairs", e.pairs},
                           {"samples", e.samples}};
        if (!e.refinement.empty()) languages[lang]["iterations"] = e.refinement.back().iteration;
    }
    json out = {{"calibration", o.out},
                {"pivot", cal.pivot},
                {"steps", align::calibrationStepName(cal.steps)},
                {"method", o.method},
                {"languages", languages},
                {"notes", r.notes},
                {"seconds", r.seconds},
                {"report", json::array()},
                {"mean", json::array()}};
    for (const auto& row : r.rows)
        out["report"].push_back(
            {{"pair", row.sourceLanguage + "-" + row.targetLanguage},
             {"step", align::calibrationStepName(row.step)},
             {"rotation", align::rotationMethodName(rotationOf(cal, row).method)},
             {"cosine", row.cosineAccuracy},
             {"csls", row.cslsAccuracy}});
    for (const auto& m : r.means)
        out["mean"].push_back({{"step", align::calibrationStepName(m.step)},
                               {"cosine", m.cosineAccuracy},
                               {"csls", m.cslsAccuracy},
                               {"pairs", m.languagePairs}});
    return out;
}

int runFit(const FitCliOptions& o) {
    const eval::CalibrationFitOptions options = fitOptions(o);
    // Every phase of every language prints its start, also into logs (not a terminal), and
    // then a line at least every 2 s: a fit runs minutes through many short phases.
    ProgressLine progress(std::chrono::seconds(2));
    std::string phase;
    Feedback feedback([&](const Progress& p) {
        const bool started = p.stage != phase;
        phase = p.stage;
        progress.update(fmt::format("calibrate: {} {}/{}{}", phase, p.done, p.total,
                                    p.detail.empty() ? "" : ": " + p.detail),
                        started);
        return !stopRequested();
    });
    const auto report = eval::fitCalibration(options, &feedback);
    progress.finish(fmt::format(
        "calibrate: {} languages, pivot {}, steps up to {}, rotation {} -> {} in {:.1f} s",
        report.calibration.languages.size(), report.calibration.pivot,
        align::calibrationStepName(report.calibration.steps), o.method, o.out, report.seconds));
    for (const auto& note : report.notes)
        std::cerr << "note: " << note << "\n";
    if (!report.belowMinimum.empty())
        std::cerr << fmt::format(
            "note: minRotationPairs is --min-rotation-pairs (now {}); lower it to fit the "
            "rotation of {} anyway\n",
            o.minRotationPairs, fmt::join(report.belowMinimum, ", "));
    // A fit on a demo corpus is also kept with the checkpoint, where the Embeddings view finds
    // it (same corpus, pooling and truncation) instead of fitting again.
    std::string kept;
    if (!options.corpus.empty() && options.steps == align::CalibrationStep::Rotation) try {
            kept = eval::saveFit(workspace::resolveCheckpoint(options.checkpoint), options, report)
                       .string();
            std::cerr << fmt::format("calibrate: kept for the Embeddings view ({} pooling) at {}\n",
                                     options.encode.pooling.toString(), kept);
        } catch (const std::exception& e) {
            std::cerr << "note: the fit was not kept for the Embeddings view: " << e.what() << "\n";
        }
    if (o.json) {
        json out = reportJson(report, o);
        out["kept_for_view"] = kept;
        std::cout << out.dump(2) << "\n";
    } else {
        printReport(report);
    }
    return kExitOk;
}

struct ApplyCliOptions {
    std::string calibration, input, output, lang, steps;
};

int runApply(const ApplyCliOptions& o) {
    const auto cal = align::loadCalibration(o.calibration);
    FloatMatrix x = model_io::readNpyMatrix(o.input);
    const auto step = o.steps.empty() ? cal.steps : parseStep(o.steps);
    align::applyCalibration(cal, o.lang, step, x);
    model::NpyWriter writer(o.output, x.cols);
    writer.append(x.data.data(), x.rows);
    writer.finish();
    std::cout << fmt::format("calibrated {} x {} {} vectors (up to {}) -> {}\n", x.rows, x.cols,
                             o.lang, align::calibrationStepName(std::min(step, cal.steps)),
                             o.output);
    return kExitOk;
}

}  // namespace

void registerCalibrate(CLI::App& app, Registry& registry) {
    CLI::App* cmd =
        app.add_subcommand("calibrate", "Cross-lingual calibration (shift, scale, rotation)");
    cmd->require_subcommand(1);

    auto f = std::make_shared<FitCliOptions>();
    CLI::App* fit = cmd->add_subcommand("fit", "Fit a calibration and report its effect on bitext");
    addModelFlag(fit, f->model)->required();
    fit->add_option("--out", f->out, "Calibration file to write (.safetensors)")->required();
    fit->add_option("--pivot", f->pivot, "Language every other one is rotated onto")
        ->capture_default_str();
    fit->add_option("--method", f->method,
                    "Rotation: unsupervised (CSLS refinement on the samples, as in CCP) or "
                    "supervised (Procrustes on --pairs)")
        ->capture_default_str();
    fit->add_option("--min-rotation-pairs", f->minRotationPairs,
                    "Fit a language's rotation only from at least this many pairs (supervised) "
                    "or sample rows (unsupervised); fewer keep the identity")
        ->check(CLI::Range(int64_t(1), int64_t(1) << 40))
        ->capture_default_str();
    fit->add_option("--max-rotation-pairs", f->maxRotationPairs,
                    "Supervised: encode at most N pairs per language, spread over its pairs "
                    "(0 = all)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    fit->add_option("--steps", f->steps, "Last step: none, shift, scale or rotation")
        ->capture_default_str();
    fit->add_option("--mono", f->mono,
                    "LANG=FILE monolingual sample (one sentence per line); repeatable");
    fit->add_option("--pairs", f->pairs,
                    "LANG=FILE.tsv pairs LANG<TAB>pivot for supervised rotation");
    addWorkspaceFlag(fit, f->workspace,
                     "Take samples and pairs from the workspace corpus's train split");
    fit->add_option("--corpus", f->corpus, "Workspace corpus name")->capture_default_str();
    fit->add_option("--lang", f->langs, "Workspace mode: only these languages");
    fit->add_option("--sample", f->sample, "Sentences per language for the statistics")
        ->check(CLI::Range(2, 10000000))
        ->capture_default_str();
    fit->add_option("--max-iterations", f->maxIterations, "Unsupervised refinement iterations")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    fit->add_option("--report", f->report,
                    "Held-out pairs (xx-yy.tsv, folder, Tatoeba prefix) for the none/shift/scale/"
                    "rotation table (workspace mode: the test split)");
    f->enc.addTo(fit);
    fit->add_flag("--json", f->json, "Print one JSON object");
    fit->callback([&registry, f] { registry.run = [f] { return runFit(*f); }; });

    auto a = std::make_shared<ApplyCliOptions>();
    CLI::App* apply = cmd->add_subcommand("apply", "Calibrate a .npy of one language's vectors");
    apply->add_option("--calibration", a->calibration, "File from `calibrate fit`")->required();
    apply->add_option("--input", a->input, ".npy [N, d] float32")->required();
    apply->add_option("--lang", a->lang, "Language of the rows")->required();
    apply->add_option("--output", a->output, "Calibrated .npy to write")->required();
    apply->add_option("--steps", a->steps, "Apply only up to: none, shift, scale or rotation");
    apply->callback([&registry, a] { registry.run = [a] { return runApply(*a); }; });
}

}  // namespace isomorph::cli
