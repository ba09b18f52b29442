#include "views/demo_guide.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace isomorph::views {

DemoGuide::DemoGuide(QWidget* parent)
    : QFrame(parent),
      buttonRow_(new QHBoxLayout),
      group_(new QButtonGroup(this)),
      explanation_(new QLabel(this)),
      back_(new QPushButton(tr("Back"), this)),
      next_(new QPushButton(tr("Next"), this)),
      close_(new QToolButton(this)) {
    setObjectName(QStringLiteral("DemoGuide"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    QPalette p = palette();
    p.setColor(QPalette::Window, p.color(QPalette::AlternateBase));
    setPalette(p);
    explanation_->setObjectName(QStringLiteral("demoGuideExplanation"));
    explanation_->setWordWrap(true);
    explanation_->setTextFormat(Qt::RichText);
    explanation_->setMinimumWidth(320);
    group_->setExclusive(true);
    close_->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close_->setAutoRaise(true);
    close_->setToolTip(tr("Close the guide (Help > Guided Demo brings it back)"));
    back_->setObjectName(QStringLiteral("demoGuideBack"));
    next_->setObjectName(QStringLiteral("demoGuideNext"));
    next_->setDefault(true);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    buttonRow_->setSpacing(4);
    layout->addLayout(buttonRow_);
    layout->addWidget(explanation_, 1);
    layout->addWidget(back_);
    layout->addWidget(next_);
    layout->addWidget(close_, 0, Qt::AlignTop);

    connect(group_, &QButtonGroup::idClicked, this, &DemoGuide::stepRequested);
    connect(back_, &QPushButton::clicked, this, [this] { Q_EMIT stepRequested(current_ - 1); });
    connect(next_, &QPushButton::clicked, this, [this] { Q_EMIT stepRequested(current_ + 1); });
    connect(close_, &QToolButton::clicked, this, &DemoGuide::closeRequested);
}

void DemoGuide::setSteps(const QStringList& titles) {
    for (QAbstractButton* b : group_->buttons()) {
        group_->removeButton(b);
        delete b;
    }
    titles_ = titles;
    for (int i = 0; i < titles.size(); ++i) {
        auto* b = new QToolButton(this);
        b->setObjectName(QStringLiteral("demoGuideStep%1").arg(i + 1));
        b->setText(QStringLiteral("%1  %2").arg(i + 1).arg(titles[i]));
        b->setCheckable(true);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setToolTip(tr("Go to step %1 (again)").arg(i + 1));
        group_->addButton(b, i);
        buttonRow_->addWidget(b);
    }
    current_ = -1;
}

void DemoGuide::showStep(int step, const QString& explanation) {
    if (step < 0 || step >= titles_.size()) return;
    current_ = step;
    if (QAbstractButton* b = group_->button(step)) b->setChecked(true);
    explanation_->setText(explanation);
    back_->setEnabled(step > 0);
    next_->setEnabled(step + 1 < titles_.size());
}

void DemoGuide::setExplanation(const QString& explanation) {
    explanation_->setText(explanation);
}

QString DemoGuide::explanation() const {
    return explanation_->text();
}

QAbstractButton* DemoGuide::stepButton(int step) const {
    return group_->button(step);
}

}  // namespace isomorph::views
