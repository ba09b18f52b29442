#pragma once

// The calibration fit workflow of `isomorph-cli calibrate fit` and the GUI, from text to a
// calibration file and its CCP Table 1 report: read monolingual samples (and parallel pairs for a
// supervised rotation) from files or a demo corpus's train split, encode them, fit shift, scale
// and rotation per language (core/align/calibration.h), save the file, and score held-out pairs
// after each step. Torch-free header; run it on a worker thread (it encodes).

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/align/calibration.h"
#include "core/common/feedback.h"
#include "core/common/progress.h"
#include "core/model/encoding_service.h"

namespace isomorph::eval {

/// What the fit reads, encodes and fits. Setting names in error messages are these field names.
struct CalibrationFitOptions {
    std::filesystem::path checkpoint;  ///< checkpoint folder, run folder or pointer file
    model::EncodeOptions encode;       ///< pooling, truncation, device, threads
    std::filesystem::path output;      ///< calibration file to write (.safetensors)
    std::string pivot = "en";          ///< language whose rotation is the identity
    /// How non-pivot languages are rotated onto the pivot. Unsupervised (CSLS refinement on the
    /// monolingual samples) is the CCP paper's method and needs no parallel data.
    align::RotationMethod method = align::RotationMethod::Unsupervised;
    align::CalibrationStep steps = align::CalibrationStep::Rotation;  ///< last step applied

    /// Demo corpus folder (WS/corpora/NAME): samples and pairs from its train split, the report
    /// on its test split. Empty: use monoFiles / pairFiles / reportPairs.
    std::filesystem::path corpus;
    std::vector<std::string> languages;  ///< corpus mode: only these (empty = all with pages)
    std::map<std::string, std::filesystem::path> monoFiles;  ///< language -> one sentence a line
    std::map<std::string, std::filesystem::path> pairFiles;  ///< language -> TSV "lang<TAB>pivot"
    std::filesystem::path reportPairs;  ///< held-out pairs (xx-yy.tsv, folder, Tatoeba prefix)

