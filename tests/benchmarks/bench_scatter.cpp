// Scatter view at 1,000,000 points, software rendering: frame time while panning and zooming
// (target <= 33 ms) and hover hit-test time (target <= 5 ms), each with the ratio to a
// reference measured in the same run: a plain QPainter::drawPoint loop over all points for
// rendering, a linear scan over all points for the hit-test.
//
//   bench_scatter [points] [width height]
//   bench_scatter --screenshot OUT.png [points]   (offscreen; 5 languages, 5 pairs highlighted)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include "views/embeddings/scatter_raster.h"
#include "views/embeddings/scatter_view.h"

using namespace isomorph::views;

namespace {

const QStringList kLanguages{QStringLiteral("English"), QStringLiteral("Deutsch"),
                             QStringLiteral("Français"), QStringLiteral("Español"),
                             QStringLiteral("日本語")};
const char* const kTopics[][5] = {
    {"list directory contents", "Verzeichnisinhalte auflisten",
     "afficher le contenu de répertoires", "listar el contenido de directorios",
     "ディレクトリの内容をリスト表示する"},
    {"copy files and directories", "Dateien und Verzeichnisse kopieren",
     "copier des fichiers et des répertoires", "copiar archivos y directorios",
     "ファイルとディレクトリをコピーする"},
    {"remove files or directories", "Dateien oder Verzeichnisse entfernen",
     "effacer des fichiers ou des répertoires", "borrar archivos o directorios",
     "ファイルやディレクトリを削除する"},
    {"print the current time", "die aktuelle Zeit ausgeben", "afficher l'heure actuelle",
     "mostrar la hora actual", "現在時刻を表示する"},
};

// Sentences in `languages` languages (one point each, a translation group per sentence) drawn
// around topic clusters; each language's space is shifted and slightly rotated, as before
// calibration.
ScatterData syntheticData(int points, int languages, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    const int topics = 60;
    std::vector<float> topicX(topics), topicY(topics), spread(topics);
    for (int t = 0; t < topics; ++t) {
        topicX[t] = normal(rng) * 3.0f;
        topicY[t] = normal(rng) * 2.0f;
        spread[t] = 0.15f + 0.35f * std::abs(normal(rng));
    }
    ScatterData d;
    d.languages = kLanguages.mid(0, languages);
    d.x.reserve(points), d.y.reserve(points), d.language.reserve(points), d.pair.reserve(points);
    const int sentences = points / languages;
    for (int s = 0; s < sentences; ++s) {
        const int t = static_cast<int>(rng() % topics);
        const float sx = topicX[t] + normal(rng) * spread[t];
        const float sy = topicY[t] + normal(rng) * spread[t];
        for (int l = 0; l < languages; ++l) {
            const float angle = 0.12f * l;
            const float shiftX = 1.6f * std::cos(1.3f * l), shiftY = 1.2f * std::sin(1.3f * l);
            d.x.push_back(std::cos(angle) * sx - std::sin(angle) * sy + shiftX +
                          normal(rng) * 0.12f);
            d.y.push_back(std::sin(angle) * sx + std::cos(angle) * sy + shiftY +
                          normal(rng) * 0.12f);
            d.language.push_back(static_cast<std::uint8_t>(l));
            d.pair.push_back(s);
        }
    }
    return d;
}

QString syntheticText(const ScatterData& d, int i) {
    const int sentence = d.pair[i];
    const int topic = sentence % 4;
    return QStringLiteral("%1 (%2)")
        .arg(QString::fromUtf8(kTopics[topic][d.language[i] % 5]))
        .arg(sentence);
}

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double maxOf(const std::vector<double>& v) {
    return v.empty() ? 0.0 : *std::max_element(v.begin(), v.end());
}

// The reference renderer: what a first QPainter implementation does.
double naiveDrawPointMs(const ScatterData& d, const ScatterView& view, QSize size) {
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::white);
    QElapsedTimer timer;
    timer.start();
    QPainter painter(&image);
    QPen pens[256];
    for (int l = 0; l < 256; ++l)
        pens[l] = QPen(scatterLanguageColor(l), 3.0);
    for (int i = 0; i < d.size(); ++i) {
        painter.setPen(pens[d.language[i]]);
        painter.drawPoint(view.mapToWidget(QPointF(d.x[i], d.y[i])));
    }
    painter.end();
    return timer.nsecsElapsed() / 1e6;
}

int linearNearest(const ScatterData& d, QPointF q, double radius) {
    int best = -1;
    double bestD = radius * radius;
    for (int i = 0; i < d.size(); ++i) {
        const double dx = d.x[i] - q.x(), dy = d.y[i] - q.y();
        const double dd = dx * dx + dy * dy;
        if (dd < bestD) bestD = dd, best = i;
    }
    return best;
}

