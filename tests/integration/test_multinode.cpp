// Two nodes on one machine: two network namespaces joined by a veth pair, one `isomorph-cli train
// --nnodes 2` node in each, Gloo over the veth addresses. The run equals one process with the
// double batch in float64; a node killed mid-run stops the other, which names the lost rank; the
// run resumes from its last checkpoint on one node. Skips, saying why, where namespaces cannot be
// made (not root, no iproute2, no CAP_NET_ADMIN in a container).

#include <signal.h>
#include <unistd.h>

#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/cli_runner.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_training.h"

using isomorph::testing::CliResult;
using isomorph::testing::readAll;
using isomorph::testing::runCli;
using isomorph::testing::trainLosses;

namespace {

/// Runs `ip ARGS`; "" on success, else what it printed.
QString ip(const QStringList& args) {
    QProcess p;
    p.start("ip", args);
    if (!p.waitForStarted()) return "cannot run ip (iproute2 is not installed)";
    if (!p.waitForFinished(30000)) return "ip " + args.join(' ') + " did not finish";
    if (p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0) return "";
    return "ip " + args.join(' ') + ": " +
           QString::fromLocal8Bit(p.readAllStandardError()).trimmed();
}

}  // namespace

class TestMultinode : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    isomorph::testing::TinyTraining tiny_;
    // One namespace per node, named after this process so concurrent runs do not collide.
    const QString nodeA_ = QString("isomorph-mn%1-a").arg(getpid());
    const QString nodeB_ = QString("isomorph-mn%1-b").arg(getpid());
    const QString addressA_ = "10.77.0.1", addressB_ = "10.77.0.2";
    QString skipReason_;

    QString run(const QString& name) const { return dir_.filePath("runs/" + name); }

    /// isomorph-cli ARGS inside namespace `ns`, as node `rank` of two.
    void startNode(QProcess& p, const QString& ns, int rank, const QString& runDir,
                   const QStringList& args) {
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert("ISOMORPH_DIST_TIMEOUT", "60");
        p.setProcessEnvironment(env);
        p.start("ip", QStringList{"netns", "exec", ns, ISOMORPH_BIN_DIR "/isomorph-cli", "train",
                                  "--run-dir", runDir, "--nnodes", "2", "--node-rank",
                                  QString::number(rank), "--master-addr", addressA_,
                                  "--master-port", "29610"} +
                          args);
    }

    QStringList fp64(int batch) const {
        return {"--config", tiny_.config,
                "--set",    "objectives.ccp.projection_norm=none",
                "--set",    "model.dropout=0",
                "--set",    "runtime.precision=fp64",
                "--set",    "runtime.threads=1",
                "--set",    "eval.every=0",
                "--set",    QString("objectives.ccp.batch_size=%1").arg(batch),
                "--set",    QString("objectives.mlm.batch_size=%1").arg(batch)};
    }

  private Q_SLOTS:
    void initTestCase() {
        QString error;
        tiny_ = isomorph::testing::makeTinyTraining(dir_.path(), &error);
        QVERIFY2(!tiny_.config.isEmpty(), qPrintable(error));
        // Two hosts: namespaces A and B, a veth pair between them, loopback up in each.
        const QList<QStringList> steps = {
            {"netns", "add", nodeA_},
            {"netns", "add", nodeB_},
            {"link", "add", "mn-veth-a", "netns", nodeA_, "type", "veth", "peer", "name",
             "mn-veth-b", "netns", nodeB_},
            {"-n", nodeA_, "addr", "add", addressA_ + "/24", "dev", "mn-veth-a"},
            {"-n", nodeB_, "addr", "add", addressB_ + "/24", "dev", "mn-veth-b"},
            {"-n", nodeA_, "link", "set", "mn-veth-a", "up"},
            {"-n", nodeB_, "link", "set", "mn-veth-b", "up"},
            {"-n", nodeA_, "link", "set", "lo", "up"},
            {"-n", nodeB_, "link", "set", "lo", "up"}};
        for (const QStringList& step : steps) {
            skipReason_ = ip(step);
            if (!skipReason_.isEmpty()) break;
        }
        if (!skipReason_.isEmpty())
            skipReason_ = "two network namespaces joined by a veth pair cannot be made here (" +
                          skipReason_ + "); the test needs root (CAP_NET_ADMIN) and iproute2";
    }

    void cleanupTestCase() {
        // Deleting a namespace deletes its end of the veth pair, and with it the other end.
        ip({"netns", "delete", nodeA_});
        ip({"netns", "delete", nodeB_});
    }

    void twoNodesMatchOneProcessWithTheDoubleBatch() {
        if (!skipReason_.isEmpty()) QSKIP(qPrintable(skipReason_));
        // Batch-independent settings in float64, as test_train_cli's two-process check (its
        // comment says why): 2 nodes x batch 4 against 1 process x batch 8, 20 steps.
        const QStringList common =
            QStringList{"--set", "schedule.max_steps=20", "--set", "checkpoint.every=0"};
        CliResult one = runCli(QStringList{"train", "--run-dir", run("one")} + fp64(8) + common);
        QVERIFY2(one.exitCode == 0, one.err.constData());
        QProcess a, b;
        startNode(a, nodeA_, 0, run("two"), fp64(4) + common);
        startNode(b, nodeB_, 1, run("two"), fp64(4) + common);
        QVERIFY(a.waitForFinished(300000));
        QVERIFY(b.waitForFinished(300000));
        const QByteArray errA = a.readAllStandardError(), errB = b.readAllStandardError();
        QVERIFY2(a.exitCode() == 0, errA.constData());
        QVERIFY2(b.exitCode() == 0, errB.constData());
        QVERIFY2(errA.contains("node 0 of 2: started ranks 0-0 of 2"), errA.constData());
        // Gloo ran over the veth addresses: rank 0 lists where each rank is reached.
        QVERIFY2(errA.contains(addressA_.toUtf8()) && errA.contains(addressB_.toUtf8()),
                 errA.constData());
        // One run, one summary (rank 0's, on node 0).
        QVERIFY2(errA.count("finished at step 20;") == 1, errA.constData());
        QVERIFY2(!errB.contains("finished at step"), errB.constData());
        QVERIFY2(!errB.contains("info:"), errB.constData());  // other ranks: warnings only
        const auto x = trainLosses(run("one")), y = trainLosses(run("two"));
        QCOMPARE(x.size(), size_t{20});
        QCOMPARE(y.size(), size_t{20});
        double worst = 0;
        for (const auto& [step, loss] : x) {
            const double rel = std::abs(y.at(step) - loss) / std::abs(loss);
            worst = std::max(worst, rel);
            QVERIFY2(rel <= 1e-9, qPrintable(QString("step %1: %2 vs %3")
                                                 .arg(step)
                                                 .arg(loss, 0, 'g', 17)
                                                 .arg(y.at(step), 0, 'g', 17)));
        }
        qInfo("largest relative loss difference over 20 steps: %.3g", worst);
        // Throughput per rank, declared with the rank's host for the Runs view's charts.
        const QByteArray metrics = readAll(run("two") + "/metrics.jsonl");
        QVERIFY(metrics.contains("\"tokens_per_s/rank_1\""));
        QVERIFY2(
            metrics.contains("Tokens / s of rank 1 on ") && metrics.contains(addressB_.toUtf8()),
            metrics.left(2000).constData());
        QVERIFY(std::abs(x.at(20) - x.at(1)) > 1e-3 * std::abs(x.at(1)));
    }

    void aKilledNodeStopsTheOtherAndTheRunResumesOnOne() {
        if (!skipReason_.isEmpty()) QSKIP(qPrintable(skipReason_));
        const QString dir = run("killed");
        const QStringList common =
            QStringList{"--set", "schedule.max_steps=100000", "--set", "checkpoint.every=5"};
        QProcess a, b;
        startNode(a, nodeA_, 0, dir, fp64(4) + common);
        startNode(b, nodeB_, 1, dir, fp64(4) + common);
        QVERIFY(a.waitForStarted() && b.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(!readAll(dir + "/checkpoints/latest").isEmpty(), 120000);
        // Node B goes away: its worker, then its launcher (ip netns exec execs isomorph-cli).
        const QByteArray children =
            readAll(QString("/proc/%1/task/%1/children").arg(b.processId())).trimmed();
        QVERIFY2(!children.isEmpty(), "node B's launcher has no worker");
        QElapsedTimer timer;
        timer.start();
        for (const QByteArray& pid : children.split(' '))
            ::kill(static_cast<pid_t>(pid.toInt()), SIGKILL);
        ::kill(static_cast<pid_t>(b.processId()), SIGKILL);
        QVERIFY(b.waitForFinished(30000));
        // Node A stops by itself, naming the rank it lost, well inside the collective timeout.
        QVERIFY(a.waitForFinished(120000));
        qInfo("node A stopped %lld ms after node B was killed", timer.elapsed());
        const QByteArray err = a.readAllStandardError();
        QCOMPARE(a.exitCode(), 1);
        QVERIFY2(err.contains("Lost rank 1 on host") && err.contains(addressB_.toUtf8()),
                 err.constData());
        QVERIFY2(err.contains("worker 0 exited with status"), err.constData());
        // Resume on one node, one process: from the last checkpoint, saying what changes.
        const int at = readAll(dir + "/checkpoints/latest").trimmed().mid(5).toInt();
        CliResult resumed =
            runCli({"train", "--run-dir", dir, "--resume", "--max-steps", QString::number(at + 5)});
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QVERIFY2(resumed.err.contains(QString("at step %1").arg(at).toUtf8()),
                 resumed.err.constData());
        QVERIFY2(resumed.err.contains("resumed with 1 worker(s) where 2 wrote the checkpoint"),
                 resumed.err.constData());
        QVERIFY(trainLosses(dir).count(at + 5) == 1);
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestMultinode)
#include "test_multinode.moc"
