#include "views/embeddings/scatter_view.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <random>

#include <QFontMetricsF>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QVariantAnimation>
#include <QWheelEvent>
#include <QtMath>

#include "views/csv_field.h"
#include "views/embeddings/scatter_overlay.h"
#include "views/export_file.h"

namespace isomorph::views {

namespace {

// While the user drags or zooms, a full rendering slower than the frame budget is not redone
// per frame: the cached image is moved and scaled instead, and rendered again when the
// interaction pauses for kSettleMs. Animation frames (which move every point) draw a coarser
// level (every k-th point) instead, k adapted frame by frame to the budget.
constexpr int kSettleMs = 180;
constexpr double kDegreesPerPixel = 0.4;  // orbit speed in 3-D
constexpr int kMaxStride = 8;             // coarser levels thin the picture too much
constexpr double kClickSlop = 3.0;        // pixels a press may move and still be a click
constexpr double kFitMargin = 0.92;

QByteArray floatText(float v) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof(buffer), v);
    return QByteArray(buffer, static_cast<int>(result.ptr - buffer));
}

std::optional<QRectF> finiteBounds(const std::vector<float>& x, const std::vector<float>& y) {
    float minX = std::numeric_limits<float>::infinity(), minY = minX, maxX = -minX, maxY = -minX;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (!std::isfinite(x[i]) || !std::isfinite(y[i])) continue;
        minX = std::min(minX, x[i]), maxX = std::max(maxX, x[i]);
        minY = std::min(minY, y[i]), maxY = std::max(maxY, y[i]);
    }
    if (minX > maxX) return std::nullopt;
    return QRectF(QPointF(minX, minY), QPointF(maxX, maxY));
}

std::optional<QRectF> lerpRect(const std::optional<QRectF>& a, const std::optional<QRectF>& b,
                               double t) {
    if (!a) return b;
    if (!b) return a;
    auto l = [t](double u, double v) { return u + (v - u) * t; };
    return QRectF(QPointF(l(a->left(), b->left()), l(a->top(), b->top())),
                  QPointF(l(a->right(), b->right()), l(a->bottom(), b->bottom())));
}

}  // namespace

bool ScatterView::BaseKey::operator==(const BaseKey& o) const {
    return size == o.size && cx == o.cx && cy == o.cy && scale == o.scale && radius == o.radius &&
           progress == o.progress && mode == o.mode && version == o.version && stride == o.stride;
}

ScatterView::ScatterView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::StrongFocus);
    settle_.setSingleShot(true);
    settle_.setInterval(kSettleMs);
    connect(&settle_, &QTimer::timeout, this, [this] {
        if (drag_ == Drag::Pan) return;  // still dragging: stay coarse
        interacting_ = false;
        if (indexStale_) rebuildIndex();
        update();
    });
    animation_ = new QVariantAnimation(this);
    animation_->setStartValue(0.0);
    animation_->setEndValue(1.0);
    animation_->setEasingCurve(QEasingCurve::InOutCubic);
    connect(animation_, &QVariantAnimation::valueChanged, this, [this](const QVariant& v) {
        if (animation_->state() != QAbstractAnimation::Running) return;
        progress_ = v.toDouble();
        if (autoFit_) fitTo(currentBounds());
        changed();
    });
    connect(animation_, &QVariantAnimation::finished, this, [this] { setTransitionProgress(1.0); });
}

ScatterView::~ScatterView() = default;

// ---- data -------------------------------------------------------------------------------------

void ScatterView::setData(ScatterData data) {
    if (!data.consistent()) {
        qWarning("ScatterView::setData: x has %d entries but y, language or pair differ; ignored",
                 data.size());
        return;
    }
    animation_->stop();
    fromX_.clear();
    fromY_.clear();
    progress_ = 1.0;
    data_ = std::move(data);
    visible_.fill(false);
    for (int i = 0; i < std::min<int>(data_.languages.size(), 256); ++i)
        visible_[i] = true;
    languageCounts_.assign(std::min<int>(data_.languages.size(), 256), 0);
    for (std::uint8_t l : data_.language)
        if (l < languageCounts_.size()) ++languageCounts_[l];
    updateCentroid();
    project();
    rebuildIndex();
    groups_.build(data_.pair, data_.language);
    selection_.clear();
    selectedGroups_.clear();
    highlightedPairs_.clear();
    searchMatches_.clear();
    hovered_ = -1;
    rebuildEmphasis();
    fitToData();
}

