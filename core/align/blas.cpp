#include "core/align/blas.h"

#include <limits>
#include <stdexcept>

extern "C" {
// Fortran BLAS/LAPACK (column-major, arguments by reference), from libblas/liblapack.
void sgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
            const float* alpha, const float* a, const int* lda, const float* b, const int* ldb,
            const float* beta, float* c, const int* ldc);
void dgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
            const double* alpha, const double* a, const int* lda, const double* b, const int* ldb,
            const double* beta, double* c, const int* ldc);
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s,
             double* u, const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork,
             int* iwork, int* info);
void dgesvd_(const char* jobu, const char* jobvt, const int* m, const int* n, double* a,
             const int* lda, double* s, double* u, const int* ldu, double* vt, const int* ldvt,
             double* work, const int* lwork, int* info);
}

namespace isomorph::align::blas {

namespace {

int toInt(int64_t v) {
    if (v < 0 || v > std::numeric_limits<int>::max())
        throw std::invalid_argument("BLAS: a dimension does not fit a 32-bit integer");
    return static_cast<int>(v);
}

}  // namespace

// Row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T: swap the operands, keep the
// transpose flags (a row-major [r, c] buffer is the column-major [c, r] transpose).
void sgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k, float alpha, const float* a,
           int64_t lda, const float* b, int64_t ldb, float beta, float* c, int64_t ldc) {
    if (m == 0 || n == 0) return;
    const char ta = transA ? 'T' : 'N', tb = transB ? 'T' : 'N';
    const int im = toInt(m), in = toInt(n), ik = toInt(k), ilda = toInt(lda), ildb = toInt(ldb),
              ildc = toInt(ldc);
    sgemm_(&tb, &ta, &in, &im, &ik, &alpha, b, &ildb, a, &ilda, &beta, c, &ildc);
}

void dgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k, double alpha, const double* a,
           int64_t lda, const double* b, int64_t ldb, double beta, double* c, int64_t ldc) {
    if (m == 0 || n == 0) return;
    const char ta = transA ? 'T' : 'N', tb = transB ? 'T' : 'N';
    const int im = toInt(m), in = toInt(n), ik = toInt(k), ilda = toInt(lda), ildb = toInt(ldb),
              ildc = toInt(ldc);
    dgemm_(&tb, &ta, &in, &im, &ik, &alpha, b, &ildb, a, &ilda, &beta, c, &ildc);
}

// A row-major [d, d] buffer is A^T in column-major order. The SVD of A^T = V S U^T, so LAPACK's
// column-major "U" is our V and its "V^T" is our U^T; read back as row-major buffers, LAPACK's
// U buffer is V^T and its VT buffer is U, so the buffers only swap roles.
bool svdSquare(const std::vector<double>& a, int64_t d, Svd& out) {
    const int n = toInt(d);
    out.s.assign(static_cast<size_t>(d), 0.0);
    out.u.assign(static_cast<size_t>(d * d), 0.0);
    out.vt.assign(static_cast<size_t>(d * d), 0.0);
    std::vector<int> iwork(static_cast<size_t>(8 * d));
    const char all = 'A';
    // One LAPACK routine on a fresh copy of `a`: a workspace query, then the decomposition.
    // Returns LAPACK's info (0: done; > 0: no convergence).
    auto decompose = [&](auto routine) {
        std::vector<double> copy = a;
        double query = 0.0;
        int info = 0;
        routine(copy.data(), &query, -1, &info);
        if (info != 0) return info;
        std::vector<double> work(static_cast<size_t>(query));
        routine(copy.data(), work.data(), static_cast<int>(query), &info);
        return info;
    };
    const int dc = decompose([&](double* m, double* work, int lwork, int* info) {
        dgesdd_(&all, &n, &n, m, &n, out.s.data(), out.vt.data(), &n, out.u.data(), &n, work,
                &lwork, iwork.data(), info);
    });
    if (dc <= 0) return dc == 0;
    // Divide and conquer can fail to converge where QR iteration does not (OpenBLAS 0.3.21's
    // dgesdd on a rank-deficient A^T B: 300 fit pairs of 384-dimensional vectors, seen on an AMD
    // EPYC): the same decomposition with dgesvd, slower but more robust.
    return decompose([&](double* m, double* work, int lwork, int* info) {
               dgesvd_(&all, &all, &n, &n, m, &n, out.s.data(), out.vt.data(), &n, out.u.data(), &n,
                       work, &lwork, info);
           }) == 0;
}

}  // namespace isomorph::align::blas
