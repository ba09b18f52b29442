#include "views/embeddings/scatter_raster.h"

#include <algorithm>
#include <cmath>

#include <QElapsedTimer>

namespace isomorph::views {

namespace {

// Beyond this radius a stamp is clipped; emphasised points add kEmphasisGrowth + an outline.
constexpr int kMaxRadius = 8;
constexpr double kEmphasisGrowth = 1.2;
constexpr QRgb kOutline = 0x202020;
// Share of the background mixed into points that are not emphasised while others are.
constexpr int kFade256 = 180;

// Which of the points falling on one pixel is drawn on top: a fixed scramble of the index, so
// that sorted input (all English, then all German, ...) does not put one language on top.
inline std::uint32_t topKey(std::uint32_t index, std::uint8_t language) {
    const std::uint32_t h = (index * 2654435761u) >> 8;  // 24 bits
    return ((std::min<std::uint32_t>(h, 0xFFFFFEu) + 1u) << 8) | language;
}

// dst + (src - dst) * a / 256 per channel of an opaque RGB32 pixel, a in [0, 256].
inline QRgb mix(QRgb dst, QRgb src, std::uint32_t a) {
    const std::uint32_t na = 256u - a;
    const std::uint32_t rb = (((src & 0xFF00FFu) * a + (dst & 0xFF00FFu) * na) >> 8) & 0xFF00FFu;
    const std::uint32_t g = (((src & 0x00FF00u) * a + (dst & 0x00FF00u) * na) >> 8) & 0x00FF00u;
    return 0xFF000000u | rb | g;
}

struct StampCell {
    int dx, dy;
    std::uint32_t coverage;  // 0..256
};

// An antialiased disc of radius r around a pixel centre, as covered pixel offsets.
std::vector<StampCell> discStamp(double r) {
    std::vector<StampCell> cells;
    const int reach = static_cast<int>(std::ceil(r + 0.5));
    for (int dy = -reach; dy <= reach; ++dy)
        for (int dx = -reach; dx <= reach; ++dx) {
            const double cover = std::clamp(r + 0.5 - std::hypot(dx, dy), 0.0, 1.0);
            if (cover > 0.0) cells.push_back({dx, dy, static_cast<std::uint32_t>(cover * 256.0)});
        }
    return cells;
}

// Maps points to pixels of a buffer padded by `pad` on every side (so discs of points just
// outside the image still reach into it) and calls f(pixel offset, position in the arrays,
// original point index) for each.
struct PixelMapper {
    const ScatterRasterRequest& req;
    int pad;
    int width;  // padded
    int height;