void ScatterView::refreshDrawn() {
    const std::vector<int>& order = index_.cellOrder();
    const std::vector<float>& x = planeX();
    const std::vector<float>& y = planeY();
    for (std::size_t k = 0; k < order.size(); ++k) {
        drawn_.x[k] = x[order[k]];
        drawn_.y[k] = y[order[k]];
    }
}

// ---- 3-D --------------------------------------------------------------------------------------

void ScatterView::project() {
    projX_.clear();
    projY_.clear();
    if (!threeD_) return;
    const int n = data_.size();
    projX_.resize(n);
    projY_.resize(n);
    const double yaw = qDegreesToRadians(yaw_), pitch = qDegreesToRadians(pitch_);
    const float cy = std::cos(yaw), sy = std::sin(yaw), cp = std::cos(pitch), sp = std::sin(pitch);
    const float ox = centroid_[0], oy = centroid_[1], oz = centroid_[2];
    for (int i = 0; i < n; ++i) {
        const float x = data_.x[i] - ox, y = data_.y[i] - oy;
        const float z = data_.z.empty() ? 0.0f : data_.z[i] - oz;
        projX_[i] = cy * x + sy * z;
        projY_[i] = cp * y - sp * (cy * z - sy * x);
    }
}

void ScatterView::updateCentroid() {
    double lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
    for (int i = 0; i < data_.size(); ++i) {
        const float v[3] = {data_.x[i], data_.y[i], data_.z.empty() ? 0.0f : data_.z[i]};
        if (!std::isfinite(v[0]) || !std::isfinite(v[1]) || !std::isfinite(v[2])) continue;
        for (int a = 0; a < 3; ++a)
            lo[a] = std::min<double>(lo[a], v[a]), hi[a] = std::max<double>(hi[a], v[a]);
    }
    radius_ = 0.0;
    if (lo[0] > hi[0]) {
        centroid_ = {0, 0, 0};
        return;
    }
    for (int a = 0; a < 3; ++a)
        centroid_[a] = static_cast<float>((lo[a] + hi[a]) / 2);
    for (int a = 0; a < 3; ++a)
        radius_ += (hi[a] - lo[a]) * (hi[a] - lo[a]) / 4;
    radius_ = std::sqrt(radius_);
}

void ScatterView::setThreeD(bool on) {
    if (on == threeD_) return;
    setTransitionProgress(1.0);
    threeD_ = on;
    updateCentroid();
    project();
    rebuildIndex();
    hovered_ = -1;
    fitToData();
    changed();
}

void ScatterView::setRotation(double yawDegrees, double pitchDegrees) {
    if (!std::isfinite(yawDegrees) || !std::isfinite(pitchDegrees)) return;
    setTransitionProgress(1.0);
    yaw_ = std::fmod(yawDegrees, 360.0);
    pitch_ = std::clamp(pitchDegrees, -89.0, 89.0);
    if (!threeD_) return;
    project();
    refreshDrawn();      // the cell order of the last index still gives locality
    indexStale_ = true;  // rebuilt when the orbit pauses (pointAt answers -1 until then)
    hovered_ = -1;
    if (!interacting_) rebuildIndex();
    changed();
}

void ScatterView::setTextProvider(TextProvider provider) {
    texts_ = std::move(provider);
}

