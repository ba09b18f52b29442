#include "views/embeddings/scatter_data.h"

namespace isomorph::views {

namespace {

// Okabe & Ito's eight (black swapped for Tol's indigo so that outlines stay distinct, yellow
// darkened to be visible on white), Paul Tol's muted and light schemes without near-duplicates
// of the first block, then darker companions: the first languages get the most distinct ones.
constexpr QRgb kPalette[] = {0x0072B2, 0xE69F00, 0x009E73, 0xD55E00, 0xCC79A7, 0x56B4E9, 0x332288,
                             0xC9B400, 0x882255, 0x44AA99, 0x999933, 0xAA4499, 0x117733, 0xCC6677,
                             0xDDCC77, 0x88CCEE, 0x77AADD, 0xEE8866, 0xBBCC33, 0xFFAABB, 0x99DDFF,
                             0x44BB99, 0x994F00, 0x4B0092, 0x6B6B6B};

}  // namespace

QColor scatterLanguageColor(int i) {
    const int n = scatterPaletteSize();
    return QColor(kPalette[((i % n) + n) % n]);
}

int scatterPaletteSize() {
    return static_cast<int>(sizeof(kPalette) / sizeof(kPalette[0]));
}

}  // namespace isomorph::views
