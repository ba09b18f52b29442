#include "app/gui/embeddings_controller.h"

#include <algorithm>
#include <cmath>
#include <unistd.h>
#include <utility>
#include <vector>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#endif

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include "core/common/errors.h"
#include "core/eval/eval_tasks.h"
#include "core/workflows/embeddings_session.h"
#include "core/workflows/start_model.h"
#include "core/workspace/run_layout.h"
#include "core/workspace/workspace.h"
#include "views/embeddings/embeddings_view.h"

namespace isomorph::gui {
namespace fs = std::filesystem;
using workflows::EmbeddingsSample;
using workflows::EmbeddingsSession;
using workflows::LanguageMatrix;
using workflows::Neighbour;
using workflows::PoolingChoice;
using workflows::SampleSpec;

/// What the worker thread keeps between jobs.
struct EmbeddingsWorkerState {
    std::unique_ptr<EmbeddingsSession> session;
    std::unique_ptr<EmbeddingsSession> compare;
    fs::path corpus;                                       ///< calibration fits on its train split
    std::unique_ptr<workflows::CalibrationKeeper> keeper;  ///< keepFitsFor()'s current fit
};

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

fs::path path(const QString& s) {
    return fs::path(s.toStdString());
}

/// "RUN · step-00000550" for a run's checkpoint, else the folder's name.
QString checkpointLabel(const QString& checkpoint) {
    const fs::path folder = path(checkpoint);
    if (folder.parent_path().filename() != workspace::RunLayout::kCheckpointsDir)
        return qs(folder.filename().string());
    return QStringLiteral("%1 · %2").arg(qs(folder.parent_path().parent_path().filename().string()),
                                         qs(folder.filename().string()));
}

/// The readout's Mean row in words (its tooltip).
QString meanDefinition(const LanguageMatrix& m) {
    QString scope;
    if (m.pivot.empty())
        scope = EmbeddingsController::tr(
            "Mean over %n language pair(s) of the sample shown: ", nullptr, m.meanLanguagePairs);
    else
        scope = EmbeddingsController::tr(
                    "Mean over the %n language(s) paired with %1 in the sample shown: ", nullptr,
                    m.meanLanguagePairs)
                    .arg(qs(m.pivot));
    return scope +
           EmbeddingsController::tr(
               "top-1 cosine nearest neighbour, the mean of both directions, each language "
               "pair counted equally (how every bitext figure of Isomorph averages). The "
               "sample has one point per distinct sentence. The Runs view's dev accuracy is "
               "the same measure on the run's own dev sample; `isomorph-cli eval bitext "
               "--model CHECKPOINT` prints it.");
}

views::AlignmentMatrix toView(const LanguageMatrix& m) {
    views::AlignmentMatrix out;
    for (const auto& l : m.languages)
        out.languages << qs(l);
    out.cosine = m.cosine;
    out.csls = m.csls;
    out.pairs = m.pairs;
    out.mean = m.mean;
    out.meanDefinition = meanDefinition(m);
    return out;
}

struct Coordinates {
    std::vector<float> x, y, z;
};

Coordinates columns(const FloatMatrix& p) {
    Coordinates c;
    for (int64_t r = 0; r < p.rows; ++r) {
        c.x.push_back(p(r, 0));
        c.y.push_back(p.cols > 1 ? p(r, 1) : 0.0f);
        if (p.cols > 2) c.z.push_back(p(r, 2));
    }
    return c;
}

model::EncodeOptions encodeOptions(const model::Pooling& pooling) {
    model::EncodeOptions o;
    o.pooling = pooling;
    // One core stays free for the GUI thread: the event loop must never stall while encoding.
    o.threads = std::max(1, QThread::idealThreadCount() - 1);
    return o;
}

align::RotationMethod rotation(bool supervised) {
    return supervised ? align::RotationMethod::Supervised : align::RotationMethod::Unsupervised;
}

QString phaseText(const std::string& phase) {
    if (phase == "open checkpoint") return EmbeddingsController::tr("Opening the checkpoint");
    if (phase == "encode") return EmbeddingsController::tr("Encoding the sample");
    if (phase == "pca") return EmbeddingsController::tr("Exact PCA on all points and dimensions");
    if (phase.rfind("calibration: ", 0) == 0)
        return EmbeddingsController::tr("Fitting the calibration on the corpus's train split: %1")
            .arg(qs(phase.substr(13)));
    return qs(phase);
}

/// Progress for a worker job: false once `cancel` is set; otherwise hands (done, total, phase
/// text) to `show` a few times a second (the last report always). Worker side.
ProgressFn throttledProgress(const CancelFlag& cancel,
                             std::function<void(int64_t, int64_t, QString)> show) {
    auto timer = std::make_shared<QElapsedTimer>();
    return [cancel, timer, show = std::move(show)](const Progress& p) {
        if (cancel->load()) return false;
        if (!timer->isValid() || timer->elapsed() > 100 || p.done == p.total) {
            timer->start();
            show(p.done, p.total, phaseText(p.stage));
        }
        return true;
    };
}

/// The line under the step buttons saying which sentence vector the points are.
QString poolingNote(const PoolingChoice& c) {
    const QString name = qs(c.pooling.toString());
    if (!c.runConfig.empty())
        return EmbeddingsController::tr(
                   "Sentence vectors: %1 pooling, as the run's evaluation measures them "
                   "(eval.pooling in %2).")
            .arg(name, qs(c.runConfig.string()));
    if (!c.modules.empty())
        return EmbeddingsController::tr(
                   "Sentence vectors: %1 pooling, as the sentence-transformers folder defines "
                   "them (%2).")
            .arg(name, qs(c.modules.string()));
    if (!c.problem.empty())
        return EmbeddingsController::tr(
                   "Sentence vectors: %1 pooling (the default: the run's config cannot be read: "
                   "%2).")
            .arg(name, qs(c.problem));
    return EmbeddingsController::tr(
               "Sentence vectors: %1 pooling (the default; the checkpoint belongs to no run).")
        .arg(name);
}

QString megabytes(int64_t bytes) {
    const double mb = static_cast<double>(bytes) / (1 << 20);
    return QString::number(mb, 'f', mb < 1 ? 2 : mb < 10 ? 1 : 0);
}

/// What the calibration fit has done so far, and its held-out line once it is scored: mean top-1
/// per step on the corpus's test pairs (never the displayed sample, never the fit's data).
QString fitSummary(const eval::CalibrationFitter& fit, const fs::path& corpus, bool supervised) {
    const eval::CalibrationFitReport& r = fit.report();
    const QString method = supervised ? EmbeddingsController::tr("supervised")
                                      : EmbeddingsController::tr("unsupervised");
    QString text =
        !fit.restoredFrom().empty()
            ? EmbeddingsController::tr(
                  "Calibration (%1 rotation) fitted earlier on the train split of %2 (%3 "
                  "sentences per language for shift and scale, %4 s) and reused from %5.")
                  .arg(method, qs(corpus.filename().string()))
                  .arg(fit.options().sample)
                  .arg(r.seconds, 0, 'f', 1)
                  .arg(qs(fit.restoredFrom().string()))
        : fit.pendingRotations().empty()
            ? EmbeddingsController::tr(
                  "Calibration (%1 rotation) fitted on the train split of %2 "
                  "(%3 sentences per language for shift and scale) in %4 s.")
                  .arg(method, qs(corpus.filename().string()))
                  .arg(fit.options().sample)
                  .arg(r.seconds, 0, 'f', 1)
            : EmbeddingsController::tr(
                  "Shift and scale fitted on the train split of %1 (%2 "
                  "sentences per language); %3 rotation: %4 languages to go.")
                  .arg(qs(corpus.filename().string()))
                  .arg(fit.options().sample)
                  .arg(method)
                  .arg(fit.pendingRotations().size());
    if (supervised) {
        const int64_t pairs = fit.options().maxRotationPairs;
        text += QLatin1Char(' ') +
                (pairs > 0 ? EmbeddingsController::tr(
                                 "Each rotation from at most %1 train pairs of its language "
                                 "with %2.")
                                 .arg(pairs)
                                 .arg(qs(fit.options().pivot))
                           : EmbeddingsController::tr(
                                 "Each rotation from every train pair of its language with %1.")
                                 .arg(qs(fit.options().pivot)));
    }
    if (!r.means.empty()) {
        QStringList steps;
        for (const auto& m : r.means)
            steps << QStringLiteral("%1 %2%")
                         .arg(qs(align::calibrationStepName(m.step)))
                         .arg(m.cosineAccuracy * 100, 0, 'f', 1);
        text += QLatin1Char(' ') +
                EmbeddingsController::tr(
                    "Held-out test pairs, mean top-1 by the Mean row's measure: %1. The table "
                    "above is the sample shown; this line is the corpus's test split, which "
                    "neither the fit nor the table uses, so a step can help one and not the "
                    "other.")
                    .arg(steps.join(QStringLiteral(", ")));
    }
    for (const auto& n : r.notes)
        text += QLatin1Char('\n') + qs(n);
    return text;
}

}  // namespace