void ScatterView::rebuildIndex() {
    indexStale_ = false;
    index_.build(planeX(), planeY());
    // The rasteriser reads copies in cell order (see ScatterRasterRequest::original).
    const std::vector<int>& order = index_.cellOrder();
    drawn_ = ScatterData();
    drawn_.languages = data_.languages;
    drawn_.x.resize(order.size());
    drawn_.y.resize(order.size());
    drawn_.language.resize(order.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        drawn_.language[k] = data_.language[order[k]];
    refreshDrawn();
    drawnFromX_.clear();
    drawnFromY_.clear();
    if (fromX_.size() == data_.x.size()) {
        drawnFromX_.resize(order.size());
        drawnFromY_.resize(order.size());
        for (std::size_t k = 0; k < order.size(); ++k) {
            drawnFromX_[k] = fromX_[order[k]];
            drawnFromY_[k] = fromY_[order[k]];
        }
    }
}

QList<int> ScatterView::translationsOf(const QList<int>& indices) const {
    std::vector<int> out(indices.begin(), indices.end());
    if (!data_.pair.empty()) {
        std::vector<int> groups;
        for (int i : indices)
            if (i >= 0 && i < data_.size() && data_.pair[i] >= 0) groups.push_back(data_.pair[i]);
        std::sort(groups.begin(), groups.end());
        groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
        for (int g : groups) {
            const TranslationGroups::Members members = groups_.members(g);
            out.insert(out.end(), members.begin(), members.end());
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return QList<int>(out.begin(), out.end());
}

void ScatterView::rebuildEmphasis() {
    emphasis_.clear();
    if (selection_.isEmpty() && highlightedPairs_.isEmpty() && searchMatches_.isEmpty()) {
        changed();
        return;
    }
    emphasis_.assign(data_.x.size(), 0);
    for (int i : translationsOf(selection_))
        emphasis_[i] = 1;
    for (int i : searchMatches_)
        emphasis_[i] = 1;
    for (int g : highlightedPairs_)
        for (int i : groups_.members(g))
            emphasis_[i] = 1;
    changed();
}

bool ScatterView::transitionTo(std::vector<float> x, std::vector<float> y, int durationMs,
                               std::vector<float> z) {
    if (x.size() != data_.x.size() || y.size() != data_.y.size() ||
        (!z.empty() && z.size() != data_.x.size())) {
        qWarning("ScatterView::transitionTo: %zu/%zu coordinates for %d points; ignored", x.size(),
                 y.size(), data_.size());
        return false;
    }
    animation_->stop();
    if (progress_ < 1.0 && fromX_.size() == x.size()) {
        // Start from where the points are drawn now, not where the last move began.
        const float t = static_cast<float>(progress_);
        for (std::size_t i = 0; i < x.size(); ++i) {
            fromX_[i] += (planeX()[i] - fromX_[i]) * t;
            fromY_[i] += (planeY()[i] - fromY_[i]) * t;
        }
    } else {
        fromX_ = planeX();
        fromY_ = planeY();
    }
    data_.x = std::move(x);
    data_.y = std::move(y);
    if (!z.empty()) data_.z = std::move(z);
    // In 3-D both sets are projected with the same rotation and centre, so moving in the
    // plane is the projection of moving in space.
    project();
    fromBounds_ = finiteBounds(fromX_, fromY_);
    rebuildIndex();
    progress_ = 1.0;
    toBounds_ = currentBounds();
    hovered_ = -1;
    if (durationMs <= 0) {
        setTransitionProgress(1.0);
        return true;
    }
    progress_ = 0.0;
    animation_->setDuration(durationMs);
    animation_->start();
    changed();
    return true;
}

void ScatterView::setTransitionProgress(double t) {
    if (fromX_.empty() && progress_ >= 1.0) return;
    animation_->stop();
    progress_ = std::clamp(t, 0.0, 1.0);
    if (progress_ >= 1.0) {
        fromX_.clear();
        fromY_.clear();
        drawnFromX_.clear();
        drawnFromY_.clear();
        if (autoFit_) fitToData();
        changed();
        Q_EMIT transitionFinished();
        return;
    }
    if (autoFit_) fitTo(currentBounds());
    changed();
}

bool ScatterView::transitionRunning() const {
    return animation_->state() == QAbstractAnimation::Running;
}

std::optional<QRectF> ScatterView::currentBounds() const {
    if (progress_ < 1.0) return lerpRect(fromBounds_, toBounds_, progress_);
    if (index_.indexedPoints() == 0) return std::nullopt;
    // In 3-D the sphere around all points, so that orbiting does not change the zoom.
    if (threeD_) return QRectF(-radius_, -radius_, 2 * radius_, 2 * radius_);
    return index_.bounds();
}

QPointF ScatterView::pointPosition(int i) const {
    const std::vector<float>& x = planeX();
    const std::vector<float>& y = planeY();
    if (progress_ < 1.0 && fromX_.size() == x.size()) {
        const double t = progress_;
        return {fromX_[i] + (x[i] - fromX_[i]) * t, fromY_[i] + (y[i] - fromY_[i]) * t};
    }
    return {x[i], y[i]};
}

// ---- appearance -------------------------------------------------------------------------------

void ScatterView::setMode(ScatterMode mode) {
    if (mode_ == mode) return;
    mode_ = mode;
    lodStride_ = 1;  // the other mode's timings say nothing about this one
    changed();
}

void ScatterView::setPointRadius(double pixels) {
    pointRadius_ = std::clamp(pixels, 0.5, 6.0);
    changed();
}

void ScatterView::setAxisTitles(const QString& x, const QString& y) {
    xTitle_ = x;
    yTitle_ = y;
    update();
}

void ScatterView::setLanguageVisible(int language, bool visible) {
    if (language < 0 || language >= std::min<int>(data_.languages.size(), 256)) return;
    if (visible_[language] == visible) return;
    visible_[language] = visible;
    if (hovered_ >= 0 && data_.language[hovered_] == language) hovered_ = -1;
    Q_EMIT languageVisibilityChanged(language, visible);
    changed();
}

bool ScatterView::languageVisible(int language) const {
    return language >= 0 && language < 256 && visible_[language];
}

void ScatterView::setLegendVisible(bool visible) {
    legendVisible_ = visible;
    if (autoFit_) fitToData();
    update();
}

QRectF ScatterView::legendEntryRect(int language) const {
    for (const ScatterLegendRow& row : legendRows_)
        if (row.language == language) return row.rect;
    return {};
}

// ---- view -------------------------------------------------------------------------------------

ScatterLegend ScatterView::legend() const {
    return {data_.languages, languageCounts_, &visible_, font(), palette().color(QPalette::Text)};
}

int ScatterView::legendWidth() const {
    if (!legendVisible_) return 0;
    return scatterLegendWidth(legend(), width());
}

QRectF ScatterView::plotRect() const {
    const double lineH = QFontMetricsF(font()).height();
    QRectF r =
        QRectF(rect()).adjusted(kScatterPadding + (yTitle_.isEmpty() ? 0 : lineH), kScatterPadding,
                                -kScatterPadding, -kScatterPadding - lineH * 1.2);
    const int legend = legendWidth();
    if (legend > 0) r.setRight(r.right() - legend - kScatterPadding);
    return r;
}

void ScatterView::fitToData() {
    autoFit_ = true;
    fitTo(currentBounds());
    update();
}

void ScatterView::fitTo(const std::optional<QRectF>& fit) {
    camera_ = ScatterCamera::fitting(fit, plotRect(), size(), kFitMargin);
}

void ScatterView::setView(QPointF center, double scale) {
    if (!ScatterCamera::acceptable(center, scale)) return;
    camera_ = ScatterCamera(center, scale);
    autoFit_ = false;
    update();  // the view is part of the cached image's key, not of its content version
}

void ScatterView::setCamera(const ScatterCamera& camera) {
    setView(camera.center(), camera.scale());
}

void ScatterView::panBy(QPointF pixels) {
    setCamera(camera_.panned(pixels));
}

void ScatterView::zoomBy(double factor, QPointF anchor) {
    if (!(factor > 0.0)) return;
    setCamera(camera_.zoomed(factor, anchor, size()));
}

QPointF ScatterView::mapToWidget(QPointF p) const {
    return camera_.toScreen(p, size());
}

QPointF ScatterView::mapFromWidget(QPointF q) const {
    return camera_.toData(q, size());
}

// ---- queries and emphasis ---------------------------------------------------------------------

ScatterIndex::Filter ScatterView::filter() const {
    return {data_.language.data(), &visible_};
}

int ScatterView::pointAt(QPointF pos, double radius) const {
    // The index holds where the points go (or were before an orbit), not where they are.
    if (progress_ < 1.0 || indexStale_) return -1;
    const QPointF q = mapFromWidget(pos);
    return index_.nearest(q.x(), q.y(), radius / camera_.scale(), filter());
}

QList<int> ScatterView::pointsInPolygon(const QPolygonF& widgetPolygon) const {
    if (progress_ < 1.0 || indexStale_) return {};
    QPolygonF polygon;
    for (const QPointF& p : widgetPolygon)
        polygon << mapFromWidget(p);
    const std::vector<int> inside = index_.inPolygon(polygon, filter());
    return QList<int>(inside.begin(), inside.end());
}

void ScatterView::setSelection(const QList<int>& indices) {
    QList<int> clean;
    clean.reserve(indices.size());
    for (int i : indices)
        if (i >= 0 && i < data_.size()) clean.append(i);
    std::sort(clean.begin(), clean.end());
    clean.erase(std::unique(clean.begin(), clean.end()), clean.end());
    if (clean == selection_) return;
    selection_ = clean;
    selectedGroups_.clear();
    if (!data_.pair.empty()) {
        for (int i : selection_)
            if (data_.pair[i] >= 0) selectedGroups_.push_back(data_.pair[i]);
        std::sort(selectedGroups_.begin(), selectedGroups_.end());
        selectedGroups_.erase(std::unique(selectedGroups_.begin(), selectedGroups_.end()),
                              selectedGroups_.end());
    }
    rebuildEmphasis();
    Q_EMIT selectionChanged(selection_);
}

QList<int> ScatterView::highlightRandomPairs(int n, quint32 seed) {
    std::vector<int> candidates;
    for (std::size_t k = 0; k < groups_.count(); ++k) {
        int shown = 0;
        for (int i : groups_.membersAt(k))
            shown += visible_[data_.language[i]] ? 1 : 0;
        if (shown >= 2) candidates.push_back(groups_.idAt(k));
    }
    // A partial Fisher-Yates with the raw generator: the same seed picks the same groups with
    // every standard library (distributions are implementation-defined).
    std::mt19937 rng(seed);
    const int take = std::clamp(n, 0, static_cast<int>(candidates.size()));
    for (int k = 0; k < take; ++k) {
        const auto j = k + static_cast<int>(rng() % (candidates.size() - k));
        std::swap(candidates[k], candidates[j]);
    }
    highlightedPairs_ = QList<int>(candidates.begin(), candidates.begin() + take);
    rebuildEmphasis();
    return highlightedPairs_;
}

void ScatterView::clearHighlightedPairs() {
    highlightedPairs_.clear();
    rebuildEmphasis();
}

int ScatterView::setSearchText(const QString& text) {
    QList<int> matches;
    if (!text.isEmpty() && texts_) {
        for (int i = 0; i < data_.size(); ++i)
            if (texts_(i).contains(text, Qt::CaseInsensitive)) matches.append(i);
    }
    setSearchMatches(std::move(matches));
    return static_cast<int>(searchMatches_.size());
}

void ScatterView::setSearchMatches(QList<int> matches) {
    matches.removeIf([n = data_.size()](int i) { return i < 0 || i >= n; });
    searchMatches_ = std::move(matches);
    rebuildEmphasis();
}

int ScatterView::visiblePointCount() const {
    int n = 0;
    for (std::size_t l = 0; l < languageCounts_.size(); ++l)
        if (visible_[l]) n += languageCounts_[l];
    return n;
}

// ---- rendering --------------------------------------------------------------------------------

void ScatterView::changed() {
    ++version_;
    update();
}

ScatterRasterRequest ScatterView::rasterRequest(QSize pixels, double dpr) const {
    ScatterRasterRequest r;
    r.data = &drawn_;
    r.original = &index_.cellOrder();
    if (progress_ < 1.0) r.fromX = &drawnFromX_, r.fromY = &drawnFromY_;
    r.progress = static_cast<float>(progress_);
    r.size = pixels;
    r.centerX = camera_.center().x();
    r.centerY = camera_.center().y();
    r.scale = camera_.scale() * dpr;
    r.mode = mode_;
    r.pointRadius = pointRadius_ * dpr;
    r.visible = visible_;
    for (int l = 0; l < 256; ++l)
        r.colors[l] = scatterLanguageColor(l).rgb();
    r.emphasis = emphasis_.empty() ? nullptr : &emphasis_;
    return r;
}

int ScatterView::levelStride() const {
    // A frame costs F + P / stride: fixed work (buffers, blur, composing) and point work.
    // With a full frame (t1) and a coarser one (ts at stride s) both are known; before that,
    // all of t1 counts as point work.
    const double t1 = fullRasterMs_;
    double fixed = 0.0;
    if (lodStride_ > 1 && lodMs_ < t1) {
        const double perPoint = (t1 - lodMs_) * lodStride_ / (lodStride_ - 1.0);
        fixed = std::max(0.0, t1 - perPoint);
    }
    // Noisy timings must not make the level jump: at most twice as coarse as the last.
    const int limit = std::min(kMaxStride, 2 * std::max(lodStride_, 1));
    const double room = frameBudgetMs_ - fixed;
    if (room <= 0.0) return limit;
    return std::clamp(static_cast<int>(std::ceil((t1 - fixed) / room)), 1, limit);
}

bool ScatterView::canReproject() const {
    if (!interacting_ || base_.isNull() || fullRasterMs_ <= frameBudgetMs_) return false;
    const BaseKey& k = baseKey_;
    return k.stride == 1 && k.version == version_ && k.size == size() * devicePixelRatioF() &&
           k.progress == progress_ && k.mode == mode_ && k.radius == pointRadius_;
}

void ScatterView::setFrameBudget(double milliseconds) {
    frameBudgetMs_ = std::max(0.0, milliseconds);
}

const QImage& ScatterView::baseImage(int stride) {
    const double dpr = devicePixelRatioF();
    BaseKey key{size() * dpr,
                camera_.center().x(),
                camera_.center().y(),
                camera_.scale(),
                pointRadius_,
                progress_,
                mode_,
                version_,
                stride};
    if (key == baseKey_ && !base_.isNull()) return base_;
    ScatterRasterRequest request = rasterRequest(key.size, dpr);
    request.stride = stride;
    base_.setDevicePixelRatio(1.0);
    rasterizer_.render(request, base_, &lastStats_);
    base_.setDevicePixelRatio(dpr);
    baseKey_ = key;
    lastStride_ = stride;
    ++rasterisations_;
    if (stride == 1)
        fullRasterMs_ = lastStats_.milliseconds;
    else
        lodStride_ = stride, lodMs_ = lastStats_.milliseconds;
    return base_;
}

void ScatterView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    paintAll(painter, Target::Screen);
}

void ScatterView::paintAll(QPainter& painter, Target target) {
    if (target == Target::Svg && visiblePointCount() <= kSvgVectorPoints) {
        painter.fillRect(rect(), Qt::white);
        paintVectorPoints(painter);
    } else if (target == Target::Screen && canReproject()) {
        // The cached image, moved and scaled to the current view: the data point at its
        // top-left corner goes where the current transform puts it.
        const double dpr = base_.devicePixelRatio();
        const QSizeF logical(baseKey_.size.width() / dpr, baseKey_.size.height() / dpr);
        const QPointF corner(baseKey_.cx - logical.width() / 2.0 / baseKey_.scale,
                             baseKey_.cy + logical.height() / 2.0 / baseKey_.scale);
        const QRectF where(mapToWidget(corner), logical * (camera_.scale() / baseKey_.scale));
        painter.fillRect(rect(), Qt::white);
        painter.drawImage(where, base_);
        ++reprojections_;
    } else {
        int stride = 1;
        if (target == Target::Screen && (transitionRunning() || (threeD_ && interacting_)) &&
            fullRasterMs_ > frameBudgetMs_) {
            stride = levelStride();
        }
        painter.drawImage(QPointF(0, 0), baseImage(stride));
    }
    painter.setRenderHint(QPainter::Antialiasing);
    paintOverlays(painter, target == Target::Screen);
}

ScatterOverlayScene ScatterView::overlayScene() const {
    return {&data_, &visible_, [this](int i) { return mapToWidget(pointPosition(i)); },
            pointRadius_, QRectF(rect())};
}

void ScatterView::paintOverlays(QPainter& painter, bool interactive) {
    const ScatterOverlayScene scene = overlayScene();
    paintPairLines(painter, scene, groups_, selectedGroups_, highlightedPairs_);
    if (texts_) {
        const QList<int> selectionGroup =
            selection_.size() == 1 ? translationsOf(selection_) : QList<int>();
        paintLabels(painter, scene, labelOrder(groups_, highlightedPairs_, selectionGroup), texts_,
                    font(), legendWidth());
    }
    if (interactive && hovered_ >= 0 && hovered_ < data_.size())
        paintHoverRing(painter, mapToWidget(pointPosition(hovered_)), pointRadius_);
    if (interactive && drag_ == Drag::Lasso && lasso_.size() >= 2) paintLasso(painter, lasso_);
    paintFrame(painter);
    legendRows_.clear();
    if (const int w = legendWidth(); w > 0)
        legendRows_ = isomorph::views::paintLegend(painter, legend(), QRectF(rect()), w);
}

void ScatterView::paintVectorPoints(QPainter& painter) const {
    painter.setRenderHint(QPainter::Antialiasing);
    const bool anyEmphasis = !emphasis_.empty();
    const double r = pointRadius_;
    for (int pass = 0; pass < (anyEmphasis ? 2 : 1); ++pass) {
        for (int i = 0; i < data_.size(); ++i) {
            if (!visible_[data_.language[i]]) continue;
            const bool emph = anyEmphasis && emphasis_[i];
            if (anyEmphasis && emph != (pass == 1)) continue;
            const QPointF p = mapToWidget(pointPosition(i));
            if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || !rect().contains(p.toPoint()))
                continue;
            QColor c = scatterLanguageColor(data_.language[i]);
            if (anyEmphasis && !emph)
                c = QColor::fromRgbF(0.3 * c.redF() + 0.7, 0.3 * c.greenF() + 0.7,
                                     0.3 * c.blueF() + 0.7);
            painter.setPen(emph ? QPen(QColor(0x20, 0x20, 0x20), 1.0) : Qt::NoPen);
            painter.setBrush(c);
            painter.drawEllipse(p, emph ? r + 1.2 : r, emph ? r + 1.2 : r);
        }
    }
}

void ScatterView::paintFrame(QPainter& painter) const {
    const QFontMetricsF fm(font());
    painter.setPen(QColor(90, 90, 90));
    if (data_.size() == 0 || index_.indexedPoints() == 0) {
        painter.drawText(rect(), Qt::AlignCenter, tr("No points to show"));
        return;
    }
    const QRectF plot = plotRect();
    if (!xTitle_.isEmpty())
        painter.drawText(QRectF(plot.left(), height() - fm.height() - kScatterPadding / 2.0,
                                plot.width(), fm.height()),
                         Qt::AlignCenter, xTitle_);
    if (!yTitle_.isEmpty()) {
        painter.save();
        painter.translate(kScatterPadding / 2.0, plot.center().y());
        painter.rotate(-90);
        painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), fm.height()), Qt::AlignCenter,
                         yTitle_);
        painter.restore();
    }
    QStringList parts;
    // Singular and plural spelled out: English has no translation file to resolve %n forms.
    parts << (data_.size() == 1 ? tr("1 point") : tr("%L1 points").arg(data_.size()));
    if (!selection_.isEmpty()) parts << tr("%L1 selected").arg(selection_.size());
    if (searchMatches_.size() == 1) parts << tr("1 match");
    if (searchMatches_.size() > 1) parts << tr("%L1 matches").arg(searchMatches_.size());
    if (highlightedPairs_.size() == 1) parts << tr("1 translation highlighted");
    if (highlightedPairs_.size() > 1)
        parts << tr("%L1 translations highlighted").arg(highlightedPairs_.size());
    if (mode_ == ScatterMode::Density) parts << tr("density (darker: more points)");
    painter.drawText(QRectF(kScatterPadding, height() - fm.height() - kScatterPadding / 2.0,
                            width() / 2.0, fm.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, parts.join(QStringLiteral(" · ")));
}

