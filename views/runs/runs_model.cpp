#include "views/runs/runs_model.h"

#include <algorithm>
#include <numeric>

#include <QBrush>
#include <QColor>
#include <QFileInfo>
#include <QLocale>

namespace isomorph::views {

bool RunRow::operator==(const RunRow& o) const {
    auto sameMetric = [](double a, double b) { return (qIsNaN(a) && qIsNaN(b)) || a == b; };
    return dir == o.dir && name == o.name && objectives == o.objectives && status == o.status &&
           stopReason == o.stopReason && message == o.message && step == o.step &&
           maxSteps == o.maxSteps && sameMetric(bestMetric, o.bestMetric) &&
           metricName == o.metricName && configName == o.configName && started == o.started &&
           machine == o.machine && continues == o.continues && continuesStep == o.continuesStep &&
           attached == o.attached && ownProcess == o.ownProcess;
}

RunsModel::RunsModel(QObject* parent) : QAbstractTableModel(parent) {}

int RunsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int RunsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size()) return {};
    const RunRow& r = rows_[index.row()];
    if (role == DirRole) return r.dir;
    if (role == StatusRole) return r.status;
    if (role == Qt::ToolTipRole) {
        QString tip = r.dir;
        if (!r.configName.isEmpty())
            tip += QStringLiteral("\n") + tr("config: %1").arg(r.configName);
        if (r.continuesStep >= 0)
            tip += QStringLiteral("\n") + tr("continues %1 from its step %2")
                                              .arg(QFileInfo(r.continues).fileName())
                                              .arg(r.continuesStep);
        if (!r.message.isEmpty()) tip += QStringLiteral("\n") + r.message;
        return tip;
    }
    if (role == Qt::ForegroundRole && index.column() == Status) {
        if (r.status == QLatin1String("running")) return QBrush(QColor(0x1b, 0x7f, 0x3b));
        if (r.status == QLatin1String("diverged") || r.status == QLatin1String("failed") ||
            r.status == QLatin1String("missing") || r.status == QLatin1String("unreadable") ||
            r.status == QLatin1String("interrupted"))
            return QBrush(QColor(0xb0, 0x2a, 0x2a));
        return {};
    }
    if (role == Qt::TextAlignmentRole && (index.column() == Step || index.column() == BestMetric))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Name:
            return r.attached ? r.name + tr(" (attached)") : r.name;
        case Objectives:
            return r.objectives;
        case Status:
            return statusText(r.status, r.stopReason);
        case Step:
            return r.maxSteps > 0 ? QStringLiteral("%1 / %2").arg(r.step).arg(r.maxSteps)
                                  : QString::number(r.step);
        case BestMetric:
            return qIsNaN(r.bestMetric)
                       ? QString()
                       : QStringLiteral("%1 %2").arg(QLocale().toString(100 * r.bestMetric, 'f', 2),
                                                     QStringLiteral("%"));
        case Started:
            // ISO 8601 in local time: the same in every UI language and whatever the system
            // locale (whose short format is ambiguous, "11/12/26", and may not match the UI
            // language chosen in Settings); it also reads in order.
            return r.started.isValid()
                       ? r.started.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                       : QString();
        case Machine:
            return r.machine;
        default:
            return {};
    }
}

QVariant RunsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    // The first click on a number or date column shows the largest (newest) first.
    if (role == Qt::InitialSortOrderRole)
        return int(section == Step || section == BestMetric || section == Started
                       ? Qt::DescendingOrder
                       : Qt::AscendingOrder);
    if (role != Qt::DisplayRole) return {};
    switch (section) {
        case Name:
            return tr("Run");
        case Objectives:
            return tr("Objectives");
        case Status:
            return tr("Status");
        case Step:
            return tr("Step");
        case BestMetric:
            return tr("Best dev");
        case Started:
            return tr("Started");
        case Machine:
            return tr("Machine");
        default:
            return {};
    }
}

int RunsModel::indexOf(const QString& dir) const {
    for (int i = 0; i < rows_.size(); ++i)
        if (rows_[i].dir == dir) return i;
    return -1;
}

const RunRow* RunsModel::run(const QString& dir) const {
    const int i = indexOf(dir);
    return i < 0 ? nullptr : &rows_[i];
}