EmbeddingsController::EmbeddingsController(views::EmbeddingsView* view, QObject* parent)
    : QObject(parent),
      view_(view),
      thread_(new QThread(this)),
      worker_(new QObject),
      state_(std::make_shared<EmbeddingsWorkerState>()),
      cancel_(std::make_shared<std::atomic<bool>>(false)) {
    thread_->setObjectName(QStringLiteral("embeddings-worker"));
    worker_->moveToThread(thread_);
    connect(thread_, &QThread::finished, worker_, &QObject::deleteLater);
    thread_->start();
#ifdef __linux__
    // The worker (and the encoder threads it starts) yields to the GUI thread when cores are
    // busy: on Linux a thread's nice value is its own.
    QMetaObject::invokeMethod(
        worker_, [] { setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), 5); },
        Qt::QueuedConnection);
#endif
    connect(view_, &views::EmbeddingsView::encodeRequested, this, &EmbeddingsController::encode);
    connect(view_, &views::EmbeddingsView::cancelRequested, this, &EmbeddingsController::cancel);
    connect(view_, &views::EmbeddingsView::stepRequested, this, &EmbeddingsController::showStep);
    connect(view_, &views::EmbeddingsView::pointDetailsRequested, this,
            &EmbeddingsController::requestPointDetails);
    connect(view_, &views::EmbeddingsView::compareRequested, this,
            &EmbeddingsController::compareWith);
}