// ---- mouse ------------------------------------------------------------------------------------

void ScatterView::resizeEvent(QResizeEvent*) {
    if (autoFit_) fitTo(currentBounds());
    update();
}

void ScatterView::startInteraction() {
    interacting_ = true;
    settle_.start();
}

void ScatterView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return QWidget::mousePressEvent(event);
    const QPointF pos = event->position();
    for (const ScatterLegendRow& row : legendRows_)
        if (row.rect.contains(pos)) {
            setLanguageVisible(row.language, !visible_[row.language]);
            return;
        }
    pressPos_ = lastPos_ = pos;
    moved_ = false;
    if (tool_ == Tool::Lasso || (event->modifiers() & Qt::ShiftModifier)) {
        drag_ = Drag::Lasso;
        lasso_ = QPolygonF({pos});
    } else {
        drag_ = Drag::Pan;
        orbit_ = threeD_ && !(event->modifiers() & Qt::ControlModifier);
    }
}

void ScatterView::mouseMoveEvent(QMouseEvent* event) {
    const QPointF pos = event->position();
    if (drag_ == Drag::Pan) {
        if ((pos - pressPos_).manhattanLength() > kClickSlop) moved_ = true;
        if (moved_) {
            startInteraction();
            const QPointF delta = pos - lastPos_;
            if (orbit_)
                setRotation(yaw_ + delta.x() * kDegreesPerPixel,
                            pitch_ + delta.y() * kDegreesPerPixel);
            else
                panBy(delta);
            lastPos_ = pos;
        }
        return;
    }
    if (drag_ == Drag::Lasso) {
        if (QLineF(lasso_.last(), pos).length() >= 2.0) lasso_ << pos;
        update();
        return;
    }
    updateHover(pos);
}

