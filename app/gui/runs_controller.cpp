#include "app/gui/runs_controller.h"

#include <cmath>
#include <optional>
#include <signal.h>
#include <unistd.h>

#include <QColor>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QHash>
#include <QSet>
#include <QSettings>
#include <QTableView>
#include <QTimer>
#include <QtConcurrent>

#include "app/gui/registered_metrics.h"
#include "app/gui/run_scanner.h"
#include "core/runtime/system_info.h"
#include "core/train/run_log/metrics_log.h"
#include "core/train/run_log/run_records.h"
#include "core/train/run_log/run_status.h"
#include "core/workspace/run_layout.h"
#include "views/charts/metric_chart.h"
#include "views/runs/runs_model.h"
#include "views/runs/runs_view.h"

namespace isomorph::gui {

/// RUN/NAME, NAME one of workspace::RunLayout's files.
static QString runFile(const QString& run, const char* name) {
    return QDir(run).filePath(QString::fromLatin1(name));
}

/// A followed run. The poll worker owns the reader and the wall-time origin; the rest belongs
/// to the GUI thread.
struct FollowState {
    QString dir;
    train::RunRecordFollower follower;
    double t0 = std::nan("");

    QColor color;                       ///< the same in every chart
    views::RunMetrics metrics;          ///< what it declares (schema) or carries (seen keys)
    QSet<QString> readKeys;             ///< keys this reader has seen points of
    QSet<QString> fedKeys;              ///< keys whose points reached their chart
    QVector<views::ChartEvent> events;  ///< replayed into charts made later

    explicit FollowState(const QString& d)
        : dir(d), follower(runFile(d, workspace::RunLayout::kMetricsFile).toStdString()) {}
};

/// What one poll read from one run, ready for the charts (built on a worker thread).
struct FollowBatch {
    std::shared_ptr<FollowState> state;  ///< the reader it came from (a refill replaces it)
    struct Columns {
        QList<double> steps, times, values;
    };
    QMap<QString, Columns> series;  ///< every numeric field of its train and eval records
    QStringList keys;               ///< series' keys in first-seen order
    std::optional<QVector<views::MetricSpec>> schema;  ///< the last schema record read
    QVector<views::ChartEvent> events;
    int badLines = 0;
    QString badExample;
};

namespace {

const char* kAttachedKey = "runs/attached";

QString fromStd(const std::string& text) {
    return QString::fromStdString(text);
}

QVector<views::MetricSpec> toViews(const train::SchemaRecord& schema) {
    QVector<views::MetricSpec> out;
    for (const auto& m : schema.metrics) {
        views::MetricSpec spec;
        spec.key = fromStd(m.key);
        spec.title = fromStd(m.title);
        spec.unit = fromStd(m.unit);
        spec.group = fromStd(m.group);
        spec.objective = fromStd(m.objective);
        spec.better = fromStd(m.better);
        spec.kind = fromStd(m.kind);
        spec.scale = m.scale;
        spec.definition = fromStd(m.definition);
        out.push_back(spec);
    }
    return out;
}

void addBadLine(FollowBatch& batch, const QString& example) {
    if (batch.badLines++ == 0) batch.badExample = example;
}

/// Adds one record to `batch`; `t` is its time in seconds since the run's first record.
class BatchBuilder {
  public:
    BatchBuilder(FollowBatch& batch, double step, double t) : batch_(batch), step_(step), t_(t) {}

    void operator()(const train::SchemaRecord& r) const { batch_.schema = toViews(r); }
    void operator()(const train::EventRecord& r) const {
        views::ChartEvent e;
        e.step = step_;
        e.time = t_;
        e.kind = views::chartEventKindFromName(fromStd(r.event));
        e.text = fromStd(r.message);
        batch_.events.push_back(e);
    }
    void operator()(const train::TrainRecord& r) const { addPoints(r); }
    void operator()(const train::EvalRecord& r) const { addPoints(r); }
    /// Record kinds of later versions carry nothing the charts know how to show.
    void operator()(const train::UnknownRecord&) const {}

  private:
    void addPoints(const train::ScalarRecord& r) const {
        for (const auto& [field, value] : r.values) {
            const QString key = fromStd(field);
            auto it = batch_.series.find(key);
            if (it == batch_.series.end()) {
                it = batch_.series.insert(key, {});
                batch_.keys << key;
            }
            it->steps << step_;
            it->times << t_;
            it->values << value;
        }
    }