EmbeddingsController::~EmbeddingsController() {
    cancel_->store(true);
    if (aheadCancel_) aheadCancel_->store(true);
    // The sessions are released on the worker thread, where their tensors live (after the
    // running job, which stops at its next progress report).
    QMetaObject::invokeMethod(
        worker_,
        [state = state_] {
            state->session.reset();
            state->compare.reset();
            state->keeper.reset();
        },
        Qt::BlockingQueuedConnection);
    thread_->quit();
    thread_->wait();
}

template <class Job>
void EmbeddingsController::post(const QString& busyText, Job job) {
    if (!busyText.isEmpty()) {
        cancel_->store(true);                         // a job still running is superseded
        if (aheadCancel_) aheadCancel_->store(true);  // the user's job goes first
        cancel_ = std::make_shared<std::atomic<bool>>(false);
        ++job_;
        busy_ = true;
        view_->setBusy(true, busyText);
        Q_EMIT message(busyText);
    }
    QMetaObject::invokeMethod(
        worker_, [job = std::move(job), id = job_, cancel = cancel_]() mutable { job(id, cancel); },
        Qt::QueuedConnection);
}

ProgressFn EmbeddingsController::progressFor(int job, const CancelFlag& cancel) {
    return throttledProgress(cancel, [this, job](int64_t done, int64_t total, QString text) {
        deliver(job, [this, done, total, text = std::move(text)] {
            view_->setProgress(done, total, text);
        });
    });
}

template <class Apply>
void EmbeddingsController::deliver(int job, Apply apply) {
    QMetaObject::invokeMethod(
        this,
        [this, job, apply = std::move(apply)]() mutable {
            if (job == job_) apply();
        },
        Qt::QueuedConnection);
}

void EmbeddingsController::guarded(int job, const std::function<void(QString&)>& body) {
    QString context;
    try {
        body(context);
    } catch (const Cancelled&) {
        deliver(job, [this] {
            finish();
            view_->setProgress(0, 0, tr("Cancelled."));
        });
    } catch (const std::exception& e) {
        const QString why = context + QStringLiteral(": ") + qs(e.what());
        deliver(job, [this, why] { fail(why); });
    }
}

void EmbeddingsController::finish() {
    busy_ = false;
    view_->setBusy(false);
    Q_EMIT message(QString());
    fitAhead();
}

eval::CalibrationFitOptions EmbeddingsController::fitOptions() const {
    eval::CalibrationFitOptions o;
    o.sample = calibrationSample_;
    return o;
}

