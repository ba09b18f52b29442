#include "app/gui/search_controller.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QThread>
#include <QtConcurrent>

#include "core/common/errors.h"
#include "core/common/feedback.h"
#include "core/index/index_builder.h"
#include "core/index/rerank_rows.h"
#include "core/index/search_service.h"
#include "core/index/vector_index.h"
#include "core/model/cross_encoder.h"
#include "core/workflows/retrieval_demo_manifest.h"
#include "core/workflows/start_model.h"
#include "core/workspace/run_layout.h"
#include "core/workspace/workspace.h"
#include "views/search/search_view.h"

namespace isomorph::gui {
namespace fs = std::filesystem;

namespace {

using ServicePtr = std::shared_ptr<const index::SearchService>;

struct Opened {
    ServicePtr service;
    QString error;
};

/// Encoder threads: one core stays with the GUI thread, so encoding never stalls painting.
int encoderThreads() {
    return std::max(1, QThread::idealThreadCount() - 1);
}

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

fs::path toPath(const QString& s) {
    return fs::path(s.toStdString());
}

/// The tokenizer files EncodingService loads (encoding_service.cpp): without one a checkpoint
/// cannot encode queries, and its fingerprint no longer matches the index it built.
bool hasTokenizer(const fs::path& checkpoint) {
    return !workspace::CheckpointLayout{checkpoint}.tokenizer().empty();
}

QString noTokenizer(const fs::path& checkpoint) {
    return SearchController::tr(
               "The checkpoint %1 has no tokenizer (sentencepiece.bpe.model, tokenizer.json or "
               "vocab.txt next to model.safetensors), so it cannot encode queries. Choose a "
               "complete checkpoint folder of a run.")
        .arg(qs(checkpoint.string()));
}

/// Why opening `folder` with `model` ("" = the recorded encoder) failed with `e`, in the
/// user's terms (index::diagnoseOpenFailure tells the cases apart).
QString explainOpenFailure(const fs::path& folder, const fs::path& model, const std::exception& e) {
    using Kind = index::OpenDiagnosis::Kind;
    const index::OpenDiagnosis d = index::diagnoseOpenFailure(folder, model);
    switch (d.kind) {
        case Kind::Damaged:
            return SearchController::tr("The index folder %1 is damaged or incomplete: %2")
                .arg(qs(folder.string()), qs(d.detail));
        case Kind::ModelGone:
            return SearchController::tr(
                       "The model that built this index (%1) is gone. Choose a copy of that "
                       "checkpoint above.")
                .arg(qs(d.builtBy));
        case Kind::NoTokenizer:
            return noTokenizer(d.checkpoint);
        case Kind::AnotherModel:
            return SearchController::tr(
                       "This index was built with another model (%1) than the selected checkpoint "
                       "(%2): their vectors are not comparable. Select the checkpoint that built "
                       "it, or build an index with this one.")
                .arg(qs(d.builtBy), qs(d.checkpoint.string()));
        case Kind::Other:
            break;
    }
    return SearchController::tr("Cannot open the index %1: %2")
        .arg(qs(folder.string()), qs(e.what()));
}

/// The checkpoint folder meant by `checkpoint` ("" stays ""), or a message.
fs::path resolveModel(const QString& checkpoint, QString* error) {
    if (checkpoint.isEmpty()) return {};
    fs::path model;
    try {
        model = workspace::resolveCheckpoint(toPath(checkpoint));
    } catch (const std::exception& e) {
        *error = isomorph::gui::SearchController::tr("%1 is not a checkpoint: %2")
                     .arg(checkpoint, qs(e.what()));
        return {};
    }
    if (!hasTokenizer(model)) *error = noTokenizer(model);
    return model;
}

/// Worker: the search service of an index folder.
Opened openService(const QString& folder, const QString& checkpoint) {
    if (folder.isEmpty()) return {nullptr, SearchController::tr("Choose an index folder.")};
    QString error;
    const fs::path model = resolveModel(checkpoint, &error);
    if (!error.isEmpty()) return {nullptr, error};
    const fs::path dir = toPath(folder);
    if (!index::VectorIndex::isIndexFolder(dir))
        return {nullptr, SearchController::tr("%1 is not an index folder (it has no index.json). "
                                              "Choose a folder made by Build index or by "
                                              "isomorph-cli index build.")
                             .arg(folder)};
    try {
        index::SearchServiceOptions options;
        options.model = model.string();
        options.threads = encoderThreads();
        return {ServicePtr(index::SearchService::open(dir, options)), {}};
    } catch (const std::exception& e) {
        return {nullptr, explainOpenFailure(dir, model, e)};
    }
}

views::SearchIndexInfo indexInfo(const index::SearchService& service) {
    const index::IndexMetadata& m = service.index().metadata();
    views::SearchIndexInfo info;
    info.folder = qs(service.index().folder().string());
    info.checkpoint = qs(m.encoder.checkpoint);
    info.rows = m.rows;
    info.dim = m.dim;
    info.kind = QString::fromLatin1(index::indexKindName(m.params.kind));
    for (const auto& l : m.languages)
        info.languages << qs(l);
    info.lexical = service.hasLexical();
    info.translatedLanguages = static_cast<int>(service.translatedLanguages().size());
    return info;
}

/// What the workspace's runs offer the Search view.
struct RunCheckpoints {
    QStringList crossEncoders;  ///< each run whose checkpoint (best, else latest) re-ranks
    QString newestEncoder;      ///< the most recently written bi-encoder checkpoint, "" = none
};

/// "RUN/step-N" for a run's checkpoint folder, "RUN/init" for a run's random start, else the
/// folder's name (the heading above a side's results).
QString shortCheckpointName(const QString& path) {
    const fs::path folder = toPath(QDir::cleanPath(path));
    const std::string name = folder.filename().string();
    const fs::path parent = folder.parent_path();
    if (workspace::CheckpointLayout::stepOfName(name) &&
        parent.filename() == workspace::RunLayout::kCheckpointsDir)
        return qs((parent.parent_path().filename() / name).string());
    if (name == workspace::RunLayout::kInitDir) return qs((parent.filename() / name).string());
    return qs(name);
}

/// Worker: the checkpoint (best, else latest) of each run of the workspace, sorted by kind.
RunCheckpoints scanRunCheckpoints(const QString& root) {
    RunCheckpoints out;
    QDateTime newest;
    const QDir runs(qs(workspace::WorkspaceLayout{toPath(root)}.runs().string()));
    for (const QString& run : runs.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        try {
            const fs::path dir = workspace::resolveCheckpoint(toPath(runs.filePath(run)));
            if (model::isCrossEncoderCheckpoint(dir)) {
                out.crossEncoders << qs(dir.string());
                continue;
            }
            if (!hasTokenizer(dir)) continue;
            const QDateTime written = QFileInfo(qs(dir.string())).lastModified();
            if (out.newestEncoder.isEmpty() || written > newest) {
                out.newestEncoder = qs(dir.string());
                newest = written;
            }
        } catch (const std::exception&) {  // a run without checkpoints yet
        }
    }
    return out;
}

/// What a search asked of the re-ranker.
struct RerankRequest {
    QString checkpoint;  ///< "" = no re-ranking
    std::size_t depth = 0;
    double weight = 0.0;     ///< of the first-stage score (score interpolation)
    bool translate = false;  ///< translate-test (QueryRequest::rerankTranslated)
};

}  // namespace

/// The cross-encoder both sides re-rank with: loaded by the first worker that needs it (again
/// when another checkpoint is chosen); workers take turns, as CrossEncoder is not reentrant.
class SharedReranker {
  public:
    /// Runs `request` with the re-ranker of `checkpoint` ("" = none). Throws RerankerRefused
    /// with a message for the view when the checkpoint cannot re-rank (a bi-encoder, a partial
    /// head, no tokenizer); the query's own failures throw as index::runQuery does.
    index::QueryReport run(const index::SearchService& service, index::QueryRequest request,
                           const QString& checkpoint, int* maxQueryTokens) {
        if (checkpoint.isEmpty()) return index::runQuery(service, request);
        const std::lock_guard<std::mutex> lock(mutex_);
        if (!model_ || checkpoint_ != checkpoint) load(checkpoint);
        // Another tokenizer than the index's encoder: refused once per pair, as the CLI does;
        // a translate-test re-ranker is of another model family by design and reads with its
        // own tokenizer.
        const std::string encoder = service.index().metadata().encoder.checkpoint;
        if (!request.rerankTranslated && checkedEncoder_ != encoder) {
            try {
                index::checkRerankerTokenizer(encoder, model_->checkpoint());
            } catch (const ConfigError& e) {
                throw RerankerRefused(e.what());
            }
            checkedEncoder_ = encoder;
        }
        request.reranker = model_.get();
        *maxQueryTokens = static_cast<int>(model_->maxQueryTokens());
        return index::runQuery(service, request);
    }