void RunsModel::upsert(const RunRow& row) {
    const int i = indexOf(row.dir);
    if (i < 0) {
        beginInsertRows({}, rows_.size(), rows_.size());
        rows_.push_back(row);
        endInsertRows();
    } else if (!(rows_[i] == row)) {
        rows_[i] = row;
        Q_EMIT dataChanged(index(i, 0), index(i, ColumnCount - 1));
    } else {
        return;
    }
    applySort();
}

void RunsModel::setRuns(const QVector<RunRow>& rows) {
    // Remove rows that are gone (from the end, so indices stay valid), then update or append.
    for (int i = rows_.size() - 1; i >= 0; --i) {
        const bool keep = std::any_of(rows.begin(), rows.end(),
                                      [&](const RunRow& r) { return r.dir == rows_[i].dir; });
        if (keep) continue;
        beginRemoveRows({}, i, i);
        rows_.removeAt(i);
        endRemoveRows();
    }
    for (const RunRow& r : rows)
        upsert(r);
}

QString RunsModel::statusText(const QString& status, const QString& stopReason) {
    if (status == QLatin1String("stopped")) {
        if (stopReason == QLatin1String("time budget")) return tr("finished (time budget)");
        if (stopReason == QLatin1String("step limit")) return tr("finished (step limit)");
    }
    // The states status.json and the scanner write; the raw value stays the row's identity.
    static const char* const kStates[] = {
        QT_TRANSLATE_NOOP("isomorph::views::RunsModel", "running"),
        QT_TRANSLATE_NOOP("isomorph::views::RunsModel", "finished"),
        QT_TRANSLATE_NOOP("isomorph::views::RunsModel", "stopped"),
        QT_TRANSLATE_NOOP("isomorph::views::RunsModel", "diverged"),
        QT_TRANSLATE_NOOP("isomorph::views::RunsModel", "failed"),
        QT_TRANSLATE_NOOP("isomorph::views::RunsModel", "interrupted"),
        QT_TRANSLATE_NOOP("isomorph::views::RunsModel", "missing"),
        QT_TRANSLATE_NOOP("isomorph::views::RunsModel", "unknown")};
    for (const char* state : kStates)
        if (status == QLatin1String(state)) return tr(state);
    return status;
}

void RunsModel::sort(int column, Qt::SortOrder order) {
    if (column < 0 || column >= ColumnCount) return;
    sortColumn_ = column;
    sortOrder_ = order;
    applySort();
}

bool RunsModel::lessThan(const RunRow& a, const RunRow& b) const {
    // -1, 0, 1 by the sort column alone, ascending.
    auto byColumn = [this](const RunRow& x, const RunRow& y) -> int {
        auto cmp = [](auto u, auto v) { return u < v ? -1 : v < u ? 1 : 0; };
        switch (sortColumn_) {
            case Name:
                return QString::localeAwareCompare(x.name, y.name);
            case Objectives:
                return QString::localeAwareCompare(x.objectives, y.objectives);
            case Status:
                return QString::localeAwareCompare(statusText(x.status, x.stopReason),
                                                   statusText(y.status, y.stopReason));
            case Step:
                return x.step != y.step ? cmp(x.step, y.step) : cmp(x.maxSteps, y.maxSteps);
            case BestMetric:
                return cmp(x.bestMetric, y.bestMetric);
            case Started:
                return cmp(x.started, y.started);
            case Machine:
                return QString::localeAwareCompare(x.machine, y.machine);
            default:
                return 0;
        }
    };
    if (sortColumn_ == BestMetric && qIsNaN(a.bestMetric) != qIsNaN(b.bestMetric))
        return !qIsNaN(a.bestMetric);  // runs without a value last, in either order
    const int c = byColumn(a, b);
    if (c != 0) return sortOrder_ == Qt::AscendingOrder ? c < 0 : c > 0;
    if (a.started != b.started) return a.started > b.started;
    return a.dir < b.dir;
}

void RunsModel::applySort() {
    QVector<int> order(rows_.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [this](int a, int b) { return lessThan(rows_[a], rows_[b]); });
    if (std::is_sorted(order.begin(), order.end())) return;
    // A layout change with persistent indexes moved along keeps the view's selection.
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    QVector<int> newRowOf(rows_.size());
    QVector<RunRow> sorted;
    for (int i = 0; i < order.size(); ++i) {
        newRowOf[order[i]] = i;
        sorted.push_back(rows_[order[i]]);
    }
    const QModelIndexList before = persistentIndexList();
    QModelIndexList after;
    for (const QModelIndex& i : before)
        after << index(newRowOf[i.row()], i.column());
    rows_ = sorted;
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

}  // namespace isomorph::views
