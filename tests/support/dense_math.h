#pragma once

// Test-side linear algebra in plain double loops, written independently of the library's Eigen
// and BLAS code, so tests of core/align compare against something else.

#include <cmath>
#include <vector>

namespace isomorph::testing {

using Dense = std::vector<std::vector<double>>;  // [rows][cols]

/// Orthonormalises the rows of q in place by Gram-Schmidt, run twice for stability.
inline void gramSchmidt(Dense& q) {
    const size_t d = q.empty() ? 0 : q[0].size();
    for (size_t i = 0; i < q.size(); ++i) {
        for (int pass = 0; pass < 2; ++pass)
            for (size_t j = 0; j < i; ++j) {
                double dot = 0;
                for (size_t c = 0; c < d; ++c)
                    dot += q[i][c] * q[j][c];
                for (size_t c = 0; c < d; ++c)
                    q[i][c] -= dot * q[j][c];
            }
        double norm = 0;
        for (double v : q[i])
            norm += v * v;
        for (double& v : q[i])
            v /= std::sqrt(norm);
    }
}

}  // namespace isomorph::testing
