// The Search view on the demo workspace: Enter -> results painted (the target: median
// under 100 ms), alone and in A/B mode, with queries of the demo's test retrieval sets in every
// language; optionally a screenshot of the view in A/B mode.
//
//   bench_search_view --workspace WS --model-a CKPT [--model-b CKPT] [--queries N]
//                     [--screenshot OUT.png] [--query TEXT]
//
// Each model's index is the workspace's index built with it (indexes/), else one is built from
// the demo's monolingual test corpora (as the view's Build index does). Offscreen.

#include <algorithm>
#include <cstdio>
#include <vector>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QtTest>

#include "app/gui/search_controller.h"
#include "views/search/search_view.h"

using isomorph::gui::SearchController;
using isomorph::views::SearchView;

namespace {

constexpr int kWaitMs = 600000;

/// Opens the workspace's index of `model` on `side`, building one when there is none.
bool ensureIndex(SearchController& controller, SearchView& view, int side, const QString& model) {
    QSignalSpy opened(&controller, &SearchController::indexOpened);
    QSignalSpy failed(&controller, &SearchController::indexFailed);
    controller.openCheckpoint(model, side);
    QElapsedTimer t;
    t.start();
    while (opened.isEmpty() && failed.isEmpty() && t.elapsed() < kWaitMs)
        QTest::qWait(10);
    if (!opened.isEmpty()) return true;
    std::printf("side %d: %s\nbuilding an index from %s\n", side,
                qPrintable(failed.value(0).value(1).toString()), qPrintable(view.corpusPath()));
    QSignalSpy built(&controller, &SearchController::buildFinished);
    controller.buildIndex(side, view.corpusPath(), model);
    t.restart();
    while (built.isEmpty() && t.elapsed() < kWaitMs)
        QTest::qWait(10);
    if (built.isEmpty() || !built.at(0).at(1).toBool()) {
        std::fprintf(stderr, "side %d: %s\n", side,
                     qPrintable(view.sideMessageLabel(side)->text()));
        return false;
    }
    return true;
}

/// Queries of the demo's test retrieval sets, taken in turn from each set.
QStringList demoQueries(const QString& workspace, int count) {
    const QDir test(QDir(workspace).filePath(QStringLiteral("corpora/man-demo/retrieval/test")));
    QVector<QStringList> perSet;
    for (const QString& set : test.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile f(test.filePath(set + QStringLiteral("/queries.jsonl")));
        if (!f.open(QIODevice::ReadOnly)) continue;
        QStringList texts;
        while (!f.atEnd()) {
            const auto line = QJsonDocument::fromJson(f.readLine()).object();
            if (line.contains(QStringLiteral("text"))) texts << line.value("text").toString();
        }
        if (!texts.isEmpty()) perSet << texts;
    }
    QStringList out;
    for (int i = 0; out.size() < count && !perSet.isEmpty(); ++i) {
        bool any = false;
        for (const QStringList& texts : perSet)
            if (i < texts.size() && out.size() < count) {
                out << texts[i];
                any = true;
            }
        if (!any) break;
    }
    return out;
}

/// Enter on each query; the milliseconds until its results were painted.
std::vector<double> measure(SearchView& view, const QStringList& queries) {
    QSignalSpy painted(&view, &SearchView::resultsPainted);
    std::vector<double> ms;
    for (const QString& q : queries) {
        const int before = static_cast<int>(painted.count());
        view.queryEdit()->setText(q);
        QTest::keyClick(view.queryEdit(), Qt::Key_Return);
        if (painted.count() == before && !painted.wait(30000)) {
            std::fprintf(stderr, "no results painted for '%s'\n", qPrintable(q));
            continue;
        }
        ms.push_back(painted.last().at(0).toDouble());
    }
    return ms;
}

void report(const char* what, std::vector<double> ms) {
    if (ms.empty()) return;
    std::sort(ms.begin(), ms.end());
    std::printf(
        "%-8s Enter -> results painted over %zu queries: median %.1f ms, min %.1f, "
        "90th percentile %.1f, max %.1f\n",
        what, ms.size(), ms[ms.size() / 2], ms.front(), ms[ms.size() * 9 / 10], ms.back());
}

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    std::setvbuf(stdout, nullptr, _IOLBF, 0);  // progress lines show up when piped
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption workspace(QStringLiteral("workspace"), "Demo workspace", "dir");
    const QCommandLineOption modelA(QStringLiteral("model-a"), "Checkpoint A", "dir");
    const QCommandLineOption modelB(QStringLiteral("model-b"), "Checkpoint B (A/B)", "dir");
    const QCommandLineOption count(QStringLiteral("queries"), "Queries timed", "n", "100");
    const QCommandLineOption shot(QStringLiteral("screenshot"), "Write a screenshot", "png");
    const QCommandLineOption shotQuery(QStringLiteral("query"), "Query of the screenshot", "text",
                                       QStringLiteral("Dateien kopieren"));
    parser.addOptions({workspace, modelA, modelB, count, shot, shotQuery});
    parser.process(app);
    if (!parser.isSet(workspace) || !parser.isSet(modelA)) parser.showHelp(2);

    SearchView view;
    SearchController controller(&view);
    view.resize(1400, 820);
    view.show();
    controller.setWorkspace(QDir(parser.value(workspace)).absolutePath());
    if (!ensureIndex(controller, view, 0, parser.value(modelA))) return 1;
    const QStringList queries = demoQueries(parser.value(workspace), parser.value(count).toInt());
    std::printf("%lld queries; index A: %s\n", static_cast<long long>(queries.size()),
                qPrintable(view.sideMessageLabel(0)->text()));
    report("single", measure(view, queries));
    if (parser.isSet(modelB)) {
        if (!ensureIndex(controller, view, 1, parser.value(modelB))) return 1;
        view.setAbMode(true);
        report("A/B", measure(view, queries));
    }
    if (parser.isSet(shot)) {
        measure(view, {parser.value(shotQuery)});
        if (!view.grab().save(parser.value(shot))) return 1;
        std::printf("wrote %s\n", qPrintable(parser.value(shot)));
    }
    return 0;
}