    struct RerankerRefused : std::runtime_error {
        using std::runtime_error::runtime_error;
    };

  private:
    void load(const QString& checkpoint) {
        model_.reset();
        checkpoint_ = checkpoint;
        checkedEncoder_.clear();
        try {
            QString error;
            const fs::path dir = resolveModel(checkpoint, &error);
            if (!error.isEmpty()) throw std::runtime_error(error.toStdString());
            model::CrossEncoderOptions options;
            options.threads = encoderThreads();
            model_ = model::CrossEncoder::open(dir, options);
        } catch (const std::exception& e) {
            throw RerankerRefused(e.what());
        }
    }

    std::mutex mutex_;
    QString checkpoint_;          ///< what model_ was loaded from
    std::string checkedEncoder_;  ///< the index encoder whose tokenizer model_ was checked against
    std::unique_ptr<model::CrossEncoder> model_;
};

namespace {

views::SearchOutcome runQuery(const index::SearchService& service, const std::string& text,
                              const index::QueryOptions& q, const RerankRequest& rerank,
                              SharedReranker& reranker) {
    views::SearchOutcome out;
    out.mode = QString::fromLatin1(index::searchModeName(q.mode));
    try {
        int maxQueryTokens = 0;
        const index::QueryReport report =
            reranker.run(service, {text, q, nullptr, rerank.depth, rerank.weight, rerank.translate},
                         rerank.checkpoint, &maxQueryTokens);
        out.encodeMs = 1000 * report.timings.encodeSeconds;
        out.searchMs = 1000 * report.timings.searchSeconds;
        out.reranked = report.reranked;
        out.rerankDepth = static_cast<int>(report.rescored);
        out.rerankWeight = rerank.weight;
        out.rerankMs = 1000 * report.rerankStats.seconds;
        if (rerank.translate) out.rerankQuery = QString::fromStdString(report.rerankQuery);
        for (const auto& r : report.rows) {
            views::SearchHitRow row;
            row.rank = r.rank;
            row.score = r.score;
            row.id = qs(r.id);
            row.language = qs(r.language);
            row.text = qs(r.text);
            if (r.best.end > r.best.begin) {
                // Byte offsets of the UTF-8 passage -> positions in the QString.
                const auto at = [&r](std::size_t byte) {
                    return static_cast<int>(
                        QString::fromUtf8(r.text.data(), static_cast<qsizetype>(byte)).size());
                };
                row.bestBegin = at(r.best.begin);
                row.bestEnd = at(r.best.end);
                for (const auto& m : r.matches)
                    row.matches.append({at(m.begin), at(m.end)});
            }
            if (report.reranked) {
                row.firstStageRank = report.firstStageRank.at(r.id);
                row.rescored = r.rank <= out.rerankDepth;
            }
            out.rows.push_back(row);
        }
        if (report.rerankStats.queriesTruncated > 0)
            out.warning = isomorph::gui::SearchController::tr(
                              "the re-ranker kept only the first %1 tokens of the query")
                              .arg(maxQueryTokens);
        else if (report.indistinct)
            out.warning =
                isomorph::gui::SearchController::tr(
                    "all scores lie within %1 of each other: this model barely tells these "
                    "documents apart, so their order means little (try hybrid or BM25)")
                    .arg(index::kIndistinctScoreSpread);
        if (!report.coverage.covered()) {
            const QString script = report.coverage.script.empty()
                                       ? QString()
                                       : isomorph::gui::SearchController::tr(" (%1 script)")
                                             .arg(qs(report.coverage.script));
            out.warning =
                q.mode == index::SearchMode::Hybrid
                    ? isomorph::gui::SearchController::tr(
                          "%1 of %2 letters of the query are unknown to the "
                          "model's vocabulary%3: these results are BM25's alone.")
                          .arg(report.coverage.unknown)
                          .arg(report.coverage.letters)
                          .arg(script)
                    : isomorph::gui::SearchController::tr(
                          "No results in this language: %1 of %2 letters of the query are "
                          "unknown to the model's vocabulary%3, so the model cannot tell what "
                          "it means.")
                          .arg(report.coverage.unknown)
                          .arg(report.coverage.letters)
                          .arg(script);
        }
    } catch (const SharedReranker::RerankerRefused& e) {
        out.error = isomorph::gui::SearchController::tr("Cannot re-rank with %1: %2")
                        .arg(rerank.checkpoint, qs(e.what()));
    } catch (const std::exception& e) {
        out.error = qs(e.what());
    }
    return out;
}

/// The encoder fingerprint an index folder records ("" when unreadable).
std::string recordedFingerprint(const fs::path& indexDir) {
    try {
        return index::VectorIndex::readMetadata(indexDir).encoder.fingerprint;
    } catch (const std::exception&) {  // not an index, or a damaged one: not a match
        return {};
    }
}

}  // namespace

SearchController::SearchController(views::SearchView* view, QObject* parent)
    : QObject(parent), view_(view), reranker_(std::make_shared<SharedReranker>()) {
    pool_.setMaxThreadCount(3);  // a build and both sides' searches at once
    connect(view_, &views::SearchView::searchRequested, this, &SearchController::search);
    connect(view_, &views::SearchView::openIndexRequested, this, &SearchController::openIndex);
    connect(view_, &views::SearchView::buildIndexRequested, this,
            [this](int side, const QString& corpus, const QString& checkpoint) {
                buildIndex(side, corpus, checkpoint);
            });
    connect(view_, &views::SearchView::cancelBuildRequested, this, &SearchController::cancelBuild);
    view_->setCheckpointNamer(&shortCheckpointName);
}

SearchController::~SearchController() {
    for (Side& s : sides_)
        if (s.build) s.build->cancel();
    pool_.waitForDone();
}

QString SearchController::indexesDir() const {
    // Without a workspace, the indexes go where a workspace in the app's data folder keeps them.
    const QString root =
        workspace_.isEmpty()
            ? QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)
            : workspace_;
    return qs(workspace::WorkspaceLayout{toPath(root)}.indexes().string());
}