void EmbeddingsController::fitAhead() {
    if (!fitAheadEnabled_ || busy_ || aheadQueued_) return;
    if (!hasSample_ || aheadDone_) {  // what is shown first, then what will be
        keepNext();
        return;
    }
    aheadQueued_ = true;
    aheadCancel_ = std::make_shared<std::atomic<bool>>(false);
    const int generation = sampleGeneration_;
    const bool supervised = view_->supervised();
    QMetaObject::invokeMethod(
        worker_,
        [this, state = state_, cancel = aheadCancel_, generation, supervised, base = fitOptions()] {
            const ProgressFn progress =
                throttledProgress(cancel, [this](int64_t done, int64_t total, QString text) {
                    QMetaObject::invokeMethod(
                        this,
                        [this, done, total, text = std::move(text)] {
                            view_->setBackgroundProgress(
                                done, total,
                                tr("In the background, the steps stay usable: %1").arg(text));
                        },
                        Qt::QueuedConnection);
                });
            Feedback feedback(progress);
            bool more = false, restored = false;
            QString problem, note;
            try {
                const auto method = rotation(supervised);
                for (EmbeddingsSession* session : {state->session.get(), state->compare.get()}) {
                    if (!session) continue;
                    const bool started = session->fitter(method) != nullptr;
                    if (session->fitAhead(method, state->corpus, base, &feedback)) {
                        more = true;
                        break;
                    }
                    // Nothing to fit on a fit just started: it took a saved one.
                    if (!started && !session->fitter(method)->restoredFrom().empty())
                        restored = true;
                }
                if (const auto* fit = state->session ? state->session->fitter(method) : nullptr)
                    note = fitSummary(*fit, state->corpus, supervised);
            } catch (const Cancelled&) {
                more = true;  // a user's job took the worker: resume after it
            } catch (const std::exception& e) {
                problem = qs(e.what());
            }
            QMetaObject::invokeMethod(
                this,
                [this, generation, supervised, more, restored, problem, note] {
                    aheadQueued_ = false;
                    if (generation != sampleGeneration_) {
                        fitAhead();  // a new sample: its own fit
                        return;
                    }
                    if (!problem.isEmpty()) {
                        aheadDone_ = true;  // the step the user asks for says why
                        view_->setBackgroundProgress(0, 0, {});
                        Q_EMIT message(tr("Fitting the calibration stopped: %1").arg(problem));
                        keepNext();
                        return;
                    }
                    if (!busy_ && !note.isEmpty()) view_->setCalibrationNote(note);
                    if (more) {
                        aheadWorked_ = true;
                        fitAhead();
                        return;
                    }
                    aheadDone_ = true;
                    view_->setBackgroundProgress(0, 0, {});
                    const bool worked = std::exchange(aheadWorked_, false);
                    if (worked || restored) {  // else there was nothing to fit
                        Q_EMIT message(
                            worked ? tr("Calibration fitted: every step shows at once.")
                                   : tr("Calibration taken from the saved fit: every step shows "
                                        "at once."));
                        Q_EMIT fittedAhead();
                    }
                    fillStepAccuracies(supervised);
                    keepNext();
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void EmbeddingsController::fillStepAccuracies(bool supervised) {
    if (!hasSample_ || busy_ || view_->supervised() != supervised) return;
    std::vector<align::CalibrationStep> missing;
    for (int s = 0; s <= 3; ++s)
        if (!view_->hasStepAccuracy(s)) missing.push_back(static_cast<align::CalibrationStep>(s));
    if (missing.empty()) return;
    const int generation = sampleGeneration_;
    post(QString(), [this, state = state_, missing, supervised, generation, base = fitOptions()](
                        int job, const CancelFlag& cancel) {
        std::vector<std::pair<int, views::AlignmentMatrix>> filled;
        auto* session = state->session.get();
        if (!session) return;
        const auto method = rotation(supervised);
        const auto shown = session->step();
        // The fit is complete: setting a step only applies it, and nothing here cancels
        // half-way (the step shown is restored before a user's job runs on this worker).
        bool worked = true;  // else the step the user asks for sets it again and says why
        for (const auto s : missing) {
            if (cancel->load()) break;  // a user's job is waiting
            try {
                session->setStep(s, method, state->corpus, base, nullptr);
                filled.emplace_back(static_cast<int>(s), toView(session->languageMatrix()));
            } catch (const std::exception&) {
                worked = false;
                break;
            }
        }
        try {
            session->setStep(shown, method, state->corpus, base, nullptr);
        } catch (const std::exception&) {
            worked = false;
        }
        if (!worked) return;
        deliver(job, [this, filled, supervised, generation] {
            if (generation != sampleGeneration_ || view_->supervised() != supervised) return;
            for (const auto& [s, matrix] : filled)
                if (!view_->hasStepAccuracy(s)) view_->setStepAccuracy(s, matrix);
        });
    });
}

void EmbeddingsController::keepFitsFor(const QStringList& checkpoints) {
    for (const QString& checkpoint : checkpoints)
        if (!checkpoint.isEmpty() && !keepAsked_.contains(checkpoint)) {
            keepAsked_ << checkpoint;
            keepQueue_ << checkpoint;
        }
    fitAhead();
}

void EmbeddingsController::keepNext() {
    if (keepQueue_.isEmpty() || aheadQueued_) return;
    aheadQueued_ = true;
    aheadCancel_ = std::make_shared<std::atomic<bool>>(false);
    const QString checkpoint = keepQueue_.front();
    const QString name = QFileInfo(checkpoint).fileName();
    const views::EmbeddingsRequest request = view_->request();
    SampleSpec spec;
    spec.kind = static_cast<SampleSpec::Kind>(request.kind);
    spec.path = path(request.path);
    spec.limit = request.limit;
    QMetaObject::invokeMethod(
        worker_,
        [this, state = state_, cancel = aheadCancel_, checkpoint, name, spec,
         fallbackCorpus = path(corpus_), supervised = view_->supervised(),
         chosen = view_->rotationMethodChosen() || hasSample_, base = fitOptions()] {
            const ProgressFn progress =
                throttledProgress(cancel, [this, name](int64_t done, int64_t total, QString text) {
                    QMetaObject::invokeMethod(
                        this,
                        [this, name, done, total, text = std::move(text)] {
                            view_->setBackgroundProgress(
                                done, total,
                                tr("Fitting the calibration of %1 for later: %2").arg(name, text));
                        },
                        Qt::QueuedConnection);
                });
            Feedback feedback(progress);
            bool more = false, fitted = false, cancelled = false;
            QString problem;
            try {
                auto& keeper = state->keeper;
                if (keeper &&
                    keeper->checkpoint() != workspace::resolveCheckpoint(path(checkpoint)))
                    keeper.reset();
                if (!keeper) {
                    // The languages and corpus the view's sample would fit for: the sample
                    // shown, else the one selected (a kept fit must stand in for the view's).
                    std::vector<std::string> languages;
                    fs::path corpus = fallbackCorpus;
                    if (state->session) {
                        languages = state->session->sample().languages;
                        corpus = state->corpus;
                    } else if (!spec.path.empty()) {
                        const EmbeddingsSample sample = workflows::readSample(spec);
                        languages = sample.languages;
                        if (!sample.corpus.empty()) corpus = sample.corpus;
                    }
                    // The method the view will use (setTrainPairsAvailable): the one shown
                    // or chosen, else supervised where the corpus has train pairs.
                    const bool trainPairs = !corpus.empty() && eval::demoHasPairs(corpus, "train");
                    const bool method = trainPairs && (supervised || !chosen);
                    const fs::path folder = path(checkpoint);
                    keeper = std::make_unique<workflows::CalibrationKeeper>(
                        folder, workflows::sessionFitOptions(
                                    base, corpus, languages, rotation(method),
                                    encodeOptions(workflows::poolingFor(folder).pooling)));
                }
                more = keeper->step(&feedback);
                fitted = !more && !keeper->wasKeptBefore();
                if (!more) keeper.reset();
            } catch (const Cancelled&) {
                cancelled = true;  // a user's job took the worker: resume after it
            } catch (const std::exception& e) {
                state->keeper.reset();
                problem = qs(e.what());
            }
            QMetaObject::invokeMethod(
                this,
                [this, checkpoint, name, more, fitted, cancelled, problem] {
                    aheadQueued_ = false;
                    if (!more && !cancelled) {
                        keepQueue_.removeAll(checkpoint);
                        if (keepQueue_.isEmpty()) view_->setBackgroundProgress(0, 0, {});
                        if (!problem.isEmpty())
                            Q_EMIT message(tr("The calibration of %1 was not fitted ahead: %2")
                                               .arg(name, problem));
                        else if (fitted)
                            Q_EMIT message(tr("The calibration of %1 is fitted and kept: the "
                                              "Embeddings view shows its every step at once.")
                                               .arg(name));
                        Q_EMIT fitKept(checkpoint, fitted, problem);
                    }
                    fitAhead();
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void EmbeddingsController::fail(const QString& message) {
    finish();
    view_->showError(message);
    Q_EMIT failed(message);
}

qint64 EmbeddingsController::memoryBudget() const {
    if (memoryBudget_ > 0) return memoryBudget_;
    qint64 available = 0;
    QFile meminfo(QStringLiteral("/proc/meminfo"));
    if (meminfo.open(QIODevice::ReadOnly))
        for (const QByteArray& line : meminfo.readAll().split('\n'))
            if (line.startsWith("MemAvailable:"))
                available = line.mid(13).trimmed().split(' ').value(0).toLongLong() * 1024;
    if (available <= 0) available = qint64(sysconf(_SC_AVPHYS_PAGES)) * sysconf(_SC_PAGESIZE);
    return available / 2;  // the rest for the encoder, the GUI and everything else
}

void EmbeddingsController::setWorkspace(const QString& root) {
    workspace_ = root;
    corpus_.clear();
    QVector<views::EmbeddingsChoice> checkpoints;
    QVector<views::EmbeddingsChoice> samples;
    if (!root.isEmpty()) {
        using Kind = workspace::WorkspaceCheckpoint::Kind;
        for (const workspace::WorkspaceCheckpoint& c :
             workspace::listWorkspaceCheckpoints(path(root))) {
            const QString run = qs(c.run);
            const QString label = c.kind == Kind::Best     ? tr("%1 · %2").arg(run, tr("best"))
                                  : c.kind == Kind::Latest ? tr("%1 · %2").arg(run, tr("latest"))
                                  : c.kind == Kind::Step   ? tr("%1 · %2").arg(run, qs(c.name))
                                                           : tr("%1 (imported)").arg(qs(c.name));
            checkpoints.push_back({label, qs(c.path.string())});
        }
        const QDir corpora(qs(workspace::WorkspaceLayout{path(root)}.corpora().string()));
        for (const QFileInfo& c : corpora.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            if (!QFileInfo(c.absoluteFilePath() + QStringLiteral("/parallel")).isDir()) continue;
            const QString p = c.absoluteFilePath();
            samples.push_back({tr("%1: dev translation pairs").arg(c.fileName()), p,
                               views::EmbeddingsSampleKind::DemoDev});
            samples.push_back({tr("%1: test translation pairs").arg(c.fileName()), p,
                               views::EmbeddingsSampleKind::DemoTest});
            samples.push_back({tr("%1: dev pages (no pairs)").arg(c.fileName()), p,
                               views::EmbeddingsSampleKind::Corpus});
            if (corpus_.isEmpty() || c.fileName() == QLatin1String("man-demo")) corpus_ = p;
        }
    }
    view_->setCheckpoints(checkpoints);
    view_->setSamples(samples);
    // The workspace's start model (start_model.h) is preselected when it is the imported
    // multilingual encoder: what a user looks at before training anything.
    if (!root.isEmpty())
        if (const workflows::StartModel start = workflows::chooseStartModel(path(root));
            start.kind == workflows::StartModel::Kind::Imported)
            view_->selectCheckpoint(qs(start.checkpoint.string()));
}

void EmbeddingsController::openCheckpoint(const QString& checkpoint) {
    view_->selectCheckpoint(checkpoint);
    views::EmbeddingsRequest r = view_->request();
    if (r.path.isEmpty()) {
        view_->showError(
            tr("Choose a sample (Browse...) and press Encode to look at %1.").arg(checkpoint));
        return;
    }
    encode(r);
}

void EmbeddingsController::encode(const views::EmbeddingsRequest& request) {
    if (request.checkpoint.isEmpty()) {
        fail(
            tr("Choose a checkpoint first (Browse... accepts a checkpoint, run or Hugging Face "
               "folder)."));
        return;
    }
    view_->showError({});
    SampleSpec spec;
    spec.kind = static_cast<SampleSpec::Kind>(request.kind);
    spec.path = path(request.path);
    spec.limit = request.limit;
    const fs::path checkpoint = path(request.checkpoint);
    const fs::path fallbackCorpus = path(corpus_);
    const qint64 budget = memoryBudget();
    const int sampleGeneration = ++sampleGeneration_;
    post(
        tr("Reading the sample..."), [this, state = state_, spec, checkpoint, fallbackCorpus,
                                      budget, sampleGeneration](int job, const CancelFlag& cancel) {
            const ProgressFn progress = progressFor(job, cancel);
            Feedback feedback(progress);
            guarded(job, [&](QString& stage) {
                stage = tr("Cannot read the sample");
                EmbeddingsSample sample = workflows::readSample(spec);
                stage = tr("Cannot open the checkpoint %1").arg(qs(checkpoint.string()));
                reportProgress(progress, "open checkpoint", 0, 0);
                const PoolingChoice pooling = workflows::poolingFor(checkpoint);
                auto session =
                    std::make_unique<EmbeddingsSession>(checkpoint, encodeOptions(pooling.pooling));
                const int64_t need =
                    workflows::estimateSampleBytes(sample.size(), session->dimension());
                if (need > budget) {
                    const int64_t fits =
                        std::max<int64_t>(2, sample.size() * budget / std::max<int64_t>(1, need));
                    const QString why =
                        tr("The sample has %1 sentences: about %2 MB for their %3-dimensional "
                           "vectors, more than the %4 MB this view may use. Lower the limit (about "
                           "%5 sentences fit).")
                            .arg(sample.size())
                            .arg(megabytes(need))
                            .arg(session->dimension())
                            .arg(megabytes(budget))
                            .arg(fits);
                    deliver(job, [this, why] { fail(why); });
                    return;
                }
                stage = tr("Cannot encode the sample");
                const fs::path corpus = sample.corpus.empty() ? fallbackCorpus : sample.corpus;
                session->encode(std::move(sample), &feedback);
                Coordinates c = columns(session->projection());
                const views::AlignmentMatrix matrix = toView(session->languageMatrix());
                const EmbeddingsSample& s = session->sample();
                views::ScatterData data;
                data.x = c.x;
                data.y = c.y;
                data.z = c.z;
                QStringList texts;
                for (int64_t i = 0; i < s.size(); ++i) {
                    data.language.push_back(
                        static_cast<std::uint8_t>(std::min(s.language[size_t(i)], 255)));
                    data.pair.push_back(s.group[size_t(i)]);
                    texts << qs(s.texts[size_t(i)]);
                }
                for (const auto& l : s.languages)
                    data.languages << qs(l);
                const auto& pca = session->pca();
                double explained = 0;
                for (size_t k = 0; k < 2 && k < pca.explainedVarianceRatio.size(); ++k)
                    explained += pca.explainedVarianceRatio[k];
                const QString summary = tr("%1. PC 1 and 2 explain %2% of the variance.")
                                            .arg(qs(s.description))
                                            .arg(explained * 100, 0, 'f', 1);
                state->session = std::move(session);
                state->compare.reset();
                state->corpus = corpus;
                const bool trainPairs = !corpus.empty() && eval::demoHasPairs(corpus, "train");
                deliver(job,
                        [this, data = std::move(data), texts = std::move(texts), summary, c, matrix,
                         sampleGeneration, note = poolingNote(pooling), trainPairs]() mutable {
                            if (sampleGeneration != sampleGeneration_) return;
                            hasSample_ = true;
                            aheadDone_ = false;
                            compareCheckpoint_.clear();
                            view_->setComparison({}, {});
                            view_->setTrainPairsAvailable(trainPairs);
                            view_->setPoints(std::move(data), std::move(texts), summary);
                            view_->showStep(0, c.x, c.y, c.z, matrix);
                            view_->setCalibrationNote({});
                            view_->setPoolingNote(note);
                            finish();
                            Q_EMIT encoded();
                        });
            });
        });
}

void EmbeddingsController::showStep(int step, bool supervised) {
    if (!hasSample_) return;
    const auto target = static_cast<align::CalibrationStep>(std::clamp(step, 0, 3));
    const eval::CalibrationFitOptions base = fitOptions();
    aheadDone_ = false;  // the method may have changed: fit it ahead after this step
    const bool comparing = !compareCheckpoint_.isEmpty();
    // The steps before the target the readout lacks (a jump from none to rotation fills shift
    // and scale too: the readout shows what each step adds).
    std::vector<align::CalibrationStep> missing;
    for (int s = 0; s < static_cast<int>(target); ++s)
        if (!view_->hasStepAccuracy(s)) missing.push_back(static_cast<align::CalibrationStep>(s));
    post(tr("Calibrating..."), [this, state = state_, target, supervised, base, comparing, missing](
                                   int job, const CancelFlag& cancel) {
        const ProgressFn progress = progressFor(job, cancel);
        Feedback feedback(progress);
        guarded(job, [&](QString& context) {
            context = tr("Cannot calibrate");
            if (!state->session) throw ConfigError("no sample is encoded");
            const auto method = rotation(supervised);
            std::vector<std::pair<int, views::AlignmentMatrix>> earlier;
            for (const auto s : missing) {
                state->session->setStep(s, method, state->corpus, base, &feedback);
                earlier.emplace_back(static_cast<int>(s), toView(state->session->languageMatrix()));
            }
            const auto uncovered =
                state->session->setStep(target, method, state->corpus, base, &feedback);
            Coordinates c = columns(state->session->projection());
            const views::AlignmentMatrix matrix = toView(state->session->languageMatrix());
            QString note;
            if (const auto* fit = state->session->fitter(method);
                fit && target != align::CalibrationStep::None)
                note = fitSummary(*fit, state->corpus, supervised);
            for (const auto& lang : uncovered)
                note +=
                    QLatin1Char('\n') +
                    tr("%1: no train sentences in the corpus; shown uncalibrated").arg(qs(lang));
            views::AlignmentMatrix compared;
            Coordinates theirs;
            if (comparing && state->compare) {
                state->compare->setStep(target, method, state->corpus, base, &feedback);
                compared = toView(state->compare->languageMatrix());
                theirs = columns(state->compare->projection());
            }
            deliver(job, [this, target, c = std::move(c), matrix, note, compared, earlier,
                          theirs = std::move(theirs)]() mutable {
                for (const auto& [s, m] : earlier)
                    view_->setStepAccuracy(s, m);
                view_->showStep(static_cast<int>(target), c.x, c.y, c.z, matrix);
                view_->setCalibrationNote(note);
                if (compared.size() > 0) {
                    view_->setComparison(compared, checkpointLabel(compareCheckpoint_));
                    view_->setComparisonPoints(
                        std::move(theirs.x), std::move(theirs.y), std::move(theirs.z),
                        checkpointLabel(compareCheckpoint_), checkpointLabel(view_->checkpoint()));
                }
                finish();
                const QStringList names{tr("none"), tr("shift"), tr("scale"), tr("rotation")};
                view_->setProgress(
                    0, 0,
                    tr("Calibration step shown: %1.").arg(names.value(static_cast<int>(target))));
                Q_EMIT stepShown(static_cast<int>(target));
            });
        });
    });
}

void EmbeddingsController::requestPointDetails(int index) {
    if (!hasSample_) return;
    const int generation = sampleGeneration_;
    post(QString(), [this, state = state_, index, generation](int, const CancelFlag&) {
        views::EmbeddingsPointDetails d;
        try {
            EmbeddingsSession& session = *state->session;
            const EmbeddingsSample& s = session.sample();
            constexpr int k = 5;
            const auto lists = session.neighbours(index, k);
            const int group = s.group[size_t(index)];
            d.index = index;
            d.language = qs(s.languages[size_t(s.language[size_t(index)])]);
            d.text = qs(s.texts[size_t(index)]);
            d.k = k;
            d.step = static_cast<int>(session.step());
            std::vector<bool> hasTranslation(s.languages.size(), false);
            for (int64_t i = 0; i < s.size(); ++i)
                if (group >= 0 && i != index && s.group[size_t(i)] == group) {
                    hasTranslation[size_t(s.language[size_t(i)])] = true;
                    d.translations << QStringLiteral("%1: %2").arg(
                        qs(s.languages[size_t(s.language[size_t(i)])]), qs(s.texts[size_t(i)]));
                }
            auto convert = [&](const std::vector<Neighbour>& ns) {
                QVector<views::EmbeddingsNeighbour> out;
                for (const auto& n : ns)
                    out.push_back({static_cast<int>(n.index), qs(s.texts[size_t(n.index)]), n.score,
                                   group >= 0 && s.group[size_t(n.index)] == group});
                return out;
            };
            for (const auto& l : lists) {
                views::EmbeddingsNeighbourList v;
                v.language = qs(s.languages[size_t(l.language)]);
                v.hasTranslation = hasTranslation[size_t(l.language)];
                v.cosine = convert(l.cosine);
                v.csls = convert(l.csls);
                d.lists.push_back(v);
            }
        } catch (const std::exception& e) {
            const QString why = tr("Cannot find neighbours: %1").arg(qs(e.what()));
            QMetaObject::invokeMethod(
                this, [this, why] { view_->showError(why); }, Qt::QueuedConnection);
            return;
        }
        QMetaObject::invokeMethod(
            this,
            [this, d, generation] {
                if (generation != sampleGeneration_) return;
                view_->setPointDetails(d);
                Q_EMIT pointDetailsShown(d.index);
            },
            Qt::QueuedConnection);
    });
}

void EmbeddingsController::compareWith(const QString& checkpoint) {
    compareCheckpoint_ = checkpoint;
    if (!checkpoint.isEmpty() && !hasSample_) {
        fail(tr("Encode a sample first, then pick a comparison."));
        return;
    }
    if (checkpoint.isEmpty()) {
        // Back to one scatter in the sample's own basis.
        const int generation = sampleGeneration_;
        post(QString(), [this, state = state_, generation, step = view_->currentStep()](
                            int, const CancelFlag&) {
            state->compare.reset();
            if (!state->session) return;
            state->session->setBasis(std::nullopt);
            Coordinates c = columns(state->session->projection());
            const views::AlignmentMatrix matrix = toView(state->session->languageMatrix());
            QMetaObject::invokeMethod(
                this,
                [this, generation, step, matrix, c = std::move(c)]() mutable {
                    if (generation != sampleGeneration_) return;
                    view_->setComparisonPoints({}, {}, {}, {}, {});
                    view_->showStep(step, std::move(c.x), std::move(c.y), std::move(c.z), matrix);
                },
                Qt::QueuedConnection);
        });
        return;
    }
    const qint64 budget = memoryBudget();
    const eval::CalibrationFitOptions base = fitOptions();
    aheadDone_ = false;  // the comparison's calibration is fitted ahead too
    const int step = view_->currentStep();
    const bool supervised = view_->supervised();
    post(tr("Encoding the sample with %1...").arg(QFileInfo(checkpoint).fileName()),
         [this, state = state_, checkpoint, budget, base, step, supervised](
             int job, const CancelFlag& cancel) {
             const ProgressFn progress = progressFor(job, cancel);
             Feedback feedback(progress);
             guarded(job, [&](QString& context) {
                 context = tr("Cannot compare with %1").arg(checkpoint);
                 if (!state->session) throw ConfigError("no sample is encoded");
                 auto other = std::make_unique<EmbeddingsSession>(
                     path(checkpoint),
                     encodeOptions(workflows::poolingFor(path(checkpoint)).pooling));
                 const EmbeddingsSample& s = state->session->sample();
                 if (workflows::estimateSampleBytes(s.size(), other->dimension()) > budget)
                     throw DataError("the sample does not fit in memory twice; lower the limit");
                 other->encode(s, &feedback);
                 other->setStep(static_cast<align::CalibrationStep>(step), rotation(supervised),
                                state->corpus, base, &feedback);
                 const views::AlignmentMatrix matrix = toView(other->languageMatrix());
                 // Side by side on one basis fitted on both checkpoints' raw vectors.
                 auto [mineBasis, theirBasis] = state->session->jointBasis(*other);
                 state->session->setBasis(std::move(mineBasis));
                 other->setBasis(std::move(theirBasis));
                 Coordinates mine = columns(state->session->projection());
                 Coordinates theirs = columns(other->projection());
                 const views::AlignmentMatrix current = toView(state->session->languageMatrix());
                 state->compare = std::move(other);
                 deliver(job, [this, matrix, checkpoint, step, current, mine = std::move(mine),
                               theirs = std::move(theirs)]() mutable {
                     view_->setComparison(matrix, checkpointLabel(checkpoint));
                     view_->setComparisonPoints(std::move(theirs.x), std::move(theirs.y),
                                                std::move(theirs.z), checkpointLabel(checkpoint),
                                                checkpointLabel(view_->checkpoint()));
                     view_->showStep(step, std::move(mine.x), std::move(mine.y), std::move(mine.z),
                                     current);
                     finish();
                     // The status line said what ran last ("Exact PCA ..."): say what is shown.
                     view_->setProgress(0, 0,
                                        tr("%1 (left) beside the open checkpoint, in one PCA "
                                           "basis fitted on both.")
                                            .arg(checkpointLabel(checkpoint)));
                     Q_EMIT comparisonShown();
                 });
             });
         });
}

void EmbeddingsController::cancel() {
    cancel_->store(true);
}

}  // namespace isomorph::gui