    FollowBatch& batch_;
    double step_, t_;
};

FollowBatch readNewLines(const std::shared_ptr<FollowState>& state) {
    FollowBatch batch;
    batch.state = state;
    train::RunRecords read;
    try {
        read = state->follower.poll();
    } catch (const std::exception& e) {
        batch.badLines = 1;
        batch.badExample = QString::fromStdString(e.what());
        return batch;
    }
    for (const auto& bad : read.badLines)
        addBadLine(batch, QObject::tr("line %1: %2").arg(bad.lineNumber).arg(fromStd(bad.message)));
    for (const auto& record : read.records) {
        const auto [step, time] = std::visit(
            [](const auto& r) { return std::pair<double, double>(r.step, r.time); }, record);
        if (std::isnan(state->t0) && time > 0) state->t0 = time;
        std::visit(BatchBuilder(batch, step, time > 0 ? time - state->t0 : 0.0), record);
    }
    return batch;
}

QString readTail(const QString& path, qint64 bytes) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    f.seek(std::max<qint64>(0, f.size() - bytes));
    QString text = QString::fromUtf8(f.readAll());
    if (f.size() > bytes) text = text.section('\n', 1);  // drop the partial first line
    return text;
}

QString formatDuration(double seconds) {
    if (!(seconds >= 0)) return QStringLiteral("-");
    const qint64 s = static_cast<qint64>(seconds);
    return s >= 3600 ? QStringLiteral("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60)
                     : QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60);
}

}  // namespace

RunsController::RunsController(views::RunsView* view, views::RunsModel* model, QObject* parent)
    : QObject(parent),
      view_(view),
      model_(model),
      scanTimer_(new QTimer(this)),
      pollTimer_(new QTimer(this)),
      watcher_(new QFileSystemWatcher(this)),
      scanWatcher_(new QFutureWatcher<QVector<views::RunRow>>(this)),
      pollWatcher_(new QFutureWatcher<QVector<FollowBatch>>(this)) {
    installMetricCatalog();
    scanTimer_->setInterval(2000);
    pollTimer_->setInterval(250);
    connect(scanTimer_, &QTimer::timeout, this, &RunsController::rescan);
    // File watching reacts at once; the timer is the fallback where inotify does not see
    // writes (network file systems of clusters) and for files that do not exist yet.
    connect(pollTimer_, &QTimer::timeout, this, &RunsController::poll);
    connect(watcher_, &QFileSystemWatcher::fileChanged, this, &RunsController::poll);
    connect(scanWatcher_, &QFutureWatcher<QVector<views::RunRow>>::finished, this, [this] {
        scanning_ = false;
        if (scanGeneration_ != workspaceGeneration_) {  // the workspace changed meanwhile
            if (!workspace_.isEmpty()) rescan();
            return;
        }
        QVector<views::RunRow> rows = scanWatcher_->result();
        for (auto& r : rows) {
            if (children_.contains(r.dir) && children_[r.dir]) r.ownProcess = true;
            if (launchErrors_.contains(r.dir) && r.status != QLatin1String("running")) {
                r.status = QStringLiteral("failed");
                r.message = launchErrors_[r.dir];
            }
        }
        model_->setRuns(rows);
        if (selectNewest_ && view_->selectedRuns().isEmpty() && !rows.isEmpty()) {
            // First look at a workspace: show the newest run (running ones first).
            const auto newest =
                std::max_element(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
                    const bool ra = a.status == QLatin1String("running"),
                               rb = b.status == QLatin1String("running");
                    return ra != rb ? rb : a.started < b.started;
                });
            view_->selectRun(newest->dir);
        }
        selectNewest_ = false;
        if (!selectPending_.isEmpty() &&
            std::all_of(selectPending_.begin(), selectPending_.end(),
                        [this](const QString& d) { return model_->run(d) != nullptr; })) {
            view_->table()->clearSelection();
            for (const QString& d : std::as_const(selectPending_))
                view_->selectRun(d, true);
            selectPending_.clear();
        }
        Q_EMIT rescanned();
        if (rescanAgain_) {
            rescanAgain_ = false;
            rescan();
        }
    });
    connect(pollWatcher_, &QFutureWatcher<QVector<FollowBatch>>::finished, this, [this] {
        polling_ = false;
        applyBatches(pollWatcher_->result());
    });
    connect(view_, &views::RunsView::selectionChanged, this, &RunsController::follow);
    connect(view_, &views::RunsView::stopRequested, this, &RunsController::stop);
    connect(view_, &views::RunsView::resumeRequested, this, &RunsController::resume);
    connect(view_, &views::RunsView::attachRequested, this, &RunsController::attach);
}

