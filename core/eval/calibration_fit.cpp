#include "core/eval/calibration_fit.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <limits>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/align/bitext_metrics.h"
#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/common/utc_time.h"
#include "core/data/readers/text_input.h"
#include "core/eval/eval_tasks.h"
#include "core/index/vector_index.h"
#include "core/workspace/run_layout.h"

namespace isomorph::eval {
namespace {

namespace fs = std::filesystem;

/// Sentences encoded per call, so that progress (and cancel) come every few seconds even on a
/// slow CPU; large enough that length-sorted batches stay full.
constexpr size_t kEncodeChunk = 512;

/// Monolingual samples and (for the supervised rotation) parallel pairs, per language.
struct FitData {
    std::map<std::string, std::vector<std::string>> mono;
    std::map<std::string, BitextSet> pairs;  // language -> pairs with the pivot
};

class Reporter {
  public:
    explicit Reporter(const ProgressFn& callback) : callback_(callback) {}

    /// Reports stage "PHASE LANGUAGE".
    void operator()(const std::string& phase, const std::string& language, int64_t done,
                    int64_t total, std::string detail = {}) const {
        if (callback_ &&
            !callback_(Progress{phase + " " + language, done, total, std::move(detail)}))
            throw Cancelled(
                fmt::format("calibration fit cancelled during {} of {}", phase, language));
    }

