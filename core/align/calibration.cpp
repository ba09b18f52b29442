#include "core/align/calibration.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/align/bitext_metrics.h"
#include "core/align/blas.h"
#include "core/align/detail.h"
#include "core/align/knn.h"
#include "core/align/procrustes.h"
#include "core/model_io/safetensors.h"

namespace isomorph::align {

namespace {

constexpr const char* kFormat = "isomorph.calibration";

std::string knownLanguages(const Calibration& c) {
    std::string out;
    for (const auto& [code, _] : c.languages)
        out += (out.empty() ? "" : ", ") + code;
    return out.empty() ? "none" : out;
}

void requireLanguageCode(const std::string& code) {
    if (code.empty() || code.find_first_of("/ \t\n") != std::string::npos)
        throw ConfigError(
            fmt::format("calibration: language code '{}' must be non-empty without "
                        "'/' or whitespace (it names tensors in the file)",
                        code));
}

FloatMatrix identity(int64_t d) {
    FloatMatrix m(d, d);
    for (int64_t i = 0; i < d; ++i)
        m(i, i) = 1.0f;
    return m;
}

/// Population mean and standard deviation per column, in double, floored at epsilon.
LanguageCalibration statistics(const FloatMatrix& x, double epsilon) {
    std::vector<double> sum(size_t(x.cols), 0.0), sq(size_t(x.cols), 0.0);
    for (int64_t r = 0; r < x.rows; ++r)
        for (int64_t c = 0; c < x.cols; ++c)
            sum[size_t(c)] += x(r, c);
    LanguageCalibration out;
    out.samples = x.rows;
    for (int64_t c = 0; c < x.cols; ++c)
        out.mean.push_back(float(sum[size_t(c)] / double(x.rows)));
    for (int64_t r = 0; r < x.rows; ++r)
        for (int64_t c = 0; c < x.cols; ++c) {
            const double v = double(x(r, c)) - double(out.mean[size_t(c)]);
            sq[size_t(c)] += v * v;
        }
    for (int64_t c = 0; c < x.cols; ++c)
        out.stddev.push_back(float(std::max(std::sqrt(sq[size_t(c)] / double(x.rows)), epsilon)));
    out.rotation = identity(x.cols);
    return out;
}

void requireDim(const Calibration& cal, const FloatMatrix& x, const std::string& language,
                const char* what) {
    x.checkShape();
    if (x.cols != cal.dim)
        throw DataError(
            fmt::format("calibration: {} of language '{}' have dimension {}, but the "
                        "calibration was fitted on dimension {}",
                        what, language, x.cols, cal.dim));
}

/// ((x - mu) / sigma) for the first `rows` rows (all when rows <= 0), a new matrix.
FloatMatrix standardized(const Calibration& cal, const std::string& language, const FloatMatrix& x,
                         int64_t rows = 0) {
    FloatMatrix out = x;
    if (rows > 0 && rows < x.rows) {
        out.rows = rows;
        out.data.resize(size_t(rows * x.cols));
    }
    applyCalibration(cal, language, CalibrationStep::Scale, out);
    return out;
}

/// x W with a float GEMM (x [n, d], w [d, d]).
FloatMatrix rotate(const FloatMatrix& x, const FloatMatrix& w) {
    FloatMatrix out(x.rows, w.cols);
    blas::sgemm(false, false, x.rows, w.cols, x.cols, 1.0f, x.data.data(), x.cols, w.data.data(),
                w.cols, 0.0f, out.data.data(), out.cols);
    return out;
}

LanguageCalibration& nonPivot(Calibration& cal, const std::string& language) {
    cal.at(language);  // DataError for an unknown language
    if (language == cal.pivot)
        throw ConfigError(
            fmt::format("calibration: '{}' is the pivot language; its rotation is "
                        "the identity and is not fitted",
                        language));
    return cal.languages[language];
}

}  // namespace

const char* calibrationStepName(CalibrationStep step) {
    switch (step) {
        case CalibrationStep::None:
            return "none";
        case CalibrationStep::Shift:
            return "shift";
        case CalibrationStep::Scale:
            return "scale";
        case CalibrationStep::Rotation:
            return "rotation";
    }
    return "?";
}

const char* rotationMethodName(RotationMethod method) {
    switch (method) {
        case RotationMethod::Identity:
            return "identity";
        case RotationMethod::Supervised:
            return "supervised";
        case RotationMethod::Unsupervised:
            return "unsupervised";
    }
    return "?";
}

const LanguageCalibration& Calibration::at(const std::string& language) const {
    const auto it = languages.find(language);
    if (it == languages.end())
        throw DataError(
            fmt::format("calibration: language '{}' is unknown; this calibration knows "
                        "{}. Fit it on a sample of '{}' first",
                        language, knownLanguages(*this), language));
    return it->second;
}

Calibration fitCalibrationStatistics(const std::map<std::string, FloatMatrix>& samples,
                                     const std::string& pivot, const CalibrationOptions& options) {
    if (!(options.epsilon > 0.0))
        throw ConfigError(
            fmt::format("calibration: epsilon = {}; it must be positive", options.epsilon));
    Calibration cal;
    cal.pivot = pivot;
    cal.steps = options.steps;
    cal.epsilon = options.epsilon;
    for (const auto& [code, x] : samples) {
        requireLanguageCode(code);
        x.checkShape();
        if (x.rows < 2 || x.cols < 1)
            throw DataError(
                fmt::format("calibration: the sample of '{}' is [{}, {}]; it needs at "
                            "least 2 rows of dimension >= 1",
                            code, x.rows, x.cols));
        if (cal.dim == 0) cal.dim = x.cols;
        requireDim(cal, x, code, "sample rows");
        detail::requireFinite(x, ("calibration sample of '" + code + "'").c_str());
        cal.languages[code] = statistics(x, options.epsilon);
    }
    if (!cal.languages.count(pivot))
        throw ConfigError(fmt::format("calibration: the pivot '{}' has no sample; languages: {}",
                                      pivot, knownLanguages(cal)));
    return cal;
}

void fitSupervisedRotation(Calibration& cal, const std::string& language,
                           const FloatMatrix& languageRows, const FloatMatrix& pivotRows) {
    LanguageCalibration& entry = nonPivot(cal, language);
    requireDim(cal, languageRows, language, "parallel rows");
    requireDim(cal, pivotRows, cal.pivot, "parallel rows");
    const FloatMatrix w = fitProcrustes(standardized(cal, language, languageRows),
                                        standardized(cal, cal.pivot, pivotRows));
    entry.rotation = w;
    entry.method = RotationMethod::Supervised;
    entry.pairs = languageRows.rows;
    entry.refinement.clear();
}

namespace {

struct Dictionary {
    std::vector<int64_t> source, target;  // paired rows
    double meanCsls = 0.0;
};

/// Mutual CSLS nearest neighbours among the matches of mapped source rows and target rows.
Dictionary mutualNeighbours(const BestMatches& best) {
    Dictionary dict;
    double sum = 0.0;
    for (size_t i = 0; i < best.forward.size(); ++i) {
        const int64_t j = best.forward[i];
        if (best.backward[size_t(j)] != int64_t(i)) continue;
        dict.source.push_back(int64_t(i));
        dict.target.push_back(j);
        sum += best.forwardScore[i];
    }
    dict.meanCsls = dict.source.empty() ? 0.0 : sum / double(dict.source.size());
    return dict;
}

double cosine(const float* a, const float* b, int64_t d) {
    double ab = 0, aa = 0, bb = 0;
    for (int64_t c = 0; c < d; ++c) {
        ab += double(a[c]) * double(b[c]);
        aa += double(a[c]) * double(a[c]);
        bb += double(b[c]) * double(b[c]);
    }
    return aa > 0 && bb > 0 ? ab / std::sqrt(aa * bb) : 0.0;  // a zero row: cosine 0 (knn.h)
}

/// Mean cosine of the first `rows` source rows and their CSLS translations best.forward.
double translationCosine(const FloatMatrix& mapped, const FloatMatrix& target,
                         const BestMatches& best, int64_t rows) {
    const int64_t n = std::min(rows, mapped.rows);
    double sum = 0.0;
    for (int64_t i = 0; i < n; ++i)
        sum += cosine(mapped.row(i), target.row(best.forward[size_t(i)]), mapped.cols);
    return n > 0 ? sum / double(n) : 0.0;
}

FloatMatrix gather(const FloatMatrix& x, const std::vector<int64_t>& rows) {
    FloatMatrix out(int64_t(rows.size()), x.cols);
    for (size_t r = 0; r < rows.size(); ++r)
        std::memcpy(out.row(int64_t(r)), x.row(rows[r]), sizeof(float) * size_t(x.cols));
    return out;
}

void requireRefinementOptions(const RefinementOptions& o) {
    if (o.maxIterations < 1 || o.cslsK < 1 || o.maxRows < 0 || o.validationRows < 1)
        throw ConfigError(
            fmt::format("calibration refinement: maxIterations ({}), cslsK ({}) and "
                        "validationRows ({}) must be >= 1 and maxRows ({}) >= 0",
                        o.maxIterations, o.cslsK, o.validationRows, o.maxRows));
}

}  // namespace

double meanTranslationCosine(const FloatMatrix& mappedSource, const FloatMatrix& target,
                             int64_t rows, int cslsK) {
    const BestMatches best = bestMatches(mappedSource, target, {Score::Csls, cslsK});
    return translationCosine(mappedSource, target, best, rows);
}

void fitUnsupervisedRotation(Calibration& cal, const std::string& language,
                             const FloatMatrix& languageSample, const FloatMatrix& pivotSample,
                             const RefinementOptions& options, const RefinementProgress& progress) {
    LanguageCalibration& entry = nonPivot(cal, language);
    requireRefinementOptions(options);
    requireDim(cal, languageSample, language, "sample rows");
    requireDim(cal, pivotSample, cal.pivot, "sample rows");
    const FloatMatrix src = standardized(cal, language, languageSample, options.maxRows);
    const FloatMatrix tgt = standardized(cal, cal.pivot, pivotSample, options.maxRows);

    std::vector<RefinementIteration> log;
    FloatMatrix w = identity(cal.dim), bestW = w;
    Dictionary bestDict;
    double bestScore = -std::numeric_limits<double>::infinity();
    for (int it = 0; it <= options.maxIterations; ++it) {
        const FloatMatrix mapped = rotate(src, w);
        const BestMatches best = bestMatches(mapped, tgt, {Score::Csls, options.cslsK});
        const Dictionary dict = mutualNeighbours(best);
        const double criterion = translationCosine(mapped, tgt, best, options.validationRows);
        log.push_back({it, int64_t(dict.source.size()), dict.meanCsls, criterion});
        if (progress && !progress(log.back()))
            throw Cancelled(
                fmt::format("calibration of '{}' cancelled after refinement "
                            "iteration {}",
                            language, it));
        const double gain = criterion - bestScore;
        if (gain > 0) bestScore = criterion, bestW = w, bestDict = dict;
        if (it > 0 && gain < options.tolerance) break;
        w = fitProcrustes(gather(src, dict.source), gather(tgt, dict.target));
    }
    entry.rotation = bestW;
    entry.method = RotationMethod::Unsupervised;
    entry.pairs = int64_t(bestDict.source.size());
    entry.refinement = std::move(log);
}

void applyCalibration(const Calibration& cal, const std::string& language, CalibrationStep step,
                      FloatMatrix& x) {
    const LanguageCalibration& entry = cal.at(language);
    requireDim(cal, x, language, "rows");
    const int upTo = std::min(int(step), int(cal.steps));
    if (upTo >= int(CalibrationStep::Shift)) {
        const bool scale = upTo >= int(CalibrationStep::Scale);
        for (int64_t r = 0; r < x.rows; ++r) {
            float* v = x.row(r);
            for (int64_t c = 0; c < x.cols; ++c) {
                v[c] -= entry.mean[size_t(c)];
                if (scale) v[c] /= entry.stddev[size_t(c)];
            }
        }
    }
    if (upTo >= int(CalibrationStep::Rotation) && entry.method != RotationMethod::Identity)
        x = rotate(x, entry.rotation);
}

void apply(const Calibration& cal, const std::string& language, FloatMatrix& x) {
    applyCalibration(cal, language, cal.steps, x);
}

void applyByLanguage(const Calibration& cal, const std::vector<std::string>& rowLanguages,
                     FloatMatrix& x) {
    if (static_cast<int64_t>(rowLanguages.size()) != x.rows)
        throw DataError("calibration: " + std::to_string(rowLanguages.size()) +
                        " row languages for " + std::to_string(x.rows) + " rows");
    std::map<std::string, std::vector<int64_t>> groups;
    for (int64_t r = 0; r < x.rows; ++r)
        groups[rowLanguages[static_cast<size_t>(r)]].push_back(r);
    for (const auto& [lang, rows] : groups) {
        FloatMatrix part(static_cast<int64_t>(rows.size()), x.cols);
        for (size_t i = 0; i < rows.size(); ++i)
            std::copy_n(x.row(rows[i]), x.cols, part.row(static_cast<int64_t>(i)));
        apply(cal, lang, part);
        for (size_t i = 0; i < rows.size(); ++i)
            std::copy_n(part.row(static_cast<int64_t>(i)), x.cols, x.row(rows[i]));
    }
}

// ---- file ----------------------------------------------------------------------------------

namespace {

nlohmann::json toJson(const Calibration& cal) {
    nlohmann::json langs = nlohmann::json::object();
    for (const auto& [code, e] : cal.languages) {
        nlohmann::json log = nlohmann::json::array();
        for (const auto& r : e.refinement)
            log.push_back({{"iteration", r.iteration},
                           {"dictionary_size", r.dictionarySize},
                           {"mean_csls", r.meanCsls},
                           {"criterion", r.criterion}});
        langs[code] = {{"method", rotationMethodName(e.method)},
                       {"samples", e.samples},
                       {"pairs", e.pairs},
                       {"refinement", log}};
    }
    return {{"dim", cal.dim},
            {"pivot", cal.pivot},
            {"steps", calibrationStepName(cal.steps)},
            {"epsilon", cal.epsilon},
            {"languages", langs}};
}

}  // namespace

void saveCalibration(const Calibration& cal, const std::filesystem::path& path) {
    model_io::SafetensorsWriter writer;
    const auto d = cal.dim;
    for (const auto& [code, e] : cal.languages) {
        writer.add("mean/" + code, model_io::DType::F32, {d}, e.mean.data(), uint64_t(d) * 4);
        writer.add("std/" + code, model_io::DType::F32, {d}, e.stddev.data(), uint64_t(d) * 4);
        writer.add("rotation/" + code, model_io::DType::F32, {d, d}, e.rotation.data.data(),
                   uint64_t(d * d) * 4);
    }
    writer.setMetadata({{"format", kFormat},
                        {"schema_version", std::to_string(kCalibrationSchemaVersion)},
                        {"calibration", toJson(cal).dump()}});
    writer.write(path);
}

namespace {

[[noreturn]] void refuse(const model_io::SafetensorsFile& f, const std::string& what) {
    throw CheckpointError(fmt::format("{}: {}", f.name(), what));
}

template <class E>
E parseEnum(const model_io::SafetensorsFile& f, const std::string& name, const char* field,
            const char* (*nameOf)(E), std::initializer_list<E> values) {
    for (E v : values)
        if (name == nameOf(v)) return v;
    refuse(f, fmt::format("unknown {} '{}' in the calibration metadata", field, name));
}

std::vector<float> readVector(const model_io::SafetensorsFile& f, const std::string& tensor,
                              std::vector<int64_t> shape) {
    const model_io::TensorInfo* info = f.find(tensor);
    if (!info)
        refuse(f, fmt::format("tensor '{}' is missing; the file is incomplete or not a "
                              "calibration",
                              tensor));
    if (info->dtype != model_io::DType::F32 || info->shape != shape)
        refuse(f, fmt::format("tensor '{}' is {} {}, expected F32 {} (the calibration's "
                              "dimension)",
                              tensor, model_io::dtypeName(info->dtype),
                              model_io::formatShape(info->shape), model_io::formatShape(shape)));
    std::vector<float> out(size_t(info->elementCount()));
    std::memcpy(out.data(), f.data(*info), info->bytes);
    return out;
}

void checkHeader(const model_io::SafetensorsFile& f) {
    const auto& meta = f.metadata();
    const auto format = meta.find("format");
    if (format == meta.end() || format->second != kFormat)
        refuse(f,
               "not a calibration file (its __metadata__ has no format = "
               "\"isomorph.calibration\")");
    const auto version = meta.find("schema_version");
    const std::string expected = std::to_string(kCalibrationSchemaVersion);
    if (version == meta.end() || version->second != expected)
        refuse(f, fmt::format("calibration schema version {} is not supported; this build reads "
                              "version {}. Refit the calibration with this build",
                              version == meta.end() ? "(none)" : version->second, expected));
    if (!meta.count("calibration")) refuse(f, "the 'calibration' metadata entry is missing");
}

LanguageCalibration readLanguage(const model_io::SafetensorsFile& f, const std::string& code,
                                 const nlohmann::json& j, int64_t d) {
    LanguageCalibration e;
    e.mean = readVector(f, "mean/" + code, {d});
    e.stddev = readVector(f, "std/" + code, {d});
    e.rotation = FloatMatrix(d, d, readVector(f, "rotation/" + code, {d, d}));
    e.method = parseEnum<RotationMethod>(
        f, j.at("method").get<std::string>(), "rotation method", rotationMethodName,
        {RotationMethod::Identity, RotationMethod::Supervised, RotationMethod::Unsupervised});
    e.samples = j.at("samples").get<int64_t>();
    e.pairs = j.at("pairs").get<int64_t>();
    for (const auto& r : j.at("refinement"))
        e.refinement.push_back({r.at("iteration").get<int>(),
                                r.at("dictionary_size").get<int64_t>(),
                                r.at("mean_csls").get<double>(),
                                r.value("criterion", std::numeric_limits<double>::quiet_NaN())});
    return e;
}

Calibration fromFile(const model_io::SafetensorsFile& f, const nlohmann::json& j) {
    Calibration cal;
    cal.dim = j.at("dim").get<int64_t>();
    cal.pivot = j.at("pivot").get<std::string>();
    cal.epsilon = j.at("epsilon").get<double>();
    cal.steps =
        parseEnum<CalibrationStep>(f, j.at("steps").get<std::string>(), "step", calibrationStepName,
                                   {CalibrationStep::None, CalibrationStep::Shift,
                                    CalibrationStep::Scale, CalibrationStep::Rotation});
    if (cal.dim < 1) refuse(f, fmt::format("the calibration dimension is {}", cal.dim));
    for (const auto& [code, entry] : j.at("languages").items())
        cal.languages[code] = readLanguage(f, code, entry, cal.dim);
    if (!cal.languages.count(cal.pivot))
        refuse(f, fmt::format("the pivot '{}' is not among its languages ({})", cal.pivot,
                              knownLanguages(cal)));
    if (f.tensors().size() != 3 * cal.languages.size())
        refuse(f, fmt::format("it holds {} tensors, but its {} languages ({}) account for {}",
                              f.tensors().size(), cal.languages.size(), knownLanguages(cal),
                              3 * cal.languages.size()));
    return cal;
}

}  // namespace

Calibration loadCalibration(const std::filesystem::path& path) {
    const auto f = model_io::SafetensorsFile::open(path);
    checkHeader(f);
    try {
        return fromFile(f, nlohmann::json::parse(f.metadata().at("calibration")));
    } catch (const nlohmann::json::exception& e) {
        refuse(f, fmt::format("the calibration metadata is malformed ({})", e.what()));
    }
}

// ---- report --------------------------------------------------------------------------------

std::vector<CalibrationReportRow> calibrationReport(const Calibration& cal,
                                                    const std::vector<HeldOutPairs>& pairs,
                                                    int cslsK) {
    std::vector<CalibrationReportRow> rows;
    for (const auto& p : pairs) {
        for (int s = 0; s <= int(cal.steps); ++s) {
            const auto step = static_cast<CalibrationStep>(s);
            FloatMatrix src = p.source, tgt = p.target;
            applyCalibration(cal, p.sourceLanguage, step, src);
            applyCalibration(cal, p.targetLanguage, step, tgt);
            const align::BitextReport r = align::evaluateBitext(src, tgt, {cslsK, true});
            rows.push_back({p.sourceLanguage, p.targetLanguage, step, r.cosine.mean, r.csls.mean});
        }
    }
    return rows;
}

}  // namespace isomorph::align
