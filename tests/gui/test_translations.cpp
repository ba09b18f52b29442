// The UI in six languages (offscreen): every .ts entry is finished and keeps its source's
// placeholders, accelerator, rich-text tags and plural forms; each compiled .qm (the ones
// isomorph_gui embeds under :/i18n) turns the main window's menus, tabs and the Runs view into
// that language, including the chart titles of every registered objective's metrics; the
// Settings dialog stores the choice for the next start.

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

#include "app/gui/main_window.h"
#include "app/gui/registered_metrics.h"
#include "app/gui/runs_controller.h"
#include "app/gui/ui_language.h"
#include "tests/support/test_main.h"
#include "views/charts/metric_chart.h"
#include "views/log_model.h"
#include "views/runs/metric_catalog.h"
#include "views/runs/runs_model.h"
#include "views/runs/runs_view.h"
#include "views/settings_dialog.h"
#include "views/workspace_overview.h"

using isomorph::gui::MainWindow;
using isomorph::views::LogModel;

namespace {

struct Entry {
    QString context;
    QString source;
    QStringList translations;  // one per plural form (one for a plain message)
    bool unfinished = false;
    bool numerus = false;
};

QList<Entry> readTs(const QString& path, QString* language) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    QXmlStreamReader xml(&file);
    QList<Entry> out;
    QString context;
    Entry e;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        const auto name = xml.name();
        if (name == QLatin1String("TS")) {
            *language = xml.attributes().value("language").toString();
        } else if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            e = Entry{
                context, {}, {}, false, xml.attributes().value("numerus") == QLatin1String("yes")};
        } else if (name == QLatin1String("source")) {
            e.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            const QString type = xml.attributes().value("type").toString();
            e.unfinished = !type.isEmpty();  // unfinished, vanished or obsolete
            if (e.numerus) {
                while (xml.readNextStartElement())
                    e.translations << xml.readElementText();
            } else {
                e.translations << xml.readElementText();
            }
            out << e;
        }
    }
    return xml.hasError() ? QList<Entry>{} : out;
}

// The matches of `re` in `text`, sorted: what a translation must keep, in any order.
QStringList sortedMatches(const QRegularExpression& re, const QString& text) {
    QStringList out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out << it.next().captured();
    out.sort();
    return out;
}

// %1, %L2, %n: the arguments.
QStringList placeholders(const QString& text) {
    static const QRegularExpression re(QStringLiteral("%L?[0-9]+|%n"));
    return sortedMatches(re, text);
}

// Rich-text tags (<b>, </i>, <br>): a translation may move them, not drop them.
// ("<folder>" in a command-line help text is a word to translate, not a tag.)
QStringList tags(const QString& text) {
    static const QRegularExpression re(
        QStringLiteral("</?(?:b|i|u|br|small|big|p|a|tt|code|em|strong)(?: [^>]*)?>"));
    return sortedMatches(re, text);
}

// Accelerator marks: "&File", "ファイル(&F)"; not "&&" or entities such as "&mdash;".
int accelerators(const QString& text) {
    static const QRegularExpression re(QStringLiteral("&(?![a-z]+;)(?!&)[^\\s&]"));
    int n = 0;
    for (auto it = re.globalMatch(QString(text).remove(QStringLiteral("&&"))); it.hasNext();
         it.next())
        ++n;
    return n;
}

struct Expected {
    QString file, view, help, runs, overview, runColumn, settingsTitle;
};

