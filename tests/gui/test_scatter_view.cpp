#include <cmath>
#include <limits>
#include <random>

#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/atomic_export.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"
#include "views/embeddings/scatter_index.h"
#include "views/embeddings/scatter_raster.h"
#include "views/embeddings/scatter_view.h"

using isomorph::views::densityColor;
using isomorph::views::rasterizeScatter;
using isomorph::views::ScatterData;
using isomorph::views::scatterLanguageColor;
using isomorph::views::ScatterMode;
using isomorph::views::ScatterRasterRequest;
using isomorph::views::ScatterRasterStats;
using isomorph::views::ScatterView;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
const QRgb kWhite = qRgb(255, 255, 255);

// Points at given coordinates; language i % languages unless given.
ScatterData makeData(const std::vector<QPointF>& points, const std::vector<int>& languages,
                     QStringList names = {QStringLiteral("en"), QStringLiteral("de")}) {
    ScatterData d;
    for (std::size_t i = 0; i < points.size(); ++i) {
        d.x.push_back(static_cast<float>(points[i].x()));
        d.y.push_back(static_cast<float>(points[i].y()));
        d.language.push_back(static_cast<std::uint8_t>(languages[i]));
    }
    d.languages = names;
    return d;
}

// A 240 x 240 view without legend where data (0, 0) is the centre and one unit is 50 pixels,
// so data (x, y) is at pixel (120 + 50 x, 120 - 50 y).
void prepare(ScatterView& view, ScatterData data) {
    view.resize(240, 240);
    view.setLegendVisible(false);
    view.setData(std::move(data));
    view.setView(QPointF(0, 0), 50.0);
}

QImage grabbed(ScatterView& view) {
    return view.grab().toImage().convertToFormat(QImage::Format_RGB32);
}

QRgb pixelAt(ScatterView& view, QPointF data) {
    const QPointF p = view.mapToWidget(data);
    return grabbed(view).pixel(static_cast<int>(p.x()), static_cast<int>(p.y()));
}

QString rgbText(QRgb c) {
    return QStringLiteral("#%1").arg(c & 0xFFFFFF, 6, 16, QLatin1Char('0'));
}

#define COMPARE_RGB(actual, expected) QCOMPARE(rgbText(actual), rgbText(expected))

int luminance(QRgb c) {
    return qRed(c) + qGreen(c) + qBlue(c);
}

// Two pairs: en (-1, 1) ~ de (1, -1) and en (-1, -1) ~ de (1, 1).
ScatterData pairData() {
    ScatterData d = makeData({{-1, 1}, {1, -1}, {-1, -1}, {1, 1}}, {0, 1, 0, 1});
    d.pair = {7, 7, 9, 9};
    return d;
}

}  // namespace