RunsController::~RunsController() {
    scanWatcher_->waitForFinished();
    pollWatcher_->waitForFinished();
}

QString RunsController::cliPath() {
    const QString env = qEnvironmentVariable("ISOMORPH_CLI");
    if (!env.isEmpty()) return env;
    return QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("isomorph-cli"));
}

QStringList RunsController::attachedRuns() const {
    return QSettings()
        .value(QStringLiteral("%1/%2").arg(kAttachedKey, workspace_.toUtf8().toHex()))
        .toStringList();
}

void RunsController::setWorkspace(const QString& root) {
    workspace_ = root;
    ++workspaceGeneration_;
    follow({});
    model_->setRuns({});
    if (root.isEmpty()) {
        scanTimer_->stop();
        pollTimer_->stop();
        return;
    }
    scanTimer_->start();
    pollTimer_->start();
    selectNewest_ = true;
    rescan();
}

void RunsController::rescan() {
    if (scanning_) {
        rescanAgain_ = true;
        return;
    }
    scanning_ = true;
    scanGeneration_ = workspaceGeneration_;
    QStringList dirs = workspace_.isEmpty() ? QStringList() : discoverRuns(workspace_);
    for (const QString& d : attachedRuns())
        if (!dirs.contains(d)) dirs << d;
    // Runs started here are listed from the start, even before (or without) their first file.
    for (const QString& d : children_.keys() + launchErrors_.keys())
        if (!dirs.contains(d)) dirs << d;
    const QStringList attached = attachedRuns();
    scanWatcher_->setFuture(QtConcurrent::run([dirs, attached] {
        QVector<views::RunRow> rows;
        for (const QString& d : dirs) {
            views::RunRow r = scanRunDirectory(d);
            r.attached = attached.contains(d);
            rows.push_back(r);
        }
        // Newest first: the run being watched is usually the latest one.
        std::stable_sort(
            rows.begin(), rows.end(),
            [](const views::RunRow& a, const views::RunRow& b) { return a.started > b.started; });
        return rows;
    }));
}

void RunsController::selectWhenListed(const QStringList& dirs) {
    selectPending_ = dirs;
    selectNewest_ = false;
    rescan();
}

void RunsController::attach(const QString& dir) {
    const QString abs = QFileInfo(dir).absoluteFilePath();
    auto isRun = [](const QString& d) { return workspace::RunLayout{d.toStdString()}.listed(); };
    QStringList runs;
    if (QFileInfo::exists(
            QDir(abs).filePath(QString::fromLatin1(workspace::SweepLayout::kPlanFile)))) {
        // A sweep folder (isomorph-cli sweep): its runs, selected together for comparison.
        for (const QFileInfo& e :
             QDir(abs).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            if (isRun(e.absoluteFilePath())) runs << e.absoluteFilePath();
        if (runs.isEmpty()) {
            Q_EMIT message(tr("%1 is a sweep without runs yet").arg(abs));
            return;
        }
    } else if (isRun(abs)) {
        runs << abs;
    } else {
        Q_EMIT message(
            tr("%1 is neither a run folder (no config.toml or metrics.jsonl) nor a sweep folder")
                .arg(abs));
        return;
    }
    QStringList list = attachedRuns();
    for (const QString& r : std::as_const(runs))
        if (!list.contains(r)) list << r;
    QSettings().setValue(QStringLiteral("%1/%2").arg(kAttachedKey, workspace_.toUtf8().toHex()),
                         list);
    if (runs.size() > 1) selectPending_ = runs;
    rescan();
}

bool RunsController::launch(const QString& runDir, const QStringList& trainArgs, QString* error) {
    const QString cli = cliPath();
    if (!QFileInfo(cli).isExecutable()) {
        if (error) *error = tr("isomorph-cli was not found at %1").arg(cli);
        return false;
    }
    QDir().mkpath(runDir);
    auto* p = new QProcess(this);
    p->setProgram(cli);
    p->setArguments(QStringList{QStringLiteral("train")} + trainArgs +
                    QStringList{QStringLiteral("--run-dir"), runDir});
    p->setWorkingDirectory(workspace_.isEmpty() ? runDir : workspace_);
    // Output goes to a file, not a pipe: a detached run must not die of SIGPIPE after the GUI
    // exits.
    p->setStandardOutputFile(QDir(runDir).filePath(QStringLiteral("console.log")),
                             QIODevice::Append);
    p->setStandardErrorFile(QDir(runDir).filePath(QStringLiteral("console.log")),
                            QIODevice::Append);
    children_[runDir] = p;
    launchErrors_.remove(runDir);
    connect(p, &QProcess::finished, this, [this, p, runDir](int code, QProcess::ExitStatus status) {
        if (status != QProcess::NormalExit || code != 0) {
            // The last lines of the console say why (config error, data missing, crash).
            const QString tail =
                readTail(QDir(runDir).filePath(QStringLiteral("console.log")), 2048).trimmed();
            const QString why = tail.section('\n', -1);
            launchErrors_[runDir] = status == QProcess::NormalExit
                                        ? tr("exited with status %1: %2").arg(code).arg(why)
                                        : tr("crashed: %1").arg(why);
            Q_EMIT message(
                tr("Run %1 %2").arg(QFileInfo(runDir).fileName(), launchErrors_[runDir]));
        } else {
            Q_EMIT message(tr("Run %1 ended").arg(QFileInfo(runDir).fileName()));
        }
        children_.remove(runDir);
        p->deleteLater();
        rescan();
    });
    connect(p, &QProcess::errorOccurred, this, [this, runDir](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) {
            launchErrors_[runDir] = tr("could not start isomorph-cli");
            Q_EMIT message(tr("Run %1: could not start isomorph-cli").arg(runDir));
            rescan();
        }
    });
    p->start();
    rescan();
    return true;
}

