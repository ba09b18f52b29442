#pragma once

#include <cstdint>
#include <vector>

#include <QColor>
#include <QStringList>

namespace isomorph::views {

/// The points of an embedding scatter, as plain arrays of equal length (one entry per point).
/// Indices are `int`: a view holds fewer than 2^31 points.
struct ScatterData {
    std::vector<float> x;  // projected coordinates (e.g. PC 1); NaN/inf points are not drawn
    std::vector<float> y;  // PC 2
    std::vector<float> z;  // PC 3 for the 3-D mode; empty: the data is 2-D only
    std::vector<std::uint8_t> language;  // index into languages; entries past its end are hidden
    /// Translation group of each point, or -1. Points sharing a group are translations of each
    /// other (a pair, or more sides of a multi-way parallel sentence). Empty: no pairs.
    std::vector<int> pair;
    QStringList languages;  // display names (or codes) of the languages, in index order

    int size() const { return static_cast<int>(x.size()); }
    /// Every array has the length of x (pair may be empty). The view refuses other data.
    bool consistent() const {
        return y.size() == x.size() && language.size() == x.size() &&
               (z.empty() || z.size() == x.size()) && (pair.empty() || pair.size() == x.size());
    }
};

/// Colour of language `i` in scatter plots. The first eight are Okabe and Ito's palette (told
/// apart with every common colour-vision deficiency), the next ones Paul Tol's muted and
/// light qualitative colours; 25 in all, then they repeat. Beyond eight languages no palette
/// stays distinct for everyone, which is why the legend can hide languages.
QColor scatterLanguageColor(int i);
/// How many distinct colours scatterLanguageColor() has before it repeats.
int scatterPaletteSize();

}  // namespace isomorph::views
