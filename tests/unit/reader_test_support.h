#pragma once

// Shared helpers of the corpus reader suites: files in a temporary folder and error checks.

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"

namespace reader_test {

/// Writes `bytes` (binary, as given) to `name` inside `dir` and returns the path.
inline std::filesystem::path writeFile(const QTemporaryDir& dir, const std::string& name,
                                       const std::string& bytes) {
    const std::filesystem::path path = std::filesystem::path(dir.path().toStdString()) / name;
    std::ofstream out(path, std::ios::binary);
    out << bytes;
    return path;
}

/// The DataError message `fn` throws, or "" (after a test failure) when it throws none.
inline std::string dataError(const std::function<void()>& fn) {
    try {
        fn();
    } catch (const isomorph::DataError& e) {
        return e.what();
    }
    return {};
}

}  // namespace reader_test

/// Checks that `expr` throws DataError whose message contains every one of the strings.
#define EXPECT_DATA_ERROR(expr, ...)                                                     \
    do {                                                                                 \
        const std::string msg_ = reader_test::dataError([&] { (void)(expr); });          \
        QVERIFY2(!msg_.empty(), "expected DataError from " #expr);                       \
        for (const std::string& part_ : std::initializer_list<std::string>{__VA_ARGS__}) \
            QVERIFY2(msg_.find(part_) != std::string::npos,                              \
                     (msg_ + "  [missing: " + part_ + "]").c_str());                     \
    } while (false)
