#pragma once

// The Qt Test suites are compiled into a few executables (tests/CMakeLists.txt: isomorph_tests,
// isomorph_gui_tests) instead of one per suite, so that the ~85 suites do not each pay for a moc
// run, a precompiled-header load and a LibTorch link. A suite registers itself under its file's
// name (tests/unit/test_heads.cpp is `test_heads`) with one of the macros below, the bundle's
// main (tests/support/test_main.cpp) runs the one its first argument names:
//
//   build/bin/isomorph_tests test_heads [Qt Test arguments: functions, -v2, -o ...]
//   build/bin/isomorph_tests --list
//
// The macros are Qt's QTEST_MAIN family with `main` replaced by a registered runner; the runner
// gets the suite's name as argv[0], so the application name, and with it QStandardPaths, is the
// suite's own as when it was its own program.

#include <QtTest>

namespace isomorph::testing {

using SuiteRunner = int (*)(int argc, char** argv);

/// Registers a suite under the base name of `file` (its __FILE__ without folder and extension).
bool registerSuite(const char* file, SuiteRunner run);

}  // namespace isomorph::testing

/// Like QTEST_MAIN_WRAPPER: `...` constructs the application (QTEST_QAPP_SETUP).
#define ISOMORPH_TEST_SUITE_WRAPPER(TestObject, ...)                       \
    namespace {                                                            \
    int isomorphRunSuite(int argc, char* argv[]) {                         \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>(); \
        __VA_ARGS__                                                        \
        TestObject tc;                                                     \
        QTEST_SET_MAIN_SOURCE_PATH                                         \
        return QTest::qExec(&tc, argc, argv);                              \
    }                                                                      \
    const bool isomorphSuiteRegistered =                                   \
        isomorph::testing::registerSuite(__FILE__, &isomorphRunSuite);     \
    }

/// QTEST_MAIN: QApplication where the bundle links Qt Widgets, else QCoreApplication.
#define ISOMORPH_TEST_MAIN(TestObject) ISOMORPH_TEST_SUITE_WRAPPER(TestObject, QTEST_MAIN_SETUP())
/// QTEST_GUILESS_MAIN: a QCoreApplication.
#define ISOMORPH_TEST_GUILESS_MAIN(TestObject) \
    ISOMORPH_TEST_SUITE_WRAPPER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
/// QTEST_APPLESS_MAIN: no application object.
#define ISOMORPH_TEST_APPLESS_MAIN(TestObject) ISOMORPH_TEST_SUITE_WRAPPER(TestObject, ;)