    int64_t sample = 2000;  ///< sentences per language for the statistics (and refinement), >= 2
    align::RefinementOptions refinement;  ///< unsupervised rotation
    /// A rotation is fitted only from at least this many pairs (supervised: parallel pairs;
    /// unsupervised: sample rows). Below it the language keeps the identity and the report says
    /// so: a Procrustes map of d dimensions from a handful of pairs is noise.
    int64_t minRotationPairs = 50;
    /// Supervised rotation: at most this many parallel pairs per language, spread evenly over
    /// the language's pairs (0 = all). Encoding the pairs is most of a supervised fit's time;
    /// a Procrustes map of d dimensions needs a few times d pairs, not every pair.
    int64_t maxRotationPairs = 0;
    int cslsK = 10;  ///< CSLS neighbourhood of the report
};

/// Unweighted mean over language pairs of one step's report rows (the line papers report).
struct CalibrationStepMean {
    align::CalibrationStep step = align::CalibrationStep::None;
    double cosineAccuracy = 0.0;  ///< in [0, 1]
    double cslsAccuracy = 0.0;    ///< in [0, 1]
    int languagePairs = 0;
};

struct CalibrationFitReport {
    align::Calibration calibration;  ///< as saved; per-language method, pairs, refinement log
    std::map<std::string, int64_t> sampleSentences;  ///< language -> sentences encoded
    std::vector<align::CalibrationReportRow> rows;   ///< per held-out pair set and step
    std::vector<CalibrationStepMean> means;          ///< per step, over the pair sets
    std::vector<std::string> notes;  ///< languages left at the identity, skipped report sets
    /// Languages whose rotation was not fitted because they had fewer than minRotationPairs.
    std::vector<std::string> belowMinimum;
    double seconds = 0.0;  ///< wall time of the whole fit
};

/// Progress of a fit: the stage is "PHASE LANGUAGE", PHASE one of "encode sample", "encode pairs",
/// "rotation", "encode held-out", "report" and LANGUAGE the language (or "xx-yy" pair) it works
/// on; `done` of `total` counts sentences for encoding phases and iterations for the rotation;
/// `detail` is a readable state ("dictionary 1834, criterion 0.4123"). It comes from the fitting
/// thread at least once per phase and language and every few hundred sentences; returning false
/// cancels (Cancelled, no file written).
/// Runs the whole fit and writes options.output (atomically). ConfigError names the setting at
/// fault (fewer than two languages, a pivot without a sample, method = supervised without pairs,
/// corpus mode with a pivot other than en); DataError names the file.
CalibrationFitReport fitCalibration(const CalibrationFitOptions& options,
                                    Feedback* feedback = nullptr);

/// The same on an open encoder (tests, or a GUI that keeps one open); options.checkpoint and
/// options.encode are not used.
CalibrationFitReport fitCalibration(model::EncodingService& encoder,
                                    const CalibrationFitOptions& options,
                                    Feedback* feedback = nullptr);

/// A finished fit kept for reuse, so that opening a checkpoint in the Embeddings view again (or
/// after `isomorph-cli calibrate fit` or `demo run` fitted it) calibrates at once instead of
/// encoding the train split again. Two files: the calibration as saveCalibration writes it and a
/// JSON record beside it (what the fit was made for: the checkpoint's fingerprint, corpus,
/// method, pooling, sample sizes; and its held-out report).
struct SavedFit {
    CalibrationFitOptions options;  ///< as fitted (checkpoint = the checkpoint folder)
    CalibrationFitReport report;
    std::filesystem::path file;  ///< the calibration file
    std::string saved;           ///< when, "2026-11-28T09:30:00Z"
};

/// Where the fit of `method` for a resolved checkpoint folder is kept: RUN/calibration/STEP-METHOD
/// .safetensors for a run's checkpoint (RUN/checkpoints/STEP), else
/// $XDG_CACHE_HOME/isomorph/calibration/NAME-HASH-METHOD.safetensors (~/.cache when unset), HASH
/// of the folder's absolute path (a shipped or imported model may sit in a read-only folder).
std::filesystem::path savedFitFile(const std::filesystem::path& checkpointFolder,
                                   align::RotationMethod method);

/// Writes `report` (a finished fit, held-out report scored, made with `options` on the
/// checkpoint folder `checkpointFolder`) to
/// savedFitFile(), both files atomically, replacing an earlier fit of the same method. Returns
/// the calibration file. CheckpointError naming the file when it cannot be written.
std::filesystem::path saveFit(const std::filesystem::path& checkpointFolder,
                              const CalibrationFitOptions& options,
                              const CalibrationFitReport& report);

/// The saved fit of wanted.method for `checkpointFolder`, when it can stand in for a fit with
/// `wanted`: the same model (index::checkpointFingerprint, as an index checks its encoder), the
/// same corpus (wanted.corpus non-empty), pivot, pooling and truncation, every language of
/// wanted.languages was asked for (or the fit took every language), at least wanted.sample
/// sentences per language and (supervised) rotations on at least as many pairs per language as
/// wanted.maxRotationPairs (0 = all). Otherwise nullopt, with the reason in *whyNot when given ("no
/// saved fit", "the checkpoint changed since", ...). An unreadable record is a reason, not an
/// error.
std::optional<SavedFit> findSavedFit(const std::filesystem::path& checkpointFolder,
                                     const CalibrationFitOptions& wanted,
                                     std::string* whyNot = nullptr);

/// The same fit in stages, for a view that shows what it has while the rest is fitted: shift
/// and scale from the samples first (seconds), then one language's rotation at a time (most of
/// a supervised fit's time is encoding its pairs), then the held-out report. fitCalibration()
/// runs the stages in order; the result is the same either way. options.output and
/// options.checkpoint are not used. Not thread-safe: one thread calls it at a time.
class CalibrationFitter {
  public:
    /// Checks the options and reads the text (ConfigError / DataError as fitCalibration);
    /// encodes nothing.
    CalibrationFitter(model::EncodingService& encoder, CalibrationFitOptions options);
    ~CalibrationFitter();
    CalibrationFitter(const CalibrationFitter&) = delete;
    CalibrationFitter& operator=(const CalibrationFitter&) = delete;

    const CalibrationFitOptions& options() const;
    /// Encodes the samples and fits every language's shift and scale (rotations the identity).
    /// Does nothing the second time. progress as fitCalibration's; false cancels (Cancelled,
    /// nothing changes).
    void fitStatistics(Feedback* feedback = nullptr);
    bool statisticsFitted() const;
    /// Languages whose rotation is still to be fitted, in order: every non-pivot language until
    /// fitNextRotation() took it (empty when options.steps is before rotation).
    const std::vector<std::string>& pendingRotations() const;
    /// Fits (or leaves at the identity, with a note) the first pending rotation; fits the
    /// statistics first when needed. Cancelled leaves the language pending.
    void fitNextRotation(Feedback* feedback = nullptr);
    /// Scores the held-out pairs after each step (rows, means); needs every rotation, fits the
    /// pending ones first. Does nothing the second time.
    void scoreHeldOut(Feedback* feedback = nullptr);
    bool heldOutScored() const;
    /// Takes a saved fit (findSavedFit) as the whole fit: every stage done, options and report
    /// the saved ones.
    void restore(SavedFit saved);
    /// The saved fit restore() took (empty when the fit was made here).
    const std::filesystem::path& restoredFrom() const;
    /// Everything fitted so far; rows and means are empty until scoreHeldOut(), seconds counts
    /// the stages run.
    const CalibrationFitReport& report() const;

  private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace isomorph::eval
