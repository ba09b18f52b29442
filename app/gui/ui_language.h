#pragma once

// The user interface language: which translations the workbench ships, the choice kept in
// QSettings (File -> Settings), and installing the matching translators at start-up.

#include <QList>
#include <QLocale>
#include <QString>

#include "views/settings_dialog.h"

namespace isomorph::gui {

/// The languages the UI is translated into, English first: codes as in the .qm names
/// (isomorph_de.qm, isomorph_zh_CN.qm), names in their own language.
QList<views::SettingsDialog::Language> uiLanguages();

/// The saved choice (QSettings "ui/language"); empty: follow the system locale.
QString savedUiLanguage();
void saveUiLanguage(const QString& code);

/// The locale of a choice: QLocale(code), or the system's for an empty code.
QLocale uiLocale(const QString& code);

/// Installs our translator and Qt's own (dialog buttons, file dialogs) for `code` (empty: the
/// system locale) on the application, removing the ones an earlier call installed. Returns the
/// code of the translation in use: "en" when the locale has none (English is the source).
QString installTranslators(const QString& code);

}  // namespace isomorph::gui
