#include "core/workflows/embeddings_session.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <system_error>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "core/align/bitext_metrics.h"
#include "core/align/knn.h"
#include "core/common/errors.h"
#include "core/eval/eval_tasks.h"
#include "core/model/model_export.h"
#include "core/train/run_config.h"
#include "core/workspace/run_layout.h"

namespace isomorph::workflows {
namespace fs = std::filesystem;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
/// Sentences per encode() call: progress and cancel every fraction of a second on a small model.
constexpr size_t kEncodeChunk = 256;

/// A folder the sample is read from must exist and be listable; say which and why not.
void requireReadableFolder(const fs::path& dir, const char* what) {
    std::error_code ec;
    if (!fs::exists(dir, ec))
        throw DataError(fmt::format("{} {} does not exist", what, dir.string()));
    if (!fs::is_directory(dir, ec)) return;
    fs::directory_iterator it(dir, ec);
    if (ec)
        throw DataError(fmt::format("cannot read the folder {}: {}", dir.string(), ec.message()));
}

/// Union-find over point indices (translation groups).
struct Groups {
    std::vector<int> parent;
    int add() {
        parent.push_back(static_cast<int>(parent.size()));
        return parent.back();
    }
    int find(int i) {
        while (parent[static_cast<size_t>(i)] != i)
            i = parent[static_cast<size_t>(i)] =
                parent[static_cast<size_t>(parent[static_cast<size_t>(i)])];
        return i;
    }
    void join(int a, int b) { parent[static_cast<size_t>(find(a))] = find(b); }
};

class SampleBuilder {
  public:
    int point(const std::string& lang, const std::string& text) {
        const auto [it, added] = index_.try_emplace({lang, text}, static_cast<int>(texts_.size()));
        if (added) {
            texts_.push_back(text);
            langs_.push_back(lang);
            groups_.add();
        }
        return it->second;
    }
    void pair(const std::string& srcLang, const std::string& src, const std::string& tgtLang,
              const std::string& tgt) {
        groups_.join(point(srcLang, src), point(tgtLang, tgt));
        ++pairs_;
    }
    EmbeddingsSample finish() {
        EmbeddingsSample s;
        s.languages = langs_;
        std::sort(s.languages.begin(), s.languages.end());
        s.languages.erase(std::unique(s.languages.begin(), s.languages.end()), s.languages.end());
        // Groups: compact ids for roots with two or more members, -1 for the rest.
        std::map<int, int> sizes;
        for (int i = 0; i < static_cast<int>(texts_.size()); ++i)
            ++sizes[groups_.find(i)];
        std::map<int, int> ids;
        for (int i = 0; i < static_cast<int>(texts_.size()); ++i) {
            const int root = groups_.find(i);
            int id = -1;
            if (sizes[root] > 1)
                id = ids.try_emplace(root, static_cast<int>(ids.size())).first->second;
            s.group.push_back(id);
            s.language.push_back(static_cast<int>(
                std::lower_bound(s.languages.begin(), s.languages.end(), langs_[size_t(i)]) -
                s.languages.begin()));
        }
        s.texts = std::move(texts_);
        s.pairs = pairs_;
        return s;
    }

