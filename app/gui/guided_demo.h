#pragma once

// The guided demo (isomorph --demo, the welcome page's demo button): after the live demo run has
// started (MainWindow::startLiveDemo), a bar above the views walks through them with the demo's
// own artifacts, one short explanation per step, each step re-entered with its button:
//   1. Training: the Runs view on the live hictl-demo run, dev bitext accuracy first.
//   2. Embedding space: the Embeddings view on the run's newest checkpoint, its alignment
//      matrix compared with the model the run started from (the shipped base).
//   3. Search: the same query against the trained model (A) and the starting model (B), each
//      with an index of the demo's English test passages, opened or built here (with progress
//      and Cancel), and example queries in several languages one click away. When the retrieval
//      demo has run, side A is its bi-encoder, index and re-ranker.
// Once the run has ended, the calibration of its trained and starting models is fitted and kept
// in the background (EmbeddingsController::keepFitsFor), so that step 2 then shows every
// calibration step at once instead of fitting for minutes.

#include <QObject>
#include <QString>

namespace isomorph::views {
class DemoGuide;
}

namespace isomorph::gui {

class MainWindow;

class GuidedDemo : public QObject {
    Q_OBJECT
  public:
    enum Step { Training, EmbeddingSpace, Search, StepCount };

    GuidedDemo(MainWindow* window, views::DemoGuide* guide);

    /// Shows the guide on step 1 for the live demo run `run` (a run folder).
    void start(const QString& run);
    /// Opens `step` (clamped to the steps) again.
    void goTo(int step);
    /// Hides the guide; start() or Help > Guided Demo shows it again.
    void close();
    QString run() const { return run_; }
    /// The checkpoint the demo run started from (the shipped base, else the run's init folder).
    QString initialCheckpoint() const;
    /// The run's newest checkpoint (best, else latest), "" before its first one.
    QString trainedCheckpoint() const;
    /// The demo's English test passages (one corpus.jsonl), "" when the workspace lacks them.
    QString searchCorpus() const;

  Q_SIGNALS:
    void stepShown(int step);

  private:
    /// Keeps the calibration fits of step 2's checkpoints once the run has ended (each run once).
    void keepFitsWhenRunEnded();
    void showTraining();
    void showEmbeddingSpace();
    void showSearch();

    MainWindow* window_;
    views::DemoGuide* guide_;
    QString run_;
    QString keptFor_;  ///< the run whose fits were asked for
};

}  // namespace isomorph::gui