void RunsController::stop(const QStringList& dirs) {
    for (const QString& dir : dirs) {
        qint64 pid = 0;
        if (children_.contains(dir) && children_[dir]) {
            pid = children_[dir]->processId();
        } else {
            if (const auto s = train::readRunStatus(dir.toStdString())) {
                if (s->host != runtime::hostName()) {
                    Q_EMIT message(tr("%1 runs on %2; stop it there").arg(dir, fromStd(s->host)));
                    continue;
                }
                pid = s->pid;
            }
        }
        if (pid > 0 && ::kill(static_cast<pid_t>(pid), SIGINT) == 0)
            Q_EMIT message(tr("Stopping %1: it saves a checkpoint and exits").arg(dir));
    }
}

void RunsController::resume(const QStringList& dirs) {
    for (const QString& dir : dirs) {
        QString error;
        if (!launch(dir, {QStringLiteral("--resume")}, &error)) Q_EMIT message(error);
    }
}

QStringList RunsController::runningChildren() const {
    QStringList out;
    for (auto it = children_.begin(); it != children_.end(); ++it)
        if (it.value() && it.value()->state() != QProcess::NotRunning) out << it.key();
    return out;
}

void RunsController::detachChildren() {
    // QProcess kills its child when destroyed; leaving the objects alive (unparented) lets the
    // runs continue after the GUI exits. Their output already goes to console.log.
    for (auto& p : children_) {
        if (!p) continue;
        p->disconnect(this);
        p->setParent(nullptr);
    }
    children_.clear();
}

void RunsController::follow(const QStringList& dirs) {
    for (const QString& dir : followed_.keys()) {
        if (dirs.contains(dir)) continue;
        followed_.remove(dir);
        watcher_->removePath(runFile(dir, workspace::RunLayout::kMetricsFile));
        for (const QString& key : view_->chartKeys())
            view_->chart(key)->removeRun(dir);
    }
    followOrder_ = dirs;
    for (const QString& dir : dirs) {
        if (followed_.contains(dir)) continue;
        auto state = std::make_shared<FollowState>(dir);
        state->color = views::MetricChart::paletteColor(nextColor_++);
        followed_[dir] = state;
        const QString metrics = runFile(dir, workspace::RunLayout::kMetricsFile);
        if (QFileInfo::exists(metrics)) watcher_->addPath(metrics);
        for (const QString& key : view_->chartKeys())
            view_->chart(key)->addRun(dir, runName(dir), state->color);
    }
    if (dirs.isEmpty()) nextColor_ = 0;
    updateCharts();  // charts only the runs no longer selected had go away
    detailsTick_ = 0;
    updateDetails();
    poll();
}

QString RunsController::runName(const QString& dir) const {
    const views::RunRow* row = model_->run(dir);
    return row ? row->name : QFileInfo(dir).fileName();
}

