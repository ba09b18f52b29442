#include "views/welcome_page.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace isomorph::views {

WelcomePage::WelcomePage(QWidget* parent)
    : QWidget(parent), recent_(new QListWidget(this)), recentEmpty_(new QLabel(this)) {
    auto* title = new QLabel(QStringLiteral("<h1>Isomorph</h1>"), this);
    auto* intro = new QLabel(
        tr("A workspace is a folder that holds your corpora, tokenizers, training runs and "
           "search indexes. Create one, open an existing one, or open the demo workspace built "
           "from the multilingual manual pages installed on this machine."),
        this);
    intro->setWordWrap(true);
    auto* create = new QPushButton(tr("New workspace..."), this);
    auto* open = new QPushButton(tr("Open workspace..."), this);
    auto* demo = new QPushButton(tr("Start the guided demo"), this);
    demo->setToolTip(
        tr("Opens the demo workspace, trains a model live and walks through the "
           "three views with it"));
    create->setObjectName(QStringLiteral("newWorkspaceButton"));
    open->setObjectName(QStringLiteral("openWorkspaceButton"));
    demo->setObjectName(QStringLiteral("demoWorkspaceButton"));
    auto* recentTitle = new QLabel(QStringLiteral("<b>%1</b>").arg(tr("Recent workspaces")), this);
    recentEmpty_->setText(tr("No workspace opened yet."));
    recent_->setObjectName(QStringLiteral("recentWorkspaces"));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(create);
    buttons->addWidget(open);
    buttons->addWidget(demo);
    buttons->addStretch(1);
    auto* column = new QVBoxLayout;
    column->addSpacing(24);
    column->addWidget(title);
    column->addWidget(intro);
    column->addSpacing(12);
    column->addLayout(buttons);
    column->addSpacing(18);
    column->addWidget(recentTitle);
    column->addWidget(recentEmpty_);
    column->addWidget(recent_, 3);
    column->addStretch(1);  // takes the room while the recent list is hidden
    auto* outer = new QHBoxLayout(this);
    outer->addStretch(1);
    outer->addLayout(column, 4);
    outer->addStretch(1);

    connect(create, &QPushButton::clicked, this, &WelcomePage::newWorkspaceRequested);
    connect(open, &QPushButton::clicked, this, &WelcomePage::openWorkspaceRequested);
    connect(demo, &QPushButton::clicked, this, &WelcomePage::demoWorkspaceRequested);
    connect(recent_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        Q_EMIT recentWorkspaceRequested(item->data(Qt::UserRole).toString());
    });
    setRecentWorkspaces({});
}

void WelcomePage::setRecentWorkspaces(const QStringList& paths) {
    recent_->clear();
    for (const QString& path : paths) {
        auto* item =
            new QListWidgetItem(QStringLiteral("%1 — %2").arg(QFileInfo(path).fileName(),
                                                              QDir::toNativeSeparators(path)),
                                recent_);
        item->setData(Qt::UserRole, path);
        item->setToolTip(path);
    }
    recent_->setVisible(!paths.isEmpty());
    recentEmpty_->setVisible(paths.isEmpty());
}

}  // namespace isomorph::views
