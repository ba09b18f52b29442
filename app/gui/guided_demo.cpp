#include "app/gui/guided_demo.h"

#include <QCheckBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>

#include "app/gui/embeddings_controller.h"
#include "app/gui/main_window.h"
#include "app/gui/runs_controller.h"
#include "app/gui/search_controller.h"
#include "core/train/run_config.h"
#include "core/workflows/base_model.h"
#include "core/workspace/run_layout.h"
#include "views/demo_guide.h"
#include "views/runs/runs_model.h"
#include "views/runs/runs_view.h"
#include "views/search/search_view.h"

namespace isomorph::gui {

namespace {

/// One-click queries of the Search step: everyday requests in several demo languages whose
/// answers are English man-page passages (cross-lingual retrieval).
QList<QPair<QString, QString>> exampleQueries() {
    return {{QStringLiteral("fr"), QStringLiteral("supprimer un répertoire")},
            {QStringLiteral("de"), QStringLiteral("Verzeichnisinhalte auflisten")},
            {QStringLiteral("es"), QStringLiteral("comprimir un archivo")},
            {QStringLiteral("ja"), QStringLiteral("ファイルをコピーする")},
            {QStringLiteral("zh"), QStringLiteral("显示磁盘使用情况")},
            {QStringLiteral("ru"), QStringLiteral("изменить владельца файла")},
            {QStringLiteral("en"), QStringLiteral("show running processes")}};
}

}  // namespace

GuidedDemo::GuidedDemo(MainWindow* window, views::DemoGuide* guide)
    : QObject(window), window_(window), guide_(guide) {
    guide_->setSteps({tr("Training"), tr("Embedding space"), tr("Search")});
    guide_->setVisible(false);
    connect(guide_, &views::DemoGuide::stepRequested, this, &GuidedDemo::goTo);
    connect(guide_, &views::DemoGuide::closeRequested, this, &GuidedDemo::close);
}

void GuidedDemo::start(const QString& run) {
    run_ = run;
    guide_->setVisible(true);
    connect(window_->runsController(), &RunsController::rescanned, this,
            &GuidedDemo::keepFitsWhenRunEnded, Qt::UniqueConnection);
    goTo(Training);
    keepFitsWhenRunEnded();
}

void GuidedDemo::keepFitsWhenRunEnded() {
    if (run_.isEmpty() || keptFor_ == run_) return;
    const views::RunsModel* runs = window_->runsController()->model();
    const views::RunRow* row = runs->run(QDir(run_).absolutePath());
    if (row == nullptr) return;
    const QString& status = row->status;
    // Ended: its newest checkpoint is the one step 2 will show from now on.
    if (status != QLatin1String("finished") && status != QLatin1String("stopped")) return;
    const QString trained = trainedCheckpoint();
    if (trained.isEmpty()) return;
    keptFor_ = run_;
    window_->embeddingsController()->keepFitsFor({trained, initialCheckpoint()});
}

void GuidedDemo::close() {
    guide_->setVisible(false);
}

void GuidedDemo::goTo(int step) {
    if (run_.isEmpty()) return;
    guide_->setVisible(true);
    switch (std::clamp(step, 0, StepCount - 1)) {
        case Training:
            showTraining();
            break;
        case EmbeddingSpace:
            showEmbeddingSpace();
            break;
        default:
            showSearch();
            break;
    }
}

QString GuidedDemo::initialCheckpoint() const {
    // A run from scratch writes its random initialisation to RUN/init; one that continues a
    // model (the imported multilingual encoder, the shipped base) names it in its frozen config.
    const workspace::RunLayout layout{run_.toStdString()};
    const workspace::CheckpointLayout init{layout.init()};
    if (std::filesystem::exists(init.weights())) return QString::fromStdString(init.dir.string());
    try {
        const train::RunConfig config = train::loadRunConfig(layout.config());
        if (config.model.init != "scratch") return QString::fromStdString(config.model.init);
    } catch (const std::exception&) {  // not written yet: the run is starting
    }
    return QString::fromStdString(workflows::findShippedBase().string());
}

QString GuidedDemo::trainedCheckpoint() const {
    try {
        return QString::fromStdString(workspace::resolveCheckpoint(run_.toStdString()).string());
    } catch (const std::exception&) {  // no checkpoint saved yet
        return {};
    }
}

QString GuidedDemo::searchCorpus() const {
    const QString file =
        QDir(window_->workspacePath())
            .filePath(QStringLiteral("corpora/man-demo/retrieval/test/en-en/corpus.jsonl"));
    return QFileInfo::exists(file) ? file : QString();
}

void GuidedDemo::showTraining() {
    window_->showView(QStringLiteral("runs"));
    window_->runsController()->selectWhenListed({run_});
    guide_->showStep(Training,
                     tr("<b>Training, live.</b> The first chart, <i>dev bitext accuracy</i>, is "
                        "the share of sentences from pages never trained on whose nearest "
                        "neighbour is their translation; it rises while the run trains. Hover "
                        "a chart's title for its definition."));
    Q_EMIT stepShown(Training);
}

void GuidedDemo::showEmbeddingSpace() {
    window_->showView(QStringLiteral("embeddings"));
    const QString trained = trainedCheckpoint();
    const QString initial = initialCheckpoint();
    auto* embeddings = window_->embeddingsController();
    if (trained.isEmpty()) {
        guide_->showStep(EmbeddingSpace,
                         tr("<b>The embedding space.</b> The run has not saved a checkpoint yet; "
                            "this shows the model it started from. Open this step again in a "
                            "minute to see the trained one."));
        if (!initial.isEmpty()) embeddings->openCheckpoint(initial);
        Q_EMIT stepShown(EmbeddingSpace);
        return;
    }
    guide_->showStep(
        EmbeddingSpace,
        tr("<b>The embedding space.</b> Translation pairs of held-out pages, encoded by the "
           "model the run started from (left) and by its newest checkpoint (%1, right), in one "
           "2-D projection; colours are languages. The matrix shows how much closer training "
           "brought each language pair's translations. The calibration steps shift, scale and "
           "rotate each language onto English.")
            .arg(QFileInfo(trained).fileName().toHtmlEscaped()));
    if (!initial.isEmpty())
        connect(
            embeddings, &EmbeddingsController::encoded, embeddings,
            [embeddings, initial] { embeddings->compareWith(initial); }, Qt::SingleShotConnection);
    embeddings->openCheckpoint(trained);
    Q_EMIT stepShown(EmbeddingSpace);
}

void GuidedDemo::showSearch() {
    window_->showView(QStringLiteral("search"));
    auto* view = window_->findChild<views::SearchView*>();
    auto* search = window_->searchController();
    const QString corpus = searchCorpus();
    const QString corpusName = tr("English man-page passages (demo test split)");
    const QString initial = initialCheckpoint();
    const QString trained = trainedCheckpoint();
    view->setAbMode(true);
    view->setExamples(exampleQueries());
    const QString manifest = search->latestRetrievalDemo();
    QString left;
    if (!manifest.isEmpty() && search->openRetrievalDemo(manifest)) {
        // At first-stage weight 1 the cross-encoder's scores do not change the order.
        left = view->rerankWeightBox()->value() >= 1.0
                   ? tr("the retrieval demo's bi-encoder, fused with BM25 (its cross-encoder did "
                        "not beat this first stage on the dev queries, so the order is the "
                        "first stage's)")
               : view->rerankTranslateBox()->isChecked()
                   ? tr("the retrieval demo's bi-encoder, fused with BM25 and re-ranked by an "
                        "English cross-encoder that reads the query translated by the lexicon")
                   : tr("the retrieval demo's bi-encoder, fused with BM25 and re-ranked by its "
                        "cross-encoder");
    } else {
        view->setMode(QStringLiteral("dense"));
        if (!trained.isEmpty()) search->openOrBuild(0, trained, corpus, corpusName);
        left = trained.isEmpty() ? tr("the trained model, once the run has saved a checkpoint")
                                 : tr("the run's newest checkpoint");
    }
    if (!initial.isEmpty()) search->openOrBuild(1, initial, corpus, corpusName);
    guide_->showStep(Search,
                     tr("<b>Cross-lingual search.</b> Left: %1; right: the model the run started "
                        "from. Both search English man-page passages. Click an example: a "
                        "query in another language finds English passages by meaning (an "
                        "index is built first when there is none, about a minute).")
                         .arg(left));
    Q_EMIT stepShown(Search);
}

}  // namespace isomorph::gui