void RunsController::updateCharts() {
    QVector<views::RunMetrics> runs;
    for (const QString& dir : std::as_const(followOrder_))
        if (const auto state = followed_.value(dir)) runs.push_back(state->metrics);
    const QStringList added = view_->setCharts(views::chartList(runs));
    // Points fed to charts that are gone must be fed again if their chart comes back.
    const QStringList keys = view_->chartKeys();
    for (const auto& state : std::as_const(followed_))
        state->fedKeys.removeIf([&](const QString& k) { return !keys.contains(k); });
    for (const QString& key : added) {
        views::MetricChart* chart = view_->chart(key);
        for (const QString& dir : std::as_const(followOrder_)) {
            const auto state = followed_.value(dir);
            if (!state) continue;
            chart->addRun(dir, runName(dir), state->color);
            for (const views::ChartEvent& e : std::as_const(state->events))
                chart->addEvent(dir, e);
        }
    }
    view_->applyStepOffsets();
    view_->refreshSeedGroups();
}

void RunsController::refill(const QString& dir) {
    // A chart appeared for points this reader already passed: read the file again. The run's
    // declarations stay, so its charts do not flicker meanwhile.
    const auto old = followed_.value(dir);
    auto fresh = std::make_shared<FollowState>(dir);
    fresh->color = old->color;
    fresh->metrics = old->metrics;
    followed_[dir] = fresh;
    for (const QString& key : view_->chartKeys()) {
        view_->chart(key)->removeRun(dir);
        view_->chart(key)->addRun(dir, runName(dir), fresh->color);
    }
    view_->applyStepOffsets();
}

void RunsController::poll() {
    // Not pollWatcher_->isRunning(): between a future's end and the delivery of its finished
    // signal a new setFuture() would drop that result, and the lines it read with it.
    if (polling_ || followed_.isEmpty()) return;
    polling_ = true;
    QVector<std::shared_ptr<FollowState>> states;
    for (const auto& s : std::as_const(followed_))
        states.push_back(s);
    // Reading and parsing happen on a worker thread; the GUI thread only appends columns.
    pollWatcher_->setFuture(QtConcurrent::run([states] {
        QVector<FollowBatch> out;
        for (const auto& s : states)
            out.push_back(readNewLines(s));
        return out;
    }));
}

namespace {

/// `schema` with the titles and units this version's registry gives its registered keys: a run
/// written before a title was reworded keeps the old English wording in its file, which the
/// translations no longer hold.
QVector<views::MetricSpec> currentWording(QVector<views::MetricSpec> schema) {
    static const QHash<QString, views::MetricSpec> registry = [] {
        QHash<QString, views::MetricSpec> out;
        for (const views::MetricSpec& m : registeredMetrics())
            out.insert(m.key, m);
        return out;
    }();
    for (views::MetricSpec& s : schema)
        if (const auto it = registry.find(s.key); it != registry.end() && !it->title.isEmpty()) {
            s.title = it->title;
            s.unit = it->unit;
        }
    return schema;
}

// A run's points of `key` are shown times this: its own declaration's scale, else the
// built-in one (runs without a schema), else as stored.
double scaleOf(const views::RunMetrics& metrics, const QString& key) {
    if (metrics.hasSchema)
        for (const views::MetricSpec& s : metrics.schema)
            if (s.key == key) return s.scale;
    const views::MetricSpec* known = views::knownMetric(key);
    return known ? known->scale : 1.0;
}

}  // namespace