  private:
    std::map<std::pair<std::string, std::string>, int> index_;
    std::vector<std::string> texts_;
    std::vector<std::string> langs_;
    Groups groups_;
    int64_t pairs_ = 0;
};

void addSet(SampleBuilder& b, const eval::BitextSet& set, int64_t limit) {
    const auto n = std::min<int64_t>(static_cast<int64_t>(set.src.size()), limit);
    for (int64_t i = 0; i < n; ++i)
        b.pair(set.srcLang, set.src[size_t(i)], set.tgtLang, set.tgt[size_t(i)]);
}

EmbeddingsSample demoSample(const SampleSpec& spec) {
    requireReadableFolder(spec.path, "the demo corpus");
    SampleBuilder b;
    if (spec.kind == SampleSpec::Kind::Corpus) {
        for (const auto& lang : eval::demoLanguages(spec.path, "dev"))
            for (const auto& s :
                 eval::demoSentences(spec.path, lang, "dev", static_cast<size_t>(spec.limit)))
                b.point(lang, s);
    } else {
        const std::string split = spec.kind == SampleSpec::Kind::DemoDev ? "dev" : "test";
        for (const auto& lang : eval::demoLanguages(spec.path, split)) {
            if (lang == "en") continue;
            const auto set = eval::demoPairs(spec.path, lang, split);
            addSet(b, set, spec.limit);
        }
    }
    EmbeddingsSample s = b.finish();
    if (s.texts.empty())
        throw DataError(fmt::format(
            "{}: no {} in this corpus; prepare the demo corpus (isomorph-cli demo prepare)",
            spec.path.string(),
            spec.kind == SampleSpec::Kind::Corpus ? "dev pages" : "translation pairs"));
    s.corpus = spec.path;
    return s;
}

/// The fit's progress stages prefixed "calibration: " (the view's phase text).
ProgressFn calibrationProgress(const ProgressFn& progress) {
    return [progress](const Progress& p) {
        return !progress ||
               progress(Progress{"calibration: " + p.stage, p.done, p.total, p.detail});
    };
}

/// Runs the next missing stage of `fit` (statistics, one language's rotation, the held-out
/// report, in that order), its progress prefixed; false when nothing was left. The held-out
/// report is the last stage: heldOutScored() after a true return means this call finished it.
bool fitNextStage(eval::CalibrationFitter& fit, const ProgressFn& progress) {
    Feedback prefixed(calibrationProgress(progress));
    if (!fit.statisticsFitted())
        fit.fitStatistics(&prefixed);
    else if (!fit.pendingRotations().empty())
        fit.fitNextRotation(&prefixed);
    else if (!fit.heldOutScored())
        fit.scoreHeldOut(&prefixed);
    else
        return false;
    return true;
}

}  // namespace

EmbeddingsSample readSample(const SampleSpec& spec) {
    if (spec.limit < 1) throw ConfigError(fmt::format("sample limit {} must be >= 1", spec.limit));
    EmbeddingsSample s;
    if (spec.kind == SampleSpec::Kind::PairsPath) {
        if (spec.path.empty()) throw ConfigError("choose a pairs file or folder for the sample");
        // A Tatoeba prefix is not a file itself; its folder must be readable.
        const bool prefix =
            !fs::exists(spec.path) && spec.path.filename().string().rfind("tatoeba.", 0) == 0;
        requireReadableFolder(prefix ? spec.path.parent_path() : spec.path, "the pairs path");
        SampleBuilder b;
        for (const auto& set : eval::loadBitextSets(spec.path, "", "", spec.limit))
            addSet(b, set, spec.limit);
        s = b.finish();
    } else {
        s = demoSample(spec);
    }
    s.description = fmt::format("{} sentences, {} translation pairs, {} languages from {}",
                                s.size(), s.pairs, s.languages.size(), spec.path.string());
    return s;
}

int64_t estimateSampleBytes(int64_t points, int64_t dim) {
    // Raw and current vectors, a calibration working copy and the normalised copy of a
    // neighbour search: four float copies; texts and bookkeeping ~256 bytes a point.
    return points * dim * 4 * 4 + points * 256;
}

PoolingChoice poolingFor(const fs::path& checkpoint) {
    PoolingChoice choice;
    std::error_code ec;
    const fs::path folder = workspace::resolveCheckpoint(checkpoint);
    if (fs::exists(folder / workspace::CheckpointLayout::kModulesFile, ec)) {
        try {
            choice.pooling = model::readSentenceTransformersModules(folder)->pooling;
            choice.modules = folder / workspace::CheckpointLayout::kModulesFile;
        } catch (const std::exception& e) {
            choice.problem = e.what();
        }
        return choice;
    }
    const fs::path config = workspace::runConfigOf(folder);
    if (config.empty()) return choice;
    try {
        choice.pooling = train::loadRunConfig(config).eval.pooling;
        choice.runConfig = config;
    } catch (const std::exception& e) {
        choice.problem = e.what();
    }
    return choice;
}

EmbeddingsSession::EmbeddingsSession(const fs::path& checkpoint,
                                     const model::EncodeOptions& options)
    : checkpoint_(workspace::resolveCheckpoint(checkpoint)),
      encodeOptions_(options),
      encoder_(model::EncodingService::open(checkpoint_, options)) {}

EmbeddingsSession::~EmbeddingsSession() = default;

int64_t EmbeddingsSession::dimension() const {
    return encoder_->dimension();
}

