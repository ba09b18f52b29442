#pragma once

// The work behind the Embeddings view, on plain core types and without Qt: read a sample, encode
// it with an open checkpoint, project it with an exact PCA, calibrate it step by step (fitted on a
// demo corpus's train split, never on the sample) in the same PCA basis, score bitext accuracy
// between every two languages and find a point's nearest neighbours. One EmbeddingsSession
// belongs to one worker thread (the encoder's tensors stay there); the GUI's
// EmbeddingsController (app/gui) owns it.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/align/calibration.h"
#include "core/align/pca.h"
#include "core/common/feedback.h"
#include "core/common/float_matrix.h"
#include "core/common/progress.h"
#include "core/eval/calibration_fit.h"
#include "core/model/encoding_service.h"

namespace isomorph::workflows {

/// Where a sample comes from (EmbeddingsView's sample picker).
struct SampleSpec {
    enum class Kind { PairsPath, DemoDev, DemoTest, Corpus };
    Kind kind = Kind::PairsPath;
    std::filesystem::path path;  ///< pairs file/folder/Tatoeba prefix, or the demo corpus
    int64_t limit = 1000;        ///< pairs per language pair, or sentences per language (Corpus)
};

/// The points of a sample: one per distinct (language, text); the sides of translation pairs
/// share a group (several sides when one English sentence is translated into several languages).
struct EmbeddingsSample {
    std::vector<std::string> texts;
    std::vector<int> language;           ///< index into languages, per point
    std::vector<int> group;              ///< translation group, or -1
    std::vector<std::string> languages;  ///< codes, sorted
    std::filesystem::path corpus;        ///< demo corpus it came from (empty for a pairs path)
    int64_t pairs = 0;                   ///< translation pairs read
    std::string description;             ///< "1,234 sentences, 617 pairs, 5 languages from ..."

    int64_t size() const { return static_cast<int64_t>(texts.size()); }
};

/// Reads the sample; DataError/ConfigError name the file or folder at fault (a missing or
/// unreadable folder, a pairs file with an empty side, a corpus without pairs).
EmbeddingsSample readSample(const SampleSpec& spec);

/// Bytes the view needs for `points` vectors of `dim` floats: raw and calibrated copies, the
/// normalised copies of the neighbour searches, texts. The controller refuses a sample whose
/// estimate exceeds the memory available before it encodes anything.
int64_t estimateSampleBytes(int64_t points, int64_t dim);

/// The sentence vector the view encodes a checkpoint with, and where the choice comes from.
struct PoolingChoice {
    model::Pooling pooling{model::Pooling::Kind::Mean, 0};
    std::filesystem::path runConfig;  ///< the run's config.toml it was read from (empty: default)
    std::filesystem::path modules;    ///< or the sentence-transformers modules.json
    std::string problem;              ///< why that config could not be read (default used)
};

/// The vector a run's dev evaluation measured: eval.pooling of the run `checkpoint` belongs to
/// (RUN/checkpoints/step-N, a pointer file or the run folder, with RUN/config.toml); for a
/// sentence-transformers folder (modules.json) its Pooling module's; else mean (an imported or
/// loose checkpoint). An unreadable config falls back to mean and says why.
PoolingChoice poolingFor(const std::filesystem::path& checkpoint);

/// Bitext top-1 between every two languages of the sample (see views::AlignmentMatrix).
struct LanguageMatrix {
    std::vector<std::string> languages;
    std::vector<double> cosine;  ///< [n * n], NaN where fewer than 2 pairs
    std::vector<double> csls;
    std::vector<int> pairs;
    /// The headline figure, by the definition every bitext figure uses
    /// (align::meanOverLanguagePairs): each language's pair with English (the pivot), the mean
    /// of both directions, languages counted equally; without English in the sample, every
    /// two languages. NaN when no cell is defined.
    double mean = 0.0;
    std::string pivot;          ///< "en", or empty when the mean is over every two languages
    int meanLanguagePairs = 0;  ///< language pairs the mean is over
};

struct Neighbour {
    int64_t index = -1;
    double score = 0.0;
};

struct NeighbourList {
    int language = 0;
    std::vector<Neighbour> cosine;  ///< best first
    std::vector<Neighbour> csls;
};

/// The options an EmbeddingsSession fits `method`'s calibration with for a sample of
/// `languages` on the train split of `corpus` (`base`: sample sizes, pair limits, refinement):
/// one definition for the session's own fits and for fits kept ahead of it (CalibrationKeeper),
/// so that a kept fit stands in for the session's (eval::findSavedFit). ConfigError when
/// `corpus` is empty (the workspace has no demo corpus).
eval::CalibrationFitOptions sessionFitOptions(const eval::CalibrationFitOptions& base,
                                              const std::filesystem::path& corpus,
                                              const std::vector<std::string>& languages,
                                              align::RotationMethod method,
                                              const model::EncodeOptions& encode);

/// Fits the calibration an EmbeddingsSession on `checkpoint` would fit (sessionFitOptions) and
/// keeps it (eval::saveFit) without opening a sample: for a checkpoint that is about to be looked
/// at (the guided demo's trained and starting models, once its run has ended), so that the view
/// then shows every step at once. One stage per step() (statistics, one language's rotation, the
/// held-out report and the save), so that a background job can yield between stages. Nothing is
/// fitted when a kept fit already stands in for it. Belongs to one thread, like a session.
class CalibrationKeeper {
  public:
    /// Opens nothing yet. `options` as sessionFitOptions() gives them.
    CalibrationKeeper(std::filesystem::path checkpoint, eval::CalibrationFitOptions options);
    ~CalibrationKeeper();
    CalibrationKeeper(const CalibrationKeeper&) = delete;
    CalibrationKeeper& operator=(const CalibrationKeeper&) = delete;