const QMap<QString, Expected>& expectedTexts() {
    static const QMap<QString, Expected> texts{
        {"de", {"&Datei", "&Ansicht", "&Hilfe", "Läufe", "Übersicht", "Lauf", "Einstellungen"}},
        {"fr",
         {"&Fichier", "&Affichage", "&Aide", "Entraînements", "Vue d’ensemble", "Entraînement",
          "Paramètres"}},
        {"es",
         {"&Archivo", "&Ver", "Ay&uda", "Ejecuciones", "Vista general", "Ejecución", "Ajustes"}},
        {"ja", {"ファイル(&F)", "表示(&V)", "ヘルプ(&H)", "実行", "概要", "実行", "設定"}},
        {"zh_CN", {"文件(&F)", "视图(&V)", "帮助(&H)", "运行", "概览", "运行", "设置"}},
    };
    return texts;
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// One train and one eval record with a value of every metric of that kind (a declared metric
// gets its chart with its first value).
QByteArray recordsOf(const QVector<isomorph::views::MetricSpec>& metrics) {
    QByteArray out;
    for (const QString& kind : {QStringLiteral("train"), QStringLiteral("eval")}) {
        QJsonObject r{{"kind", kind}, {"step", 1}, {"time", 1001.0}};
        for (const auto& m : metrics)
            if (!m.isFamily() && (m.kind == kind || (m.kind.isEmpty() && kind == "train")))
                r.insert(m.key, 0.5);
        out += QJsonDocument(r).toJson(QJsonDocument::Compact) + "\n";
    }
    return out;
}

// The schema record a run of every registered objective starts its metrics.jsonl with.
QByteArray schemaOf(const QVector<isomorph::views::MetricSpec>& metrics) {
    QJsonArray list;
    for (const auto& m : metrics)
        list.append(QJsonObject{{"key", m.key},
                                {"title", m.title},
                                {"unit", m.unit},
                                {"group", m.group},
                                {"objective", m.objective},
                                {"better", m.better},
                                {"kind", m.kind},
                                {"scale", m.scale}});
    return QJsonDocument(
               QJsonObject{{"kind", "schema"}, {"step", 0}, {"time", 1000.0}, {"metrics", list}})
               .toJson(QJsonDocument::Compact) +
           "\n";
}

// Units that are words ("nats", "tokens/s") are translated; "%", "s" and "MB" are not.
bool isWordUnit(const QString& unit) {
    static const QRegularExpression re(QStringLiteral("[a-z]{2,}"));
    return unit.contains(re);
}

}  // namespace

