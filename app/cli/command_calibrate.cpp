// `isomorph-cli calibrate fit|apply`: cross-lingual calibration (CCP section 3.2): per-language
// shift and scale, and a rotation onto a pivot language learned from parallel pairs (supervised)
// or from monolingual samples alone (unsupervised CSLS refinement).

#include <array>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/cli/cli_context.h"
#include "app/cli/progress_line.h"
#include "core/align/calibration.h"
#include "core/common/errors.h"
#include "core/data/language.h"
#include "core/data/readers/text_input.h"
#include "core/eval/eval_tasks.h"
#include "core/model/npy_writer.h"
#include "core/model_io/checkpoint_path.h"
#include "core/model_io/npy_reader.h"

namespace isomorph::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct FitCliOptions {
    std::string model, out, pivot = "en", method = "supervised", steps = "rotation", workspace,
                            corpus = "man-demo", pooling = "cls", device = "cpu", report;
    std::vector<std::string> mono, pairs, langs;
    int64_t sample = 2000, maxTokens = 0;
    int threads = 0, maxIterations = 10;
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

/// "xx=PATH" -> (xx, PATH).
std::pair<std::string, std::string> splitLangPath(const std::string& arg, const char* flag) {
    const auto eq = arg.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == arg.size())
        throw ConfigError(
            fmt::format("{} {}: expected LANG=FILE (e.g. de=de-sample.txt)", flag, arg));
    const std::string lang = arg.substr(0, eq);
    data::requireLanguageCode(lang, flag);
    return {lang, arg.substr(eq + 1)};
}

std::vector<std::string> readSentences(const std::string& file, size_t limit) {
    data::LineReader lines(file);
    std::vector<std::string> out;
    std::string_view line;
    while (out.size() < limit && lines.next(line))
        if (line.find_first_not_of(" \t") != std::string_view::npos) out.emplace_back(line);
    if (out.size() < 2)
        throw DataError(
            fmt::format("{}: needs at least 2 non-empty sentences for the language's "
                        "statistics, found {}",
                        file, out.size()));
    return out;
}

/// Monolingual samples and (for supervised rotation) parallel pairs, per language.
struct FitData {
    std::map<std::string, std::vector<std::string>> mono;
    std::map<std::string, eval::BitextSet> pairs;  // language -> pairs with the pivot
};

FitData collectData(const FitCliOptions& o) {
    FitData d;
    if (!o.workspace.empty()) {
        const fs::path corpus = fs::path(o.workspace) / "corpora" / o.corpus;
        auto langs = o.langs.empty() ? eval::demoLanguages(corpus, "train") : o.langs;
        if (langs.empty())
            throw DataError(
                fmt::format("{}: no documents in docs/train; run `isomorph-cli demo "
                            "prepare` first",
                            corpus.string()));
        if (o.pivot != "en")
            throw ConfigError(
                "--workspace: the demo corpus pairs every language with English; "
                "use --pivot en");
        for (const auto& lang : langs) {
            auto sentences =
                eval::demoSentences(corpus, lang, "train", static_cast<size_t>(o.sample));
            if (sentences.size() < 2) continue;
            d.mono[lang] = std::move(sentences);
            if (lang != o.pivot) {
                auto pairs = eval::demoPairs(corpus, lang, "train");
                if (!pairs.src.empty()) d.pairs[lang] = std::move(pairs);
            }
        }
        if (!d.mono.count(o.pivot))
            d.mono[o.pivot] =
                eval::demoSentences(corpus, o.pivot, "train", static_cast<size_t>(o.sample));
    } else {
        for (const auto& arg : o.mono) {
            const auto [lang, file] = splitLangPath(arg, "--mono");
            d.mono[lang] = readSentences(file, static_cast<size_t>(o.sample));
        }
        for (const auto& arg : o.pairs) {
            const auto [lang, file] = splitLangPath(arg, "--pairs");
            d.pairs[lang] = eval::loadBitextSets(file, lang, o.pivot, 0).front();
        }
    }
    if (!d.mono.count(o.pivot))
        throw ConfigError(
            fmt::format("no monolingual sample of the pivot language '{}': add "
                        "--mono {}=FILE",
                        o.pivot, o.pivot));
    if (d.mono.size() < 2)
        throw ConfigError(
            "calibrate fit: give monolingual samples of at least two languages "
            "(--mono xx=FILE, or --workspace WS)");
    return d;
}