void sendMouse(QWidget& w, QEvent::Type type, QPointF pos, Qt::MouseButtons buttons) {
    QMouseEvent e(type, pos, w.mapToGlobal(pos),
                  type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons,
                  Qt::NoModifier);
    QApplication::sendEvent(&w, &e);
}

// One frame: the widget's paintEvent into an image of its size (what the backing store gets).
double paintMs(ScatterView& view) {
    static QImage target;
    if (target.size() != view.size()) target = QImage(view.size(), QImage::Format_RGB32);
    QElapsedTimer timer;
    timer.start();
    view.render(&target);
    return timer.nsecsElapsed() / 1e6;
}

// Frame times of `frames` drag steps (as a user pans), then the settled full frame.
std::vector<double> panFrames(ScatterView& view, int frames) {
    std::vector<double> times;
    QPointF pos(view.width() / 2.0, view.height() / 2.0);
    sendMouse(view, QEvent::MouseButtonPress, pos, Qt::LeftButton);
    for (int f = 0; f < frames; ++f) {
        pos += QPointF(f < frames / 2 ? 6 : -6, f % 4 < 2 ? 3 : -3);
        sendMouse(view, QEvent::MouseMove, pos, Qt::LeftButton);
        times.push_back(paintMs(view));
    }
    sendMouse(view, QEvent::MouseButtonRelease, pos, Qt::NoButton);
    return times;
}