void EmbeddingsSession::encode(EmbeddingsSample sample, Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    const int64_t n = sample.size();
    const int64_t d = encoder_->dimension();
    if (n < 2) throw DataError("the sample needs at least 2 sentences for a PCA");
    auto report = [&progress](const std::string& phase, int64_t done, int64_t total) {
        if (progress && !progress(Progress{phase, done, total}))
            throw Cancelled("cancelled during " + phase);
    };
    FloatMatrix raw(n, d);
    report("encode", 0, n);
    for (size_t start = 0; start < sample.texts.size(); start += kEncodeChunk) {
        const size_t end = std::min(sample.texts.size(), start + kEncodeChunk);
        const std::vector<std::string> chunk(sample.texts.begin() + std::ptrdiff_t(start),
                                             sample.texts.begin() + std::ptrdiff_t(end));
        const std::vector<float> rows = encoder_->encode(chunk);
        std::copy(rows.begin(), rows.end(), raw.row(static_cast<int64_t>(start)));
        report("encode", static_cast<int64_t>(end), n);
    }
    report("pca", 0, 1);
    align::PcaOptions po;
    po.components = static_cast<int>(std::min<int64_t>(3, d));
    po.method = align::PcaMethod::Exact;  // all points, all dimensions
    pca_ = align::fitPca(raw, po);
    report("pca", 1, 1);

    sample_ = std::move(sample);
    raw_ = std::move(raw);
    current_ = raw_;
    step_ = align::CalibrationStep::None;
    fits_.clear();
    keyMeans_.clear();
    byLanguage_.assign(sample_.languages.size(), {});
    for (int64_t i = 0; i < n; ++i)
        byLanguage_[size_t(sample_.language[size_t(i)])].push_back(i);
}

std::vector<std::string> EmbeddingsSession::setStep(align::CalibrationStep step,
                                                    align::RotationMethod method,
                                                    const fs::path& corpus,
                                                    const eval::CalibrationFitOptions& base,
                                                    Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    std::vector<std::string> uncovered;
    keyMeans_.clear();
    if (step == align::CalibrationStep::None) {
        current_ = raw_;
        step_ = step;
        return uncovered;
    }
    eval::CalibrationFitter& fit = fitterFor(method, corpus, base);
    Feedback prefixed(calibrationProgress(progress));
    if (step == align::CalibrationStep::Rotation)
        while (!fit.pendingRotations().empty())
            fit.fitNextRotation(&prefixed);
    else
        fit.fitStatistics(&prefixed);
    const align::Calibration& cal = fit.report().calibration;
    FloatMatrix out = raw_;
    for (size_t l = 0; l < sample_.languages.size(); ++l) {
        const std::string& lang = sample_.languages[l];
        if (!cal.languages.count(lang)) {
            uncovered.push_back(lang);
            continue;
        }
        // Every step calibrates the raw vectors, whichever step was shown before.
        FloatMatrix rows = rowsOf(raw_, byLanguage_[l]);
        align::applyCalibration(cal, lang, step, rows);
        for (size_t r = 0; r < byLanguage_[l].size(); ++r)
            std::copy(rows.row(int64_t(r)), rows.row(int64_t(r)) + rows.cols,
                      out.row(byLanguage_[l][r]));
    }
    current_ = std::move(out);
    step_ = step;
    return uncovered;
}

eval::CalibrationFitOptions sessionFitOptions(const eval::CalibrationFitOptions& base,
                                              const fs::path& corpus,
                                              const std::vector<std::string>& languages,
                                              align::RotationMethod method,
                                              const model::EncodeOptions& encode) {
    if (corpus.empty())
        throw ConfigError(
            "calibration is fitted on a demo corpus's train split and this workspace has "
            "none; prepare it with `isomorph-cli demo prepare`");
    eval::CalibrationFitOptions o = base;
    o.corpus = corpus;
    o.languages = languages;
    o.method = method;
    o.steps = align::CalibrationStep::Rotation;
    o.encode = encode;
    return o;
}

eval::CalibrationFitter& EmbeddingsSession::fitterFor(align::RotationMethod method,
                                                      const fs::path& corpus,
                                                      const eval::CalibrationFitOptions& base) {
    auto& fit = fits_[method];
    if (!fit) {
        const eval::CalibrationFitOptions o =
            sessionFitOptions(base, corpus, sample_.languages, method, encodeOptions_);
        fit = std::make_unique<eval::CalibrationFitter>(*encoder_, o);
        std::string why;
        if (auto saved = eval::findSavedFit(checkpoint_, o, &why))
            fit->restore(std::move(*saved));
        else if (why.rfind("no saved fit", 0) != 0)
            spdlog::info("calibration of {}: fitting again, the saved fit does not apply ({})",
                         checkpoint_.string(), why);
    }
    return *fit;
}

