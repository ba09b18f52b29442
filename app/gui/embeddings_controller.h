#pragma once

// Feeds the Embeddings view: lists the workspace's checkpoints and samples, and runs the heavy
// work (open a checkpoint, read and encode a sample, exact PCA, calibration fits, accuracy,
// nearest neighbours, a comparison checkpoint) on one worker thread that owns the encoders, so
// tensors never reach the GUI thread. Results come back as plain Qt/std data on the GUI thread.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <QObject>
#include <QString>

#include "core/common/progress.h"
#include "core/eval/calibration_fit.h"

class QThread;

namespace isomorph::views {
class EmbeddingsView;
struct EmbeddingsRequest;
}  // namespace isomorph::views

namespace isomorph::gui {

struct EmbeddingsWorkerState;
using CancelFlag = std::shared_ptr<std::atomic<bool>>;

class EmbeddingsController : public QObject {
    Q_OBJECT
  public:
    explicit EmbeddingsController(views::EmbeddingsView* view, QObject* parent = nullptr);
    ~EmbeddingsController() override;

    /// Lists the workspace's checkpoints (each run's best, latest and step folders) and samples
    /// (its demo corpora's dev/test pairs and dev pages). Empty: none.
    void setWorkspace(const QString& root);
    /// Shows `checkpoint` in the view and encodes the current sample with it (Runs view's
    /// "Open in Embeddings").
    void openCheckpoint(const QString& checkpoint);

    void encode(const views::EmbeddingsRequest& request);
    /// Moves the sample to calibration step 0..3 (fitting the calibration first if needed).
    void showStep(int step, bool supervised);
    void requestPointDetails(int index);
    /// Encodes the same sample with `checkpoint` and shows its matrix as the baseline of the
    /// alignment matrix (empty: no comparison).
    void compareWith(const QString& checkpoint);
    void cancel();
    bool busy() const { return busy_; }

    /// Memory the sample may use, in bytes (0: half of what the system reports available).
    void setMemoryBudget(qint64 bytes) { memoryBudget_ = bytes; }
    /// Sentences per language of the calibration fit's train sample (default 200: shift and
    /// scale are ready seconds after a sample is encoded; `calibrate fit --sample` is 2000).
    void setCalibrationSample(int sentences) { calibrationSample_ = sentences; }
    /// Whether the calibration of the current method is fitted ahead of the user, one stage
    /// per worker job (off: fitted when a step is asked for; tests of the busy path).
    void setFitAhead(bool on) { fitAheadEnabled_ = on; }
    /// True once everything of the current method's fit (statistics, rotations, held-out
    /// report) is done for the sample and the comparison.
    bool fitAheadDone() const { return aheadDone_; }
    /// Fits the calibration of each checkpoint for the view's sample and method and keeps it
    /// with the checkpoint (workflows::CalibrationKeeper), in the background after the view's
    /// own fitting and yielding to the user's jobs, so that opening one of them later shows
    /// every step at once. The guided demo asks for its run's trained and starting models when
    /// the run has ended. A checkpoint already asked for, or whose fit is kept, costs nothing.
    void keepFitsFor(const QStringList& checkpoints);

  Q_SIGNALS:
    void encoded();
    void stepShown(int step);
    void pointDetailsShown(int index);
    void comparisonShown();
    /// The background fit finished its last stage (fitAheadDone()), or took a fit saved for
    /// the checkpoint earlier (eval::findSavedFit) instead of fitting.
    void fittedAhead();
    /// The fit of `checkpoint` asked for with keepFitsFor() is kept (`fitted`: fitted now,
    /// else one was kept already), or could not be made (`problem`, also logged).
    void fitKept(const QString& checkpoint, bool fitted, const QString& problem);
    /// A job failed or was refused; the view shows `message`.
    void failed(const QString& message);
    void message(const QString& text);

  private:
    /// Runs job(jobId, cancelFlag) on the worker thread; a non-empty `busyText` starts a new
    /// busy job (the view is busy until it delivers, an older one is cancelled).
    template <class Job>
    void post(const QString& busyText, Job job);
    /// Progress of job `job` for the view, throttled; false once it is cancelled. Worker side.
    ProgressFn progressFor(int job, const CancelFlag& cancel);
    /// Calls `apply` on the GUI thread if job `job` is still the current one.
    template <class Apply>
    void deliver(int job, Apply apply);
    /// Runs body(context) on the worker: Cancelled ends job `job` quietly, any other exception
    /// fails it with "context: what" (exceptions never cross threads).
    void guarded(int job, const std::function<void(QString& context)>& body);
    void finish();
    void fail(const QString& message);
    /// Posts the next stage of the calibration fit as a background job (not busy: the
    /// buttons stay usable, a user's job cancels the stage and it resumes afterwards).
    void fitAhead();
    /// Posts the next stage of the first fit asked for with keepFitsFor() (background job).
    void keepNext();
    /// Once the fit of the view's rotation method is complete: computes the readout of the
    /// steps the table lacks (none, shift, scale, rotation) in the background and restores
    /// the step shown, so that the table compares every step without a click (background job).
    void fillStepAccuracies(bool supervised);
    eval::CalibrationFitOptions fitOptions() const;
    qint64 memoryBudget() const;

    views::EmbeddingsView* view_;
    QThread* thread_;
    QObject* worker_;                               ///< lives in thread_; jobs are posted to it
    std::shared_ptr<EmbeddingsWorkerState> state_;  ///< touched by the worker thread only
    CancelFlag cancel_;                             ///< of the current job (each has its own)
    QString workspace_;
    QString compareCheckpoint_;  ///< the comparison checkpoint (empty: none)
    QString corpus_;  ///< the workspace's demo corpus: calibration fits on its train split
    int job_ = 0;     ///< the current busy job; results of older ones are dropped
    int sampleGeneration_ = 0;  ///< bumped by every encode request (point details check it)
    bool busy_ = false;
    bool hasSample_ = false;
    qint64 memoryBudget_ = 0;
    int calibrationSample_ = 200;
    bool fitAheadEnabled_ = true;
    bool aheadQueued_ = false;  ///< a background stage is posted or running
    bool aheadDone_ = false;    ///< nothing left to fit ahead for this sample and method
    bool aheadWorked_ = false;  ///< a background stage fitted something since the last report
    CancelFlag aheadCancel_;    ///< of the background stage
    QStringList keepQueue_;     ///< keepFitsFor(): checkpoints still to fit and keep
    QStringList keepAsked_;     ///< every checkpoint keepFitsFor() was asked for
};

}  // namespace isomorph::gui