    template <typename F>
    int forEachPoint(F&& f) const {
        const ScatterData& d = *req.data;
        const float* xs = d.x.data();
        const float* ys = d.y.data();
        const std::uint8_t* langs = d.language.data();
        const bool animate = req.fromX && req.fromY && req.fromX->size() == d.x.size() &&
                             req.fromY->size() == d.y.size() && req.progress < 1.0f;
        const float* fx = animate ? req.fromX->data() : nullptr;
        const float* fy = animate ? req.fromY->data() : nullptr;
        const float t = req.progress;
        const float s = static_cast<float>(req.scale);
        const float ox = static_cast<float>(req.size.width() * 0.5 + pad - req.centerX * req.scale);
        const float oy =
            static_cast<float>(req.size.height() * 0.5 + pad + req.centerY * req.scale);
        const float maxX = static_cast<float>(width);
        const float maxY = static_cast<float>(height);
        const int n = d.size();
        const int step = std::max(1, req.stride);
        const int languages = static_cast<int>(d.languages.size());
        const int* original =
            req.original && req.original->size() == d.x.size() ? req.original->data() : nullptr;
        int drawn = 0;
        for (int i = 0; i < n; i += step) {
            const std::uint8_t lang = langs[i];
            if (!req.visible[lang] || lang >= languages) continue;
            float x = xs[i];
            float y = ys[i];
            if (fx) x = fx[i] + (x - fx[i]) * t, y = fy[i] + (y - fy[i]) * t;
            const float px = ox + x * s;
            const float py = oy - y * s;
            if (!(px >= 0.0f && px < maxX && py >= 0.0f && py < maxY)) continue;  // NaN too
            f(static_cast<int>(py) * width + static_cast<int>(px), i, original ? original[i] : i);
            ++drawn;
        }
        return drawn;
    }
};

// Stamps a disc of `color` on every pixel whose key is set (key & 0xFF = language).
void stampKeys(QImage& image, const std::vector<std::uint32_t>& keys, const PixelMapper& map,
               const std::vector<StampCell>& stamp, const std::array<QRgb, 256>& colors) {
    const int w = image.width();
    const int h = image.height();
    auto* bits = reinterpret_cast<QRgb*>(image.bits());
    const qsizetype stride = image.bytesPerLine() / 4;
    for (int by = 0; by < map.height; ++by) {
        const std::uint32_t* row = keys.data() + qsizetype(by) * map.width;
        for (int bx = 0; bx < map.width; ++bx) {
            if (!row[bx]) continue;
            const QRgb color = colors[row[bx] & 0xFFu];
            const int cx = bx - map.pad;
            const int cy = by - map.pad;
            for (const StampCell& c : stamp) {
                const int x = cx + c.dx;
                const int y = cy + c.dy;
                if (x < 0 || y < 0 || x >= w || y >= h) continue;
                QRgb& px = bits[y * stride + x];
                px = mix(px, color, c.coverage);
            }
        }
    }
}

// Replaces each pixel's count and colour sums by those of its 3 x 3 neighbourhood (two
// separable passes), so that a point covers a small square and dense regions read as areas
// rather than speckle.
void boxSum3(std::vector<std::uint32_t>& acc, int width, int height) {
    const std::size_t rowLen = std::size_t(width) * 4;
    std::vector<std::uint32_t> copy(rowLen);
    for (int y = 0; y < height; ++y) {
        std::uint32_t* row = acc.data() + y * rowLen;
        std::copy(row, row + rowLen, copy.begin());
        for (std::size_t k = 4; k < rowLen; ++k)
            row[k] += copy[k - 4];
        for (std::size_t k = 0; k + 4 < rowLen; ++k)
            row[k] += copy[k + 4];
    }
    // Rows top to bottom: the row above is kept as it was before this pass.
    std::vector<std::uint32_t> above(rowLen, 0), current(rowLen);
    for (int y = 0; y < height; ++y) {
        std::uint32_t* row = acc.data() + y * rowLen;
        std::copy(row, row + rowLen, current.begin());
        const std::uint32_t* below = y + 1 < height ? row + rowLen : nullptr;
        for (std::size_t k = 0; k < rowLen; ++k)
            row[k] += above[k] + (below ? below[k] : 0u);
        above.swap(current);
    }
}

// How a pixel of `count` points is drawn, when the densest has `maxCount`: the share of its
// mean colour over the background (0..256) and of black over that (0 = none; the densest
// tenth of the log scale darkens).
struct DensityWeights {
    std::uint32_t alpha, dark;
};

DensityWeights densityWeights(int count, int maxCount) {
    const double level = maxCount > 1 ? std::log1p(count) / std::log1p(maxCount) : 1.0;
    return {static_cast<std::uint32_t>((0.3 + 0.7 * std::min(level / 0.9, 1.0)) * 256.0),
            level > 0.9 ? static_cast<std::uint32_t>((level - 0.9) * 900.0) : 0u};
}

QRgb densityColorWith(QRgb mean, DensityWeights w, QRgb background) {
    QRgb color = mix(background, mean, w.alpha);
    if (w.dark) color = mix(color, qRgb(0, 0, 0), w.dark);
    return color;
}

void composeDensity(QImage& image, const std::vector<std::uint32_t>& acc, const PixelMapper& map,
                    QRgb background, ScatterRasterStats& stats) {
    int maxCount = 0;
    for (std::size_t i = 0; i < acc.size(); i += 4)
        maxCount = std::max(maxCount, static_cast<int>(acc[i]));
    stats.maxDensity = maxCount;
    // The weights of every count up to 65,535 once (log1p per pixel was most of a frame);
    // denser pixels, rare, compute theirs.
    constexpr int kTable = 1 << 16;
    std::vector<DensityWeights> weights(static_cast<std::size_t>(std::min(maxCount, kTable - 1)) +
                                        1);
    for (std::size_t c = 1; c < weights.size(); ++c)
        weights[c] = densityWeights(static_cast<int>(c), maxCount);
    auto* bits = reinterpret_cast<QRgb*>(image.bits());
    const qsizetype stride = image.bytesPerLine() / 4;
    for (int y = 0; y < image.height(); ++y) {
        const std::uint32_t* row = acc.data() + (qsizetype(y + map.pad) * map.width + map.pad) * 4;
        for (int x = 0; x < image.width(); ++x) {
            const std::uint32_t* a = row + x * 4;
            const std::uint32_t n = a[0];
            if (!n) continue;
            const QRgb mean = qRgb(a[1] / n, a[2] / n, a[3] / n);
            bits[y * stride + x] = densityColorWith(
                mean, n < weights.size() ? weights[n] : densityWeights(int(n), maxCount),
                background);
        }
    }
}

}  // namespace

QRgb densityColor(QRgb mean, int count, int maxCount, QRgb background) {
    if (count <= 0) return background;
    return densityColorWith(mean, densityWeights(count, maxCount), background);
}

void ScatterRasterizer::render(const ScatterRasterRequest& req, QImage& image,
                               ScatterRasterStats* statsOut) {
    QElapsedTimer timer;
    timer.start();
    ScatterRasterStats stats;
    if (statsOut) *statsOut = stats;
    if (req.size.isEmpty()) {
        image = QImage();
        return;
    }
    if (image.size() != req.size || image.format() != QImage::Format_RGB32)
        image = QImage(req.size, QImage::Format_RGB32);
    image.fill(req.background);
    if (!req.data || !req.data->consistent() || req.data->size() == 0 || !(req.scale > 0.0)) return;
    // Emphasis is per original point: as long as the largest original index.
    const std::size_t points =
        req.original && req.original->size() == req.data->x.size()
            ? std::size_t(*std::max_element(req.original->begin(), req.original->end())) + 1
            : req.data->x.size();
    const std::vector<std::uint8_t>* emph =
        req.emphasis && req.emphasis->size() >= points ? req.emphasis : nullptr;
    const bool anyEmphasis =
        emph && std::find(emph->begin(), emph->end(), std::uint8_t(1)) != emph->end();
    const double radius = std::clamp(req.pointRadius, 0.5, double(kMaxRadius));
    const double emphRadius = radius + kEmphasisGrowth;
    const int pad = static_cast<int>(std::ceil(emphRadius + 1.5)) + 1;
    const PixelMapper map{req, pad, req.size.width() + 2 * pad, req.size.height() + 2 * pad};
    const std::size_t pixels = std::size_t(map.width) * map.height;
    const std::uint8_t* e = anyEmphasis ? emph->data() : nullptr;
    const std::uint8_t* language = req.data->language.data();

    // assign() on kept vectors reuses their memory: fresh multi-megabyte buffers every frame
    // cost more in page faults than the drawing itself (60 ms a frame on a virtual machine).
    if (anyEmphasis) emphKeys_.assign(pixels, 0);
    std::array<QRgb, 256> colors = req.colors;
    if (anyEmphasis)
        for (QRgb& c : colors)
            c = mix(c, req.background, kFade256);

    if (req.mode == ScatterMode::Density) {
        buffer_.assign(pixels * 4, 0);
        stats.drawn = map.forEachPoint([&](int p, int k, int i) {
            if (e && e[i]) {
                std::uint32_t& key = emphKeys_[p];
                key = std::max(key, topKey(i, language[k]));
                return;
            }
            const QRgb c = colors[language[k]];
            std::uint32_t* a = buffer_.data() + std::size_t(p) * 4;
            a[0] += 1, a[1] += qRed(c), a[2] += qGreen(c), a[3] += qBlue(c);
        });
        boxSum3(buffer_, map.width, map.height);
        composeDensity(image, buffer_, map, req.background, stats);
    } else {
        buffer_.assign(pixels, 0);
        stats.drawn = map.forEachPoint([&](int p, int k, int i) {
            std::uint32_t& key = (e && e[i]) ? emphKeys_[p] : buffer_[p];
            key = std::max(key, topKey(i, language[k]));
        });
        stampKeys(image, buffer_, map, discStamp(radius), colors);
    }
    if (anyEmphasis) {
        std::array<QRgb, 256> outline;
        outline.fill(kOutline);
        stampKeys(image, emphKeys_, map, discStamp(emphRadius + 1.0), outline);
        stampKeys(image, emphKeys_, map, discStamp(emphRadius), req.colors);
    }
    stats.milliseconds = timer.nsecsElapsed() / 1e6;
    if (statsOut) *statsOut = stats;
}

QImage rasterizeScatter(const ScatterRasterRequest& request, ScatterRasterStats* stats) {
    ScatterRasterizer rasterizer;
    QImage image;
    rasterizer.render(request, image, stats);
    return image;
}

}  // namespace isomorph::views
