#pragma once

// Internal: the few BLAS/LAPACK calls core/align needs (float/double GEMM and the SVD), declared
// through the Fortran interface so that no CBLAS/LAPACKE header is needed and any BLAS (OpenBLAS,
// netlib) links. Everything here is row-major, like FloatMatrix. Not part of the public API.

#include <cstdint>
#include <vector>

namespace isomorph::align::blas {

/// C [m, n] = alpha * op(A) * op(B) + beta * C, row-major, float32. op(A) is [m, k]: A is stored
/// [m, k] (lda >= k) or, when transA, [k, m] (lda >= m); likewise op(B) is [k, n].
void sgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k, float alpha, const float* a,
           int64_t lda, const float* b, int64_t ldb, float beta, float* c, int64_t ldc);

/// The same in double precision.
void dgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k, double alpha, const double* a,
           int64_t lda, const double* b, int64_t ldb, double beta, double* c, int64_t ldc);

/// Full SVD of a square row-major [d, d] double matrix with LAPACK dgesdd (divide and conquer),
/// and dgesvd (QR iteration) where that does not converge: a = U diag(s) V^T. Returns false when
/// both fail.
struct Svd {
    std::vector<double> u;   ///< [d, d] row-major, left singular vectors in columns
    std::vector<double> s;   ///< [d], descending
    std::vector<double> vt;  ///< [d, d] row-major, V^T (right singular vectors in rows)
};
bool svdSquare(const std::vector<double>& a, int64_t d, Svd& out);

}  // namespace isomorph::align::blas
