#pragma once

// Cross-lingual calibration (CCP paper, Section 3.2): per-language shift, scale and an orthogonal
// rotation onto a pivot language, applied cumulatively to sentence embeddings:
//     calibrated(x) = ((x - mu_L) / sigma_L) W_L        (row vector x of language L, [d])
// mu_L is the language's mean vector and sigma_L its per-dimension standard deviation. The paper
// calls sigma a "variance vector" but writes sigma and divides by it; dividing by the standard
// deviation (not the variance) is what makes the scaled dimensions unit-free, so we use the
// population standard deviation (numpy's std, ddof 0), floored at `epsilon` so that a constant
// dimension cannot blow up. W_pivot = I; W_L is fitted either from parallel rows (Procrustes) or
// without parallel data by the iterative CSLS refinement of Conneau et al. (2018). Their
// adversarial initialisation is not implemented: refinement starts from W = I, which suits spaces
// that are already roughly aligned after shift and scale (as CCP-pretrained ones are) but not two
// arbitrarily rotated spaces.
//
// Torch-free (part of isomorph_data). Shapes: every embedding matrix is [rows, d] float32.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/common/float_matrix.h"

namespace isomorph::align {

/// Calibration steps, cumulative: each includes the ones before it.
enum class CalibrationStep { None = 0, Shift = 1, Scale = 2, Rotation = 3 };
const char* calibrationStepName(CalibrationStep step);  ///< "none", "shift", "scale", "rotation"

enum class RotationMethod {
    Identity,      ///< not fitted (the pivot, or rotation disabled)
    Supervised,    ///< Procrustes on parallel rows
    Unsupervised,  ///< CSLS refinement on monolingual samples
};
const char* rotationMethodName(RotationMethod method);  ///< "identity", "supervised", ...

/// One step of the unsupervised refinement. Iteration 0 scores the starting map W = I; each later
/// iteration scores the Procrustes solution of the previous iteration's dictionary.
struct RefinementIteration {
    int iteration = 0;
    int64_t dictionarySize = 0;  ///< mutual CSLS nearest-neighbour pairs under the current map
    double meanCsls = 0.0;       ///< mean CSLS of those pairs (informative only: the set changes)
    /// The model-selection criterion of Conneau et al. (2018, section 3.5): mean cosine between
    /// the first RefinementOptions::validationRows mapped source rows and their CSLS translations.
    /// Computed on the same rows every iteration, so values of different iterations compare; the
    /// fit keeps the map where it is highest. NaN in files written before it was recorded.
    double criterion = 0.0;
};

struct LanguageCalibration {
    std::vector<float> mean;    ///< [d] mu_L
    std::vector<float> stddev;  ///< [d] sigma_L, each >= Calibration::epsilon
    FloatMatrix rotation;       ///< [d, d] orthogonal W_L, identity until fitted
    RotationMethod method = RotationMethod::Identity;
    int64_t samples = 0;  ///< rows mean/stddev were estimated from
    int64_t pairs = 0;    ///< supervised: parallel pairs; unsupervised: final dictionary size
    std::vector<RefinementIteration> refinement;  ///< unsupervised fit log, in order
};

struct Calibration {
    int64_t dim = 0;
    std::string pivot;                                     ///< language whose W is I
    CalibrationStep steps = CalibrationStep::Rotation;     ///< last step apply() performs
    double epsilon = 1e-6;                                 ///< sigma floor, embedding units
    std::map<std::string, LanguageCalibration> languages;  ///< by language code