class TestTranslations : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir config_;

    static QStringList menuTitles(const MainWindow& window) {
        QStringList out;
        for (QAction* a : window.menuBar()->actions())
            out << a->text();
        return out;
    }

    static QString tabTitle(const MainWindow& window, QWidget* page) {
        auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("WorkspaceTabs"));
        return tabs ? tabs->tabText(tabs->indexOf(page)) : QString();
    }

    // The details pane's summary of the selected run (the label that names its best metric).
    static QLabel* summaryOf(const isomorph::views::RunsView& view) {
        for (QLabel* label : view.findChildren<QLabel*>())
            if (label->text().contains(QStringLiteral("every-objective"))) return label;
        return nullptr;
    }

  private Q_SLOTS:
    void initTestCase() {
        qputenv("XDG_CONFIG_HOME", config_.path().toUtf8());
        QApplication::setOrganizationName(QStringLiteral("IsomorphTest"));
        QApplication::setApplicationName(QStringLiteral("isomorph-translations-test"));
    }

    void cleanup() { isomorph::gui::installTranslators(QStringLiteral("en")); }

    void tsFilesAreCompleteAndFaithful_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("pluralForms");
        for (const auto& [code, forms] :
             {std::pair{"de", 2}, {"fr", 2}, {"es", 2}, {"ja", 1}, {"zh_CN", 1}})
            QTest::newRow(code) << QString(code) << forms;
    }

    void tsFilesAreCompleteAndFaithful() {
        QFETCH(QString, code);
        QFETCH(int, pluralForms);
        const QString path =
            QStringLiteral(ISOMORPH_SOURCE_DIR "/translations/isomorph_%1.ts").arg(code);
        QString language;
        const QList<Entry> entries = readTs(path, &language);
        QVERIFY2(entries.size() > 200, qPrintable(path));
        QVERIFY2(language.startsWith(code.section('_', 0, 0)), qPrintable(language));
        QStringList problems;
        int same = 0;
        for (const Entry& e : entries) {
            const QString where = e.context + ": " + e.source.left(60);
            if (e.unfinished) problems << "unfinished: " + where;
            if (e.translations.size() != (e.numerus ? pluralForms : 1)) {
                problems << QString("%1 plural forms: ").arg(e.translations.size()) + where;
                continue;
            }
            for (const QString& t : e.translations) {
                if (t.trimmed().isEmpty()) problems << "empty: " + where;
                // A plural form may spell out the number ("one run") instead of %n.
                QStringList want = placeholders(e.source), got = placeholders(t);
                if (e.numerus && !got.contains("%n")) want.removeAll("%n");
                if (got != want)
                    problems << QString("placeholders %1 instead of %2: ")
                                        .arg(got.join(','), want.join(',')) +
                                    where;
                if (tags(t) != tags(e.source)) problems << "rich-text tags changed: " + where;
                if (accelerators(t) != accelerators(e.source))
                    problems << QString("%1 accelerators in '%2': ").arg(accelerators(t)).arg(t) +
                                    where;
                if (t == e.source) ++same;
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
        // Names (CUDA, BLAS library) may stay as they are; most of the UI may not.
        QVERIFY2(same < entries.size() / 10,
                 qPrintable(QString("%1 entries left in English").arg(same)));
    }

    void eachLanguageTranslatesTheWindow_data() {
        QTest::addColumn<QString>("code");
        for (const QString& code : expectedTexts().keys())
            QTest::newRow(qPrintable(code)) << code;
    }

    void eachLanguageTranslatesTheWindow() {
        QFETCH(QString, code);
        const Expected want = expectedTexts().value(code);
        QCOMPARE(isomorph::gui::installTranslators(code), code);
        LogModel log;
        MainWindow window(&log);
        QCOMPARE(menuTitles(window), (QStringList{want.file, want.view, want.help}));
        QCOMPARE(tabTitle(window, window.runsView()), want.runs);
        QVERIFY(tabTitle(window, window.runsView()) != QStringLiteral("Runs"));
        QCOMPARE(window.runsView()->table()->model()->headerData(0, Qt::Horizontal).toString(),
                 want.runColumn);
        auto* overview = window.findChild<isomorph::views::WorkspaceOverview*>();
        QVERIFY(overview);
        QCOMPARE(tabTitle(window, overview), want.overview);
        isomorph::views::SettingsDialog settings(isomorph::gui::uiLanguages(), QString());
        QCOMPARE(settings.windowTitle(), want.settingsTitle);
        // Qt's own strings follow (dialog buttons): qtbase's translation is installed too.
        QVERIFY(QCoreApplication::translate("QPlatformTheme", "Cancel") !=
                QStringLiteral("Cancel"));
    }

    void everyObjectivesChartsAreTranslated_data() { eachLanguageTranslatesTheWindow_data(); }

    // Chart titles come from the objective registry (through the run's schema) in English: each
    // must be in the translations (lupdate finds them where the objectives declare them) and
    // the Runs view must show them translated, never in English or as a metrics.jsonl key.
    void everyObjectivesChartsAreTranslated() {
        QFETCH(QString, code);
        QCOMPARE(isomorph::gui::installTranslators(code), code);
        QTranslator qm;  // the same file, to tell a missing entry from one that reads the same
        QVERIFY(qm.load(QStringLiteral(":/i18n/isomorph_%1.qm").arg(code)));
        const QVector<isomorph::views::MetricSpec> metrics = isomorph::gui::registeredMetrics();
        QStringList objectives;
        for (const auto& m : metrics)
            if (!m.objective.isEmpty() && !objectives.contains(m.objective))
                objectives << m.objective;
        for (const char* name : {"mlm", "tlm", "ccp", "msm", "hictl", "ir", "xlp"})
            QVERIFY2(objectives.contains(name), name);

        QTemporaryDir ws;
        const QString run = ws.filePath("runs/every-objective");
        QVERIFY(writeFile(ws.filePath("isomorph-workspace.json"),
                          "{\"schema_version\":1,\"name\":\"t\"}\n"));
        QVERIFY(writeFile(run + "/config.toml", "[eval]\nmetric = \"bitext_acc_shifted\"\n"));
        QVERIFY(writeFile(run + "/status.json", R"({"state":"stopped","step":1,"max_steps":2})"));
        QVERIFY(writeFile(run + "/metrics.jsonl", schemaOf(metrics) + recordsOf(metrics)));
        isomorph::views::RunsModel model;
        isomorph::views::RunsView view(&model);
        isomorph::gui::RunsController controller(&view, &model);
        controller.setWorkspace(ws.path());
        QTRY_VERIFY(model.run(run) != nullptr);
        view.selectRun(run);
        qsizetype charted = 0;
        for (const auto& m : metrics)
            charted += m.isFamily() ? 0 : 1;
        QTRY_COMPARE(view.chartKeys().size(), charted);

        const char* context = "MetricCatalog";
        QStringList problems;
        for (const auto& m : metrics) {
            const QString where = QStringLiteral(" (%1, %2)").arg(m.key, m.objective);
            for (const QString& text : {m.title, isWordUnit(m.unit) ? m.unit : QString()})
                if (!text.isEmpty() && qm.translate(context, text.toUtf8().constData()).isEmpty())
                    problems << "not in the translations: \"" + text + "\"" + where;
            if (m.isFamily()) continue;
            const isomorph::views::MetricChart* chart = view.chart(m.key);
            const QString shown = chart ? chart->title() : QString();
            const QString english = m.unit.isEmpty() ? m.title : m.title + " (" + m.unit + ")";
            // A translator may keep a title as it is (German "Tokens / s"); nothing else may.
            const bool keptOnPurpose =
                qm.translate(context, m.title.toUtf8().constData()) == m.title;
            if (shown.isEmpty() || shown == m.key || shown.startsWith(m.key + " "))
                problems << "shown as its key: \"" + shown + "\"" + where;
            else if (shown == english && !keptOnPurpose)
                problems << "shown in English: \"" + shown + "\"" + where;
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QString("%1 problems: ").arg(problems.size()) + problems.join('\n')));

        // The details name the metric that picks the best checkpoint by its title too.
        const QString devTitle =
            isomorph::views::metricTitle(isomorph::gui::registeredMetric("bitext_acc_shifted"));
        QVERIFY(devTitle != QStringLiteral("Dev bitext accuracy after mean shift"));
        QLabel* summary = nullptr;
        QTRY_VERIFY((summary = summaryOf(view)) != nullptr);
        QTRY_VERIFY2(summary->text().contains(devTitle.toHtmlEscaped()),
                     qPrintable(summary->text()));
        QVERIFY2(!summary->text().contains("bitext_acc"), qPrintable(summary->text()));
    }

    void englishAndUnknownLocalesShowTheSource() {
        QCOMPARE(isomorph::gui::installTranslators(QStringLiteral("de")), QString("de"));
        // Back to English: the German translator is removed, not left installed.
        QCOMPARE(isomorph::gui::installTranslators(QStringLiteral("en")), QString("en"));
        LogModel log;
        MainWindow window(&log);
        QCOMPARE(menuTitles(window), (QStringList{"&File", "&View", "&Help"}));
        // A language without a translation falls back to the English source.
        QCOMPARE(isomorph::gui::installTranslators(QStringLiteral("it")), QString("en"));
        QCOMPARE(QCoreApplication::translate("isomorph::gui::MainWindow", "&File"),
                 QString("&File"));
        // Regional variants use their language's file.
        QCOMPARE(isomorph::gui::installTranslators(QStringLiteral("de_AT")), QString("de"));
    }

    void settingsDialogStoresTheChoiceForTheNextStart() {
        QSettings().clear();
        QCOMPARE(isomorph::gui::savedUiLanguage(), QString());
        LogModel log;
        MainWindow window(&log);
        QAction* settings = nullptr;
        for (QAction* a : window.findChildren<QAction*>())
            if (a->text() == QStringLiteral("&Settings...")) settings = a;
        QVERIFY(settings);
        QStringList offered;
        QTimer::singleShot(0, this, [&offered] {
            auto* dialog =
                qobject_cast<isomorph::views::SettingsDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            auto* combo = dialog->findChild<QComboBox*>();
            for (int i = 0; i < combo->count(); ++i)
                offered << combo->itemText(i);
            QCOMPARE(dialog->language(), QString());  // system default
            dialog->setLanguage(QStringLiteral("ja"));
            dialog->accept();
        });
        settings->trigger();
        QCOMPARE(offered, (QStringList{"System default", "English", "Deutsch", "Français",
                                       "Español", "日本語", "简体中文"}));
        QCOMPARE(isomorph::gui::savedUiLanguage(), QString("ja"));
        QCOMPARE(QSettings().value("ui/language").toString(), QString("ja"));
        // Back to the system default: the key is removed.
        isomorph::gui::saveUiLanguage(QString());
        QVERIFY(!QSettings().contains("ui/language"));
    }
};

ISOMORPH_TEST_MAIN(TestTranslations)
#include "test_translations.moc"
