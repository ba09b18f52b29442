#include "app/gui/new_run_dialog.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFormLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/train/presets.h"

namespace isomorph::gui {

namespace {

QString unquote(const std::string& tomlLiteral) {
    QString s = QString::fromStdString(tomlLiteral);
    if (s.size() >= 2 && (s.startsWith('\'') || s.startsWith('"'))) s = s.mid(1, s.size() - 2);
    return s;
}

QString sectionTitle(const QString& key) {
    const QString section = key.contains('.') ? key.section('.', 0, -2) : QStringLiteral("run");
    if (section.startsWith(QLatin1String("objectives.")))
        return QObject::tr("objective %1").arg(section.section('.', 1));
    return section;
}

}  // namespace

NewRunDialog::NewRunDialog(const QString& workspace, QWidget* parent)
    : QDialog(parent),
      workspace_(workspace),
      presets_(new QComboBox(this)),
      name_(new QLineEdit(this)),
      problemsLabel_(new QLabel(this)),
      diff_(new QPlainTextEdit(this)) {
    setWindowTitle(tr("New training run"));
    setObjectName(QStringLiteral("NewRunDialog"));
    for (const auto& p : train::builtinPresets()) {
        presetNames_ << QString::fromStdString(p.name);
        presetTexts_ << QString::fromStdString(p.toml);
    }
    const QDir custom(QDir(workspace_).filePath(QStringLiteral("presets")));
    for (const QString& f : custom.entryList({QStringLiteral("*.toml")}, QDir::Files, QDir::Name)) {
        QFile file(custom.filePath(f));
        if (!file.open(QIODevice::ReadOnly)) continue;
        presetNames_ << f.chopped(5) + tr(" (workspace)");
        presetTexts_ << QString::fromUtf8(file.readAll());
    }
    presets_->addItems(presetNames_);
    // The demo's own preset, a run of minutes, rather than the first of the list (base-demo, the
    // base model's recipe of hours).
    presets_->setCurrentIndex(
        std::max(0, static_cast<int>(presetNames_.indexOf(QStringLiteral("hictl-demo")))));

    // One tab per section, one editor per field, generated from the schema.
    auto* tabs = new QTabWidget(this);
    QMap<QString, QFormLayout*> forms;
    for (const auto& f : train::runConfigFields()) {
        const QString key = QString::fromStdString(f.key);
        if (key == QLatin1String("name")) continue;  // the run name field above
        const QString title = sectionTitle(key);
        if (!forms.contains(title)) {
            auto* page = new QWidget;
            forms[title] = new QFormLayout(page);
            auto* scroll = new QScrollArea;
            scroll->setWidget(page);
            scroll->setWidgetResizable(true);
            tabs->addTab(scroll, title);
        }
        QWidget* editor = nullptr;
        using Kind = train::ConfigField::Kind;
        if (f.kind == Kind::Bool) {
            auto* box = new QCheckBox;
            connect(box, &QCheckBox::toggled, this, &NewRunDialog::revalidate);
            editor = box;
        } else if (f.kind == Kind::Choice) {
            auto* combo = new QComboBox;
            for (const auto& c : f.choices)
                combo->addItem(QString::fromStdString(c));
            connect(combo, &QComboBox::currentTextChanged, this, &NewRunDialog::revalidate);
            editor = combo;
        } else {
            auto* line = new QLineEdit;
            connect(line, &QLineEdit::textChanged, this, &NewRunDialog::revalidate);
            editor = line;
        }
        editor->setObjectName(key);
        editor->setToolTip(QString::fromStdString(f.help));
        editors_[key] = editor;
        auto* label = new QLabel(key.section('.', -1));
        label->setToolTip(QString::fromStdString(f.help));
        forms[title]->addRow(label, editor);
    }

    problemsLabel_->setWordWrap(true);
    problemsLabel_->setStyleSheet(QStringLiteral("color: #b02a2a"));
    diff_->setReadOnly(true);
    diff_->setMaximumHeight(110);
    diff_->setPlaceholderText(tr("Same as the preset"));

    auto* top = new QFormLayout;
    top->addRow(tr("Preset"), presets_);
    top->addRow(tr("Run name"), name_);
    auto* buttons = new QDialogButtonBox(this);
    launch_ = buttons->addButton(tr("Launch"), QDialogButtonBox::AcceptRole);
    auto* save = buttons->addButton(tr("Save as preset..."), QDialogButtonBox::ActionRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(tabs, 1);
    layout->addWidget(problemsLabel_);
    layout->addWidget(new QLabel(tr("Differences from the preset:"), this));
    layout->addWidget(diff_);
    layout->addWidget(buttons);
    resize(720, 640);

    connect(presets_, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &NewRunDialog::loadPreset);
    connect(name_, &QLineEdit::textChanged, this, &NewRunDialog::revalidate);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(save, &QPushButton::clicked, this, [this] {
        const QString name = QInputDialog::getText(this, tr("Save as preset"), tr("Preset name"));
        if (name.isEmpty()) return;
        QString error;
        if (!saveAsPreset(name, &error)) QMessageBox::warning(this, tr("Save as preset"), error);
    });
    loadPreset(presets_->currentIndex());
}

void NewRunDialog::loadPreset(int index) {
    if (index < 0 || index >= presetTexts_.size()) return;
    try {
        preset_ = train::parseRunConfig(presetTexts_[index].toStdString(),
                                        presetNames_[index].toStdString());
    } catch (const Error& e) {
        problemsLabel_->setText(QString::fromStdString(e.what()));
        return;
    }
    for (const auto& f : train::runConfigFields()) {
        QWidget* w = editors_.value(QString::fromStdString(f.key));
        const QString value = unquote(f.get(preset_));
        if (auto* box = qobject_cast<QCheckBox*>(w))
            box->setChecked(value == QLatin1String("true"));
        if (auto* combo = qobject_cast<QComboBox*>(w)) combo->setCurrentText(value);
        if (auto* line = qobject_cast<QLineEdit*>(w)) line->setText(value);
    }
    name_->setText(QStringLiteral("%1-%2").arg(
        QString::fromStdString(preset_.name),
        QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
    revalidate();
}

train::RunConfig NewRunDialog::read(QStringList* fieldErrors) const {
    train::RunConfig c = preset_;
    for (const auto& f : train::runConfigFields()) {
        QWidget* w = editors_.value(QString::fromStdString(f.key));
        if (!w) continue;
        QString text;
        if (auto* box = qobject_cast<QCheckBox*>(w)) text = box->isChecked() ? "true" : "false";
        if (auto* combo = qobject_cast<QComboBox*>(w)) text = combo->currentText();
        if (auto* line = qobject_cast<QLineEdit*>(w)) text = line->text();
        // Strings are passed quoted so that "1e-4" in a path field stays a string.
        const bool isString = f.kind == train::ConfigField::Kind::String ||
                              f.kind == train::ConfigField::Kind::Choice;
        const std::string literal =
            isString ? "\"" + text.toStdString() + "\"" : text.trimmed().toStdString();
        const std::string err = f.set(c, literal);
        if (!err.empty() && fieldErrors)
            *fieldErrors << QStringLiteral("%1 %2").arg(QString::fromStdString(f.key),
                                                        QString::fromStdString(err));
    }
    c.name = name_->text().toStdString();
    return c;
}

train::RunConfig NewRunDialog::config() const {
    return read(nullptr);
}

QString NewRunDialog::runName() const {
    return name_->text().trimmed();
}

void NewRunDialog::revalidate() {
    QStringList errors;
    train::RunConfig c = read(&errors);
    for (const auto& p : c.problems())
        errors << QString::fromStdString(p);
    if (runName().isEmpty() || runName().contains('/'))
        errors << tr("Run name: give a folder name (no '/')");
    else if (QDir(QDir(workspace_).filePath(QStringLiteral("runs/") + runName())).exists())
        errors << tr("Run name: runs/%1 already exists").arg(runName());
    problems_ = errors;
    problemsLabel_->setText(errors.join('\n'));
    problemsLabel_->setVisible(!errors.isEmpty());
    if (launch_) launch_->setEnabled(errors.isEmpty());
    diff_->setPlainText(diffText());
}

QString NewRunDialog::diffText() const {
    const train::RunConfig c = read(nullptr);
    QStringList lines;
    for (const auto& key : train::differingKeys(preset_, c)) {
        if (key == "name") continue;
        for (const auto& f : train::runConfigFields())
            if (f.key == key)
                lines << QStringLiteral("%1: %2 -> %3")
                             .arg(QString::fromStdString(key),
                                  QString::fromStdString(f.get(preset_)),
                                  QString::fromStdString(f.get(c)));
    }
    return lines.join('\n');
}

bool NewRunDialog::setField(const QString& key, const QString& value) {
    QWidget* w = editors_.value(key);
    if (auto* box = qobject_cast<QCheckBox*>(w))
        box->setChecked(value == QLatin1String("true"));
    else if (auto* combo = qobject_cast<QComboBox*>(w))
        combo->setCurrentText(value);
    else if (auto* line = qobject_cast<QLineEdit*>(w))
        line->setText(value);
    else if (key == QLatin1String("name"))
        name_->setText(value);
    else
        return false;
    revalidate();
    return true;
}

void NewRunDialog::selectPreset(const QString& name) {
    const int i = presetNames_.indexOf(name);
    if (i >= 0) presets_->setCurrentIndex(i);
}

bool NewRunDialog::saveAsPreset(const QString& name, QString* error) {
    if (name.isEmpty() || name.contains('/')) {
        if (error) *error = tr("A preset name is a file name without '/'");
        return false;
    }
    train::RunConfig c = read(nullptr);
    c.name = name.toStdString();
    const QString path = QDir(workspace_).filePath(QStringLiteral("presets/%1.toml").arg(name));
    try {
        QDir().mkpath(QFileInfo(path).absolutePath());
        writeFileAtomically(path.toStdString(), train::runConfigToToml(c));
    } catch (const Error& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
    presetNames_ << name + tr(" (workspace)");
    presetTexts_ << QString::fromStdString(train::runConfigToToml(c));
    presets_->addItem(presetNames_.back());
    return true;
}

}  // namespace isomorph::gui
