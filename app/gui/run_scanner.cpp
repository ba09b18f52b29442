#include "app/gui/run_scanner.h"

#include <cmath>

#include <QDir>
#include <QFileInfo>

#include "core/common/errors.h"
#include "core/train/run_config.h"
#include "core/train/run_log/metrics_log.h"
#include "core/train/run_log/run_records.h"
#include "core/train/run_log/run_status.h"
#include "core/workspace/run_layout.h"
#include "core/workspace/workspace.h"

namespace isomorph::gui {

namespace {

QString objectivesOf(const train::RunConfig& c) {
    QStringList parts;
    for (const auto& name : c.enabledObjectives())
        parts << QStringLiteral("%1 %2")
                     .arg(QString::fromStdString(name))
                     .arg(c.objective(name).weight);
    return parts.join(QStringLiteral(" + "));
}

std::filesystem::path metricsFileOf(const QString& runDir) {
    return workspace::RunLayout{runDir.toStdString()}.metrics();
}

/// The run and step of the checkpoint `init` (model.init of the run in `runDir`) names, when it
/// is a run's RUN/checkpoints/step-N (a relative path is the workspace's, two folders up).
void findContinued(const QString& runDir, const std::string& init, views::RunRow& r) {
    if (init.empty() || init == "scratch") return;
    std::filesystem::path path(init);
    if (path.is_relative())
        path = std::filesystem::path(runDir.toStdString()).parent_path().parent_path() / path;
    try {
        const std::filesystem::path folder = workspace::resolveCheckpoint(path);
        const std::filesystem::path config = workspace::runConfigOf(folder);
        const std::optional<int64_t> step =
            workspace::CheckpointLayout::stepOfName(folder.filename().string());
        if (config.empty() || !step) return;
        r.continues = QDir::cleanPath(
            QFileInfo(QString::fromStdString(config.parent_path().string())).absoluteFilePath());
        r.continuesStep = *step;
    } catch (const Error&) {
        // A checkpoint deleted since: the run is drawn from its own step 0.
    }
}

}  // namespace

qint64 lastLoggedStep(const QString& metricsPath, qint64 tailBytes) {
    const auto last = train::lastTrainRecord(metricsPath.toStdString(),
                                             static_cast<uint64_t>(std::max<qint64>(0, tailBytes)));
    return last ? last->step : -1;
}

views::RunRow scanRunDirectory(const QString& dir) {
    views::RunRow r;
    r.dir = dir;
    r.name = QFileInfo(dir).fileName();
    // A run of a sweep is named with its sweep ("mu-sweep/mu=0.3,seed=2"): cells of different
    // sweeps share names.
    const QDir parent = QFileInfo(dir).dir();
    if (parent.exists(QString::fromLatin1(workspace::SweepLayout::kPlanFile)))
        r.name = parent.dirName() + QLatin1Char('/') + r.name;
    if (!QFileInfo(dir).isDir()) {
        r.status = QStringLiteral("missing");
        r.message = QObject::tr("The folder was deleted, moved or is not mounted.");
        return r;
    }
    const workspace::RunLayout run{dir.toStdString()};
    if (run.exists()) {
        try {
            const auto c = train::loadRunConfig(run.config());
            // The folder name identifies a run (many runs share a preset's config name).
            r.objectives = objectivesOf(c);
            r.configName = QString::fromStdString(c.name);
            r.maxSteps = c.schedule.maxSteps;
            r.metricName = QString::fromStdString(train::enumName(c.eval.metric));
            findContinued(dir, c.model.init, r);
        } catch (const Error& e) {
            r.message = QObject::tr("config.toml cannot be read by this version: %1")
                            .arg(QString::fromStdString(e.what()).section('\n', 0, 0));
        }
    }
    const std::optional<train::RunStatus> status = train::readRunStatus(dir.toStdString());
    const train::RunStatus s = status.value_or(train::RunStatus());
    r.status = s.state.empty() ? QStringLiteral("unknown") : QString::fromStdString(s.state);
    r.stopReason = QString::fromStdString(s.stopReason);
    r.step = s.step;
    if (s.maxSteps) r.maxSteps = *s.maxSteps;
    r.machine = QString::fromStdString(s.host);
    if (s.started > 0)
        r.started = QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(s.started * 1000));
    if (!std::isnan(s.bestMetric)) r.bestMetric = s.bestMetric;
    // status.json is rewritten at checkpoints and evaluations; the metrics tail is fresher.
    if (const auto last = train::lastTrainRecord(metricsFileOf(dir)))
        r.step = std::max<qint64>(r.step, last->step);

    if (status && train::runProcessEnded(*status)) {
        r.status = QStringLiteral("interrupted");
        r.message = QObject::tr(
                        "Its process (%1) ended without a final checkpoint; Resume "
                        "continues from the latest checkpoint.")
                        .arg(s.pid);
    }
    if (!status && r.message.isEmpty())
        r.message = QObject::tr(
            "No status.json yet: the run is starting or was written by "
            "another tool.");
    return r;
}

QStringList discoverRuns(const QString& workspaceRoot) {
    QStringList out;
    const QDir runs(QString::fromStdString(
        workspace::WorkspaceLayout{workspaceRoot.toStdString()}.runs().string()));
    auto isRun = [](const QDir& d) {
        return workspace::RunLayout{d.absolutePath().toStdString()}.listed();
    };
    for (const QFileInfo& e : runs.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir d(e.absoluteFilePath());
        if (isRun(d)) {
            out << e.absoluteFilePath();
        } else if (d.exists(QString::fromLatin1(
                       workspace::SweepLayout::kPlanFile))) {  // `sweep --dir WS/runs/NAME`
            for (const QFileInfo& cell :
                 d.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
                if (isRun(QDir(cell.absoluteFilePath()))) out << cell.absoluteFilePath();
        }
    }
    return out;
}

}  // namespace isomorph::gui