class TestScatterView : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void pointsAreDrawnInTheirLanguageColour() {
        ScatterView view;
        prepare(view, makeData({{1, 1}, {-1, -1}}, {0, 1}));
        const QImage image = grabbed(view);
        COMPARE_RGB(image.pixel(170, 70), scatterLanguageColor(0).rgb());
        COMPARE_RGB(image.pixel(70, 170), scatterLanguageColor(1).rgb());
        // Nothing where no point is (away from the info line at the bottom).
        COMPARE_RGB(image.pixel(120, 120), kWhite);
        COMPARE_RGB(image.pixel(170, 170), kWhite);
        // A disc of radius ~1.6: the neighbour pixel is coloured, three pixels off is not.
        QVERIFY(image.pixel(171, 70) != kWhite);
        COMPARE_RGB(image.pixel(174, 70), kWhite);
    }

    void paletteHas25DistinctColoursThenRepeats() {
        QCOMPARE(isomorph::views::scatterPaletteSize(), 25);
        QSet<QRgb> colours;
        for (int i = 0; i < 25; ++i)
            colours.insert(scatterLanguageColor(i).rgb());
        QCOMPARE(colours.size(), 25);
        QCOMPARE(scatterLanguageColor(25), scatterLanguageColor(0));
        QCOMPARE(scatterLanguageColor(-1), scatterLanguageColor(24));
        QCOMPARE(scatterLanguageColor(0), QColor(0x0072B2));  // Okabe and Ito's blue first
    }

    void sortedInputDoesNotPutOneLanguageOnTop() {
        // 400 points on one pixel, the first half English, the second German: the winner of
        // each pixel is chosen by a scramble of the index, so over 40 pixels both win.
        ScatterData d;
        d.languages = QStringList{QStringLiteral("en"), QStringLiteral("de")};
        for (int lang = 0; lang < 2; ++lang)
            for (int p = 0; p < 40; ++p)
                for (int k = 0; k < 5; ++k) {
                    d.x.push_back(-2.0f + 0.1f * p + 0.01f);  // pixel 20.5 + 5 p
                    d.y.push_back(0.0f);
                    d.language.push_back(static_cast<std::uint8_t>(lang));
                }
        ScatterRasterRequest r;
        r.data = &d;
        r.size = QSize(240, 60);
        r.scale = 50.0;
        r.pointRadius = 0.5;
        r.visible.fill(true);
        r.colors[0] = scatterLanguageColor(0).rgb();
        r.colors[1] = scatterLanguageColor(1).rgb();
        const QImage image = rasterizeScatter(r);
        int english = 0, german = 0;
        for (int p = 0; p < 40; ++p) {
            const QRgb c = image.pixel(20 + 5 * p, 30);
            english += c == r.colors[0];
            german += c == r.colors[1];
        }
        QCOMPARE(english + german, 40);
        QVERIFY2(english >= 8 && german >= 8,
                 qPrintable(QStringLiteral("en %1, de %2").arg(english).arg(german)));
    }

    void hitTestFindsTheNearestVisiblePoint() {
        ScatterView view;
        prepare(view, makeData({{1, 1}, {1.1, 1}, {-1, -1}}, {0, 1, 0}));
        const QPointF p0 = view.mapToWidget(QPointF(1, 1));
        QCOMPARE(view.pointAt(p0 + QPointF(-2, 1)), 0);
        QCOMPARE(view.pointAt(view.mapToWidget(QPointF(1.1, 1)) + QPointF(1, 0)), 1);
        QCOMPARE(view.pointAt(view.mapToWidget(QPointF(-1, -1))), 2);
        QCOMPARE(view.pointAt(QPointF(120, 120)), -1);         // 70 px from every point
        QCOMPARE(view.pointAt(p0 + QPointF(-7, 0), 6.0), -1);  // just outside the radius
    }

    void clickEmitsTheIndexAndSelectsTheGroup() {
        ScatterView view;
        prepare(view, pairData());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy clicked(&view, &ScatterView::pointClicked);
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier,
                          view.mapToWidget(QPointF(1, -1)).toPoint());
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked[0][0].toInt(), 1);
        QCOMPARE(view.selection(), QList<int>{1});
        QCOMPARE(view.translationsOf(view.selection()), (QList<int>{0, 1}));
        // A click on empty space clears the selection.
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, QPoint(120, 120));
        QCOMPARE(clicked.size(), 1);
        QVERIFY(view.selection().isEmpty());
    }

    void lassoSelectsExactlyThePointsInside() {
        // A 9 x 9 grid at -2, -1.5, ..., 2; the triangle (-2.2, -2.2), (2.45, -2.2),
        // (-2.2, 2.45) holds the points with x + y <= 0 (none is within 0.17, 8 px, of an edge).
        std::vector<QPointF> points;
        std::vector<int> langs;
        QList<int> expected;
        for (int j = 0; j < 9; ++j)
            for (int i = 0; i < 9; ++i) {
                const double x = -2 + 0.5 * i, y = -2 + 0.5 * j;
                if (x + y <= 0) expected << static_cast<int>(points.size());
                points.push_back({x, y});
                langs.push_back((i + j) % 2);
            }
        ScatterView view;
        prepare(view, makeData(points, langs));
        const QPolygonF triangle({view.mapToWidget({-2.2, -2.2}), view.mapToWidget({2.45, -2.2}),
                                  view.mapToWidget({-2.2, 2.45})});
        QCOMPARE(view.pointsInPolygon(triangle), expected);

        // The same through the mouse (Shift+drag), with German hidden: English ones only.
        view.setLanguageVisible(1, false);
        QList<int> english;
        for (int i : expected)
            if (langs[i] == 0) english << i;
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy changed(&view, &ScatterView::selectionChanged);
        QTest::mousePress(&view, Qt::LeftButton, Qt::ShiftModifier, triangle[0].toPoint());
        for (const QPointF& corner : {triangle[1], triangle[2], triangle[0]}) {
            QMouseEvent move(QEvent::MouseMove, corner, view.mapToGlobal(corner), Qt::NoButton,
                             Qt::LeftButton, Qt::ShiftModifier);
            QApplication::sendEvent(&view, &move);
        }
        QTest::mouseRelease(&view, Qt::LeftButton, Qt::ShiftModifier, triangle[0].toPoint());
        QCOMPARE(changed.size(), 1);
        QCOMPARE(view.selection(), english);
    }

    void hiddenLanguageDisappearsAndIsNotHit() {
        ScatterView view;
        view.resize(320, 240);
        view.setData(makeData({{1, 1}, {-1, -1}}, {0, 1}));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QPointF german = view.mapToWidget(QPointF(-1, -1));
        QCOMPARE(view.pointAt(german), 1);
        QVERIFY(pixelAt(view, QPointF(-1, -1)) == scatterLanguageColor(1).rgb());
        // A click on the legend's German entry hides it.
        const QRectF entry = view.legendEntryRect(1);
        QVERIFY(!entry.isEmpty());
        QSignalSpy toggled(&view, &ScatterView::languageVisibilityChanged);
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, entry.center().toPoint());
        QCOMPARE(toggled.size(), 1);
        QVERIFY(!view.languageVisible(1));
        COMPARE_RGB(pixelAt(view, QPointF(-1, -1)), kWhite);
        QCOMPARE(view.pointAt(german), -1);
        QCOMPARE(view.pointAt(view.mapToWidget(QPointF(1, 1))), 0);
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, entry.center().toPoint());
        QVERIFY(view.languageVisible(1));
        QCOMPARE(view.pointAt(german), 1);
    }

    void selectedPairsAreJoinedByLines() {
        ScatterView view;
        prepare(view, pairData());
        // (0, 0.5) lies on no line of a pair but near nothing else either; (0.5, -0.5) lies on
        // the line from (-1, 1) to (1, -1), (0.5, 0.5) on the other pair's line.
        COMPARE_RGB(pixelAt(view, QPointF(0.5, -0.5)), kWhite);
        view.setSelection({0});
        QVERIFY(luminance(pixelAt(view, QPointF(0.5, -0.5))) < 3 * 230);
        COMPARE_RGB(pixelAt(view, QPointF(0.5, 0.5)), kWhite);
        // Selected point and its translation stay in full colour, the others fade.
        COMPARE_RGB(pixelAt(view, QPointF(-1, 1)), scatterLanguageColor(0).rgb());
        COMPARE_RGB(pixelAt(view, QPointF(1, -1)), scatterLanguageColor(1).rgb());
        QVERIFY(luminance(pixelAt(view, QPointF(-1, -1))) >
                luminance(scatterLanguageColor(0).rgb()));
    }

    void randomPairsAreHighlightedReproducibly() {
        ScatterData d;
        d.languages = QStringList{QStringLiteral("en"), QStringLiteral("de")};
        for (int g = 0; g < 50; ++g)
            for (int side = 0; side < 2; ++side) {
                d.x.push_back(g * 0.05f - 1.2f);
                d.y.push_back(side ? 1.0f : -1.0f);
                d.language.push_back(static_cast<std::uint8_t>(side));
                d.pair.push_back(g);
            }
        d.pair[99] = -1;  // group 49 has one side only: never chosen
        ScatterView view;
        prepare(view, d);
        const QList<int> first = view.highlightRandomPairs(5, 42);
        QCOMPARE(first.size(), 5);
        QCOMPARE(view.highlightRandomPairs(5, 42), first);
        QVERIFY(view.highlightRandomPairs(5, 43) != first);
        QCOMPARE(view.highlightRandomPairs(100, 1).size(), 49);
        QVERIFY(!view.highlightRandomPairs(100, 1).contains(49));
        const QList<int> chosen = view.highlightRandomPairs(1, 7);
        const int g = chosen[0];
        // Line through the middle of the chosen pair, none through an unchosen one.
        QVERIFY(luminance(pixelAt(view, QPointF(g * 0.05 - 1.2, 0))) < 3 * 200);
        const int other = (g + 25) % 49;
        COMPARE_RGB(pixelAt(view, QPointF(other * 0.05 - 1.2, 0)), kWhite);
    }

    void searchEmphasisesMatchingPoints() {
        ScatterView view;
        prepare(view, makeData({{1, 1}, {-1, -1}, {1, -1}}, {0, 1, 0}));
        const QStringList texts{QStringLiteral("list directory contents"),
                                QStringLiteral("Verzeichnisinhalte auflisten"),
                                QStringLiteral("copy files")};
        QCOMPARE(view.setSearchText(QStringLiteral("LIST")), 0);  // no provider yet
        view.setTextProvider([texts](int i) { return texts[i]; });
        QCOMPARE(view.setSearchText(QStringLiteral("LIST")), 2);
        QCOMPARE(view.searchMatches(), (QList<int>{0, 1}));
        COMPARE_RGB(pixelAt(view, QPointF(1, 1)), scatterLanguageColor(0).rgb());
        // Matches get an outline ring; the non-match fades toward white.
        const QPointF p = view.mapToWidget(QPointF(1, 1));
        QVERIFY(luminance(grabbed(view).pixel(int(p.x()) + 3, int(p.y()))) < 3 * 100);
        QVERIFY(luminance(pixelAt(view, QPointF(1, -1))) >
                luminance(scatterLanguageColor(0).rgb()) + 150);
        QCOMPARE(view.setSearchText(QString()), 0);
        COMPARE_RGB(pixelAt(view, QPointF(1, -1)), scatterLanguageColor(0).rgb());
        // Escape clears search, selection and highlights alike.
        view.setSearchText(QStringLiteral("copy"));
        view.setSelection({0});
        QTest::keyClick(&view, Qt::Key_Escape);
        QVERIFY(view.searchMatches().isEmpty());
        QVERIFY(view.selection().isEmpty());
        COMPARE_RGB(pixelAt(view, QPointF(1, -1)), scatterLanguageColor(0).rgb());
    }

    void densityDarkensWithCountAndBlendsLanguages() {
        // 1 English point at (-1, 0); 60 English points at (0, 0); 30 + 30 at (1, 0).
        std::vector<QPointF> pts{{-1, 0}};
        std::vector<int> langs{0};
        for (int k = 0; k < 60; ++k)
            pts.push_back({0, 0}), langs.push_back(0);
        for (int k = 0; k < 60; ++k)
            pts.push_back({1, 0}), langs.push_back(k % 2);
        ScatterView view;
        prepare(view, makeData(pts, langs));
        view.setMode(ScatterMode::Density);
        const QRgb single = pixelAt(view, QPointF(-1, 0));
        const QRgb dense = pixelAt(view, QPointF(0, 0));
        QVERIFY2(luminance(dense) < luminance(single),
                 qPrintable(rgbText(dense) + " vs " + rgbText(single)));
        const QRgb en = scatterLanguageColor(0).rgb(), de = scatterLanguageColor(1).rgb();
        const QRgb mean = qRgb((qRed(en) + qRed(de)) / 2, (qGreen(en) + qGreen(de)) / 2,
                               (qBlue(en) + qBlue(de)) / 2);
        COMPARE_RGB(pixelAt(view, QPointF(1, 0)), densityColor(mean, 60, 60, kWhite));
        COMPARE_RGB(dense, densityColor(en, 60, 60, kWhite));
        QCOMPARE(view.lastRasterStats().maxDensity, 60);
    }

    void transitionInterpolatesAndFinishes() {
        ScatterView view;
        prepare(view, makeData({{-1, 0}}, {0}));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression("ScatterView::transitionTo"));
        QVERIFY(!view.transitionTo({1.0f, 2.0f}, {0.0f, 0.0f}));  // wrong length: refused
        QVERIFY(view.transitionTo({1.0f}, {0.0f}, 60000));
        QVERIFY(view.transitionRunning());
        view.setTransitionProgress(0.5);
        QVERIFY(!view.transitionRunning());
        COMPARE_RGB(pixelAt(view, QPointF(0, 0)), scatterLanguageColor(0).rgb());
        COMPARE_RGB(pixelAt(view, QPointF(-1, 0)), kWhite);
        QCOMPARE(view.pointAt(view.mapToWidget(QPointF(0, 0))), -1);  // no hits while moving
        QSignalSpy finished(&view, &ScatterView::transitionFinished);
        QVERIFY(view.transitionTo({1.0f}, {0.0f}, 50));
        QVERIFY(finished.wait(5000));
        COMPARE_RGB(pixelAt(view, QPointF(1, 0)), scatterLanguageColor(0).rgb());
        COMPARE_RGB(pixelAt(view, QPointF(0, 0)), kWhite);
        QCOMPARE(view.pointAt(view.mapToWidget(QPointF(1, 0))), 0);
    }

    void zoomKeepsThePointUnderTheCursor() {
        ScatterView view;
        prepare(view, makeData({{1, 1}, {-1, -1}}, {0, 1}));
        const QPointF anchor(170, 70);
        const QPointF before = view.mapFromWidget(anchor);
        view.zoomBy(3.0, anchor);
        ISOMORPH_COMPARE_NEAR(view.viewScale(), 150.0, 1e-9);
        const QPointF after = view.mapFromWidget(anchor);
        // Both are (1, 1) up to double rounding of a few operations on numbers near 1.
        ISOMORPH_COMPARE_NEAR(after.x(), before.x(), 1e-12);
        ISOMORPH_COMPARE_NEAR(after.y(), before.y(), 1e-12);
        view.panBy(QPointF(30, -15));
        ISOMORPH_COMPARE_NEAR(view.mapToWidget(QPointF(1, 1)).x(), anchor.x() + 30, 1e-9);
        ISOMORPH_COMPARE_NEAR(view.mapToWidget(QPointF(1, 1)).y(), anchor.y() - 15, 1e-9);
    }

    void interactionFramesReuseTheCachedImage() {
        ScatterView view;
        prepare(view, makeData({{1, 1}, {-1, -1}}, {0, 1}));
        view.setFrameBudget(0.0);  // every rendering is "too slow"
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        grabbed(view);
        const int rendered = view.rasterisations();
        QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, QPoint(120, 120));
        QMouseEvent move(QEvent::MouseMove, QPointF(150, 140), view.mapToGlobal(QPointF(150, 140)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&view, &move);
        QVERIFY(view.interacting());
        // The drag frame moves the cached image by (30, 20): (1, 1) was at (170, 70).
        const QImage dragged = grabbed(view);
        QCOMPARE(view.rasterisations(), rendered);
        QVERIFY(view.reprojections() > 0);
        COMPARE_RGB(dragged.pixel(200, 90), scatterLanguageColor(0).rgb());
        COMPARE_RGB(dragged.pixel(170, 70), kWhite);
        // Zoom during the interaction: scaled, still without rendering; (1, 1) stays under the
        // cursor.
        view.zoomBy(2.0, QPointF(200, 90));
        COMPARE_RGB(grabbed(view).pixel(200, 90), scatterLanguageColor(0).rgb());
        QCOMPARE(view.rasterisations(), rendered);
        QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, QPoint(150, 140));
        QTRY_VERIFY(!view.interacting());
        const QImage settled = grabbed(view);
        QVERIFY(view.rasterisations() > rendered);
        COMPARE_RGB(settled.pixel(200, 90), scatterLanguageColor(0).rgb());
    }

    void threeDProjectsRotatesAndOrbits() {
        // Unit points on the three axes and the origin; the centre of their bounds is
        // (0.5, 0.5, 0.5). Yaw 90 (pitch 0) turns +z to the right and +x away from the viewer.
        ScatterData d = makeData({{1, 0}, {0, 1}, {0, 0}, {0, 0}}, {1, 1, 0, 1});
        d.z = {0, 0, 1, 0};
        ScatterView view;
        prepare(view, d);
        view.setThreeD(true);
        view.setRotation(90, 0);
        view.setView(QPointF(0, 0), 50.0);
        // Projected: x' = z - 0.5, y' = y - 0.5.
        const auto projected = [](double x, double y, double z) {
            Q_UNUSED(x);
            return QPointF(z - 0.5, y - 0.5);
        };
        COMPARE_RGB(pixelAt(view, projected(0, 0, 1)), scatterLanguageColor(0).rgb());
        COMPARE_RGB(pixelAt(view, projected(0, 1, 0)), scatterLanguageColor(1).rgb());
        QCOMPARE(view.pointAt(view.mapToWidget(projected(0, 0, 1))), 2);
        QCOMPARE(view.pointAt(view.mapToWidget(projected(0, 1, 0))), 1);
        // Yaw 0: x' = x - 0.5, so (1, 0, 0), German, takes the place of (0, 0, 1), English.
        view.setRotation(0, 0);
        QCOMPARE(view.pointAt(view.mapToWidget(QPointF(0.5, -0.5))), 0);
        COMPARE_RGB(pixelAt(view, QPointF(0.5, -0.5)), scatterLanguageColor(1).rgb());
        // A horizontal drag orbits: 0.4 degrees per pixel; the index is rebuilt after it.
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, QPoint(60, 200));
        for (int x : {80, 120, 285}) {
            QMouseEvent move(QEvent::MouseMove, QPointF(x, 200), view.mapToGlobal(QPointF(x, 200)),
                             Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&view, &move);
        }
        QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, QPoint(285, 200));
        // From yaw 0, pressed at x 60: exact in binary up to a few roundings of numbers < 100.
        ISOMORPH_COMPARE_NEAR(view.yaw(), (285 - 60) * 0.4, 1e-9);
        QTRY_VERIFY(!view.interacting());
        view.setRotation(90, 0);
        QCOMPARE(view.pointAt(view.mapToWidget(projected(0, 0, 1))), 2);
        // A transition in 3-D moves in space: z 1 -> 0 brings point 2 to the origin's place.
        QVERIFY(view.transitionTo(d.x, d.y, 0, {0, 0, 0, 0}));
        QCOMPARE(view.pointAt(view.mapToWidget(projected(0, 0, 1))), -1);
        view.setThreeD(false);
        QCOMPARE(view.pointAt(view.mapToWidget(QPointF(1, 0))), 0);
    }

    void slowTransitionFramesDrawACoarserLevel() {
        std::vector<QPointF> pts;
        std::vector<int> langs;
        for (int i = 0; i < 1000; ++i)
            pts.push_back({(i % 40) * 0.1 - 2, (i / 40) * 0.1 - 1}), langs.push_back(i % 2);
        ScatterView view;
        prepare(view, makeData(pts, langs));
        view.setFrameBudget(0.0);  // every full rendering is "too slow"
        grabbed(view);
        QCOMPARE(view.lastRasterStride(), 1);
        QCOMPARE(view.lastRasterStats().drawn, 1000);
        std::vector<float> x = view.data().x, y = view.data().y;
        for (float& v : x)
            v += 0.05f;
        QVERIFY(view.transitionTo(x, y, 60000));
        grabbed(view);
        // No coarser level measured yet: twice as coarse, half of the points.
        QCOMPARE(view.lastRasterStride(), 2);
        QCOMPARE(view.lastRasterStats().drawn, 500);
        view.setTransitionProgress(1.0);  // settled: every point again
        grabbed(view);
        QCOMPARE(view.lastRasterStride(), 1);
        QCOMPARE(view.lastRasterStats().drawn, 1000);
    }

    void emptyAndNanDataDoNotCrash() {
        ScatterView view;
        view.resize(200, 150);
        QVERIFY(!grabbed(view).isNull());
        QCOMPARE(view.pointAt(QPointF(100, 75)), -1);
        view.setData(
            makeData({{kNaN, 1}, {0, kNaN}, {1, 1}, {std::numeric_limits<double>::infinity(), 0}},
                     {0, 1, 0, 1}));
        QVERIFY(!grabbed(view).isNull());
        // Fitting ignores the non-finite points: the one finite point sits in the plot.
        const QPointF p = view.mapToWidget(QPointF(1, 1));
        QVERIFY(view.rect().contains(p.toPoint()));
        QCOMPARE(view.pointAt(p), 2);
        QCOMPARE(view.pointsInPolygon(QPolygonF(QRectF(view.rect()))), QList<int>{2});
        view.setMode(ScatterMode::Density);
        QVERIFY(!grabbed(view).isNull());
        QCOMPARE(view.lastRasterStats().drawn, 1);
        ScatterData bad = makeData({{0, 0}}, {0});
        bad.y.push_back(1.0f);  // inconsistent: refused, previous data kept
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression("ScatterView::setData"));
        view.setData(bad);
        QCOMPARE(view.data().size(), 4);
        view.setData(ScatterData{});
        QVERIFY(!grabbed(view).isNull());
        QVERIFY(view.highlightRandomPairs(5, 1).isEmpty());
    }

    void exportsRoundTrip() {
        QTemporaryDir dir;
        ScatterData d = pairData();
        d.languages = QStringList{QStringLiteral("en, US"), QStringLiteral("de")};
        d.x[2] = 0.1f;  // not exact in decimal: the CSV must still round-trip it
        d.y[3] = kNaN;
        ScatterView view;
        prepare(view, d);
        const QString png = dir.filePath(QStringLiteral("v.png"));
        QVERIFY(view.exportPng(png));
        const QImage image(png);
        QCOMPARE(image.size(), view.size());
        const QPointF p = view.mapToWidget(QPointF(-1, 1));
        COMPARE_RGB(image.pixel(p.toPoint()), scatterLanguageColor(0).rgb());

        const QString svg = dir.filePath(QStringLiteral("v.svg"));
        QVERIFY(view.exportSvg(svg));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray svgText = svgFile.readAll();
        QVERIFY(svgText.contains("<svg"));
        // Three finite points, drawn as vector shapes in their colours.
        QCOMPARE(svgText.count("<ellipse") + svgText.count("<circle"), 3);
        QVERIFY(svgText.contains(scatterLanguageColor(0).name().toLatin1()));

        const QString csv = dir.filePath(QStringLiteral("v.csv"));
        QVERIFY(view.exportCsv(csv));
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csvFile.readAll().split('\n');
        QCOMPARE(lines[0], QByteArray("index,language,x,y,pair\r"));
        QCOMPARE(lines[1], QByteArray("0,\"en, US\",-1,1,7\r"));
        QCOMPARE(lines.size(), 6);  // header, 4 rows, empty after the last CRLF
        for (int i = 0; i < 4; ++i) {
            QByteArray line = lines[i + 1].chopped(1);
            if (i % 2 == 0) line.replace("\"en, US\"", "en");
            const QList<QByteArray> f = line.split(',');
            QCOMPARE(f.size(), 5);
            QCOMPARE(f[0].toInt(), i);
            const float x = f[2].toFloat(), y = f[3].toFloat();
            QCOMPARE(x, d.x[i]);
            if (std::isnan(d.y[i]))
                QVERIFY(std::isnan(y));
            else
                QCOMPARE(y, d.y[i]);
            QCOMPARE(f[4].toInt(), d.pair[i]);
        }
        QVERIFY(!view.exportCsv(dir.filePath(QStringLiteral("missing/v.csv"))));
    }

    // PNG, SVG and CSV all go through views/export_file.h, as the metric chart's do: the
    // target is replaced whole, never rewritten in place.
    void exportsReplaceFilesWhole() {
        ScatterView view;
        prepare(view, pairData());
        QTemporaryDir dir;
        namespace testing = isomorph::testing;
        QString problem = testing::checkReplacedWhole(
            dir.filePath("v.png"), [&](const QString& path) { return view.exportPng(path); });
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(QImage(dir.filePath("v.png")).size(), view.size());
        problem = testing::checkReplacedWhole(
            dir.filePath("v.svg"), [&](const QString& path) { return view.exportSvg(path); });
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(testing::fileBytes(dir.filePath("v.svg")).contains("</svg>"));
        problem = testing::checkReplacedWhole(
            dir.filePath("v.csv"), [&](const QString& path) { return view.exportCsv(path); });
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(
            testing::fileBytes(dir.filePath("v.csv")).startsWith("index,language,x,y,pair\r\n"));

        QString error;
        QVERIFY(!view.exportPng(dir.filePath("missing/v.png"), &error));
        QVERIFY(error.contains("missing"));
        QVERIFY(!view.exportSvg(dir.filePath("missing/v.svg"), &error));
        QVERIFY(error.contains("missing"));
        QVERIFY(!QFileInfo::exists(dir.filePath("missing")));
    }

    void largeSvgExportEmbedsAnImage() {
        // Beyond kSvgVectorPoints shown points the SVG holds one image of them, not a shape each.
        ScatterData d;
        d.languages = QStringList{QStringLiteral("en")};
        for (int i = 0; i <= ScatterView::kSvgVectorPoints; ++i) {
            d.x.push_back(static_cast<float>(i % 200));
            d.y.push_back(static_cast<float>(i / 200));
            d.language.push_back(0);
        }
        ScatterView view;
        view.resize(300, 200);
        view.setLegendVisible(false);
        view.setData(d);
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("big.svg"));
        QVERIFY(view.exportSvg(svg));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QCOMPARE(text.count("<image"), 1);
        QCOMPARE(text.count("<ellipse") + text.count("<circle"), 0);
        file.close();
        view.setLanguageVisible(0, false);  // nothing shown: vector path, no image
        QVERIFY(view.exportSvg(svg));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().count("<image"), 0);
    }

    void indexAgreesWithALinearScan() {
        // Random clustered points; nearest() within a radius must equal brute force.
        std::mt19937 rng(3);
        std::normal_distribution<float> n(0.0f, 1.0f);
        std::vector<float> x(5000), y(5000);
        for (std::size_t i = 0; i < x.size(); ++i)
            x[i] = n(rng) * (i % 3 + 1), y[i] = n(rng);
        isomorph::views::ScatterIndex index;
        index.build(x, y);
        for (int q = 0; q < 200; ++q) {
            const double qx = n(rng) * 2, qy = n(rng), r = 0.05 + (q % 5) * 0.1;
            int best = -1;
            double bestD = r * r;
            for (std::size_t i = 0; i < x.size(); ++i) {
                const double d = (x[i] - qx) * (x[i] - qx) + (y[i] - qy) * (y[i] - qy);
                if (d < bestD) bestD = d, best = static_cast<int>(i);
            }
            QCOMPARE(index.nearest(qx, qy, r, {}), best);
        }
        // Polygons: random stars (concave, every size from a few cells to most of the grid)
        // must select exactly what the even-odd rule selects point by point.
        for (int q = 0; q < 30; ++q) {
            const QPointF c(n(rng), n(rng) * 0.5);
            const double size = 0.2 + 0.3 * q;
            QPolygonF star;
            for (int k = 0; k < 24; ++k) {
                const double r = size * (k % 2 ? 0.45 : 1.0) * (0.8 + 0.4 * std::abs(n(rng)));
                star << c + QPointF(r * std::cos(k * M_PI / 12), r * std::sin(k * M_PI / 12));
            }
            std::vector<int> expected;
            for (std::size_t i = 0; i < x.size(); ++i)
                if (star.containsPoint(QPointF(x[i], y[i]), Qt::OddEvenFill))
                    expected.push_back(static_cast<int>(i));
            QCOMPARE(index.inPolygon(star, {}), expected);
        }
    }
};

ISOMORPH_TEST_MAIN(TestScatterView)
#include "test_scatter_view.moc"
