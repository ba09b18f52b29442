#include <nlohmann/json.hpp>

#include <QtTest>

#include "core/runtime/scoped_thread_counts.h"
#include "core/runtime/system_info.h"
#include "tests/support/test_main.h"

using namespace isomorph::runtime;

class TestSystemInfo : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void collectsEverythingDoctorReports() {
        SystemInfoOptions options;
        options.gemmSize = 256;
        options.threads = 1;
        options.qtVersion = "6.4.2";
        SystemInfo info = collectSystemInfo(options);
        QCOMPARE(info.intraOpThreads, 1);
        QVERIFY(info.gemmGflops > 0.0);
        QCOMPARE(info.gemmSize, 256);
        std::vector<std::string> names;
        for (const auto& c : info.components)
            names.push_back(c.name);
        for (const char* required :
             {"LibTorch", "FAISS", "SentencePiece", "Eigen", "Xapian", "Qt"}) {
            QVERIFY2(std::find(names.begin(), names.end(), required) != names.end(), required);
        }
        for (const auto& c : info.components) {
            QVERIFY2(c.version != "not available", c.detail.c_str());
        }
        QVERIFY(!info.blasLibrary.empty());
        QVERIFY(!info.c10dBackends.empty());
        QCOMPARE(info.c10dBackends.front().name, std::string("gloo"));
        QVERIFY2(info.c10dBackends.front().available, info.c10dBackends.front().detail.c_str());
    }

    void skippingTheGemmLeavesItOutOfTheJson() {
        SystemInfoOptions options;
        options.measureGemm = false;
        options.probeC10d = false;
        SystemInfo info = collectSystemInfo(options);
        nlohmann::json j = toJson(info);
        QVERIFY(j["blas"]["gemm"].is_null());
        QCOMPARE(j["schema_version"].get<int>(), 1);
        QVERIFY(j["components"]["Qt"]["version"].get<std::string>() == "not built");
        QVERIFY(toText(info).find("LibTorch") != std::string::npos);
    }

    // doctor and the About dialog only look: the counts they measure with are not left behind.
    void collectSystemInfoLeavesTheProcessCountsAlone() {
        configureThreads(1);
        const int blas = blasThreads();
        SystemInfoOptions options;
        options.threads = 2;
        options.gemmSize = 64;
        options.probeC10d = false;
        const SystemInfo info = collectSystemInfo(options);
        QCOMPARE(info.intraOpThreads, 2);  // reported as asked for ...
        QCOMPARE(intraOpThreads(), 1);     // ... but not left behind
        QCOMPARE(blasThreads(), blas);
    }

    void slowOrReferenceBlasProducesTheInstallHint() {
        SystemInfo fast;
        fast.gemmSize = 1024;
        fast.gemmGflops = 150.0;
        fast.blasLibrary = "/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3";
        fast.blasConfig = "OpenBLAS 0.3.21";
        addPerformanceWarnings(fast);
        QVERIFY(fast.warnings.empty());

        SystemInfo slow;
        slow.gemmSize = 1024;
        slow.gemmGflops = 4.4;
        slow.blasLibrary = "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3";
        addPerformanceWarnings(slow);
        QCOMPARE(slow.warnings.size(), size_t(2));
        QVERIFY(slow.warnings[0].find("4.4 GFLOP/s") != std::string::npos);
        QVERIFY(slow.warnings[0].find("libopenblas0-pthread") != std::string::npos);
        QVERIFY(slow.warnings[1].find("reference BLAS") != std::string::npos);
        QVERIFY(toText(slow).find("Warnings") != std::string::npos);
        QCOMPARE(toJson(slow)["warnings"].size(), size_t(2));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestSystemInfo)
#include "test_system_info.moc"
