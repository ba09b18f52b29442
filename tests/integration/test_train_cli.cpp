// `isomorph-cli train` end to end on a tiny model: exact resume after SIGKILL, 2 processes x B
// equal 1 process x 2B, TensorBoard files that validate, and the bad-input cases of the issue.

#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include "core/train/run_log/tfevents.h"
#include "tests/support/test_main.h"
#include "tests/support/tiny_training.h"

using isomorph::testing::CliResult;
using isomorph::testing::readAll;
using isomorph::testing::runCli;
using isomorph::testing::trainLosses;

namespace {

/// "" when every step's loss of `b` is within `tolerance` (relative) of `a`'s; else the first step
/// beyond it with both values. *worst: the largest relative difference seen.
QString relativeDifferenceAbove(const std::map<int, double>& a, const std::map<int, double>& b,
                                double tolerance, double* worst = nullptr) {
    for (const auto& [step, loss] : a) {
        auto it = b.find(step);
        if (it == b.end()) return QString("step %1 is missing").arg(step);
        const double rel = std::abs(it->second - loss) / std::abs(loss);
        if (worst) *worst = std::max(*worst, rel);
        if (rel > tolerance)
            return QString("step %1: %2 vs %3")
                .arg(step)
                .arg(loss, 0, 'g', 17)
                .arg(it->second, 0, 'g', 17);
    }
    return "";
}

}  // namespace

