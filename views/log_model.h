#pragma once

#include <QAbstractTableModel>
#include <QDateTime>
#include <QVector>

namespace isomorph::views {

/// Messages for the log/notifications panel: engine log lines, workspace events, errors.
/// append() may be called from any thread; rows are added on the model's thread.
class LogModel : public QAbstractTableModel {
    Q_OBJECT

  public:
    enum class Level { Debug, Info, Warning, Error };
    enum Column { TimeColumn, LevelColumn, SourceColumn, MessageColumn, ColumnCount };
    static constexpr int kLevelRole = Qt::UserRole + 1;

    struct Entry {
        QDateTime time;
        Level level = Level::Info;
        QString source;  ///< "engine", "workspace", "qt", ...
        QString message;
    };

    explicit LogModel(QObject* parent = nullptr, int capacity = 10000);

    /// Adds an entry; thread-safe. The oldest entries go once `capacity` is reached.
    void append(Level level, const QString& source, const QString& message);
    void clear();
    const Entry& entry(int row) const { return entries_.at(row); }
    int capacity() const { return capacity_; }
    static QString levelName(Level level);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  Q_SIGNALS:
    /// Emitted for every new entry (after it is in the model), e.g. to show it in a status bar.
    void entryAdded(isomorph::views::LogModel::Level level, const QString& message);

  private:
    void appendOnOwnThread(const Entry& entry);

    QVector<Entry> entries_;
    int capacity_;
};

}  // namespace isomorph::views

Q_DECLARE_METATYPE(isomorph::views::LogModel::Level)