void ScatterView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || drag_ == Drag::None)
        return QWidget::mouseReleaseEvent(event);
    const Drag drag = drag_;
    drag_ = Drag::None;
    if (drag == Drag::Pan && !moved_) {
        const int i = pointAt(event->position());
        setSelection(i >= 0 ? QList<int>{i} : QList<int>{});
        if (i >= 0) Q_EMIT pointClicked(i);
    } else if (drag == Drag::Lasso) {
        const QPolygonF polygon = lasso_;
        lasso_.clear();
        if (polygon.size() >= 3) setSelection(pointsInPolygon(polygon));
    }
    settle_.start();
    update();
}

void ScatterView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) fitToData();
}

void ScatterView::wheelEvent(QWheelEvent* event) {
    const double notches = event->angleDelta().y() / 120.0;
    if (notches == 0.0) return;
    startInteraction();
    zoomBy(std::pow(1.25, notches), event->position());
    event->accept();
}

void ScatterView::keyPressEvent(QKeyEvent* event) {
    if (event->key() != Qt::Key_Escape) return QWidget::keyPressEvent(event);
    if (selection_.isEmpty() && highlightedPairs_.isEmpty() && searchMatches_.isEmpty())
        return QWidget::keyPressEvent(event);  // nothing to clear: let a dialog close
    searchMatches_.clear();
    highlightedPairs_.clear();
    setSelection({});
    rebuildEmphasis();
}

