#pragma once

#include <QWidget>

class QComboBox;
class QLineEdit;
class QTableView;

namespace isomorph::views {

class LogModel;
class LogFilterModel;

/// The log/notifications panel: a filterable table of LogModel entries that follows new
/// entries while scrolled to the bottom.
class LogPanel : public QWidget {
    Q_OBJECT

  public:
    explicit LogPanel(LogModel* model, QWidget* parent = nullptr);

    /// Entries currently visible after the level and text filters.
    int visibleRows() const;
    void setMinimumLevel(int level);
    void setFilterText(const QString& text);

  private:
    void copySelection() const;

    LogModel* model_;
    LogFilterModel* filter_;
    QTableView* table_;
    QComboBox* level_;
    QLineEdit* search_;
};

}  // namespace isomorph::views
