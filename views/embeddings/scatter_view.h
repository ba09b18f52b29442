#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include <QElapsedTimer>
#include <QImage>
#include <QList>
#include <QPolygonF>
#include <QTimer>
#include <QWidget>

#include "views/embeddings/scatter_camera.h"
#include "views/embeddings/scatter_data.h"
#include "views/embeddings/scatter_index.h"
#include "views/embeddings/scatter_overlay.h"
#include "views/embeddings/scatter_raster.h"
#include "views/embeddings/translation_groups.h"

class QPainter;
class QVariantAnimation;

namespace isomorph::views {

class CsvExportSink;

/// The Embeddings view's scatter plot: up to millions of projected sentence embeddings,
/// coloured by language, with translation pairs, hover, click, lasso, search and animated
/// moves between coordinate sets (the calibration stepper).
///
/// Rendering is software only: the points are rasterised (rasterizeScatter) into an image that
/// is cached until something it depends on changes (view, size, mode, visible languages,
/// emphasis, animation frame); lines, labels, the hover ring, the lasso and the legend are
/// drawn over it with QPainter each frame. While the user drags or turns the wheel and a full
/// rendering took longer than a frame budget, a coarser level (every k-th point) is drawn and
/// the full one follows when the interaction pauses. Hover and lasso use a uniform grid
/// (ScatterIndex) in data coordinates.
///
/// Mouse: drag pans, the wheel zooms around the cursor, Shift+drag (or the Lasso tool) draws
/// a lasso, a click selects the point under the cursor (or clears the selection), a double
/// click fits the data, a click on a legend entry shows or hides that language, Escape clears
/// selection, highlighted translations and search.
class ScatterView : public QWidget {
    Q_OBJECT

  public:
    /// Text of point i (for tooltips, labels and search); called on the GUI thread.
    using TextProvider = std::function<QString(int index)>;
    enum class Tool { Pan, Lasso };

    explicit ScatterView(QWidget* parent = nullptr);
    ~ScatterView() override;

    /// Replaces the points (refused with a warning when the arrays differ in length), fits the
    /// view and clears selection, highlights and search.
    void setData(ScatterData data);
    const ScatterData& data() const { return data_; }
    void setTextProvider(TextProvider provider);
    /// Moves the same points to new coordinates, animated over `durationMs` (0: at once). The
    /// view keeps its place when the user zoomed or panned, else it follows the fitted bounds.
    /// Returns false (and changes nothing) when the arrays do not have one entry per point.
    /// In 3-D, `z` gives the new third coordinates (empty: they stay).
    bool transitionTo(std::vector<float> x, std::vector<float> y, int durationMs = 600,
                      std::vector<float> z = {});
    /// Stops a running transition and shows its frame at t (0 = old, 1 = new coordinates).
    void setTransitionProgress(double t);
    bool transitionRunning() const;

    /// 3-D: the points (x, y, z; z = 0 when the data has none) are rotated about the centre of
    /// their bounds (yaw about the vertical axis, then pitch) and projected orthographically,
    /// every frame of an orbit; a drag orbits (Ctrl+drag pans), the wheel zooms. Hover and
    /// lasso work on the projection, from an index rebuilt when the orbit pauses.
    void setThreeD(bool on);
    bool threeD() const { return threeD_; }
    void setRotation(double yawDegrees, double pitchDegrees);
    double yaw() const { return yaw_; }
    double pitch() const { return pitch_; }

    void setMode(ScatterMode mode);
    ScatterMode mode() const { return mode_; }
    /// Radius of a point in Points mode, in pixels (0.5 to 6).
    void setPointRadius(double pixels);
    void setAxisTitles(const QString& x, const QString& y);
    void setLanguageVisible(int language, bool visible);
    bool languageVisible(int language) const;
    void setLegendVisible(bool visible);
    /// Where the legend entry of `language` was last drawn (widget pixels; a click on it
    /// toggles the language), or an empty rectangle.
    QRectF legendEntryRect(int language) const;
    void setTool(Tool tool) { tool_ = tool; }
    Tool tool() const { return tool_; }