    /// The language's entry; DataError naming it and the known languages when absent.
    const LanguageCalibration& at(const std::string& language) const;
};

struct CalibrationOptions {
    CalibrationStep steps = CalibrationStep::Rotation;  ///< steps apply() will perform
    double epsilon = 1e-6;                              ///< sigma floor (> 0), in embedding units
};

/// Mean and standard deviation of every language's monolingual sample ([n_L, d], n_L >= 2, same d
/// everywhere), rotations = I. `pivot` must be one of the languages. Language codes must be
/// non-empty without '/' or whitespace (they become tensor names). ConfigError / DataError name the
/// language at fault.
Calibration fitCalibrationStatistics(const std::map<std::string, FloatMatrix>& samples,
                                     const std::string& pivot,
                                     const CalibrationOptions& options = {});

/// Supervised rotation of `language` onto the pivot from parallel rows: languageRows[i] [n, d] and
/// pivotRows[i] [n, d] (raw embeddings) are translations. Both sides are shifted and scaled with
/// their own statistics, then W = Procrustes. n >= 1, though d or more well-spread pairs are needed
/// for a unique map.
void fitSupervisedRotation(Calibration& calibration, const std::string& language,
                           const FloatMatrix& languageRows, const FloatMatrix& pivotRows);

struct RefinementOptions {
    int64_t maxRows = 20000;  ///< use the first N rows of each sample (0 = all rows)
    /// Source rows the selection criterion translates: the first N of the sample (Conneau et al.
    /// take the 10k most frequent words; samples here come in corpus order). >= 1.
    int64_t validationRows = 10000;
    int cslsK = 10;           ///< CSLS neighbourhood size
    int maxIterations = 10;   ///< Procrustes refits after the W = I start (>= 1)
    double tolerance = 1e-6;  ///< stop once the criterion gains less than this (cosine units)
};

/// Called after every refinement iteration; return false to cancel (the fit then throws Cancelled
/// and leaves the calibration unchanged). Runs on the fitting thread.
using RefinementProgress = std::function<bool(const RefinementIteration&)>;

/// Unsupervised rotation of `language` onto the pivot from monolingual samples (raw embeddings,
/// [n_L, d] and [n_P, d], not parallel): shift and scale both, then starting from W = I repeat
/// {dictionary = mutual CSLS nearest neighbours between sample_L W and sample_P; W = Procrustes on
/// the dictionary} until the selection criterion (RefinementIteration::criterion) stops
/// improving. Keeps the W with the highest criterion. The dictionary's own mean CSLS is not used
/// for selection: its size changes between iterations, so a worse map with a smaller, more
/// confident dictionary can score higher.
void fitUnsupervisedRotation(Calibration& calibration, const std::string& language,
                             const FloatMatrix& languageSample, const FloatMatrix& pivotSample,
                             const RefinementOptions& options = {},
                             const RefinementProgress& progress = {});

/// The selection criterion on its own: mean cosine between rows [0, min(rows, n)) of
/// mappedSource [n, d] and their CSLS nearest rows of target [m, d], the CSLS neighbourhood terms
/// (k = cslsK) taken over all rows of both sides. Conneau et al.'s unsupervised validation metric.
double meanTranslationCosine(const FloatMatrix& mappedSource, const FloatMatrix& target,
                             int64_t rows, int cslsK = 10);

/// Calibrates the rows of x [n, d] of `language` in place, up to min(step, calibration.steps).
/// DataError for an unknown language (naming the known ones) or a dimension mismatch.
void applyCalibration(const Calibration& calibration, const std::string& language,
                      CalibrationStep step, FloatMatrix& x);
/// All steps of the calibration (calibration.steps).
void apply(const Calibration& calibration, const std::string& language, FloatMatrix& x);
/// All steps, row r calibrated as language rowLanguages[r] (one entry per row of x).
void applyByLanguage(const Calibration& calibration, const std::vector<std::string>& rowLanguages,
                     FloatMatrix& x);

/// Writes one .safetensors file atomically: F32 tensors "mean/<lang>", "std/<lang>" [d] and
/// "rotation/<lang>" [d, d]; __metadata__ holds "format" = "isomorph.calibration",
/// "schema_version" and "calibration" (JSON: dim, pivot, steps, epsilon, per-language method,
/// counts and refinement log). CheckpointError when writing fails.
void saveCalibration(const Calibration& calibration, const std::filesystem::path& path);

/// Reads a file written by saveCalibration. CheckpointError naming the file when it is not a
/// calibration file, has another schema version, or a tensor is missing or has the wrong dtype or
/// shape for the stated dimension.
Calibration loadCalibration(const std::filesystem::path& path);

inline constexpr int kCalibrationSchemaVersion = 1;

/// Held-out parallel rows of two languages (raw embeddings, [n, d] each, row i <-> row i).
struct HeldOutPairs {
    std::string sourceLanguage;
    std::string targetLanguage;
    FloatMatrix source;
    FloatMatrix target;
};

/// One line of the CCP Table 1 style report: bitext top-1 accuracy (mean of both directions, in
/// [0, 1]) after calibrating both sides up to `step`.
struct CalibrationReportRow {
    std::string sourceLanguage;
    std::string targetLanguage;
    CalibrationStep step = CalibrationStep::None;
    double cosineAccuracy = 0.0;
    double cslsAccuracy = 0.0;
};

/// For each pair set and each step from None to calibration.steps: calibrate copies of both sides
/// and score them with align::evaluateBitext (cosine and CSLS with cslsK).
std::vector<CalibrationReportRow> calibrationReport(const Calibration& calibration,
                                                    const std::vector<HeldOutPairs>& pairs,
                                                    int cslsK = 10);

}  // namespace isomorph::align
