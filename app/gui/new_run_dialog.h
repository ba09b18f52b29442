#pragma once

// "New run": a form generated from the run config schema (core/train/run_config.h), pre-filled
// from a preset, validated inline with the same validate() the CLI uses, with a diff against the
// preset and "Save as preset". Presets: the built-in ones plus WORKSPACE/presets/*.toml.

#include <QDialog>
#include <QMap>

#include "core/train/run_config.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QWidget;

namespace isomorph::gui {

class NewRunDialog : public QDialog {
    Q_OBJECT
  public:
    NewRunDialog(const QString& workspace, QWidget* parent = nullptr);

    /// The edited config (paths relative to the workspace, as in presets).
    train::RunConfig config() const;
    QString runName() const;
    /// Problems of the current form (empty when it can be launched).
    QStringList problems() const { return problems_; }
    /// Sets a field from text (as `--set` would); for tests and scripted use.
    bool setField(const QString& key, const QString& value);
    void selectPreset(const QString& name);
    /// Writes the current config as WORKSPACE/presets/NAME.toml; false with *error on failure.
    bool saveAsPreset(const QString& name, QString* error = nullptr);
    QString diffText() const;

  private:
    void loadPreset(int index);
    void revalidate();
    train::RunConfig read(QStringList* fieldErrors) const;

    QString workspace_;
    QComboBox* presets_;
    QLineEdit* name_;
    QMap<QString, QWidget*> editors_;  ///< by field key
    QLabel* problemsLabel_;
    QPlainTextEdit* diff_;
    QPushButton* launch_;
    QStringList presetNames_, presetTexts_;
    train::RunConfig preset_;
    QStringList problems_;
};

}  // namespace isomorph::gui