    /// Shows all finite points with a margin.
    void fitToData();
    /// The data point shown at the widget's centre, and the zoom (pixels per data unit).
    QPointF viewCenter() const { return camera_.center(); }
    double viewScale() const { return camera_.scale(); }
    /// Ignored unless the centre is finite and the scale positive and finite.
    void setView(QPointF center, double scale);
    void panBy(QPointF pixels);
    /// Zooms by `factor` keeping the data point under `anchor` (widget pixels) in place.
    void zoomBy(double factor, QPointF anchor);
    QPointF mapToWidget(QPointF data) const;
    QPointF mapFromWidget(QPointF pixel) const;

    /// The visible point nearest to `pos` (widget pixels) within `radius` pixels, or -1.
    int pointAt(QPointF pos, double radius = 6.0) const;
    /// Visible points inside a polygon given in widget pixels, ascending.
    QList<int> pointsInPolygon(const QPolygonF& widgetPolygon) const;

    /// Selected points are emphasised and the lines to their translations drawn.
    void setSelection(const QList<int>& indices);
    QList<int> selection() const { return selection_; }
    void clearSelection() { setSelection({}); }
    /// Emphasises n random translation groups with at least two visible sides (CCP's Figure 1),
    /// with lines and text labels; returns the chosen group ids. Same seed, same choice.
    QList<int> highlightRandomPairs(int n, quint32 seed);
    void clearHighlightedPairs();
    QList<int> highlightedPairs() const { return highlightedPairs_; }
    /// Emphasises the points whose text contains `text` (case-insensitive; empty clears);
    /// returns how many match. Needs a text provider.
    int setSearchText(const QString& text);
    /// Emphasises `matches` (point indices, e.g. found by a substring search on a worker
    /// thread); empty clears.
    void setSearchMatches(QList<int> matches);
    QList<int> searchMatches() const { return searchMatches_; }
    /// Points of the translation groups of `indices` (the indices themselves included).
    QList<int> translationsOf(const QList<int>& indices) const;

    /// Export what is shown at the widget's size (PNG, SVG), or every point's coordinates
    /// (CSV: index,language,x,y[,z],pair; shortest exact float text; CRLF). All three are written
    /// atomically (QSaveFile, views/export_file.h). Return false and set *error on failure. SVG
    /// holds vector points up to kSvgVectorPoints shown points and an embedded image of them
    /// beyond.
    bool exportPng(const QString& path, QString* error = nullptr);
    bool exportSvg(const QString& path, QString* error = nullptr);
    bool exportCsv(const QString& path, QString* error = nullptr) const;
    static constexpr int kSvgVectorPoints = 20000;

    /// A frame should paint within this many milliseconds (default 25). While the user drags
    /// or zooms and a full rendering takes longer, frames move and scale the cached image and
    /// the points are rendered again once the interaction pauses; transition frames draw a
    /// level of every k-th point instead.
    void setFrameBudget(double milliseconds);
    /// Statistics of the last rasterisation (time, points drawn, stride of the level).
    ScatterRasterStats lastRasterStats() const { return lastStats_; }
    int lastRasterStride() const { return lastStride_; }
    /// Rasterisations and frames that reused the cached image, since construction.
    int rasterisations() const { return rasterisations_; }
    int reprojections() const { return reprojections_; }
    /// Whether the view is in an interaction (drag, wheel burst) and may draw a coarser level.
    bool interacting() const { return interacting_; }

    QSize sizeHint() const override { return {720, 540}; }
    QSize minimumSizeHint() const override { return {200, 160}; }

  Q_SIGNALS:
    void pointHovered(int index);  // -1 when the cursor leaves every point
    void pointClicked(int index);
    void selectionChanged(const QList<int>& indices);
    void languageVisibilityChanged(int language, bool visible);
    void transitionFinished();

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

  private:
    struct BaseKey {
        QSize size;
        double cx = 0, cy = 0, scale = 0, radius = 0, progress = 1;
        ScatterMode mode = ScatterMode::Points;
        quint64 version = 0;
        int stride = 1;
        bool operator==(const BaseKey& o) const;
    };

