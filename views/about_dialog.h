#pragma once

#include <QDialog>
#include <QList>
#include <QPair>

class QLabel;
class QTreeWidget;

namespace isomorph::views {

/// Help -> About: the application, its licence and the versions of the libraries it runs on.
/// The rows come from the same code as `isomorph-cli doctor` (the app collects them in a worker
/// thread and hands them over with setDetails).
class AboutDialog : public QDialog {
    Q_OBJECT

  public:
    using Rows = QList<QPair<QString, QString>>;

    AboutDialog(const QString& version, QWidget* parent = nullptr);

    /// Shows "collecting..." until setDetails is called.
    void setBusy(const QString& what);
    void setDetails(const Rows& rows);
    /// Plain text of everything shown, for bug reports (also what "Copy" puts on the clipboard).
    QString reportText() const;

  private:
    QString version_;
    QLabel* status_;
    QTreeWidget* details_;
};

}  // namespace isomorph::views
