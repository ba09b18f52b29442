#pragma once

// The guided demo's bar above the workspace views: the steps (each can be re-entered with its
// button), one short explanation of what the current step shows, Back / Next, and a close
// button. Qt only: the app's GuidedDemo decides what each step opens and what it says.

#include <QFrame>
#include <QStringList>

class QAbstractButton;
class QButtonGroup;
class QLabel;
class QHBoxLayout;
class QPushButton;
class QToolButton;

namespace isomorph::views {

class DemoGuide : public QFrame {
    Q_OBJECT
  public:
    explicit DemoGuide(QWidget* parent = nullptr);

    /// The steps' short titles ("Training", ...), shown as numbered buttons.
    void setSteps(const QStringList& titles);
    /// Marks `step` current and shows `explanation` (rich text) beside the buttons.
    void showStep(int step, const QString& explanation);
    /// Replaces the explanation of the current step (e.g. when its work has progressed).
    void setExplanation(const QString& explanation);
    int currentStep() const { return current_; }
    int stepCount() const { return static_cast<int>(titles_.size()); }
    QString explanation() const;
    QAbstractButton* stepButton(int step) const;
    QPushButton* nextButton() const { return next_; }
    QPushButton* backButton() const { return back_; }

  Q_SIGNALS:
    /// The user asked for `step` (its button, Back or Next).
    void stepRequested(int step);
    void closeRequested();

  private:
    QStringList titles_;
    int current_ = -1;
    QHBoxLayout* buttonRow_ = nullptr;
    QButtonGroup* group_ = nullptr;
    QLabel* explanation_ = nullptr;
    QPushButton* back_ = nullptr;
    QPushButton* next_ = nullptr;
    QToolButton* close_ = nullptr;
};

}  // namespace isomorph::views
