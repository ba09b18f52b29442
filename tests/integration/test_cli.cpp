// isomorph-cli as a user meets it: exit codes, help, doctor's JSON schema, and the messages for
// bad input (unknown commands and flags, unusable devices, a missing or broken SentencePiece).

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/cli_runner.h"
#include "tests/support/test_main.h"

namespace {

using isomorph::testing::CliResult;

CliResult runCli(const QStringList& args,
                 const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
    return isomorph::testing::runCli(args, {}, env);
}

}  // namespace

class TestCli : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void versionAndHelp() {
        CliResult v = runCli({"--version"});
        QCOMPARE(v.exitCode, 0);
        QVERIFY2(v.out.startsWith("isomorph-cli 0."), v.out.constData());
        CliResult h = runCli({"--help"});
        QCOMPARE(h.exitCode, 0);
        QVERIFY(h.out.contains("doctor"));
        QVERIFY(h.out.contains("workspace"));
    }

    void everySubcommandHasHelp_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("doctor") << QStringList{"doctor", "--help"};
        QTest::newRow("workspace") << QStringList{"workspace", "--help"};
        QTest::newRow("workspace create") << QStringList{"workspace", "create", "--help"};
        QTest::newRow("workspace info") << QStringList{"workspace", "info", "--help"};
        for (const QStringList& cmd :
             {QStringList{"corpus"}, QStringList{"corpus", "build-demo"},
              QStringList{"corpus", "binarize"}, QStringList{"corpus", "stats"},
              QStringList{"tokenizer"}, QStringList{"tokenizer", "train"},
              QStringList{"tokenizer", "encode"}, QStringList{"tokenizer", "decode"},
              QStringList{"demo"}, QStringList{"demo", "prepare"}, QStringList{"model"},
              QStringList{"model", "init"}, QStringList{"encode"}}) {
            QTest::newRow(qPrintable(cmd.join(' '))) << (cmd + QStringList{"--help"});
        }
    }
    void everySubcommandHasHelp() {
        QFETCH(QStringList, args);
        CliResult r = runCli(args);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("Usage") || r.out.contains("OPTIONS"), r.out.constData());
    }

    void usageErrorsExitWithTwo_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mustSay");
        QTest::newRow("no command") << QStringList{} << "subcommand";
        QTest::newRow("unknown command") << QStringList{"trian"} << "unknown command 'trian'";
        QTest::newRow("unknown flag") << QStringList{"doctor", "--jsn"} << "--jsn";
        QTest::newRow("bad value") << QStringList{"doctor", "--threads", "many"} << "--threads";
        QTest::newRow("bad device") << QStringList{"doctor", "--device", "gpu"} << "--device";
        QTest::newRow("missing workspace verb") << QStringList{"workspace"} << "subcommand";
    }
    void usageErrorsExitWithTwo() {
        QFETCH(QStringList, args);
        QFETCH(QString, mustSay);
        CliResult r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(mustSay.toUtf8()), r.err.constData());
        QVERIFY2(!r.err.contains("terminate called"), r.err.constData());
    }

    void cudaOnCpuBuildIsAClearError() {
        CliResult r = runCli({"doctor", "--no-gemm", "--device", "cuda:0"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no CUDA support") || r.err.contains("CUDA device"),
                 r.err.constData());
    }

    void doctorJsonSchema() {
        CliResult r = runCli({"doctor", "--json", "--gemm-size", "256"});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError error;
        QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QJsonObject o = doc.object();
        QCOMPARE(o["schema_version"].toInt(), 1);
        QVERIFY(o["isomorph_version"].isString());
        QCOMPARE(o["device"].toString(), QString("cpu"));
        const QJsonObject components = o["components"].toObject();
        for (const char* name : {"LibTorch", "FAISS", "SentencePiece", "Eigen", "Xapian", "Qt"}) {
            QVERIFY2(components[name].toObject()["version"].isString(), name);
        }
        // The LibTorch this build was configured with (1.13 from Debian or 2.x from the wheel).
        QCOMPARE(components["LibTorch"].toObject()["version"].toString().section('.', 0, 1),
                 QString(ISOMORPH_TEST_TORCH_VERSION).section('.', 0, 1));
        const QJsonObject blas = o["blas"].toObject();
        QVERIFY(blas["library"].isString());
        QCOMPARE(blas["gemm"].toObject()["n"].toInt(), 256);
        QVERIFY(blas["gemm"].toObject()["gflops"].toDouble() > 0.0);
        QVERIFY(o["threads"].toObject()["intra_op"].toInt() >= 1);
        QVERIFY(o["cuda"].toObject()["compiled"].isBool());
        QVERIFY(o["cuda"].toObject()["devices"].isArray());
        QVERIFY(o["cuda"].toObject()["nccl"].isBool());
        const QJsonArray backends = o["c10d_backends"].toArray();
        QVERIFY(!backends.isEmpty());
        QCOMPARE(backends[0].toObject()["name"].toString(), QString("gloo"));
        QVERIFY(backends[0].toObject()["available"].toBool());
        QVERIFY(o["warnings"].isArray());
    }

    void missingShimLibraryIsNamed() {
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert("ISOMORPH_SPM_LIBRARY", "/nonexistent/libisomorph_spm.so");
        CliResult r = runCli({"doctor", "--no-gemm"}, env);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains("/nonexistent/libisomorph_spm.so"), r.out.constData());
        QVERIFY2(r.out.contains("ISOMORPH_SPM_LIBRARY"), r.out.constData());
    }

    void missingLibsentencepieceNamesTheDebianPackage() {
        // Copy the shim and point its DT_NEEDED entry at a SentencePiece soname that does not
        // exist (same length, so the ELF stays valid): what a machine without the library sees.
        QTemporaryDir tmp;
        QFile shim(QStringLiteral(ISOMORPH_BIN_DIR "/libisomorph_spm.so"));
        QVERIFY(shim.open(QIODevice::ReadOnly));
        QByteArray bytes = shim.readAll();
        const QByteArray needed("libsentencepiece.so.0\0", 22);
        const int at = bytes.indexOf(needed);
        QVERIFY2(at >= 0, "shim does not name libsentencepiece.so.0");
        bytes[at + 20] = '9';
        const QString broken = tmp.filePath("libisomorph_spm.so");
        QFile out(broken);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes);
        out.close();
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert("ISOMORPH_SPM_LIBRARY", broken);
        CliResult r = runCli({"doctor", "--no-gemm", "--json"}, env);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains("libsentencepiece0"), r.out.constData());
        QVERIFY2(r.out.contains("libsentencepiece.so.9"), r.out.constData());
    }

    void workspaceCreateAndInfo() {
        QTemporaryDir tmp;
        const QString dir = tmp.filePath("ws");
        CliResult c = runCli({"workspace", "create", dir, "--name", "study"});
        QCOMPARE(c.exitCode, 0);
        CliResult again = runCli({"workspace", "create", dir});
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.err.contains("already"), again.err.constData());
        QCOMPARE(runCli({"workspace", "create", dir, "--if-missing"}).exitCode, 0);
        CliResult info = runCli({"workspace", "info", dir, "--json"});
        QCOMPARE(info.exitCode, 0);
        QJsonObject o = QJsonDocument::fromJson(info.out).object();
        QCOMPARE(o["name"].toString(), QString("study"));
        QVERIFY(o["runs"].isArray());
    }

    void unwritableWorkspaceIsAClearError() {
        QTemporaryDir tmp;
        QFile file(tmp.filePath("plain-file"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const QString below = tmp.filePath("plain-file/ws");
        CliResult r = runCli({"workspace", "create", below});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(below.toUtf8()), r.err.constData());
        CliResult i = runCli({"workspace", "info", tmp.path()});
        QCOMPARE(i.exitCode, 1);
        QVERIFY2(i.err.contains("not an Isomorph workspace"), i.err.constData());
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
