#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QComboBox;
class QLabel;

namespace isomorph::views {

/// File -> Settings: the user interface language. The app hands it the languages it ships
/// (codes and names in their own language) and reads the choice back; an empty code means
/// "the system's language". The window applies a new language at the next start.
class SettingsDialog : public QDialog {
    Q_OBJECT

  public:
    struct Language {
        QString code;        ///< "de", "zh_CN"; empty: the system default
        QString nativeName;  ///< "Deutsch", "简体中文"
    };

    SettingsDialog(const QList<Language>& languages, const QString& current,
                   QWidget* parent = nullptr);

    /// The code chosen (empty: system default).
    QString language() const;
    void setLanguage(const QString& code);

  private:
    void updateNote();

    QComboBox* language_;
    QLabel* note_;
    QString initial_;
};

}  // namespace isomorph::views