class TestTrainCli : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    isomorph::testing::TinyTraining tiny_;

    QString run(const QString& name) const { return dir_.filePath("runs/" + name); }
    static QString checkpoint(const QString& runDir, int step) {
        return runDir + QString("/checkpoints/step-%1").arg(step, 8, 10, QChar('0'));
    }

  private Q_SLOTS:
    void initTestCase() {
        QString error;
        tiny_ = isomorph::testing::makeTinyTraining(dir_.path(), &error);
        QVERIFY2(!tiny_.config.isEmpty(), qPrintable(error));
    }

    void resumeAfterSigkillIsBitwiseExact() {
        // Reference: 40 uninterrupted steps.
        CliResult a = runCli({"train", "--config", tiny_.config, "--run-dir", run("straight")});
        QVERIFY2(a.exitCode == 0, a.err.constData());

        // Interrupted: killed with SIGKILL once a checkpoint at or after step 20 exists.
        QProcess p;
        p.start(ISOMORPH_BIN_DIR "/isomorph-cli",
                {"train", "--config", tiny_.config, "--run-dir", run("killed"), "--set",
                 "schedule.max_steps=40"});
        QVERIFY(p.waitForStarted());
        QElapsedTimer timer;
        timer.start();
        const QString latest = run("killed") + "/checkpoints/latest";
        while (timer.elapsed() < 120000) {
            const QByteArray name = readAll(latest).trimmed();
            if (!name.isEmpty() && name.mid(5).toInt() >= 20) break;
            QThread::msleep(5);
        }
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished());
        const int killedAt = readAll(latest).trimmed().mid(5).toInt();
        QVERIFY2(killedAt >= 20 && killedAt < 40, readAll(latest).constData());

        CliResult resumed = runCli({"train", "--run-dir", run("killed"), "--resume"});
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QVERIFY2(resumed.err.contains("resumed from"), resumed.err.constData());

        bool consistent = true;
        const auto reference = trainLosses(run("straight"));
        const auto interrupted = trainLosses(run("killed"), &consistent);
        QVERIFY(consistent);  // steps logged before the kill and again after resume agree
        QCOMPARE(reference.size(), size_t{40});
        for (const auto& [step, loss] : reference) {
            QVERIFY2(interrupted.count(step), qPrintable(QString("step %1 missing").arg(step)));
            QVERIFY2(interrupted.at(step) == loss,
                     qPrintable(QString("step %1: %2 vs %3")
                                    .arg(step)
                                    .arg(loss, 0, 'g', 17)
                                    .arg(interrupted.at(step), 0, 'g', 17)));
        }
        for (const char* file : {"model.safetensors", "heads.safetensors", "optimizer.safetensors"})
            QVERIFY2(readAll(checkpoint(run("straight"), 40) + "/" + file) ==
                         readAll(checkpoint(run("killed"), 40) + "/" + file),
                     file);
    }

    void tensorboardEventsValidate() {
        // The straight run's event file: every record's CRCs check, and the losses match.
        QDir d(run("straight"));
        const QStringList files = d.entryList({"events.out.tfevents.*"}, QDir::Files);
        QCOMPARE(files.size(), 1);
        const auto events = isomorph::train::readTfEvents(d.filePath(files.first()).toStdString());
        QVERIFY(!events.empty());
        QCOMPARE(QString::fromStdString(events.front().fileVersion), QString("brain.Event:2"));
        const auto losses = trainLosses(run("straight"));
        int matched = 0;
        for (const auto& e : events)
            for (const auto& [tag, value] : e.scalars)
                if (tag == "train/loss") {
                    QCOMPARE(value, static_cast<float>(losses.at(static_cast<int>(e.step))));
                    ++matched;
                }
        QCOMPARE(matched, 40);
    }

    void tensorboardReadsTheRun() {
        // TensorBoard's own reader (the real package, in packaging/setup-venv.sh's environment)
        // opens the straight run's folder and sees every training loss at its step.
        const QString python = qEnvironmentVariable("ISOMORPH_VENV_PYTHON");
        if (python.isEmpty() || !QFile::exists(python))
            QSKIP(
                "no Python environment with TensorBoard: run packaging/setup-venv.sh before "
                "configuring (packaging/bootstrap.sh does)");
        QProcess p;
        p.start(python,
                {ISOMORPH_SOURCE_DIR "/tests/reference/tensorboard_read.py", run("straight")});
        QVERIFY(p.waitForFinished(300000));
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 p.readAllStandardError().constData());
        const QJsonObject out = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const QJsonArray loss = out["scalars"].toObject()["train/loss"].toArray();
        const auto losses = trainLosses(run("straight"));
        QCOMPARE(static_cast<size_t>(loss.size()), losses.size());
        for (const auto& v : loss) {
            const int step = v.toArray()[0].toInt();
            QVERIFY2(losses.count(step),
                     qPrintable(QString("step %1 not in metrics.jsonl").arg(step)));
            // TensorBoard holds the float32 value as a double: exact after narrowing.
            QCOMPARE(static_cast<float>(v.toArray()[1].toDouble()),
                     static_cast<float>(losses.at(step)));
        }
    }

    void twoProcessesMatchOneWithTheDoubleBatch_data() {
        QTest::addColumn<QString>("objective");
        QTest::addColumn<QString>("mixing");
        QTest::newRow("mlm+ccp sampled") << "ccp"
                                         << "sample";
        QTest::newRow("mlm+ccp summed") << "ccp"
                                        << "sum";
        QTest::newRow("mlm+msm summed") << "msm"
                                        << "sum";
    }

    void twoProcessesMatchOneWithTheDoubleBatch() {
        // Batch-independent settings: no projection batch norm (per-rank statistics by design)
        // and no dropout (masks are drawn per process). In float64, because the two runs sum
        // gradients in another order (per-rank halves, then an all-reduce) and GEMMs block
        // differently on other CPUs: float32 rounding (1e-7 relative) grows through 20 Adam steps
        // to ~1e-4 and depends on the BLAS kernel, float64 rounding (1e-16) stays far below the
        // 1e-9 checked here on any CPU, so a real mismatch (a missing rank's rows, a wrong
        // gradient scale) cannot hide behind the tolerance. MSM: every cross-document negative
        // (no sampling), blocks of 4 sentences.
        QFETCH(QString, objective);
        QFETCH(QString, mixing);
        const bool msm = objective == "msm";
        QStringList common = {"--config", tiny_.config,
                              "--set",    "schedule.mixing=" + mixing,
                              "--set",    "schedule.max_steps=20",
                              "--set",    "objectives.ccp.projection_norm=none",
                              "--set",    "model.dropout=0",
                              "--set",    "runtime.precision=fp64",
                              "--set",    "eval.every=0",
                              "--set",    "checkpoint.every=0"};
        if (msm)
            common << "--set"
                   << "objectives.ccp.weight=0"
                   << "--set"
                   << "objectives.msm.weight=1"
                   << "--set"
                   << "objectives.msm.max_sentences=4"
                   << "--set"
                   << "objectives.msm.projection_size=8";
        auto batch = [&](int n) {
            return QStringList{"--set",
                               QString("objectives.%1.batch_size=%2").arg(objective).arg(n),
                               "--set", QString("objectives.mlm.batch_size=%1").arg(n)};
        };
        const QString one_ = run("one-" + objective + "-" + mixing),
                      two_ = run("two-" + objective + "-" + mixing);
        CliResult one = runCli(QStringList{"train", "--run-dir", one_} + common + batch(8));
        QVERIFY2(one.exitCode == 0, one.err.constData());
        CliResult two =
            runCli(QStringList{"train", "--run-dir", two_, "--nproc", "2"} + common + batch(4));
        QVERIFY2(two.exitCode == 0, two.err.constData());
        // One run, one summary: only rank 0 of the workers reports.
        QVERIFY2(two.err.count("finished at step 20;") == 1, two.err.constData());
        QVERIFY2(one.err.count("finished at step 20;") == 1, one.err.constData());
        const auto a = trainLosses(one_), b = trainLosses(two_);
        QCOMPARE(a.size(), size_t{20});
        QCOMPARE(b.size(), size_t{20});
        double worst = 0;
        const QString difference = relativeDifferenceAbove(a, b, 1e-9, &worst);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        qInfo("%s: largest relative loss difference over 20 steps: %.3g", qPrintable(objective),
              worst);
        // And the runs did train: the loss moved.
        QVERIFY(std::abs(a.at(20) - a.at(1)) > 1e-3 * std::abs(a.at(1)));
    }

    void hictlTwoProcessesMatchOneWithTheDoubleBatch() {
        // HICTL with hard negatives and the word level, and TLM, float64 and no dropout as above:
        // the sentence-level negatives are gathered from both ranks, p_avg follows the global loss,
        // the word-level draw is keyed per pair. The tiny model's 34 positions hold two 16-token
        // sides; its 80-id vocabulary offers 8 word negatives.
        const QStringList common = {"--config", tiny_.config,
                                    "--set",    "schedule.max_steps=12",
                                    "--set",    "objectives.ccp.weight=0",
                                    "--set",    "objectives.hictl.weight=1",
                                    "--set",    "objectives.hictl.word_negatives=8",
                                    "--set",    "objectives.tlm.weight=0.5",
                                    "--set",    "data.pairs=" + tiny_.devPairs,
                                    "--set",    "data.max_tokens=16",
                                    "--set",    "model.dropout=0",
                                    "--set",    "runtime.precision=fp64",
                                    "--set",    "eval.every=0",
                                    "--set",    "checkpoint.every=0"};
        CliResult one = runCli(QStringList{"train", "--run-dir", run("hictl-one")} + common +
                               QStringList{"--set", "objectives.hictl.batch_size=8", "--set",
                                           "objectives.mlm.batch_size=8", "--set",
                                           "objectives.tlm.batch_size=8"});
        QVERIFY2(one.exitCode == 0, one.err.constData());
        CliResult two = runCli(
            QStringList{"train", "--run-dir", run("hictl-two"), "--nproc", "2"} + common +
            QStringList{"--set", "objectives.hictl.batch_size=4", "--set",
                        "objectives.mlm.batch_size=4", "--set", "objectives.tlm.batch_size=4"});
        QVERIFY2(two.exitCode == 0, two.err.constData());
        const auto a = trainLosses(run("hictl-one")), b = trainLosses(run("hictl-two"));
        QCOMPARE(a.size(), size_t{12});
        QCOMPARE(b.size(), size_t{12});
        const QString difference = relativeDifferenceAbove(a, b, 1e-9);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        QVERIFY(std::abs(a.at(12) - a.at(1)) > 1e-3 * std::abs(a.at(1)));
    }

    void invalidConfigsAreListed() {
        CliResult r = runCli({"train", "--config", tiny_.config, "--run-dir", run("bad"), "--set",
                              "optimizer.lr=-1", "--set", "objectives.ccp.radius=0", "--set",
                              "objectives.ccp.bank_size=4"});
        QCOMPARE(r.exitCode, 2);
        for (const char* key :
             {"optimizer.lr", "objectives.ccp.radius", "objectives.ccp.bank_size"})
            QVERIFY2(r.err.contains(key), r.err.constData());
        QVERIFY(!QDir(run("bad")).exists());  // validated before anything starts

        CliResult unknown = runCli({"train", "--config", tiny_.config, "--run-dir", run("bad"),
                                    "--set", "objectives.simcse.weight=1"});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("unknown key 'objectives.simcse.weight'"),
                 unknown.err.constData());

        QFile f(dir_.filePath("typo.toml"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[optimizer]\nlr = 1e-4\nlearning_rate = 3\n");
        f.close();
        CliResult typo = runCli({"train", "--config", f.fileName(), "--run-dir", run("bad")});
        QCOMPARE(typo.exitCode, 2);
        QVERIFY2(typo.err.contains("typo.toml:3") && typo.err.contains("optimizer.learning_rate"),
                 typo.err.constData());
    }

    void resumeRefusesAnotherConfig() {
        CliResult r = runCli({"train", "--config", tiny_.config, "--run-dir", run("straight"),
                              "--resume", "--set", "optimizer.lr=0.1"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("belongs to a different config") && r.err.contains("optimizer.lr"),
                 r.err.constData());
        CliResult fresh = runCli({"train", "--config", tiny_.config, "--run-dir", run("straight")});
        QCOMPARE(fresh.exitCode, 2);
        QVERIFY2(fresh.err.contains("--resume"), fresh.err.constData());
    }

    void corruptCheckpointFallsBackToTheOlderOne() {
        CliResult a = runCli(
            {"train", "--config", tiny_.config, "--run-dir", run("corrupt"), "--max-steps", "10"});
        QVERIFY2(a.exitCode == 0, a.err.constData());
        QFile model(checkpoint(run("corrupt"), 10) + "/model.safetensors");
        QVERIFY(model.open(QIODevice::ReadWrite));
        model.seek(model.size() - 3);
        model.write("xyz");
        model.close();
        CliResult r =
            runCli({"train", "--run-dir", run("corrupt"), "--resume", "--max-steps", "12"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("skipping checkpoint") && r.err.contains("step-00000010") &&
                     r.err.contains("resumed from") && r.err.contains("step-00000005"),
                 r.err.constData());
    }

    void fullDiskKeepsThePreviousCheckpoint() {
        CliResult a = runCli(
            {"train", "--config", tiny_.config, "--run-dir", run("full"), "--max-steps", "5"});
        QVERIFY2(a.exitCode == 0, a.err.constData());
        const QByteArray before = readAll(checkpoint(run("full"), 5) + "/model.safetensors");
        // A file-size limit makes the next checkpoint's large writes fail like a full disk.
        QProcess p;
        p.start(
            "/bin/bash",
            {"-c", QString("trap '' XFSZ; ulimit -f 64; exec '%1' train --run-dir '%2' --resume "
                           "--max-steps 10")
                       .arg(ISOMORPH_BIN_DIR "/isomorph-cli", run("full"))});
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains("step-00000010") || err.contains("File too large"), err.constData());
        QCOMPARE(readAll(run("full") + "/checkpoints/latest").trimmed(),
                 QByteArray("step-00000005"));
        QCOMPARE(readAll(checkpoint(run("full"), 5) + "/model.safetensors"), before);
        QVERIFY(!QDir(checkpoint(run("full"), 10)).exists());
        // And the run continues from it once there is room again.
        CliResult again =
            runCli({"train", "--run-dir", run("full"), "--resume", "--max-steps", "10"});
        QVERIFY2(again.exitCode == 0, again.err.constData());
    }

    void nanStopsWithACheckpoint() {
        CliResult r = runCli({"train", "--config", tiny_.config, "--run-dir", run("nan"), "--set",
                              "optimizer.lr=1e12", "--set", "optimizer.grad_clip=0", "--set",
                              "schedule.warmup_steps=0", "--set", "eval.every=0"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("loss is") && r.err.contains("nan") &&
                     r.err.contains("checkpoint of the last good state"),
                 r.err.constData());
        QVERIFY2(readAll(run("nan") + "/status.json").contains("\"diverged\""),
                 readAll(run("nan") + "/status.json").constData());
        const QByteArray latest = readAll(run("nan") + "/checkpoints/latest").trimmed();
        QVERIFY(!latest.isEmpty());
        QVERIFY(QFile::exists(run("nan") + "/checkpoints/" + latest + "/model.safetensors"));
    }

    void sigintStopsWithACheckpoint() {
        QProcess p;
        p.start(ISOMORPH_BIN_DIR "/isomorph-cli",
                {"train", "--config", tiny_.config, "--run-dir", run("sigint"), "--set",
                 "schedule.max_steps=100000", "--set", "checkpoint.every=0"});
        QVERIFY(p.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(trainLosses(run("sigint")).size() >= 3, 60000);
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const int last = static_cast<int>(trainLosses(run("sigint")).rbegin()->first);
        QCOMPARE(readAll(run("sigint") + "/checkpoints/latest").trimmed(),
                 QString("step-%1").arg(last, 8, 10, QChar('0')).toUtf8());
        QVERIFY(readAll(run("sigint") + "/status.json").contains("\"stopped\""));
    }

    void deadWorkerStopsTheOthersAndTheRunResumesWithOneProcess() {
        QProcess p;
        p.start(ISOMORPH_BIN_DIR "/isomorph-cli",
                {"train", "--config", tiny_.config, "--run-dir", run("dead"), "--nproc", "2",
                 "--set", "schedule.max_steps=100000", "--set", "checkpoint.every=5"});
        QVERIFY(p.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(!readAll(run("dead") + "/checkpoints/latest").isEmpty(), 60000);
        // Kill rank 1 (the launcher's second child).
        const QByteArray children =
            readAll(QString("/proc/%1/task/%1/children").arg(p.processId()));
        const QList<QByteArray> pids = children.trimmed().split(' ');
        QCOMPARE(pids.size(), 2);
        QElapsedTimer timer;
        timer.start();
        ::kill(static_cast<pid_t>(pids[1].toInt()), SIGKILL);
        QVERIFY(p.waitForFinished(120000));
        qInfo("the launcher stopped %lld ms after a worker died", timer.elapsed());
        QCOMPARE(p.exitCode(), 1);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains("worker 1 was killed by signal 9"), err.constData());
        CliResult resumed = runCli(
            {"train", "--run-dir", run("dead"), "--resume", "--nproc", "1", "--max-steps", "30"});
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QVERIFY2(resumed.err.contains("resumed from"), resumed.err.constData());
    }

    void portInUseIsExplained() {
        // A port that another program listens on.
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof(addr);
        QVERIFY(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0);
        QVERIFY(::listen(fd, 4) == 0);
        QVERIFY(::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0);
        const int port = ntohs(addr.sin_port);
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert("ISOMORPH_DIST_TIMEOUT", "10");
        CliResult r = runCli({"train", "--config", tiny_.config, "--run-dir", run("port"),
                              "--nproc", "2", "--master-port", QString::number(port)},
                             {}, env);
        ::close(fd);
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("rendezvous") && r.err.contains(QByteArray::number(port)),
                 r.err.constData());
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestTrainCli)
#include "test_train_cli.moc"