std::vector<double> zoomFrames(ScatterView& view, int frames) {
    std::vector<double> times;
    for (int f = 0; f < frames; ++f) {
        const QPointF pos(view.width() * 0.4, view.height() * 0.6);
        QWheelEvent e(pos, view.mapToGlobal(pos), QPoint(), QPoint(0, f < frames / 2 ? 120 : -120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&view, &e);
        times.push_back(paintMs(view));
    }
    return times;
}

int screenshot(const QString& path, int points) {
    ScatterView view;
    view.resize(1100, 760);
    ScatterData d = syntheticData(points, 5, 7);
    view.setData(d);
    view.setTextProvider([d](int i) { return syntheticText(d, i); });
    view.setAxisTitles(QStringLiteral("PC 1"), QStringLiteral("PC 2"));
    view.show();
    view.highlightRandomPairs(5, 11);
    const QImage image = view.grab().toImage();
    if (!image.save(path)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
        return 1;
    }
    view.setMode(ScatterMode::Density);
    view.clearHighlightedPairs();
    QString density = path;
    density.replace(QStringLiteral(".png"), QStringLiteral("-density.png"));
    view.grab().toImage().save(density);
    std::printf("wrote %s and %s\n", qPrintable(path), qPrintable(density));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    if (!args.isEmpty() && args[0] == QLatin1String("--screenshot"))
        return screenshot(args.value(1, QStringLiteral("scatter.png")),
                          args.value(2, QStringLiteral("200000")).toInt());
    const int points = args.value(0, QStringLiteral("1000000")).toInt();
    const QSize size(args.value(1, QStringLiteral("1280")).toInt(),
                     args.value(2, QStringLiteral("800")).toInt());

    ScatterData d = syntheticData(points, 5, 1);
    ScatterView view;
    view.resize(size);
    QElapsedTimer timer;
    timer.start();
    view.setData(d);
    const double setDataMs = timer.nsecsElapsed() / 1e6;
    view.show();
    std::printf("scatter: %d points, %dx%d px, setData (grid index + pair groups) %.0f ms\n",
                d.size(), size.width(), size.height(), setDataMs);

    std::vector<double> naive;
    for (int r = 0; r < 3; ++r)
        naive.push_back(naiveDrawPointMs(d, view, size));
    const double reference = median(naive);
    std::printf("reference: QPainter::drawPoint loop, all points: %.1f ms per frame\n", reference);

    for (ScatterMode mode : {ScatterMode::Points, ScatterMode::Density}) {
        view.setMode(mode);
        view.fitToData();
        std::vector<double> full;
        for (int r = 0; r < 5; ++r) {
            view.update();
            view.setPointRadius(r % 2 ? 1.6 : 1.61);  // force a new rasterisation
            full.push_back(paintMs(view));
        }
        const char* name = mode == ScatterMode::Points ? "points" : "density";
        std::printf("%-7s full frame (all points): median %.1f ms, %.2fx the reference time\n",
                    name, median(full), median(full) / reference);
        const std::vector<double> pan = panFrames(view, 40);
        std::printf(
            "%-7s pan frames:  median %.1f ms, max %.1f ms (level: every %d-th point), %.2fx the "
            "reference\n",
            name, median(pan), maxOf(pan), view.lastRasterStride(), median(pan) / reference);
        const std::vector<double> zoom = zoomFrames(view, 20);
        std::printf("%-7s zoom frames: median %.1f ms, max %.1f ms, %.2fx the reference\n", name,
                    median(zoom), maxOf(zoom), median(zoom) / reference);
    }

    // Hover: random cursor positions over the fitted view (many land in dense clusters).
    view.setMode(ScatterMode::Points);
    view.fitToData();
    std::mt19937 rng(5);
    std::vector<QPointF> cursors;
    for (int k = 0; k < 2000; ++k)
        cursors.emplace_back(rng() % size.width(), rng() % size.height());
    std::vector<double> hit, scan;
    int agree = 0;
    for (std::size_t k = 0; k < cursors.size(); ++k) {
        timer.start();
        const int a = view.pointAt(cursors[k]);
        hit.push_back(timer.nsecsElapsed() / 1e6);
        if (k < 50) {
            timer.start();
            const int b = linearNearest(d, view.mapFromWidget(cursors[k]), 6.0 / view.viewScale());
            scan.push_back(timer.nsecsElapsed() / 1e6);
            agree += a == b;
        }
    }
    std::printf(
        "hover hit-test: median %.3f ms, max %.3f ms; linear scan median %.2f ms (%.0fx slower); "
        "%d/50 identical answers\n",
        median(hit), maxOf(hit), median(scan), median(scan) / std::max(median(hit), 1e-6), agree);

    // The calibration stepper's animation: every frame moves every point (no cached image to
    // reuse), so frames draw a level of every k-th point, k adapted to the frame budget.
    view.hide();  // frames are painted here only, not also by the event loop
    for (ScatterMode mode : {ScatterMode::Points, ScatterMode::Density}) {
        view.setMode(mode);
        paintMs(view);  // a full rendering in this mode sets the level
        std::vector<float> nx(d.x), ny(d.y);
        for (std::size_t i = 0; i < nx.size(); ++i)
            nx[i] = nx[i] * 0.6f + 0.5f, ny[i] *= 0.6f;
        view.transitionTo(std::move(nx), std::move(ny), 600);
        std::vector<double> frames;
        int maxStride = 1;
        while (view.transitionRunning()) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            const int before = view.rasterisations();
            const double ms = paintMs(view);
            if (view.rasterisations() > before) {
                frames.push_back(ms);
                maxStride = std::max(maxStride, view.lastRasterStride());
            }
        }
        std::printf(
            "%-7s transition frames: %zu in 600 ms, median %.1f ms, max %.1f ms (levels down to "
            "every %d-th point)\n",
            mode == ScatterMode::Points ? "points" : "density", frames.size(), median(frames),
            maxOf(frames), maxStride);
    }
    // 3-D: every orbit frame projects every point again (a level of every k-th point when a
    // full frame is slower than the budget), and the index is rebuilt when the orbit pauses.
    view.show();
    view.setMode(ScatterMode::Points);
    timer.start();
    view.setThreeD(true);
    const double threeDMs = timer.nsecsElapsed() / 1e6;
    paintMs(view);
    const std::vector<double> orbit = panFrames(view, 40);
    std::printf(
        "3-D     switch on (projection + index) %.0f ms; orbit frames: median %.1f ms, max %.1f ms "
        "(level: every %d-th point), %.2fx the reference\n",
        threeDMs, median(orbit), maxOf(orbit), view.lastRasterStride(), median(orbit) / reference);
    view.setThreeD(false);
    view.fitToData();

    QPolygonF lasso;
    for (int k = 0; k < 64; ++k)
        lasso << QPointF(size.width() / 2.0 + 250 * std::cos(k * 0.098),
                         size.height() / 2.0 + 200 * std::sin(k * 0.098));
    view.setTextProvider([&d](int i) { return syntheticText(d, i); });
    timer.start();
    const int matches = view.setSearchText(QStringLiteral("verzeichnis"));
    std::printf(
        "search (substring over 1M texts from the provider, GUI thread): %d matches in %.0f ms\n",
        matches, timer.nsecsElapsed() / 1e6);
    view.setSearchText(QString());

    std::vector<double> lassoMs;
    QList<int> selected;
    for (int r = 0; r < 5; ++r) {
        timer.start();
        selected = view.pointsInPolygon(lasso);
        lassoMs.push_back(timer.nsecsElapsed() / 1e6);
    }
    std::printf("lasso (64-vertex ellipse): %lld points, median %.1f ms\n",
                static_cast<long long>(selected.size()), median(lassoMs));
    return 0;
}
