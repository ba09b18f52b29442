#pragma once

// The Embeddings view: pick a checkpoint and a sample, encode it (the app's EmbeddingsController
// does the work on a worker thread), look at the PCA scatter, step through the cross-lingual
// calibration, read the bitext accuracy and the language x language alignment matrix, and click
// a point for its translation and nearest neighbours. Qt only: the controller hands it plain data
// and acts on its signals.

#include <atomic>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <vector>

#include <QStringList>
#include <QVector>
#include <QWidget>

#include "views/embeddings/scatter_data.h"

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTextBrowser;

namespace isomorph::views {

class AlignmentMatrixWidget;
class ScatterView;

/// What a sample is read from.
enum class EmbeddingsSampleKind {
    PairsPath,  ///< a pairs file (xx-yy.tsv), a folder of them or a Tatoeba prefix
    DemoDev,    ///< the demo corpus's dev translation pairs (every language with English)
    DemoTest,   ///< the demo corpus's test translation pairs
    Corpus,     ///< sentences of a demo corpus's dev pages, no pairs
};

/// An entry of a picker: what the user reads and the path it stands for.
struct EmbeddingsChoice {
    QString label;
    QString path;
    EmbeddingsSampleKind kind = EmbeddingsSampleKind::PairsPath;  ///< samples only
};

/// What the Encode button asks for.
struct EmbeddingsRequest {
    QString checkpoint;  ///< checkpoint folder, run folder or pointer file
    EmbeddingsSampleKind kind = EmbeddingsSampleKind::PairsPath;
    QString path;      ///< pairs path, or the demo corpus folder
    int limit = 1000;  ///< pairs per language pair, or sentences per language (Corpus)
};

/// Calibration steps, cumulative, as core/align/calibration.h numbers them.
enum class EmbeddingsStep { None = 0, Shift = 1, Scale = 2, Rotation = 3 };
inline constexpr int kEmbeddingsSteps = 4;

/// Bitext top-1 accuracy between every two languages of the sample: cell (a, b) is the share of
/// language a's sentences whose nearest language-b sentence is their translation. NaN where the
/// sample has fewer than two translation pairs of a and b.
struct AlignmentMatrix {
    QStringList languages;
    std::vector<double> cosine;  ///< [n * n] row-major, in [0, 1] or NaN
    std::vector<double> csls;    ///< [n * n]
    std::vector<int> pairs;      ///< [n * n] translation pairs scored

    int size() const { return static_cast<int>(languages.size()); }
    double cosineAt(int a, int b) const { return cosine[static_cast<size_t>(a * size() + b)]; }
    double cslsAt(int a, int b) const { return csls[static_cast<size_t>(a * size() + b)]; }
    int pairsAt(int a, int b) const { return pairs[static_cast<size_t>(a * size() + b)]; }
    /// The headline figure (core computes it: each language with English, both directions,
    /// languages counted equally) and its definition in words, for the readout's Mean row.
    double mean = std::numeric_limits<double>::quiet_NaN();
    QString meanDefinition;
};

/// A nearest neighbour of the clicked point.
struct EmbeddingsNeighbour {
    int index = -1;
    QString text;
    double score = 0.0;
    bool translation = false;  ///< in the clicked point's translation group
};

/// The clicked point's k nearest neighbours in one language, by cosine and by CSLS.
struct EmbeddingsNeighbourList {
    QString language;
    bool hasTranslation = false;  ///< the sample holds a translation in this language
    QVector<EmbeddingsNeighbour> cosine;
    QVector<EmbeddingsNeighbour> csls;
};

struct EmbeddingsPointDetails {
    int index = -1;
    QString language;
    QString text;
    QStringList translations;  ///< "de: text" of the other sides of its group
    int k = 0;
    int step = 0;  ///< calibration step the neighbours were found at
    QVector<EmbeddingsNeighbourList> lists;
};

class EmbeddingsView : public QWidget {
    Q_OBJECT
  public:
    explicit EmbeddingsView(QWidget* parent = nullptr);

    /// The checkpoint pickers' entries (the main and the comparison one). A path chosen with
    /// Browse or selectCheckpoint() stays listed.
    void setCheckpoints(const QVector<EmbeddingsChoice>& checkpoints);
    void setSamples(const QVector<EmbeddingsChoice>& samples);
    /// Selects `path` in the checkpoint picker (adding it when not listed).
    void selectCheckpoint(const QString& path);
    void selectSample(int index);
    QString checkpoint() const;
    /// What Encode would ask for now.
    EmbeddingsRequest request() const;

    /// While busy the encode and step buttons are disabled and Cancel enabled.
    void setBusy(bool busy, const QString& what = {});
    void setProgress(qint64 done, qint64 total, const QString& text);
    /// Work the controller does ahead of the user (fitting the calibration) while the view is
    /// not busy: the progress bar and status line show it, the buttons stay enabled. Ignored
    /// while busy; an empty text hides the bar.
    void setBackgroundProgress(qint64 done, qint64 total, const QString& text);
    /// A problem in red above the plot (empty clears).
    void showError(const QString& message);
    QString errorText() const;
    QString statusText() const;

