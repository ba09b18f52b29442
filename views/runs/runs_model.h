#pragma once

// The workspace's training runs as a table (Runs view). Plain data in, Qt item model out: the
// app's RunsController scans run directories and hands rows over; views never read run files.

#include <QAbstractTableModel>
#include <QDateTime>
#include <QString>
#include <QVector>

namespace isomorph::views {

/// What the table shows of one run directory.
struct RunRow {
    QString dir;         ///< absolute run directory (the row's identity)
    QString name;        ///< config name, else the folder name
    QString objectives;  ///< "mlm 1 + ccp 1"
    QString configName;  ///< the config's name (often the preset's)
    QString status;   ///< running, finished, stopped, diverged, failed, interrupted, missing, ...
    QString message;  ///< why, for problem states (tooltip)
    /// Of a stopped run: "time budget", "step limit", "requested" (status.json's stop_reason).
    QString stopReason;
    qint64 step = 0;
    qint64 maxSteps = 0;
    double bestMetric = qQNaN();  ///< best dev value, NaN when none yet
    QString metricName;           ///< "bitext_acc"
    QDateTime started;
    QString machine;
    /// The run whose checkpoint model.init names (a recipe's earlier stage, a continued run),
    /// and that checkpoint's step; empty and -1 for a run from scratch or a loose checkpoint.
    QString continues;
    qint64 continuesStep = -1;
    bool attached = false;    ///< added with "Attach run folder..." (lives outside the workspace)
    bool ownProcess = false;  ///< started by this GUI (Stop/Resume act on our child process)

    bool operator==(const RunRow& o) const;
};

class RunsModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { Name, Objectives, Status, Step, BestMetric, Started, Machine, ColumnCount };
    enum Role { DirRole = Qt::UserRole + 1, StatusRole };

    explicit RunsModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /// Replaces the rows (inserts, removes and dataChanged only where something differs), then
    /// orders them by the sort column (newest first until sort() is called); selections
    /// survive periodic rescans.
    void setRuns(const QVector<RunRow>& rows);
    /// Adds or updates one row (by dir), keeping the sort order.
    void upsert(const RunRow& row);
    /// Orders the rows by a column (the view's header clicks): Step by step count, Best dev by
    /// value (runs without one last in either order), Started by time, text columns by the
    /// locale's collation. Ties keep their newest-first order. Stays in force across rescans.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return sortColumn_; }
    Qt::SortOrder sortOrder() const { return sortOrder_; }
    /// A run status as shown ("running" -> its translation); unknown states unchanged.
    /// `status` in words; a run stopped by its time budget or step limit reads "finished (time
    /// budget)" / "finished (step limit)": it ended as planned.
    static QString statusText(const QString& status, const QString& stopReason = QString());
    const RunRow* run(const QString& dir) const;
    const RunRow& at(int row) const { return rows_[row]; }
    int indexOf(const QString& dir) const;

  private:
    bool lessThan(const RunRow& a, const RunRow& b) const;
    void applySort();
    QVector<RunRow> rows_;
    int sortColumn_ = Started;
    Qt::SortOrder sortOrder_ = Qt::DescendingOrder;
};

}  // namespace isomorph::views