  private:
    const ProgressFn& callback_;
};

std::vector<std::string> readSentences(const fs::path& file, size_t limit) {
    data::LineReader lines(file);
    std::vector<std::string> out;
    std::string_view line;
    while (out.size() < limit && lines.next(line))
        if (line.find_first_not_of(" \t") != std::string_view::npos) out.emplace_back(line);
    if (out.size() < 2)
        throw DataError(
            fmt::format("{}: needs at least 2 non-empty sentences for the language's "
                        "statistics, found {}",
                        file.string(), out.size()));
    return out;
}

void collectCorpus(const CalibrationFitOptions& o, FitData& d) {
    const auto limit = static_cast<size_t>(o.sample);
    const auto langs = o.languages.empty() ? demoLanguages(o.corpus, "train") : o.languages;
    if (langs.empty())
        throw DataError(fmt::format("{}: no documents in docs/train; prepare the demo corpus first",
                                    o.corpus.string()));
    if (o.pivot != "en")
        throw ConfigError(
            fmt::format("pivot = {}: the demo corpus pairs every language with English; "
                        "use pivot = en",
                        o.pivot));
    for (const auto& lang : langs) {
        auto sentences = demoSentences(o.corpus, lang, "train", limit);
        if (sentences.size() < 2) continue;
        d.mono[lang] = std::move(sentences);
        if (lang == o.pivot) continue;
        auto pairs = demoPairs(o.corpus, lang, "train");
        if (!pairs.src.empty()) d.pairs[lang] = std::move(pairs);
    }
    if (!d.mono.count(o.pivot)) d.mono[o.pivot] = demoSentences(o.corpus, o.pivot, "train", limit);
}

/// Every k-th pair so that at most `limit` remain, spread over the set (0 = all).
void thinPairs(BitextSet& set, int64_t limit) {
    const auto n = static_cast<int64_t>(set.src.size());
    if (limit <= 0 || n <= limit) return;
    BitextSet kept;
    for (int64_t i = 0; i < limit; ++i) {
        const auto at = static_cast<size_t>(i * n / limit);
        kept.src.push_back(std::move(set.src[at]));
        kept.tgt.push_back(std::move(set.tgt[at]));
    }
    set.src = std::move(kept.src);
    set.tgt = std::move(kept.tgt);
}

FitData collectData(const CalibrationFitOptions& o) {
    FitData d;
    if (!o.corpus.empty()) {
        collectCorpus(o, d);
    } else {
        for (const auto& [lang, file] : o.monoFiles)
            d.mono[lang] = readSentences(file, static_cast<size_t>(o.sample));
        for (const auto& [lang, file] : o.pairFiles)
            d.pairs[lang] = loadBitextSets(file, lang, o.pivot, 0).front();
    }
    for (auto& [lang, pairs] : d.pairs)
        thinPairs(pairs, o.maxRotationPairs);
    if (d.mono.size() < 2)
        throw ConfigError(
            "calibration fit: monoFiles (or the corpus) must give samples of at least two "
            "languages");
    if (d.mono.count(o.pivot) == 0 || d.mono.at(o.pivot).size() < 2)
        throw ConfigError(fmt::format(
            "calibration fit: no monolingual sample of the pivot language '{}'; add one to "
            "monoFiles or choose another pivot",
            o.pivot));
    if (o.method == align::RotationMethod::Supervised &&
        o.steps == align::CalibrationStep::Rotation && d.pairs.empty())
        throw ConfigError(
            "calibration fit: method = supervised needs parallel pairs (pairFiles, or a "
            "corpus with train pairs); use method = unsupervised without them");
    return d;
}

/// [n, dim] vectors of `texts`, encoded in chunks with progress after each.
FloatMatrix encode(model::EncodingService& encoder, const std::vector<std::string>& texts,
                   const std::string& phase, const std::string& language, const Reporter& report) {
    const auto total = static_cast<int64_t>(texts.size());
    FloatMatrix out(total, encoder.dimension());
    report(phase, language, 0, total);
    for (size_t start = 0; start < texts.size(); start += kEncodeChunk) {
        const size_t end = std::min(texts.size(), start + kEncodeChunk);
        const std::vector<std::string> chunk(texts.begin() + static_cast<std::ptrdiff_t>(start),
                                             texts.begin() + static_cast<std::ptrdiff_t>(end));
        const std::vector<float> rows = encoder.encode(chunk);
        std::copy(rows.begin(), rows.end(), out.row(static_cast<int64_t>(start)));
        report(phase, language, static_cast<int64_t>(end), total);
    }
    return out;
}

void tooFew(CalibrationFitReport& out, const std::string& lang, int64_t count, const char* what,
            int64_t minimum) {
    out.belowMinimum.push_back(lang);
    out.notes.push_back(
        fmt::format("{}: {} {}, fewer than minRotationPairs = {}; its rotation stays the "
                    "identity (add data, or lower minRotationPairs to fit it anyway)",
                    lang, count, what, minimum));
}

void fitSupervised(model::EncodingService& encoder, const CalibrationFitOptions& o,
                   const FitData& d, const std::string& lang, align::Calibration& cal,
                   CalibrationFitReport& out, const Reporter& report) {
    const auto it = d.pairs.find(lang);
    if (it == d.pairs.end()) {
        out.notes.push_back(fmt::format(
            "{}: no parallel pairs with {}; its rotation stays the identity", lang, o.pivot));
        return;
    }
    const auto n = static_cast<int64_t>(it->second.src.size());
    if (n < o.minRotationPairs) {
        tooFew(out, lang, n, "parallel pairs", o.minRotationPairs);
        return;
    }
    const FloatMatrix src = encode(encoder, it->second.src, "encode pairs", lang, report);
    const FloatMatrix tgt = encode(encoder, it->second.tgt, "encode pairs", lang, report);
    report("rotation", lang, 0, 1, fmt::format("Procrustes on {} pairs", n));
    align::fitSupervisedRotation(cal, lang, src, tgt);
    report("rotation", lang, 1, 1, fmt::format("Procrustes on {} pairs", n));
}

void fitUnsupervised(const CalibrationFitOptions& o, const std::map<std::string, FloatMatrix>& x,
                     const std::string& lang, align::Calibration& cal, CalibrationFitReport& out,
                     const Reporter& report) {
    const auto& r = o.refinement;
    auto rows = [&r](const FloatMatrix& m) {
        return r.maxRows > 0 ? std::min(r.maxRows, m.rows) : m.rows;
    };
    const int64_t n = std::min(rows(x.at(lang)), rows(x.at(o.pivot)));
    if (n < o.minRotationPairs) {
        tooFew(out, lang, n, "sample rows", o.minRotationPairs);
        return;
    }
    report("rotation", lang, 0, r.maxIterations, "CSLS refinement from W = I");
    align::fitUnsupervisedRotation(
        cal, lang, x.at(lang), x.at(o.pivot), r, [&](const align::RefinementIteration& it) {
            report("rotation", lang, it.iteration, r.maxIterations,
                   fmt::format("dictionary {}, criterion {:.4f}", it.dictionarySize, it.criterion));
            return true;
        });
    const auto& entry = cal.at(lang);
    if (entry.pairs < o.minRotationPairs)
        out.notes.push_back(fmt::format(
            "{}: the kept map's dictionary has only {} pairs (minRotationPairs = {}); treat its "
            "rotation with care",
            lang, entry.pairs, o.minRotationPairs));
}

/// Held-out pairs: options.reportPairs, else the corpus's test split of the sampled languages.
std::vector<BitextSet> heldOutSets(const CalibrationFitOptions& o, const FitData& d) {
    if (!o.reportPairs.empty()) return loadBitextSets(o.reportPairs, "", "", 0);
    std::vector<BitextSet> sets;
    if (o.corpus.empty()) return sets;
    for (const auto& [lang, sentences] : d.mono) {
        if (lang == o.pivot) continue;
        auto set = demoPairs(o.corpus, lang, "test");
        if (set.src.size() >= 2) sets.push_back(std::move(set));
    }
    return sets;
}

void scoreHeldOutSets(model::EncodingService& encoder, const CalibrationFitOptions& o,
                      const std::vector<BitextSet>& sets, CalibrationFitReport& out,
                      const Reporter& report) {
    const align::Calibration& cal = out.calibration;
    for (const auto& set : sets) {
        if (!cal.languages.count(set.srcLang) || !cal.languages.count(set.tgtLang)) {
            out.notes.push_back(
                fmt::format("the report skips {}-{}: not calibrated", set.srcLang, set.tgtLang));
            continue;
        }
        const std::string name = set.srcLang + "-" + set.tgtLang;
        align::HeldOutPairs h{set.srcLang, set.tgtLang,
                              encode(encoder, set.src, "encode held-out", name, report),
                              encode(encoder, set.tgt, "encode held-out", name, report)};
        report("report", name, 0, 1);
        auto part = align::calibrationReport(cal, {h}, o.cslsK);
        out.rows.insert(out.rows.end(), part.begin(), part.end());
        report("report", name, 1, 1);
    }
    std::map<int, std::pair<std::vector<double>, std::vector<double>>> byStep;
    for (const auto& r : out.rows) {
        auto& [cosine, csls] = byStep[static_cast<int>(r.step)];
        cosine.push_back(r.cosineAccuracy);
        csls.push_back(r.cslsAccuracy);
    }
    for (const auto& [step, values] : byStep) {
        CalibrationStepMean m;
        m.step = static_cast<align::CalibrationStep>(step);
        m.cosineAccuracy = align::meanOverLanguagePairs(values.first);
        m.cslsAccuracy = align::meanOverLanguagePairs(values.second);
        m.languagePairs = static_cast<int>(values.first.size());
        out.means.push_back(m);
    }
}

void requireOptions(const CalibrationFitOptions& o) {
    if (o.sample < 2)
        throw ConfigError(fmt::format("calibration fit: sample = {}; it must be >= 2", o.sample));
    if (o.minRotationPairs < 1)
        throw ConfigError(fmt::format("calibration fit: minRotationPairs = {}; it must be >= 1",
                                      o.minRotationPairs));
    if (o.maxRotationPairs < 0)
        throw ConfigError(
            fmt::format("calibration fit: maxRotationPairs = {}; it must be >= 0 (0 = every pair)",
                        o.maxRotationPairs));
    if (o.method == align::RotationMethod::Identity)
        throw ConfigError(
            "calibration fit: method must be supervised or unsupervised (for no rotation, set "
            "steps = scale)");
}

/// Adds the time since `start` to the report's seconds.
class StageClock {
  public:
    explicit StageClock(double& seconds) : seconds_(seconds) {}
    ~StageClock() {
        seconds_ +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

  private:
    double& seconds_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

constexpr const char* kSavedFitFormat = "isomorph.calibration-fit";
constexpr int kSavedFitVersion = 1;

std::string absolutePath(const fs::path& p) {
    return p.empty() ? std::string() : fs::weakly_canonical(fs::absolute(p)).string();
}

fs::path recordOf(const fs::path& calibrationFile) {
    fs::path record = calibrationFile;
    return record.replace_extension(".json");
}

template <class E>
E enumNamed(const std::string& name, const char* (*nameOf)(E), std::initializer_list<E> values) {
    for (E v : values)
        if (name == nameOf(v)) return v;
    throw DataError("unknown name '" + name + "'");
}

align::CalibrationStep stepNamed(const std::string& name) {
    return enumNamed<align::CalibrationStep>(
        name, align::calibrationStepName,
        {align::CalibrationStep::None, align::CalibrationStep::Shift, align::CalibrationStep::Scale,
         align::CalibrationStep::Rotation});
}

align::RotationMethod methodNamed(const std::string& name) {
    return enumNamed<align::RotationMethod>(
        name, align::rotationMethodName,
        {align::RotationMethod::Identity, align::RotationMethod::Supervised,
         align::RotationMethod::Unsupervised});
}

nlohmann::json optionsJson(const CalibrationFitOptions& o) {
    return {{"corpus", absolutePath(o.corpus)},
            {"languages", o.languages},
            {"pivot", o.pivot},
            {"method", align::rotationMethodName(o.method)},
            {"steps", align::calibrationStepName(o.steps)},
            {"sample", o.sample},
            {"min_rotation_pairs", o.minRotationPairs},
            {"max_rotation_pairs", o.maxRotationPairs},
            {"csls_k", o.cslsK},
            {"pooling", o.encode.pooling.toString()},
            {"max_tokens", o.encode.maxTokens},
            {"refinement",
             {{"max_rows", o.refinement.maxRows},
              {"validation_rows", o.refinement.validationRows},
              {"csls_k", o.refinement.cslsK},
              {"max_iterations", o.refinement.maxIterations},
              {"tolerance", o.refinement.tolerance}}}};
}

CalibrationFitOptions optionsFrom(const nlohmann::json& j) {
    CalibrationFitOptions o;
    o.corpus = j.at("corpus").get<std::string>();
    o.languages = j.at("languages").get<std::vector<std::string>>();
    o.pivot = j.at("pivot").get<std::string>();
    o.method = methodNamed(j.at("method").get<std::string>());
    o.steps = stepNamed(j.at("steps").get<std::string>());
    o.sample = j.at("sample").get<int64_t>();
    o.minRotationPairs = j.at("min_rotation_pairs").get<int64_t>();
    o.maxRotationPairs = j.at("max_rotation_pairs").get<int64_t>();
    o.cslsK = j.at("csls_k").get<int>();
    o.encode.pooling = model::Pooling::parse(j.at("pooling").get<std::string>());
    o.encode.maxTokens = j.at("max_tokens").get<int64_t>();
    const auto& r = j.at("refinement");
    o.refinement.maxRows = r.at("max_rows").get<int64_t>();
    o.refinement.validationRows = r.at("validation_rows").get<int64_t>();
    o.refinement.cslsK = r.at("csls_k").get<int>();
    o.refinement.maxIterations = r.at("max_iterations").get<int>();
    o.refinement.tolerance = r.at("tolerance").get<double>();
    return o;
}

nlohmann::json reportJson(const CalibrationFitReport& r) {
    nlohmann::json rows = nlohmann::json::array(), means = nlohmann::json::array();
    for (const auto& row : r.rows)
        rows.push_back({{"source", row.sourceLanguage},
                        {"target", row.targetLanguage},
                        {"step", align::calibrationStepName(row.step)},
                        {"cosine", row.cosineAccuracy},
                        {"csls", row.cslsAccuracy}});
    for (const auto& m : r.means)
        means.push_back({{"step", align::calibrationStepName(m.step)},
                         {"cosine", m.cosineAccuracy},
                         {"csls", m.cslsAccuracy},
                         {"language_pairs", m.languagePairs}});
    return {{"sample_sentences", r.sampleSentences},
            {"rows", rows},
            {"means", means},
            {"notes", r.notes},
            {"below_minimum", r.belowMinimum},
            {"seconds", r.seconds}};
}

CalibrationFitReport reportFrom(const nlohmann::json& j) {
    CalibrationFitReport r;
    r.sampleSentences = j.at("sample_sentences").get<std::map<std::string, int64_t>>();
    for (const auto& row : j.at("rows"))
        r.rows.push_back({row.at("source").get<std::string>(), row.at("target").get<std::string>(),
                          stepNamed(row.at("step").get<std::string>()),
                          row.at("cosine").get<double>(), row.at("csls").get<double>()});
    for (const auto& m : j.at("means"))
        r.means.push_back({stepNamed(m.at("step").get<std::string>()), m.at("cosine").get<double>(),
                           m.at("csls").get<double>(), m.at("language_pairs").get<int>()});
    r.notes = j.at("notes").get<std::vector<std::string>>();
    r.belowMinimum = j.at("below_minimum").get<std::vector<std::string>>();
    r.seconds = j.at("seconds").get<double>();
    return r;
}

struct CalibrationFitter::State {
    model::EncodingService& encoder;
    CalibrationFitOptions options;
    FitData data;
    std::vector<BitextSet> heldOut;
    std::map<std::string, FloatMatrix> samples;
    std::vector<std::string> pending;
    CalibrationFitReport report;
    bool statistics = false, scored = false;
    fs::path restoredFrom;
};

CalibrationFitter::CalibrationFitter(model::EncodingService& encoder, CalibrationFitOptions o)
    : state_(new State{encoder, std::move(o), {}, {}, {}, {}, {}, false, false, {}}) {
    State& s = *state_;
    StageClock clock(s.report.seconds);
    requireOptions(s.options);
    s.data = collectData(s.options);
    s.heldOut = heldOutSets(s.options, s.data);  // read now: fail before encoding
}

CalibrationFitter::~CalibrationFitter() = default;

const CalibrationFitOptions& CalibrationFitter::options() const {
    return state_->options;
}
bool CalibrationFitter::statisticsFitted() const {
    return state_->statistics;
}
bool CalibrationFitter::heldOutScored() const {
    return state_->scored;
}
const std::vector<std::string>& CalibrationFitter::pendingRotations() const {
    return state_->pending;
}
const CalibrationFitReport& CalibrationFitter::report() const {
    return state_->report;
}
const fs::path& CalibrationFitter::restoredFrom() const {
    return state_->restoredFrom;
}

void CalibrationFitter::restore(SavedFit saved) {
    State& s = *state_;
    s.options = std::move(saved.options);
    s.report = std::move(saved.report);
    s.restoredFrom = std::move(saved.file);
    s.samples.clear();
    s.pending.clear();
    s.statistics = s.scored = true;
}

void CalibrationFitter::fitStatistics(Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    State& s = *state_;
    if (s.statistics) return;
    StageClock clock(s.report.seconds);
    const Reporter report(progress);
    std::map<std::string, FloatMatrix> samples;
    std::map<std::string, int64_t> counts;
    for (const auto& [lang, sentences] : s.data.mono) {
        samples[lang] = encode(s.encoder, sentences, "encode sample", lang, report);
        counts[lang] = static_cast<int64_t>(sentences.size());
    }
    align::CalibrationOptions co;
    co.steps = s.options.steps;
    s.report.calibration = align::fitCalibrationStatistics(samples, s.options.pivot, co);
    s.report.sampleSentences = std::move(counts);
    s.samples = std::move(samples);
    if (s.options.steps == align::CalibrationStep::Rotation)
        for (const auto& [lang, sample] : s.samples)
            if (lang != s.options.pivot) s.pending.push_back(lang);
    s.statistics = true;
}

void CalibrationFitter::fitNextRotation(Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    State& s = *state_;
    fitStatistics(feedback);
    if (s.pending.empty()) return;
    StageClock clock(s.report.seconds);
    const Reporter report(progress);
    const std::string lang = s.pending.front();
    // On a copy: a cancelled fit leaves the calibration and the notes as they were.
    align::Calibration cal = s.report.calibration;
    CalibrationFitReport notes;
    if (s.options.method == align::RotationMethod::Supervised)
        fitSupervised(s.encoder, s.options, s.data, lang, cal, notes, report);
    else
        fitUnsupervised(s.options, s.samples, lang, cal, notes, report);
    s.report.calibration = std::move(cal);
    s.report.notes.insert(s.report.notes.end(), notes.notes.begin(), notes.notes.end());
    s.report.belowMinimum.insert(s.report.belowMinimum.end(), notes.belowMinimum.begin(),
                                 notes.belowMinimum.end());
    s.pending.erase(s.pending.begin());
}

void CalibrationFitter::scoreHeldOut(Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    State& s = *state_;
    if (s.scored) return;
    while (!s.pending.empty() || !s.statistics)
        fitNextRotation(feedback);
    StageClock clock(s.report.seconds);
    CalibrationFitReport scored = s.report;
    scoreHeldOutSets(s.encoder, s.options, s.heldOut, scored, Reporter(progress));
    s.report = std::move(scored);
    s.scored = true;
}

CalibrationFitReport fitCalibration(model::EncodingService& encoder, const CalibrationFitOptions& o,
                                    Feedback* feedback) {
    if (o.output.empty())
        throw ConfigError("calibration fit: output (the calibration file to write) is empty");
    CalibrationFitter fitter(encoder, o);
    fitter.scoreHeldOut(feedback);  // statistics, every rotation, then the report
    align::saveCalibration(fitter.report().calibration, o.output);  // last: cancel writes nothing
    return fitter.report();
}

CalibrationFitReport fitCalibration(const CalibrationFitOptions& options, Feedback* feedback) {
    if (options.output.empty())
        throw ConfigError("calibration fit: output (the calibration file to write) is empty");
    requireOptions(options);
    auto encoder = model::EncodingService::open(workspace::resolveCheckpoint(options.checkpoint),
                                                options.encode);
    return fitCalibration(*encoder, options, feedback);
}

fs::path savedFitFile(const fs::path& checkpointFolder, align::RotationMethod method) {
    const std::string name = checkpointFolder.filename().string();
    const char* methodName = align::rotationMethodName(method);
    if (!workspace::runConfigOf(checkpointFolder).empty())  // RUN/checkpoints/STEP
        return checkpointFolder.parent_path().parent_path() / "calibration" /
               fmt::format("{}-{}.safetensors", name, methodName);
    fs::path cache;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0')
        cache = xdg;
    else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        cache = fs::path(home) / ".cache";
    else
        cache = fs::temp_directory_path();
    return cache / "isomorph" / "calibration" /
           fmt::format("{}-{}-{}.safetensors", name,
                       toHex64(fnv1a64(absolutePath(checkpointFolder))).substr(0, 12), methodName);
}

fs::path saveFit(const fs::path& checkpointFolder, const CalibrationFitOptions& options,
                 const CalibrationFitReport& report) {
    const fs::path file = savedFitFile(checkpointFolder, options.method);
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    if (ec)
        throw CheckpointError(fmt::format("{}: cannot create the folder for the saved fit: {}",
                                          file.parent_path().string(), ec.message()));
    align::saveCalibration(report.calibration, file);
    nlohmann::json record = {{"format", kSavedFitFormat},
                             {"schema_version", kSavedFitVersion},
                             {"checkpoint", absolutePath(checkpointFolder)},
                             {"fingerprint", index::checkpointFingerprint(checkpointFolder)},
                             {"calibration_bytes", fs::file_size(file)},
                             {"saved", utcNow()},
                             {"options", optionsJson(options)},
                             {"report", reportJson(report)}};
    writeFileAtomically(recordOf(file), record.dump(2) + "\n");
    return file;
}

std::optional<SavedFit> findSavedFit(const fs::path& checkpointFolder,
                                     const CalibrationFitOptions& wanted, std::string* whyNot) {
    auto no = [whyNot](std::string why) -> std::optional<SavedFit> {
        if (whyNot) *whyNot = std::move(why);
        return std::nullopt;
    };
    const fs::path file = savedFitFile(checkpointFolder, wanted.method);
    const fs::path record = recordOf(file);
    if (wanted.corpus.empty()) return no("only fits on a demo corpus are saved");
    std::error_code ec;
    if (!fs::exists(record, ec) || !fs::exists(file, ec))
        return no(fmt::format("no saved fit at {}", record.string()));
    try {
        const auto j = nlohmann::json::parse(readWholeFile(record));
        if (j.value("format", "") != kSavedFitFormat ||
            j.value("schema_version", 0) != kSavedFitVersion)
            return no(fmt::format("{} was written by another version", record.string()));
        if (j.at("fingerprint").get<std::string>() !=
            index::checkpointFingerprint(checkpointFolder))
            return no("the checkpoint's files changed after the fit was saved");
        if (j.at("calibration_bytes").get<uintmax_t>() != fs::file_size(file))
            return no(fmt::format("{} does not belong to its record", file.string()));
        SavedFit saved;
        saved.options = optionsFrom(j.at("options"));
        const CalibrationFitOptions& o = saved.options;
        if (absolutePath(o.corpus) != absolutePath(wanted.corpus))
            return no(fmt::format("it was fitted on {}", o.corpus.string()));
        if (o.pivot != wanted.pivot || o.steps != align::CalibrationStep::Rotation ||
            o.encode.pooling != wanted.encode.pooling ||
            o.encode.maxTokens != wanted.encode.maxTokens)
            return no(fmt::format("it was fitted with pivot {}, pooling {}, {} tokens", o.pivot,
                                  o.encode.pooling.toString(), o.encode.maxTokens));
        if (o.sample < wanted.sample)
            return no(fmt::format("it has {} sentences per language, fewer than {}", o.sample,
                                  wanted.sample));
        // 0 = every pair: a fit on at most N pairs per language cannot stand in for one on more.
        const auto cap = [](int64_t limit) {
            return limit <= 0 ? std::numeric_limits<int64_t>::max() : limit;
        };
        if (o.method == align::RotationMethod::Supervised &&
            cap(o.maxRotationPairs) < cap(wanted.maxRotationPairs))
            return no(fmt::format(
                "its rotations were fitted on at most {} pairs per language, fewer than {}",
                o.maxRotationPairs,
                wanted.maxRotationPairs <= 0 ? std::string("all")
                                             : std::to_string(wanted.maxRotationPairs)));
        if (!o.languages.empty())
            for (const auto& lang : wanted.languages)
                if (std::find(o.languages.begin(), o.languages.end(), lang) == o.languages.end())
                    return no(fmt::format("it does not cover {}", lang));
        saved.report = reportFrom(j.at("report"));
        saved.report.calibration = align::loadCalibration(file);
        saved.options.checkpoint = checkpointFolder;
        saved.file = file;
        saved.saved = j.value("saved", "");
        return saved;
    } catch (const std::exception& e) {
        return no(fmt::format("{} cannot be read ({}); it will be fitted again", record.string(),
                              e.what()));
    }
}

}  // namespace isomorph::eval