    /// A new sample: the points, their texts, and a line on where they come from.
    void setPoints(ScatterData points, QStringList texts, const QString& summary);
    /// The sample at `step`, moved there with the scatter's animation; `matrix` its accuracy.
    void showStep(int step, std::vector<float> x, std::vector<float> y, std::vector<float> z,
                  const AlignmentMatrix& matrix);
    /// The comparison checkpoint's matrix at the current step (empty languages clears).
    void setComparison(const AlignmentMatrix& matrix, const QString& label);
    /// The comparison checkpoint's points at the current step, drawn beside the main scatter
    /// ("before" on the left) in the basis both share (the main scatter's coordinates come
    /// through showStep in that basis too). Empty x hides the second scatter.
    void setComparisonPoints(std::vector<float> x, std::vector<float> y, std::vector<float> z,
                             const QString& label, const QString& currentLabel);
    ScatterView* comparisonScatter() const { return before_; }
    bool comparisonScatterShown() const;
    void setPointDetails(const EmbeddingsPointDetails& details);
    /// Notes of the calibration fit (held-out report on the corpus's test split, skipped
    /// languages) shown under the accuracy table.
    void setCalibrationNote(const QString& text);
    QString calibrationNote() const;
    /// Which sentence vector the sample was encoded with (pooling and where it comes from).
    void setPoolingNote(const QString& text);
    QString poolingNote() const;
    /// The accuracy of a step computed on the way to the one shown (its readout column only).
    void setStepAccuracy(int step, const AlignmentMatrix& matrix);
    bool hasStepAccuracy(int step) const { return matrices_.count(step) > 0; }

    int currentStep() const { return step_; }
    bool supervised() const;
    /// The user picked the rotation method (else the next sample's corpus decides it).
    bool rotationMethodChosen() const { return methodChosen_; }
    void setSupervised(bool on);
    /// Whether the sample's corpus has train pairs: the supervised rotation needs them. With
    /// them it is the default (it beats the unsupervised one on the demo checkpoints) until the
    /// user picks a method; without them it is disabled and the unsupervised one is used.
    void setTrainPairsAvailable(bool available);
    /// The accuracy readout as shown: per direction "de→en", the cosine top-1 at each step
    /// (NaN where not computed yet).
    std::map<QString, std::vector<double>> accuracyTable() const;
    /// The mean cosine top-1 over all directions at `step` (NaN when not computed).
    double meanAccuracy(int step) const;

    /// Text of point i of the current sample (empty when out of range).
    QString pointText(int i) const { return texts_.value(i); }
    QLineEdit* searchEdit() const { return search_; }
    void searchPoints(const QString& text);
    ScatterView* scatter() const { return scatter_; }
    AlignmentMatrixWidget* matrixWidget() const { return matrix_; }
    QTextBrowser* detailsBrowser() const { return details_; }
    QPushButton* encodeButton() const { return encode_; }
    QPushButton* stepButton(int step) const;

  Q_SIGNALS:
    void encodeRequested(const isomorph::views::EmbeddingsRequest& request);
    void cancelRequested();
    void stepRequested(int step, bool supervised);
    void pointDetailsRequested(int index);
    void compareRequested(const QString& checkpoint);
    /// The text search's matches are shown (`count` points; the search ran on a worker).
    void searchFinished(int count);

  private:
    /// The progress bar at done of total (busy indicator when total is 0), `label` before the
    /// count and as its tooltip.
    void setBar(qint64 done, qint64 total, const QString& label);
    QWidget* makeToolbar();
    QWidget* makeSidePanel();
    void browseCheckpoint();
    void browseSample();
    void refreshAccuracy();
    void updateStepButtons();
    void fillCheckpointCombo(QComboBox* combo, bool withNone);

    QComboBox* checkpointCombo_;
    QComboBox* sampleCombo_;
    QSpinBox* limit_;
    QLabel* limitLabel_;  ///< says what the limit counts for the chosen sample
    QCheckBox* threeD_;
    QPushButton* encode_;
    QPushButton* cancel_;
    QProgressBar* progress_;
    QLabel* status_;
    QLabel* error_;
    ScatterView* scatter_;
    ScatterView* before_;   ///< the comparison checkpoint's scatter (hidden without one)
    QWidget* beforePanel_;  ///< before_ with its title
    QLabel* beforeTitle_;
    QLabel* afterTitle_;       ///< over the main scatter while comparing
    bool jointBasis_ = false;  ///< the scatters share a basis fitted on both checkpoints
    QLineEdit* search_;
    QLabel* found_ = nullptr;
    QButtonGroup* steps_;
    QComboBox* method_;
    bool methodChosen_ = false;  ///< the user picked a rotation method: defaults leave it
    QTableWidget* accuracy_;
    QLabel* calibrationNote_;
    QLabel* poolingNote_;
    AlignmentMatrixWidget* matrix_;
    QComboBox* compareCombo_;
    QTextBrowser* details_;

    QVector<EmbeddingsChoice> checkpoints_;
    QStringList texts_;
    /// Bumped by every change of the search text: a worker still searching for an older text
    /// stops, and its answer is dropped.
    std::shared_ptr<std::atomic<int>> searchGeneration_ = std::make_shared<std::atomic<int>>(0);
    bool busy_ = false;
    bool hasPoints_ = false;
    int step_ = 0;
    std::map<int, AlignmentMatrix> matrices_;  ///< by step, for the current sample and method
    AlignmentMatrix comparison_;
};

}  // namespace isomorph::views

Q_DECLARE_METATYPE(isomorph::views::EmbeddingsRequest)
