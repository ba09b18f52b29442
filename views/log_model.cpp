#include "views/log_model.h"

#include <QBrush>
#include <QColor>
#include <QThread>

namespace isomorph::views {

LogModel::LogModel(QObject* parent, int capacity)
    : QAbstractTableModel(parent), capacity_(std::max(1, capacity)) {
    qRegisterMetaType<isomorph::views::LogModel::Level>();
}

void LogModel::append(Level level, const QString& source, const QString& message) {
    Entry entry{QDateTime::currentDateTime(), level, source, message};
    if (QThread::currentThread() == thread()) {
        appendOnOwnThread(entry);
    } else {
        QMetaObject::invokeMethod(
            this, [this, entry] { appendOnOwnThread(entry); }, Qt::QueuedConnection);
    }
}

void LogModel::appendOnOwnThread(const Entry& entry) {
    if (entries_.size() >= capacity_) {
        const int drop = entries_.size() - capacity_ + 1;
        beginRemoveRows({}, 0, drop - 1);
        entries_.remove(0, drop);
        endRemoveRows();
    }
    beginInsertRows({}, entries_.size(), entries_.size());
    entries_.push_back(entry);
    endInsertRows();
    Q_EMIT entryAdded(entry.level, entry.message);
}

void LogModel::clear() {
    beginResetModel();
    entries_.clear();
    endResetModel();
}

QString LogModel::levelName(Level level) {
    switch (level) {
        case Level::Debug:
            return tr("debug");
        case Level::Info:
            return tr("info");
        case Level::Warning:
            return tr("warning");
        case Level::Error:
            return tr("error");
    }
    return {};
}

int LogModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(entries_.size());
}

int LogModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LogModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= entries_.size()) return {};
    const Entry& e = entries_.at(index.row());
    if (role == kLevelRole) return static_cast<int>(e.level);
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
            case TimeColumn:
                return e.time.toString(QStringLiteral("HH:mm:ss"));
            case LevelColumn:
                return levelName(e.level);
            case SourceColumn:
                return e.source;
            case MessageColumn:
                return e.message;
        }
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == TimeColumn) return e.time.toString(Qt::ISODate);
        if (index.column() == MessageColumn) return e.message;
    }
    if (role == Qt::ForegroundRole && index.column() == LevelColumn) {
        if (e.level == Level::Error) return QBrush(QColor(0xc0, 0x1c, 0x28));
        if (e.level == Level::Warning) return QBrush(QColor(0xb5, 0x83, 0x5a));
    }
    return {};
}

QVariant LogModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case TimeColumn:
            return tr("Time");
        case LevelColumn:
            return tr("Level");
        case SourceColumn:
            return tr("Source");
        case MessageColumn:
            return tr("Message");
    }
    return {};
}

}  // namespace isomorph::views