CalibrationKeeper::CalibrationKeeper(fs::path checkpoint, eval::CalibrationFitOptions options)
    : checkpoint_(workspace::resolveCheckpoint(checkpoint)), options_(std::move(options)) {}

CalibrationKeeper::~CalibrationKeeper() = default;

bool CalibrationKeeper::step(Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    if (!kept_.empty()) return false;
    if (!fitter_) {
        if (auto saved = eval::findSavedFit(checkpoint_, options_)) {
            kept_ = saved->file;
            keptBefore_ = true;
            return false;
        }
        encoder_ = model::EncodingService::open(checkpoint_, options_.encode);
        fitter_ = std::make_unique<eval::CalibrationFitter>(*encoder_, options_);
    }
    if (fitNextStage(*fitter_, progress) && !fitter_->heldOutScored()) return true;
    kept_ = eval::saveFit(checkpoint_, fitter_->options(), fitter_->report());
    fitter_.reset();
    encoder_.reset();
    return false;
}

bool EmbeddingsSession::fitAhead(align::RotationMethod method, const fs::path& corpus,
                                 const eval::CalibrationFitOptions& base, Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    eval::CalibrationFitter& fit = fitterFor(method, corpus, base);
    if (!fitNextStage(fit, progress)) return false;
    if (fit.heldOutScored()) try {  // just finished
            eval::saveFit(checkpoint_, fit.options(), fit.report());
        } catch (const std::exception& e) {  // a read-only run folder: fitted, not kept
            spdlog::warn("the calibration of {} was fitted but cannot be kept: {}",
                         checkpoint_.string(), e.what());
        }
    return true;
}

const eval::CalibrationFitter* EmbeddingsSession::fitter(align::RotationMethod method) const {
    const auto it = fits_.find(method);
    return it == fits_.end() ? nullptr : it->second.get();
}

const eval::CalibrationFitReport* EmbeddingsSession::fitReport(align::RotationMethod method) const {
    const auto* f = fitter(method);
    return f ? &f->report() : nullptr;
}

FloatMatrix EmbeddingsSession::projection() const {
    return align::transform(basis_ ? *basis_ : pca_, current_);
}

std::pair<align::PcaModel, align::PcaModel> EmbeddingsSession::jointBasis(
    const EmbeddingsSession& other) const {
    if (other.raw_.rows != raw_.rows || other.sample_.texts != sample_.texts)
        throw ConfigError("the two checkpoints were not encoded on the same sample");
    if (other.raw_.cols != raw_.cols)
        throw ConfigError(fmt::format(
            "{} has {}-dimensional vectors and {} {}-dimensional ones: one PCA basis cannot "
            "hold both; compare checkpoints of the same size",
            other.checkpoint_.string(), other.raw_.cols, checkpoint_.string(), raw_.cols));
    // Each checkpoint's rows centred on its own mean (PcaModel::mean of its own PCA).
    FloatMatrix both(raw_.rows * 2, raw_.cols);
    const EmbeddingsSession* sides[] = {this, &other};
    for (int s = 0; s < 2; ++s)
        for (int64_t r = 0; r < raw_.rows; ++r)
            for (int64_t c = 0; c < raw_.cols; ++c)
                both(s * raw_.rows + r, c) = static_cast<float>(
                    sides[s]->raw_(r, c) - sides[s]->pca_.mean[static_cast<size_t>(c)]);
    align::PcaOptions po;
    po.components = pca_.components.rows;
    po.method = align::PcaMethod::Exact;
    align::PcaModel mine = align::fitPca(both, po);
    align::PcaModel theirs = mine;
    mine.mean = pca_.mean;
    theirs.mean = other.pca_.mean;
    return {std::move(mine), std::move(theirs)};
}

void EmbeddingsSession::setBasis(std::optional<align::PcaModel> basis) {
    basis_ = std::move(basis);
}

FloatMatrix EmbeddingsSession::rowsOf(const FloatMatrix& from, const std::vector<int64_t>& rows) {
    FloatMatrix m(static_cast<int64_t>(rows.size()), from.cols);
    for (size_t r = 0; r < rows.size(); ++r)
        std::copy(from.row(rows[r]), from.row(rows[r]) + from.cols, m.row(int64_t(r)));
    return m;
}