    /// Runs the next stage (the first opens the checkpoint, or finds the kept fit); returns
    /// false once the fit is kept. progress as the fit's; false cancels (Cancelled: the stage
    /// is lost, the ones before it are not). Errors as EmbeddingsSession's and eval::saveFit's.
    bool step(Feedback* feedback);
    const std::filesystem::path& checkpoint() const { return checkpoint_; }
    /// The kept calibration file once step() returned false.
    const std::filesystem::path& kept() const { return kept_; }
    /// True when an earlier fit already stood in (nothing was fitted).
    bool wasKeptBefore() const { return keptBefore_; }

  private:
    std::filesystem::path checkpoint_;
    eval::CalibrationFitOptions options_;
    std::unique_ptr<model::EncodingService> encoder_;
    std::unique_ptr<eval::CalibrationFitter> fitter_;
    std::filesystem::path kept_;
    bool keptBefore_ = false;
};

class EmbeddingsSession {
  public:
    /// Opens the checkpoint (anything workspace::resolveCheckpoint accepts). DataError with a
    /// message naming the folder when it is not a checkpoint or has no tokenizer.
    EmbeddingsSession(const std::filesystem::path& checkpoint, const model::EncodeOptions& options);
    ~EmbeddingsSession();

    const std::filesystem::path& checkpoint() const { return checkpoint_; }
    int64_t dimension() const;

    /// Encodes every point of `sample` (in chunks) and fits an exact PCA on all points and all
    /// dimensions to min(3, d) components. The step is None afterwards. progress: stages
    /// "encode", "pca"; false cancels (Cancelled).
    void encode(EmbeddingsSample sample, Feedback* feedback);
    const EmbeddingsSample& sample() const { return sample_; }
    const align::PcaModel& pca() const { return pca_; }

