#pragma once

// Feeds the Search view: opens indexes (the engine's SearchService: vector index, its encoder
// and BM25), builds them from a corpus and a checkpoint (core index builder, with progress and
// cancel), runs queries and re-ranks them with a cross-encoder (core rerankRows), all on worker
// threads. Each side of the view (A and B) has its own index and model; the GUI thread only sees
// plain rows and messages.

#include <memory>

#include <QObject>
#include <QString>
#include <QThreadPool>

namespace isomorph {
class Feedback;
}
namespace isomorph::index {
class SearchService;
}
namespace isomorph::views {
class SearchView;
struct SearchIndexInfo;
struct SearchOutcome;
struct SearchRequest;
}  // namespace isomorph::views

namespace isomorph::gui {

class SharedReranker;

class SearchController : public QObject {
    Q_OBJECT
  public:
    explicit SearchController(views::SearchView* view, QObject* parent = nullptr);
    /// Cancels builds and waits for the workers (they hold no pointer to the view).
    ~SearchController() override;

    /// The workspace whose indexes/ folder is offered and receives new indexes ("" = none:
    /// new indexes go to the application's data folder).
    void setWorkspace(const QString& root);
    /// Shows `checkpoint` on `side` (the Runs view's "Open in Search": side A) and opens an
    /// index of the workspace built with it when there is one (else indexFailed says so).
    void openCheckpoint(const QString& checkpoint, int side = 0);
    /// Like openCheckpoint, but when no index of the workspace was built with `checkpoint`,
    /// builds one from `corpus` (files separated by ';', shown as `corpusName`) with progress
    /// and Cancel on that side, then opens it: the guided demo's Search step.
    void openOrBuild(int side, const QString& checkpoint, const QString& corpus,
                     const QString& corpusName);

    /// Opens `folder` for `side`; queries are encoded with `checkpoint` (must be the model that
    /// built the index) or, when empty, with the checkpoint recorded in the index.
    void openIndex(int side, const QString& folder, const QString& checkpoint);
    /// Encodes `corpus` with `checkpoint` into a new index (in the workspace's indexes/ unless
    /// `outDir` is given), then opens it.
    void buildIndex(int side, const QString& corpus, const QString& checkpoint,
                    const QString& outDir = QString());
    void cancelBuild(int side);
    /// Opens what the retrieval demo shipped (its RUN/retrieval-demo.json): its index with its
    /// bi-encoder on side A, hybrid mode, and re-ranking with its re-ranker at its depth and
    /// dev-chosen weight. Returns false (and why in *error) for a missing or unreadable file.
    bool openRetrievalDemo(const QString& manifest, QString* error = nullptr);
    /// The newest WS/runs/*/retrieval-demo.json of the workspace, "" when none.
    QString latestRetrievalDemo() const;
    void search(int side, const views::SearchRequest& request);

    bool isOpen(int side) const;
    bool isBuilding(int side) const;
    /// Index folder new builds of `checkpoint` from `corpus` go to.
    QString defaultIndexFolder(const QString& corpus, const QString& checkpoint) const;

  Q_SIGNALS:
    void indexOpened(int side, const QString& folder);
    void indexFailed(int side, const QString& message);
    void buildFinished(int side, bool ok);
    void searched(int side);
    void message(const QString& text);

  private:
    struct Side {
        std::shared_ptr<const index::SearchService> service;
        std::shared_ptr<Feedback> build;  ///< of the build in flight (cancelBuild cancels it)
        int generation = 0;               ///< bumped by every open/build: older answers are dropped
        bool building = false;
        bool searching = false;
        std::unique_ptr<views::SearchRequest> queued;  ///< asked for while a search ran
    };

    void opened(int side, int generation, const std::shared_ptr<const index::SearchService>& s,
                const QString& error);
    void runSearch(int side, const views::SearchRequest& request);
    void refreshIndexChoices();
    void refreshRerankChoices();
    QString indexesDir() const;

    views::SearchView* view_;
    QString workspace_;
    Side sides_[2];
    /// One cross-encoder for both sides (A/B re-ranked alike), loaded on first use by a
    /// worker; workers take turns scoring with it.
    std::shared_ptr<SharedReranker> reranker_;
    QThreadPool pool_;  ///< last member: destroyed (joined) first
};

}  // namespace isomorph::gui