void SearchController::setWorkspace(const QString& root) {
    workspace_ = root;
    refreshIndexChoices();
    refreshRerankChoices();
    // The demo workspace's monolingual test sets together: passages in every demo language.
    const QDir retrieval(QDir(root).filePath(QStringLiteral("corpora/man-demo/retrieval/test")));
    if (!root.isEmpty() && view_->corpusPath().isEmpty() && retrieval.exists()) {
        QStringList files;
        for (const QString& set : retrieval.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            const QStringList langs = set.split(QLatin1Char('-'));
            const QString file = retrieval.filePath(set + QStringLiteral("/corpus.jsonl"));
            if (langs.size() == 2 && langs[0] == langs[1] && QFileInfo::exists(file)) files << file;
        }
        view_->setCorpus(files.join(QLatin1Char(';')), tr("Demo test passages (%n languages)",
                                                          nullptr, static_cast<int>(files.size())));
    }
    // The workspace's start model (start_model.h) when it is the imported multilingual encoder:
    // a real cross-lingual model, with its prompts, over the demo's passages (index opened, or
    // built here with progress). Else what the retrieval demo shipped, when it has run in this
    // workspace: its index, bi-encoder and re-ranker are the search stack to show.
    if (root.isEmpty() || isOpen(0)) return;
    if (const workflows::StartModel start = workflows::chooseStartModel(toPath(root));
        start.kind == workflows::StartModel::Kind::Imported) {
        const QString model = qs(start.checkpoint.string());
        Q_EMIT message(tr("Search starts from the workspace's start model, %1: queries get its "
                          "\"query: \" prompt, passages its \"passage: \" prompt")
                           .arg(qs(start.name)));
        openOrBuild(0, model, view_->corpusPath(), view_->corpusName());
        return;
    }
    if (const QString manifest = latestRetrievalDemo(); !manifest.isEmpty())
        openRetrievalDemo(manifest);
}