void ScatterView::leaveEvent(QEvent*) {
    if (hovered_ < 0) return;
    hovered_ = -1;
    QToolTip::hideText();
    Q_EMIT pointHovered(-1);
    update();
}

void ScatterView::updateHover(QPointF pos) {
    for (const ScatterLegendRow& row : legendRows_)
        if (row.rect.contains(pos)) {
            if (hovered_ >= 0) hovered_ = -1, Q_EMIT pointHovered(-1), update();
            const QString& name = data_.languages[row.language];
            QToolTip::showText(mapToGlobal(pos.toPoint()),
                               visible_[row.language] ? tr("Click to hide %1").arg(name)
                                                      : tr("Click to show %1").arg(name),
                               this);
            return;
        }
    const int i = pointAt(pos);
    if (i == hovered_) return;
    hovered_ = i;
    Q_EMIT pointHovered(i);
    update();
    if (i < 0) {
        QToolTip::hideText();
        return;
    }
    const QString language =
        data_.language[i] < data_.languages.size() ? data_.languages[data_.language[i]] : QString();
    QString tip = tr("%1, point %L2").arg(language).arg(i);
    if (texts_) tip += QLatin1Char('\n') + elidedLine(texts_(i), QFontMetricsF(font()), 480);
    QToolTip::showText(mapToGlobal(pos.toPoint()), tip, this);
}