void printReport(const std::vector<align::CalibrationReportRow>& rows) {
    std::cout << fmt::format("{:<12} {:<10} {:>9} {:>9}\n", "pair", "step", "cosine", "CSLS");
    for (const auto& r : rows)
        std::cout << fmt::format("{:<12} {:<10} {:>8.2f}% {:>8.2f}%\n",
                                 r.sourceLanguage + "-" + r.targetLanguage,
                                 r.step == align::CalibrationStep::None
                                     ? std::string("none")
                                     : std::string("+") + align::calibrationStepName(r.step),
                                 100 * r.cosineAccuracy, 100 * r.cslsAccuracy);
}

int runFit(const FitCliOptions& o) {
    if (o.method != "supervised" && o.method != "unsupervised")
        throw ConfigError(
            fmt::format("--method: '{}' is not supervised or unsupervised", o.method));
    align::CalibrationOptions options;
    options.steps = parseStep(o.steps);
    const FitData d = collectData(o);
    if (o.method == "supervised" && options.steps == align::CalibrationStep::Rotation &&
        d.pairs.empty())
        throw ConfigError(
            "--method supervised needs parallel pairs (--pairs xx=FILE.tsv, or "
            "--workspace); use --method unsupervised without them");

    model::EncodeOptions eo;
    eo.pooling = model::Pooling::parse(o.pooling, "--pooling");
    eo.maxTokens = o.maxTokens;
    eo.device = runtime::parseDevice(o.device, "--device");
    eo.threads = o.threads;
    auto encoder = model::EncodingService::open(model_io::resolveCheckpoint(o.model), eo);

    ProgressLine progress;
    std::map<std::string, FloatMatrix> samples;
    for (const auto& [lang, sentences] : d.mono) {
        progress.update(
            fmt::format("calibrate: encoding {} sentences of {}", sentences.size(), lang));
        samples[lang] = eval::encodeTexts(*encoder, sentences);
    }
    align::Calibration cal = align::fitCalibrationStatistics(samples, o.pivot, options);
    json fitLog = json::object();
    if (options.steps == align::CalibrationStep::Rotation) {
        for (const auto& [lang, sample] : samples) {
            if (lang == o.pivot) continue;
            if (o.method == "supervised") {
                const auto it = d.pairs.find(lang);
                if (it == d.pairs.end()) {
                    std::cerr << fmt::format("note: no pairs for {}: its rotation stays identity\n",
                                             lang);
                    continue;
                }
                progress.update(fmt::format("calibrate: Procrustes {} -> {} on {} pairs", lang,
                                            o.pivot, it->second.src.size()));
                align::fitSupervisedRotation(cal, lang, eval::encodeTexts(*encoder, it->second.src),
                                             eval::encodeTexts(*encoder, it->second.tgt));
            } else {
                align::RefinementOptions ro;
                ro.maxIterations = o.maxIterations;
                align::fitUnsupervisedRotation(
                    cal, lang, sample, samples.at(o.pivot), ro,
                    [&](const align::RefinementIteration& it) {
                        progress.update(fmt::format(
                            "calibrate: {} -> {} refinement {}: dictionary {}, mean CSLS {:.4f}",
                            lang, o.pivot, it.iteration, it.dictionarySize, it.meanCsls));
                        return !stopRequested();
                    });
            }
            const auto& lc = cal.at(lang);
            fitLog[lang] = {{"method", align::rotationMethodName(lc.method)}, {"pairs", lc.pairs}};
        }
    }
    align::saveCalibration(cal, o.out);
    progress.finish(fmt::format(
        "calibrate: {} languages, pivot {}, steps up to {}, rotation {} -> {}",
        cal.languages.size(), cal.pivot, align::calibrationStepName(cal.steps), o.method, o.out));

    // The effect of each step on held-out bitext (CCP Table 1).
    std::vector<align::HeldOutPairs> heldOut;
    if (!o.report.empty()) {
        for (auto& set : eval::loadBitextSets(o.report, "", "", 0))
            heldOut.push_back({set.srcLang, set.tgtLang, eval::encodeTexts(*encoder, set.src),
                               eval::encodeTexts(*encoder, set.tgt)});
    } else if (!o.workspace.empty()) {
        const fs::path corpus = fs::path(o.workspace) / "corpora" / o.corpus;
        for (const auto& [lang, sample] : samples) {
            if (lang == o.pivot) continue;
            auto set = eval::demoPairs(corpus, lang, "test");
            if (set.src.size() >= 2)
                heldOut.push_back({lang, o.pivot, eval::encodeTexts(*encoder, set.src),
                                   eval::encodeTexts(*encoder, set.tgt)});
        }
    }
    std::vector<align::CalibrationReportRow> rows;
    for (auto& h : heldOut) {
        if (!cal.languages.count(h.sourceLanguage) || !cal.languages.count(h.targetLanguage)) {
            std::cerr << fmt::format("note: report skips {}-{} (not calibrated)\n",
                                     h.sourceLanguage, h.targetLanguage);
            continue;
        }
        auto part = align::calibrationReport(cal, {h});
        rows.insert(rows.end(), part.begin(), part.end());
    }
    // Unweighted mean over language pairs per step, the line papers report.
    std::map<int, std::array<double, 3>> mean;  // step -> cosine sum, csls sum, count
    for (const auto& r : rows) {
        auto& m = mean[static_cast<int>(r.step)];
        m[0] += r.cosineAccuracy;
        m[1] += r.cslsAccuracy;
        m[2] += 1;
    }
    if (o.json) {
        json out = {{"calibration", o.out},
                    {"pivot", cal.pivot},
                    {"steps", align::calibrationStepName(cal.steps)},
                    {"method", o.method},
                    {"languages", fitLog},
                    {"report", json::array()},
                    {"mean", json::array()}};
        for (const auto& r : rows)
            out["report"].push_back({{"pair", r.sourceLanguage + "-" + r.targetLanguage},
                                     {"step", align::calibrationStepName(r.step)},
                                     {"cosine", r.cosineAccuracy},
                                     {"csls", r.cslsAccuracy}});
        for (const auto& [step, m] : mean)
            out["mean"].push_back(
                {{"step", align::calibrationStepName(static_cast<align::CalibrationStep>(step))},
                 {"cosine", m[0] / m[2]},
                 {"csls", m[1] / m[2]},
                 {"pairs", m[2]}});
        std::cout << out.dump(2) << "\n";
    } else if (!rows.empty()) {
        printReport(rows);
        std::cout << fmt::format("mean over {} language pairs:\n",
                                 static_cast<int>(mean.begin()->second[2]));
        for (const auto& [step, m] : mean)
            std::cout << fmt::format(
                "  {:<10} {:>8.2f}% {:>8.2f}%\n",
                align::calibrationStepName(static_cast<align::CalibrationStep>(step)),
                100 * m[0] / m[2], 100 * m[1] / m[2]);
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
    fit->add_option("--model", f->model, "Checkpoint folder, run folder or checkpoints/best")
        ->required();
    fit->add_option("--out", f->out, "Calibration file to write (.safetensors)")->required();
    fit->add_option("--pivot", f->pivot, "Language every other one is rotated onto")
        ->capture_default_str();
    fit->add_option("--method", f->method,
                    "Rotation: supervised (Procrustes on pairs) or unsupervised")
        ->capture_default_str();
    fit->add_option("--steps", f->steps, "Last step: none, shift, scale or rotation")
        ->capture_default_str();
    fit->add_option("--mono", f->mono,
                    "LANG=FILE monolingual sample (one sentence per line); repeatable");
    fit->add_option("--pairs", f->pairs,
                    "LANG=FILE.tsv pairs LANG<TAB>pivot for supervised rotation");
    fit->add_option("--workspace", f->workspace,
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
    fit->add_option("--pooling", f->pooling, "cls, mean or layer:K")->capture_default_str();
    fit->add_option("--max-tokens", f->maxTokens, "Truncate inputs (0 = model maximum)");
    fit->add_option("--device", f->device, "cpu, cuda or cuda:N")->capture_default_str();
    fit->add_option("--threads", f->threads, "Encoder threads (0 = all cores)");
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