void RunsController::applyBatches(const QVector<FollowBatch>& batches) {
    // 1. What the runs declare now, and the charts that follows from it.
    QVector<const FollowBatch*> current;
    QMap<QString, QSet<QString>> readBefore;
    bool declarationsChanged = false;
    for (const FollowBatch& b : batches) {
        // Unselected while the poll ran, or refilled: the lines belong to a reader now gone.
        if (followed_.value(b.state->dir) != b.state) continue;
        current.push_back(&b);
        FollowState& state = *b.state;
        readBefore[state.dir] = state.readKeys;
        if (b.schema) {
            const QVector<views::MetricSpec> schema = currentWording(*b.schema);
            declarationsChanged |= !state.metrics.hasSchema || state.metrics.schema != schema;
            state.metrics.hasSchema = true;
            state.metrics.schema = schema;  // the latest schema record wins
        }
        for (const QString& key : b.keys) {
            state.readKeys.insert(key);
            if (state.metrics.seenKeys.contains(key)) continue;
            state.metrics.seenKeys << key;
            declarationsChanged = true;  // a declared metric's first value brings its chart
        }
    }
    if (declarationsChanged) updateCharts();
    // 2. Points and events into the charts.
    bool refilled = false;
    for (const FollowBatch* b : current) {
        FollowState& state = *b->state;
        const QStringList keys = view_->chartKeys();
        const bool missed = std::any_of(keys.begin(), keys.end(), [&](const QString& k) {
            return !state.fedKeys.contains(k) && readBefore[state.dir].contains(k);
        });
        if (missed) {
            refill(state.dir);
            refilled = true;
            continue;
        }
        for (auto it = b->series.begin(); it != b->series.end(); ++it) {
            views::MetricChart* chart = view_->chart(it.key());
            if (!chart) continue;
            QList<double> values = it->values;
            if (const double scale = scaleOf(state.metrics, it.key()); scale != 1.0)
                for (double& v : values)
                    v *= scale;
            chart->appendPoints(state.dir, it->steps, it->times, values);
            state.fedKeys.insert(it.key());
        }
        for (const auto& e : b->events)
            for (const QString& key : keys)
                view_->chart(key)->addEvent(state.dir, e);
        state.events += b->events;
        if (b->badLines > 0)
            Q_EMIT message(
                tr("%1: %2 line(s) of metrics.jsonl are not valid records and were skipped (%3)")
                    .arg(QFileInfo(state.dir).fileName())
                    .arg(b->badLines)
                    .arg(b->badExample));
    }
    view_->refreshSeedGroups();  // means over seeds follow the new points
    if (++detailsTick_ % 4 == 0) updateDetails();
    Q_EMIT polled();
    if (refilled) poll();
}

void RunsController::updateDetails() {
    const QStringList selected = view_->selectedRuns();
    if (selected.isEmpty()) {
        view_->setDetails({});
        return;
    }
    const QString dir = selected.first();
    views::RunDetails d;
    d.dir = dir;
    const workspace::RunLayout run{dir.toStdString()};
    d.config = readTail(QString::fromStdString(run.config().string()), 1 << 16);
    d.logTail = readTail(QString::fromStdString(run.log().string()), 16384);
    for (const workspace::CheckpointEntry& c : workspace::listCheckpoints(run)) {
        QStringList tags;
        if (c.latest) tags << tr("latest");
        if (c.best) tags << tr("best");
        const QString n = QString::fromStdString(c.name);
        d.checkpoints << (tags.isEmpty() ? n : QStringLiteral("%1 (%2)").arg(n, tags.join(", ")));
    }
    const views::RunRow* r = model_->run(dir);
    // Elapsed training time and the ETA come from the newest train record.
    const auto last =
        train::lastTrainRecord(runFile(dir, workspace::RunLayout::kMetricsFile).toStdString());
    const double elapsed = last ? last->value(train::record_keys::kElapsed, -1) : -1;
    const double loss = last ? last->value(train::record_keys::kLoss) : std::nan("");
    if (r) {
        const double eta = r->step > 0 && r->maxSteps > r->step && elapsed > 0
                               ? elapsed / r->step * (r->maxSteps - r->step)
                               : -1;
        // An ended run has no ETA: its line says how long it trained.
        const QString time =
            r->status == QLatin1String("running")
                ? tr("training time %1, ETA %2").arg(formatDuration(elapsed), formatDuration(eta))
                : tr("training time %1").arg(formatDuration(elapsed));
        d.summary =
            tr("<b>%1</b> &mdash; %2<br>step %3 of %4<br>%5<br>last loss "
               "%6<br>best %7: %8<br><small>%9</small>")
                .arg(r->name.toHtmlEscaped(),
                     views::RunsModel::statusText(r->status, r->stopReason))
                .arg(r->step)
                .arg(r->maxSteps)
                .arg(time)
                .arg(std::isnan(loss) ? QStringLiteral("-") : QString::number(loss, 'f', 4))
                .arg(views::metricTitle(registeredMetric(r->metricName)).toHtmlEscaped(),
                     qIsNaN(r->bestMetric) ? QStringLiteral("-")
                                           : QString::number(100 * r->bestMetric, 'f', 2) + "%")
                .arg((r->message.isEmpty() ? dir : r->message).toHtmlEscaped());
    }
    view_->setDetails(d);
}

}  // namespace isomorph::gui