QString SearchController::latestRetrievalDemo() const {
    if (workspace_.isEmpty()) return {};
    const QDir runs(QDir(workspace_).filePath(QStringLiteral("runs")));
    QString newest;
    QDateTime newestTime;
    for (const QString& name : runs.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QFileInfo f(runs.filePath(name + QLatin1Char('/') +
                                        QString::fromLatin1(workflows::kRetrievalDemoManifest)));
        if (f.exists() && (newest.isEmpty() || f.lastModified() > newestTime)) {
            newest = f.filePath();
            newestTime = f.lastModified();
        }
    }
    return newest;
}

bool SearchController::openRetrievalDemo(const QString& manifest, QString* error) {
    auto refuse = [&](const QString& why) {
        if (error) *error = why;
        Q_EMIT message(why);
        return false;
    };
    workflows::RetrievalDemoManifest m;
    try {
        m = workflows::readRetrievalDemoManifest(toPath(manifest));
    } catch (const std::exception& e) {
        return refuse(qs(e.what()));
    }
    if (!m.finished())
        return refuse(tr("%1 is not a finished retrieval demo (no index, bi_encoder or reranker); "
                         "run isomorph-cli demo run --retrieval --dir %2 to finish it")
                          .arg(manifest, QFileInfo(manifest).path()));
    const QString biEncoder = qs(m.biEncoder.string());
    view_->setRerankSettings(qs(m.reranker.string()), m.rerankDepth, m.rerankWeight,
                             m.rerankTranslate);
    view_->setMode(QStringLiteral("hybrid"));
    view_->setCheckpoint(0, biEncoder);
    openIndex(0, qs(m.index.string()), biEncoder);
    const double weight = m.rerankWeight;
    if (weight >= 1.0)
        Q_EMIT message(tr("Search uses the retrieval demo of %1: hybrid first stage. Its "
                          "fine-tuned cross-encoder did not beat the first stage on the dev "
                          "queries, so the first-stage weight is 1.0: results keep the first "
                          "stage's order (docs/training.md, \"Why it stays at chance\")")
                           .arg(QFileInfo(manifest).path()));
    else if (m.rerankTranslate)
        Q_EMIT message(tr("Search uses the retrieval demo of %1: hybrid first stage, re-ranked "
                          "by an English cross-encoder fine-tuned from %2 that reads each query "
                          "translated into English by the lexicon (weight %3 for the first "
                          "stage, chosen on dev queries)")
                           .arg(QFileInfo(manifest).path(), qs(m.rerankerBase.string()))
                           .arg(weight, 0, 'f', 1));
    else
        Q_EMIT message(tr("Search uses the retrieval demo of %1: hybrid first stage, re-ranked "
                          "by its fine-tuned cross-encoder (weight %2 for the first stage, "
                          "chosen on dev queries)")
                           .arg(QFileInfo(manifest).path())
                           .arg(weight, 0, 'f', 1));
    return true;
}

