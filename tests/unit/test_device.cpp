#include <QtTest>

#include "core/common/errors.h"
#include "core/runtime/device.h"
#include "tests/support/test_main.h"

using isomorph::ConfigError;
using namespace isomorph::runtime;

class TestDevice : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void parsesValidDevices() {
        QVERIFY(parseDevice("cpu") == (DeviceSpec{DeviceSpec::Kind::Cpu, -1}));
        QVERIFY(parseDevice("cuda") == (DeviceSpec{DeviceSpec::Kind::Cuda, -1}));
        QVERIFY(parseDevice("cuda:0") == (DeviceSpec{DeviceSpec::Kind::Cuda, 0}));
        QVERIFY(parseDevice("cuda:12") == (DeviceSpec{DeviceSpec::Kind::Cuda, 12}));
        QCOMPARE(parseDevice("cuda:3").toString(), std::string("cuda:3"));
        QCOMPARE(parseDevice("cpu").toString(), std::string("cpu"));
    }

    void rejectsInvalidDevicesNamingTheFlag() {
        for (const char* bad :
             {"gpu", "CPU", "cuda:", "cuda:x", "cuda:-1", "cuda:1:2", "", "cuda0"}) {
            try {
                parseDevice(bad, "--device");
                QFAIL(qPrintable(QString("accepted '%1'").arg(bad)));
            } catch (const ConfigError& e) {
                const std::string msg = e.what();
                QVERIFY2(msg.find("--device") != std::string::npos, e.what());
                QVERIFY2(msg.find("cpu, cuda or cuda:N") != std::string::npos, e.what());
            }
        }
    }

    void cpuIsAlwaysAvailable() {
        // Whatever CUDA this build or machine has, cpu passes the check under any name.
        for (const char* what : {"device", "--device", "runtime.device"})
            QVERIFY_THROWS_NO_EXCEPTION(requireAvailable(parseDevice("cpu", what), what));
    }

    void cudaOrdinalsBeyondTheVisibleDevicesAreRefused() {
        if (!cudaCompiledIn()) {
            QCOMPARE(cudaDeviceCount(), 0);  // nothing to count without CUDA support
            QSKIP("CPU-only build: covered by cudaWithoutCudaBuildIsAClearError");
        }
        const int count = cudaDeviceCount();
        QVERIFY(count >= 0);
        const DeviceSpec beyond{DeviceSpec::Kind::Cuda, count};
        try {
            requireAvailable(beyond, "--device");
            QFAIL(qPrintable(QString("accepted %1 with %2 device(s) visible")
                                 .arg(QString::fromStdString(beyond.toString()))
                                 .arg(count)));
        } catch (const ConfigError& e) {
            const std::string msg = e.what();
            QVERIFY2(msg.find("--device") != std::string::npos, e.what());
            QVERIFY2(msg.find(beyond.toString()) != std::string::npos, e.what());
        }
        for (int i = 0; i < count; ++i)
            QVERIFY_THROWS_NO_EXCEPTION(requireAvailable(DeviceSpec{DeviceSpec::Kind::Cuda, i}));
    }

    void cudaWithoutCudaBuildIsAClearError() {
        if (cudaCompiledIn()) QSKIP("this build has CUDA; the CPU-only message does not apply");
        QCOMPARE(cudaDeviceCount(), 0);
        try {
            requireAvailable(parseDevice("cuda:0"), "runtime.device");
            QFAIL("expected ConfigError");
        } catch (const ConfigError& e) {
            const std::string msg = e.what();
            QVERIFY2(msg.find("runtime.device") != std::string::npos, e.what());
            QVERIFY2(msg.find("no CUDA support") != std::string::npos, e.what());
        }
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestDevice)
#include "test_device.moc"
