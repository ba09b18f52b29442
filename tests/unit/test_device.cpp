#include <QtTest>

#include "core/common/errors.h"
#include "core/runtime/device.h"

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

    void cpuIsAlwaysAvailable() { requireAvailable(parseDevice("cpu")); }

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

QTEST_GUILESS_MAIN(TestDevice)
#include "test_device.moc"
