#include "app/gui/ui_language.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QPointer>
#include <QSettings>
#include <QTranslator>

namespace isomorph::gui {
namespace {

const char* kLanguageKey = "ui/language";

// The translators currently installed (by an earlier installTranslators()).
QPointer<QTranslator>& ours() {
    static QPointer<QTranslator> translator;
    return translator;
}
QPointer<QTranslator>& qts() {
    static QPointer<QTranslator> translator;
    return translator;
}

void replace(QPointer<QTranslator>& slot, QTranslator* next) {
    if (slot) {
        QCoreApplication::removeTranslator(slot);
        delete slot;
    }
    slot = next;
    if (next) QCoreApplication::installTranslator(next);
}

}  // namespace

QList<views::SettingsDialog::Language> uiLanguages() {
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")},
            {QStringLiteral("fr"), QStringLiteral("Français")},
            {QStringLiteral("es"), QStringLiteral("Español")},
            {QStringLiteral("ja"), QStringLiteral("日本語")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

QString savedUiLanguage() {
    return QSettings().value(kLanguageKey).toString();
}

void saveUiLanguage(const QString& code) {
    if (code.isEmpty())
        QSettings().remove(kLanguageKey);
    else
        QSettings().setValue(kLanguageKey, code);
}

QLocale uiLocale(const QString& code) {
    return code.isEmpty() ? QLocale::system() : QLocale(code);
}

QString installTranslators(const QString& code) {
    // Numbers and dates keep the system's format: the choice is about the words.
    const QLocale locale = uiLocale(code);
    auto* app = QCoreApplication::instance();
    // English is the source language: no translator, and none of an earlier choice either.
    // QTranslator::load(QLocale, ...) walks the locale's UI languages ("de-AT" -> "de").
    auto* translator = new QTranslator(app);
    QString loaded = QStringLiteral("en");
    if (locale.language() != QLocale::English &&
        translator->load(locale, QStringLiteral("isomorph"), QStringLiteral("_"),
                         QStringLiteral(":/i18n"))) {
        // ":/i18n/isomorph_zh_CN.qm" -> "zh_CN"
        loaded = QFileInfo(translator->filePath()).completeBaseName().section(QLatin1Char('_'), 1);
    } else {
        delete translator;
        translator = nullptr;
    }
    replace(ours(), translator);
    auto* qt = new QTranslator(app);
    if (!translator || !qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        delete qt;
        qt = nullptr;
    }
    replace(qts(), qt);
    return loaded;
}

}  // namespace isomorph::gui