    enum class Target { Screen, Png, Svg };
    void paintAll(QPainter& painter, Target target);
    ScatterLegend legend() const;
    int legendWidth() const;  // 0: no legend
    QRectF plotRect() const;  // where fitting puts the points (clear of legend and titles)
    const QImage& baseImage(int stride);
    bool canReproject() const;
    int levelStride() const;  // of transition and orbit frames, from the measured times
    ScatterOverlayScene overlayScene() const;
    /// Lines, labels, frame and legend; the hover ring and lasso too when interactive.
    void paintOverlays(QPainter& painter, bool interactive);
    void paintFrame(QPainter& painter) const;
    void paintVectorPoints(QPainter& painter) const;
    QPointF pointPosition(int i) const;  // data coordinates, animated
    ScatterRasterRequest rasterRequest(QSize pixels, double dpr) const;
    void changed();  // the base image is out of date
    void rebuildEmphasis();
    void rebuildIndex();
    void refreshDrawn();  // drawn_'s coordinates from the plane ones, in the index's order
    void project();
    void updateCentroid();
    /// The 2-D coordinates everything is drawn and indexed in: the data's, or in 3-D the
    /// projection.
    const std::vector<float>& planeX() const { return threeD_ ? projX_ : data_.x; }
    const std::vector<float>& planeY() const { return threeD_ ? projY_ : data_.y; }
    void setCamera(const ScatterCamera& camera);  // as setView
    void writeCsvRows(CsvExportSink& out) const;
    void startInteraction();
    void updateHover(QPointF pos);
    /// Bounds of the finite points as drawn now (between the two sets while moving); none
    /// when there is no finite point.
    std::optional<QRectF> currentBounds() const;
    void fitTo(const std::optional<QRectF>& bounds);
    ScatterIndex::Filter filter() const;
    int visiblePointCount() const;

    ScatterData data_;
    // The finite points in cell order, as the rasteriser reads them (and their old places
    // while moving).
    ScatterData drawn_;
    std::vector<float> drawnFromX_;
    std::vector<float> drawnFromY_;
    TextProvider texts_;
    ScatterIndex index_;
    std::array<bool, 256> visible_{};
    std::vector<int> languageCounts_;
    ScatterMode mode_ = ScatterMode::Points;
    double pointRadius_ = 1.6;
    QString xTitle_;
    QString yTitle_;
    bool legendVisible_ = true;
    Tool tool_ = Tool::Pan;

    bool threeD_ = false;
    double yaw_ = 30.0;  // degrees
    double pitch_ = 20.0;
    std::array<float, 3> centroid_{};
    double radius_ = 0.0;  // of the sphere around the finite points
    std::vector<float> projX_;
    std::vector<float> projY_;
    bool indexStale_ = false;
    bool orbit_ = false;  // the current drag rotates

    ScatterCamera camera_;
    bool autoFit_ = true;

    TranslationGroups groups_;

    QList<int> selection_;
    QList<int> highlightedPairs_;
    QList<int> searchMatches_;
    std::vector<int> selectedGroups_;  // translation groups of the selection, sorted
    std::vector<std::uint8_t> emphasis_;

    // Animation between coordinate sets.
    std::vector<float> fromX_;
    std::vector<float> fromY_;
    std::optional<QRectF> fromBounds_;
    std::optional<QRectF> toBounds_;
    double progress_ = 1.0;
    QVariantAnimation* animation_ = nullptr;

    // The cached rasterisation.
    ScatterRasterizer rasterizer_;
    QImage base_;
    BaseKey baseKey_;
    quint64 version_ = 1;
    ScatterRasterStats lastStats_;
    int lastStride_ = 1;
    double fullRasterMs_ = 0.0;  // last stride-1 rendering
    double frameBudgetMs_ = 25.0;
    int lodStride_ = 1;  // the last coarser level and its time
    double lodMs_ = 0.0;
    int rasterisations_ = 0;
    int reprojections_ = 0;
    bool interacting_ = false;
    QTimer settle_;

    // Mouse.
    enum class Drag { None, Pan, Lasso };
    Drag drag_ = Drag::None;
    QPointF pressPos_;
    QPointF lastPos_;
    bool moved_ = false;
    QPolygonF lasso_;
    int hovered_ = -1;
    std::vector<ScatterLegendRow> legendRows_;
};

}  // namespace isomorph::views