    /// Calibrates the sample up to `step`, fitting what that step needs of the calibration of
    /// `method` on the train split of `corpus` the first time it is needed (shift and scale: the
    /// statistics; rotation: every language's rotation; options.corpus etc. are set here;
    /// `base` gives sample sizes, refinement and thresholds). Returns the sample's languages the
    /// calibration does not cover (left uncalibrated); the fit's own notes are in fitReport().
    /// progress: the fit's stages prefixed "calibration: "; false cancels (Cancelled).
    std::vector<std::string> setStep(align::CalibrationStep step, align::RotationMethod method,
                                     const std::filesystem::path& corpus,
                                     const eval::CalibrationFitOptions& base, Feedback* feedback);
    align::CalibrationStep step() const { return step_; }
    /// Fits the next missing stage of `method`'s calibration (statistics, one language's
    /// rotation, the held-out report), so that a view can fit ahead of the user between their
    /// requests. Returns false when nothing was left to fit. Same arguments as setStep.
    bool fitAhead(align::RotationMethod method, const std::filesystem::path& corpus,
                  const eval::CalibrationFitOptions& base, Feedback* feedback);
    /// The fit of `method` so far (nullptr before it was started). A fit saved earlier for this
    /// checkpoint that stands in for the one asked for (eval::findSavedFit) is taken whole
    /// (fitter->restoredFrom() names it; a saved fit that does not is logged with the reason);
    /// a fit finished here is saved (eval::saveFit) so that the next session on this checkpoint
    /// takes it (a folder that cannot be written is logged: fitted, not kept).
    const eval::CalibrationFitter* fitter(align::RotationMethod method) const;
    /// The fit report of `method` (nullptr before it was started; rows and means empty until
    /// the held-out report is scored).
    const eval::CalibrationFitReport* fitReport(align::RotationMethod method) const;

    /// The current (calibrated) vectors in the raw PCA basis (or the basis set with setBasis):
    /// [n, components] float32.
    FloatMatrix projection() const;
    /// One exact PCA basis for two checkpoints side by side: components fitted on this
    /// session's and `other`'s raw vectors of the same sample together (2n rows), each
    /// checkpoint's rows centred on its own mean first, so that the first axis is not simply
    /// "which model" and neither model's variance decides the axes alone. Returns the basis for
    /// this session and for `other` (the same components, each with its own mean). ConfigError
    /// when the samples or the vector sizes differ.
    std::pair<align::PcaModel, align::PcaModel> jointBasis(const EmbeddingsSession& other) const;
    /// projection() projects with `basis` from now on; nullopt goes back to the raw sample's.
    void setBasis(std::optional<align::PcaModel> basis);
    LanguageMatrix languageMatrix(int cslsK = 10) const;
    /// The k nearest neighbours of point `index` among the points of every language (itself
    /// excluded), by cosine and by CSLS (cslsK-neighbourhoods over the two languages' points).
    std::vector<NeighbourList> neighbours(int64_t index, int k, int cslsK = 10);

  private:
    /// The rows of the current (calibrated) vectors; rowsOf(raw_, rows): of the raw ones.
    FloatMatrix rowsOf(const std::vector<int64_t>& rows) const { return rowsOf(current_, rows); }
    static FloatMatrix rowsOf(const FloatMatrix& from, const std::vector<int64_t>& rows);

    std::filesystem::path checkpoint_;
    model::EncodeOptions encodeOptions_;
    std::unique_ptr<model::EncodingService> encoder_;
    EmbeddingsSample sample_;
    FloatMatrix raw_;
    FloatMatrix current_;
    align::PcaModel pca_;
    std::optional<align::PcaModel> basis_;  ///< setBasis(); projection() prefers it
    align::CalibrationStep step_ = align::CalibrationStep::None;
    eval::CalibrationFitter& fitterFor(align::RotationMethod method,
                                       const std::filesystem::path& corpus,
                                       const eval::CalibrationFitOptions& base);

    std::map<align::RotationMethod, std::unique_ptr<eval::CalibrationFitter>> fits_;
    std::vector<std::vector<int64_t>> byLanguage_;  ///< point rows of each language
    /// r_S terms of CSLS for (query language, key language) at the current step.
    std::map<std::pair<int, int>, std::vector<double>> keyMeans_;
};

}  // namespace isomorph::workflows