void SearchController::refreshIndexChoices() {
    QStringList folders;
    const QDir dir(indexesDir());
    for (const QString& name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        if (QFileInfo::exists(dir.filePath(name + QStringLiteral("/index.json"))))
            folders << dir.filePath(name);
    view_->setIndexChoices(folders);
}

void SearchController::refreshRerankChoices() {
    if (workspace_.isEmpty()) {
        view_->setRerankChoices({});
        return;
    }
    const QString root = workspace_;
    QtConcurrent::run(&pool_, [root] {
        return scanRunCheckpoints(root);
    }).then(this, [this, root](const RunCheckpoints& found) {
        if (root != workspace_) return;
        view_->setRerankChoices(found.crossEncoders);
        // Opens ready: without the retrieval demo's stack, the newest trained checkpoint and
        // the index built with it (or a word on building one).
        if (!found.newestEncoder.isEmpty() && !isOpen(0) && !sides_[0].building &&
            view_->checkpoint(0).isEmpty() && latestRetrievalDemo().isEmpty() &&
            workflows::chooseStartModel(toPath(root)).kind != workflows::StartModel::Kind::Imported)
            openCheckpoint(found.newestEncoder, 0);
    });
}

void SearchController::openCheckpoint(const QString& checkpoint, int side) {
    openOrBuild(side, checkpoint, QString(), QString());
}

void SearchController::openOrBuild(int side, const QString& checkpoint, const QString& corpus,
                                   const QString& corpusName) {
    view_->setCheckpoint(side, checkpoint);
    if (sides_[side].building) return;
    const QString indexes = indexesDir();
    const int generation = ++sides_[side].generation;
    QtConcurrent::run(
        &pool_,
        [checkpoint, indexes] {
            QString error;
            const fs::path model = resolveModel(checkpoint, &error);
            if (!error.isEmpty()) return qMakePair(QString(), error);
            std::string fingerprint;
            try {
                fingerprint = index::checkpointFingerprint(model);
            } catch (const std::exception& e) {
                return qMakePair(QString(), qs(e.what()));
            }
            for (const QString& name : QDir(indexes).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                const QString folder = QDir(indexes).filePath(name);
                if (recordedFingerprint(toPath(folder)) == fingerprint)
                    return qMakePair(folder, QString());
            }
            return qMakePair(QString(), QString());
        })
        .then(this, [this, side, generation, checkpoint, corpus,
                     corpusName](const QPair<QString, QString>& found) {
            if (sides_[side].generation != generation) return;
            if (!found.first.isEmpty()) {
                openIndex(side, found.first, checkpoint);
                return;
            }
            if (found.second.isEmpty() && !corpus.isEmpty()) {
                view_->setCorpus(corpus, corpusName);
                buildIndex(side, corpus, checkpoint);
                return;
            }
            const QString why = !found.second.isEmpty()
                                    ? found.second
                                    : tr("No index of this workspace was built with this "
                                         "checkpoint: choose a corpus and press Build index.");
            view_->setSideMessage(side, why, !found.second.isEmpty());
            Q_EMIT indexFailed(side, why);
        });
}

void SearchController::openIndex(int side, const QString& folder, const QString& checkpoint) {
    Side& s = sides_[side];
    if (s.building) return;
    const int generation = ++s.generation;
    s.service.reset();
    view_->setSideMessage(side, tr("Opening %1…").arg(folder), false);
    QtConcurrent::run(&pool_, [folder, checkpoint] {
        return openService(folder, checkpoint);
    }).then(this, [this, side, generation](const Opened& o) {
        opened(side, generation, o.service, o.error);
    });
}

void SearchController::opened(int side, int generation, const ServicePtr& service,
                              const QString& error) {
    Side& s = sides_[side];
    if (s.generation != generation) return;
    if (!service) {
        view_->setSideMessage(side, error, true);
        Q_EMIT indexFailed(side, error);
        return;
    }
    s.service = service;
    view_->setIndexInfo(side, indexInfo(*service));
    Q_EMIT indexOpened(side, view_->indexPath(side));
}

QString SearchController::defaultIndexFolder(const QString& corpus,
                                             const QString& checkpoint) const {
    const QFileInfo model(QDir::cleanPath(checkpoint));
    QString name = model.fileName();
    if (workspace::CheckpointLayout::stepOfName(name.toStdString()))  // RUN/checkpoints/step-N
        name = QFileInfo(model.dir().absolutePath()).dir().dirName() + QLatin1Char('-') + name;
    else if (name == QLatin1String(workspace::RunLayout::kInitDir))  // RUN/init, a random start
        name = model.dir().dirName() + QStringLiteral("-init");
    const QStringList files = corpus.split(QLatin1Char(';'), Qt::SkipEmptyParts);
    const QFileInfo first(files.value(0).trimmed());
    const QString source = files.size() > 1 ? QStringLiteral("multi")
                           : first.completeBaseName() == QLatin1String("corpus")
                               ? first.dir().dirName()
                               : first.completeBaseName();
    const QString base = QDir(indexesDir()).filePath(name + QLatin1Char('-') + source);
    QString folder = base;
    for (int n = 2; QFileInfo::exists(folder); ++n)
        folder = base + QLatin1Char('-') + QString::number(n);
    return folder;
}

void SearchController::buildIndex(int side, const QString& corpus, const QString& checkpoint,
                                  const QString& outDir) {
    Side& s = sides_[side];
    if (s.building) return;
    const QString out = outDir.isEmpty() ? defaultIndexFolder(corpus, checkpoint) : outDir;
    const int generation = ++s.generation;
    s.service.reset();
    s.building = true;

    view_->setBuilding(side, true);
    view_->setSideMessage(side, tr("Building %1…").arg(out), false);
    // Progress reaches the GUI a few times a second, through the event loop; cancelBuild()
    // cancels the build's feedback.
    s.build = std::make_shared<Feedback>(
        [this, side, generation,
         last = std::chrono::steady_clock::time_point()](const Progress& p) mutable {
            const auto now = std::chrono::steady_clock::now();
            if (now - last > std::chrono::milliseconds(100) || p.done == p.total) {
                last = now;
                QMetaObject::invokeMethod(
                    this,
                    [this, side, generation, stage = qs(p.stage), done = p.done, total = p.total] {
                        if (sides_[side].generation == generation)
                            view_->setBuildProgress(side, stage, done, total);
                    },
                    Qt::QueuedConnection);
            }
            return true;
        });
    QtConcurrent::run(&pool_, [corpus, checkpoint, out, feedback = s.build]() mutable {
        QString error;
        const fs::path model = resolveModel(checkpoint, &error);
        if (!error.isEmpty()) return Opened{nullptr, error};
        try {
            index::IndexBuildRequest request;
            request.out = toPath(out);
            for (const QString& f : corpus.split(QLatin1Char(';'), Qt::SkipEmptyParts))
                request.corpus.push_back(toPath(f.trimmed()));
            request.model = model;
            // Mean pooling, as `isomorph-cli index build` (docs/retrieval.md, "Indexes").
            request.encode.pooling = model::Pooling::parse("mean", "pooling");
            request.encode.threads = encoderThreads();
            fs::create_directories(request.out.parent_path());
            index::buildIndex(request, feedback.get());
        } catch (const Cancelled&) {
            return Opened{nullptr, tr("Index build cancelled; nothing was written.")};
        } catch (const std::exception& e) {
            return Opened{nullptr, tr("Cannot build the index: %1").arg(qs(e.what()))};
        }
        return openService(out, checkpoint);
    }).then(this, [this, side, generation](const Opened& o) {
        sides_[side].building = false;
        view_->setBuilding(side, false);
        if (o.service) refreshIndexChoices();
        opened(side, generation, o.service, o.error);
        Q_EMIT buildFinished(side, o.service != nullptr);
    });
}

void SearchController::cancelBuild(int side) {
    if (sides_[side].build) sides_[side].build->cancel();
}

void SearchController::search(int side, const views::SearchRequest& request) {
    Side& s = sides_[side];
    if (s.searching) {  // the newest request runs when this one is done
        s.queued = std::make_unique<views::SearchRequest>(request);
        return;
    }
    runSearch(side, request);
}

void SearchController::runSearch(int side, const views::SearchRequest& request) {
    Side& s = sides_[side];
    views::SearchOutcome refused;
    refused.query = request.query;
    if (!s.service)
        refused.error = s.building ? tr("The index is still being built.")
                                   : tr("Open or build an index first.");
    if (!refused.error.isEmpty()) {
        view_->showResults(side, refused);
        Q_EMIT searched(side);
        return;
    }
    index::QueryOptions q;
    q.k = request.k;
    q.snippets = true;  // each result shows its best sentence and matched words
    for (const QString& l : request.languages)
        q.languages.push_back(l.toStdString());
    try {
        q.mode = index::parseSearchMode(request.mode.toStdString());
    } catch (const std::exception& e) {
        refused.error = qs(e.what());
        view_->showResults(side, refused);
        return;
    }
    const RerankRequest rerank{request.rerankCheckpoint,
                               static_cast<std::size_t>(std::max(1, request.rerankDepth)),
                               request.rerankWeight, request.rerankTranslate};
    s.searching = true;
    const int generation = s.generation;
    QtConcurrent::run(&pool_, [service = s.service, text = request.query.toStdString(), q, rerank,
                               reranker = reranker_] {
        return runQuery(*service, text, q, rerank, *reranker);
    }).then(this, [this, side, generation, query = request.query](views::SearchOutcome outcome) {
        Side& done = sides_[side];
        done.searching = false;
        outcome.query = query;  // highlight this query's words, not those typed since
        if (done.generation == generation) view_->showResults(side, outcome);
        Q_EMIT searched(side);
        if (done.queued) {
            const views::SearchRequest next = *done.queued;
            done.queued.reset();
            runSearch(side, next);
        }
    });
}

bool SearchController::isOpen(int side) const {
    return sides_[side].service != nullptr;
}

bool SearchController::isBuilding(int side) const {
    return sides_[side].building;
}

}  // namespace isomorph::gui
