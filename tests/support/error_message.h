#pragma once

// The message of the exception a call throws, for tests that check what users are told.

#include <QString>

namespace isomorph::testing {

/// what() of the E that f() throws; a marker text when it throws nothing (other exception types
/// propagate and fail the test).
template <class E, class F>
QString messageOf(F&& f) {
    try {
        f();
    } catch (const E& e) {
        return QString::fromUtf8(e.what());
    }
    return QStringLiteral("(no error of the expected type)");
}

}  // namespace isomorph::testing