// ---- export -----------------------------------------------------------------------------------

bool ScatterView::exportPng(const QString& path, QString* error) {
    const auto paint = [this](QPainter& painter) { paintAll(painter, Target::Png); };
    QString reason;
    if (writePngExport(path, {size(), devicePixelRatioF()}, paint, &reason)) return true;
    if (error) *error = tr("Cannot write the PNG file %1: %2").arg(path, reason);
    return false;
}

bool ScatterView::exportSvg(const QString& path, QString* error) {
    SvgExportOptions options;
    options.size = size();
    options.viewBox = rect();
    options.resolution = logicalDpiX();
    options.title = tr("Isomorph embeddings");
    const auto paint = [this](QPainter& painter) { paintAll(painter, Target::Svg); };
    QString reason;
    if (writeSvgExport(path, options, paint, &reason)) return true;
    if (error) *error = tr("Cannot write the SVG file %1: %2").arg(path, reason);
    return false;
}

bool ScatterView::exportCsv(const QString& path, QString* error) const {
    QString reason;
    if (writeCsvExport(
            path, [this](CsvExportSink& out) { writeCsvRows(out); }, &reason))
        return true;
    if (error) *error = tr("Cannot write %1: %2").arg(path, reason);
    return false;
}

void ScatterView::writeCsvRows(CsvExportSink& out) const {
    std::vector<QByteArray> names;
    for (const QString& name : data_.languages)
        names.push_back(csvField(name).toUtf8());
    const bool hasZ = !data_.z.empty();
    out << (hasZ ? "index,language,x,y,z,pair\r\n" : "index,language,x,y,pair\r\n");
    for (int i = 0; i < data_.size(); ++i) {
        const std::uint8_t l = data_.language[i];
        QByteArray row = QByteArray::number(i) + ',' +
                         (l < names.size() ? names[l] : QByteArray::number(l)) + ',' +
                         floatText(data_.x[i]) + ',' + floatText(data_.y[i]) + ',';
        if (hasZ) row += floatText(data_.z[i]) + ',';
        if (!data_.pair.empty() && data_.pair[i] >= 0) row += QByteArray::number(data_.pair[i]);
        row += "\r\n";
        out << row;
    }
}

}  // namespace isomorph::views