LanguageMatrix EmbeddingsSession::languageMatrix(int cslsK) const {
    const auto n = static_cast<int>(sample_.languages.size());
    LanguageMatrix m;
    m.languages = sample_.languages;
    m.cosine.assign(size_t(n * n), kNaN);
    m.csls.assign(size_t(n * n), kNaN);
    m.pairs.assign(size_t(n * n), 0);
    // The first point of each language in every translation group.
    std::map<int, std::map<int, int64_t>> sides;
    for (int64_t i = 0; i < sample_.size(); ++i)
        if (sample_.group[size_t(i)] >= 0)
            sides[sample_.group[size_t(i)]].try_emplace(sample_.language[size_t(i)], i);
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) {
            std::vector<int64_t> ra, rb;
            for (const auto& [group, byLang] : sides) {
                const auto ia = byLang.find(a), ib = byLang.find(b);
                if (ia == byLang.end() || ib == byLang.end()) continue;
                ra.push_back(ia->second);
                rb.push_back(ib->second);
            }
            if (ra.size() < 2) continue;
            align::BitextOptions bo;
            bo.cslsK = cslsK;
            const auto r = align::evaluateBitext(rowsOf(ra), rowsOf(rb), bo);
            const auto ab = size_t(a * n + b), ba = size_t(b * n + a);
            m.cosine[ab] = r.cosine.srcToTgt;
            m.cosine[ba] = r.cosine.tgtToSrc;
            m.csls[ab] = r.csls.srcToTgt;
            m.csls[ba] = r.csls.tgtToSrc;
            m.pairs[ab] = m.pairs[ba] = static_cast<int>(ra.size());
        }
    const auto en = std::find(m.languages.begin(), m.languages.end(), "en");
    if (en != m.languages.end()) m.pivot = "en";
    std::vector<double> perPair;
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) {
            const auto ab = size_t(a * n + b), ba = size_t(b * n + a);
            const bool withPivot =
                m.pivot.empty() || a == en - m.languages.begin() || b == en - m.languages.begin();
            if (withPivot && std::isfinite(m.cosine[ab]))
                perPair.push_back((m.cosine[ab] + m.cosine[ba]) / 2);
        }
    m.mean = align::meanOverLanguagePairs(perPair);
    m.meanLanguagePairs = static_cast<int>(perPair.size());
    return m;
}

std::vector<NeighbourList> EmbeddingsSession::neighbours(int64_t index, int k, int cslsK) {
    if (index < 0 || index >= sample_.size())
        throw ConfigError(fmt::format("point {} is not in the sample", index));
    const int lang = sample_.language[size_t(index)];
    const FloatMatrix query = rowsOf({index});
    std::vector<NeighbourList> out;
    for (int m = 0; m < static_cast<int>(byLanguage_.size()); ++m) {
        const std::vector<int64_t>& all = byLanguage_[size_t(m)];
        std::vector<int64_t> keys;
        std::vector<size_t> positions;  // into `all`, for the cached r_S terms
        for (size_t j = 0; j < all.size(); ++j)
            if (all[j] != index) {
                keys.push_back(all[j]);
                positions.push_back(j);
            }
        NeighbourList list;
        list.language = m;
        if (keys.empty()) {
            out.push_back(list);
            continue;
        }
        const FloatMatrix keyRows = rowsOf(keys);
        auto& rS = keyMeans_[{lang, m}];
        if (rS.empty())
            rS = align::meanTopKSimilarity(rowsOf(all), rowsOf(byLanguage_[size_t(lang)]), cslsK);
        const FloatMatrix cos = align::cosineMatrix(query, keyRows);
        const double rT = align::meanTopKSimilarity(query, keyRows, cslsK).front();
        std::vector<Neighbour> byCos, byCsls;
        for (size_t j = 0; j < keys.size(); ++j) {
            const double c = cos(0, int64_t(j));
            byCos.push_back({keys[j], c});
            byCsls.push_back({keys[j], align::cslsScore(c, rT, rS[positions[j]])});
        }
        auto top = [k](std::vector<Neighbour>& v) {
            const auto kk = std::min<size_t>(size_t(k), v.size());
            std::partial_sort(v.begin(), v.begin() + std::ptrdiff_t(kk), v.end(),
                              [](const Neighbour& a, const Neighbour& b) {
                                  return a.score != b.score ? a.score > b.score : a.index < b.index;
                              });
            v.resize(kk);
        };
        top(byCos);
        top(byCsls);
        list.cosine = std::move(byCos);
        list.csls = std::move(byCsls);
        out.push_back(std::move(list));
    }
    return out;
}

}  // namespace isomorph::workflows
