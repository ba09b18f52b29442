#pragma once

// QCOMPARE for values that may differ within a stated tolerance: on failure it prints the
// expression, both values in full precision and the tolerance (QVERIFY(abs(a - b) < eps) hides
// them). State why the tolerance is what it is next to each use.

#include <cmath>

#include <QString>
#include <QtTest>

#define ISOMORPH_COMPARE_NEAR(actual, expected, tolerance)                        \
    do {                                                                          \
        const double isoActual_ = static_cast<double>(actual);                    \
        const double isoExpected_ = static_cast<double>(expected);                \
        const double isoTolerance_ = static_cast<double>(tolerance);              \
        QVERIFY2(std::abs(isoActual_ - isoExpected_) <= isoTolerance_,            \
                 qPrintable(QStringLiteral("%1 = %2, expected %3 (tolerance %4)") \
                                .arg(QStringLiteral(#actual))                     \
                                .arg(isoActual_, 0, 'g', 17)                      \
                                .arg(isoExpected_, 0, 'g', 17)                    \
                                .arg(isoTolerance_, 0, 'g', 3)));                 \
    } while (false)
