#pragma once

// Orthogonal Procrustes: the rotation/reflection that maps one embedding space onto another from
// paired rows (e.g. translations). Plain C++ interface; Eigen is used only inside procrustes.cpp.

#include "core/common/float_matrix.h"

namespace isomorph::align {

/// W [d, d] = argmin ||A W - B||_F over orthogonal W, for paired rows source A [n, d] and target
/// B [n, d]: with A^T B = U S V^T (SVD, double precision), W = U V^T. Maps a source row vector x
/// to x W. Throws DataError when the shapes differ, n < 1, or a value is NaN/Inf (naming it).
FloatMatrix fitProcrustes(const FloatMatrix& source, const FloatMatrix& target);

/// X W for x [m, d] and w [d, d] (rows mapped into the target space). DataError on a d mismatch.
FloatMatrix apply(const FloatMatrix& w, const FloatMatrix& x);

/// ||A W - B||_F, the residual of a fitted map on paired rows.
double procrustesResidual(const FloatMatrix& w, const FloatMatrix& source,
                          const FloatMatrix& target);

}  // namespace isomorph::align
