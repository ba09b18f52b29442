#include "app/gui/run_scanner.h"

#include <signal.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include "core/common/errors.h"
#include "core/runtime/system_info.h"
#include "core/train/run_config.h"

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

}  // namespace

QJsonObject lastTrainRecord(const QString& metricsPath, qint64 tailBytes) {
    QFile f(metricsPath);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const qint64 size = f.size();
    f.seek(std::max<qint64>(0, size - tailBytes));
    const QByteArray tail = f.readAll();
    // Only complete lines count: the last one may be half written by the run.
    const int end = tail.lastIndexOf('\n');
    if (end < 0) return {};
    const QList<QByteArray> lines = tail.left(end).split('\n');
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
        const QJsonObject o = QJsonDocument::fromJson(*it).object();
        if (o.value(QStringLiteral("kind")).toString() == QLatin1String("train")) return o;
    }
    return {};
}

qint64 lastLoggedStep(const QString& metricsPath, qint64 tailBytes) {
    return lastTrainRecord(metricsPath, tailBytes).value(QStringLiteral("step")).toInteger(-1);
}

views::RunRow scanRunDirectory(const QString& dir) {
    views::RunRow r;
    r.dir = dir;
    r.name = QFileInfo(dir).fileName();
    if (!QFileInfo(dir).isDir()) {
        r.status = QStringLiteral("missing");
        r.message = QObject::tr("The folder was deleted, moved or is not mounted.");
        return r;
    }
    const QString config = QDir(dir).filePath(QStringLiteral("config.toml"));
    if (QFileInfo::exists(config)) {
        try {
            const auto c = train::loadRunConfig(config.toStdString());
            // The folder name identifies a run (many runs share a preset's config name).
            r.objectives = objectivesOf(c);
            r.configName = QString::fromStdString(c.name);
            r.maxSteps = c.schedule.maxSteps;
            r.metricName = QString::fromStdString(train::enumName(c.eval.metric));
        } catch (const Error& e) {
            r.message = QObject::tr("config.toml cannot be read by this version: %1")
                            .arg(QString::fromStdString(e.what()).section('\n', 0, 0));
        }
    }
    QFile statusFile(QDir(dir).filePath(QStringLiteral("status.json")));
    QJsonObject s;
    if (statusFile.open(QIODevice::ReadOnly))
        s = QJsonDocument::fromJson(statusFile.readAll()).object();
    r.status = s.value(QStringLiteral("state")).toString(QStringLiteral("unknown"));
    r.step = s.value(QStringLiteral("step")).toInteger(0);
    if (s.contains(QStringLiteral("max_steps")))
        r.maxSteps = s.value(QStringLiteral("max_steps")).toInteger();
    r.machine = s.value(QStringLiteral("host")).toString();
    const double started = s.value(QStringLiteral("started")).toDouble(0);
    if (started > 0)
        r.started = QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(started * 1000));
    const QJsonValue best = s.value(QStringLiteral("best_metric"));
    if (best.isDouble()) r.bestMetric = best.toDouble();
    // status.json is rewritten at checkpoints and evaluations; the metrics tail is fresher.
    r.step = std::max(r.step, lastLoggedStep(QDir(dir).filePath(QStringLiteral("metrics.jsonl"))));

    if (r.status == QLatin1String("running") &&
        r.machine == QString::fromStdString(runtime::hostName())) {
        const qint64 pid = s.value(QStringLiteral("pid")).toInteger(0);
        if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
            r.status = QStringLiteral("interrupted");
            r.message = QObject::tr(
                            "Its process (%1) ended without a final checkpoint; Resume "
                            "continues from the latest checkpoint.")
                            .arg(pid);
        }
    }
    if (s.isEmpty() && r.message.isEmpty())
        r.message = QObject::tr(
            "No status.json yet: the run is starting or was written by "
            "another tool.");
    return r;
}

QStringList discoverRuns(const QString& workspaceRoot) {
    QStringList out;
    const QDir runs(QDir(workspaceRoot).filePath(QStringLiteral("runs")));
    for (const QFileInfo& e : runs.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir d(e.absoluteFilePath());
        if (d.exists(QStringLiteral("config.toml")) || d.exists(QStringLiteral("metrics.jsonl")))
            out << e.absoluteFilePath();
    }
    return out;
}

}  // namespace isomorph::gui
