// Where a worker stands in a multi-node run (core/train/launch_environment.h): torchrun's
// variables, a Slurm step's, Slurm host lists, and the refusals naming the flag or variable.

#include <QtTest>

#include "core/common/errors.h"
#include "core/train/launch_environment.h"
#include "tests/support/error_message.h"
#include "tests/support/test_main.h"

using isomorph::ConfigError;
using isomorph::train::EnvironmentLookup;
using isomorph::train::firstSlurmHost;
using isomorph::train::NodeLaunch;
using isomorph::train::readWorkerEnvironment;
using isomorph::train::validateNodeLaunch;
using isomorph::train::WorkerEnvironment;

namespace {

template <class F>
QString configError(F&& f) {
    return isomorph::testing::messageOf<ConfigError>(std::forward<F>(f));
}

}  // namespace

class TestLaunchEnvironment : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void noLauncherIsOneProcess() {
        const EnvironmentLookup env;
        const WorkerEnvironment w = readWorkerEnvironment(&env);
        QCOMPARE(w.worldSize, 1);
        QCOMPARE(w.rank, 0);
        QCOMPARE(QString::fromStdString(w.launcher), QString("none"));
    }

    void torchrunVariables() {
        // Node 1 of 2 x 8: torchrun's variables as its elastic agent sets them.
        const EnvironmentLookup env = {{"RANK", "11"},           {"WORLD_SIZE", "16"},
                                       {"LOCAL_RANK", "3"},      {"LOCAL_WORLD_SIZE", "8"},
                                       {"MASTER_ADDR", "node0"}, {"MASTER_PORT", "29400"}};
        const WorkerEnvironment w = readWorkerEnvironment(&env);
        QCOMPARE(w.rank, 11);
        QCOMPARE(w.worldSize, 16);
        QCOMPARE(w.localRank, 3);
        QCOMPARE(w.localWorldSize, 8);
        QCOMPARE(QString::fromStdString(w.masterAddr), QString("node0"));
        QCOMPARE(w.masterPort, 29400);
        QCOMPARE(QString::fromStdString(w.launcher), QString("torchrun"));
    }

    void torchrunWinsOverSlurm() {
        // `srun ... isomorph-cli train --nproc 8`: the supervisor's workers carry both.
        const EnvironmentLookup env = {{"RANK", "1"},          {"WORLD_SIZE", "2"},
                                       {"SLURM_STEP_ID", "0"}, {"SLURM_NTASKS", "4"},
                                       {"SLURM_PROCID", "3"},  {"SLURM_JOB_NODELIST", "n[1-2]"}};
        const WorkerEnvironment w = readWorkerEnvironment(&env);
        QCOMPARE(w.rank, 1);
        QCOMPARE(w.worldSize, 2);
        QCOMPARE(QString::fromStdString(w.masterAddr), QString("127.0.0.1"));
    }

    void slurmStep() {
        const EnvironmentLookup env = {{"SLURM_STEP_ID", "0"},
                                       {"SLURM_JOB_ID", "4711234"},
                                       {"SLURM_NTASKS", "16"},
                                       {"SLURM_PROCID", "9"},
                                       {"SLURM_LOCALID", "1"},
                                       {"SLURM_TASKS_PER_NODE", "8(x2)"},
                                       {"SLURM_JOB_NODELIST", "gpu[07-08],login1"}};
        const WorkerEnvironment w = readWorkerEnvironment(&env);
        QCOMPARE(QString::fromStdString(w.launcher), QString("slurm"));
        QCOMPARE(w.rank, 9);
        QCOMPARE(w.worldSize, 16);
        QCOMPARE(w.localRank, 1);
        QCOMPARE(w.localWorldSize, 8);
        QCOMPARE(QString::fromStdString(w.masterAddr), QString("gpu07"));
        QCOMPARE(w.masterPort, 20000 + 4711234 % 10000);
        // MASTER_ADDR and MASTER_PORT, where the job script sets them, win.
        EnvironmentLookup set = env;
        set["MASTER_ADDR"] = "10.0.0.5";
        set["MASTER_PORT"] = "29500";
        const WorkerEnvironment s = readWorkerEnvironment(&set);
        QCOMPARE(QString::fromStdString(s.masterAddr), QString("10.0.0.5"));
        QCOMPARE(s.masterPort, 29500);
    }

    void slurmBatchShellIsOneProcess() {
        // The batch script's own shell has SLURM_NTASKS but is no task of an srun step.
        const EnvironmentLookup env = {
            {"SLURM_NTASKS", "16"}, {"SLURM_PROCID", "0"}, {"SLURM_JOB_NODELIST", "gpu[07-08]"}};
        QCOMPARE(readWorkerEnvironment(&env).worldSize, 1);
    }

    void slurmHostLists() {
        QCOMPARE(QString::fromStdString(firstSlurmHost("gpu07", "V")), QString("gpu07"));
        QCOMPARE(QString::fromStdString(firstSlurmHost("gpu[07-09,12],login", "V")),
                 QString("gpu07"));
        QCOMPARE(QString::fromStdString(firstSlurmHost("rack[1-2]-n[001-004]", "V")),
                 QString("rack1-n001"));
        QCOMPARE(QString::fromStdString(firstSlurmHost("a.example.org,b", "V")),
                 QString("a.example.org"));
        for (const char* bad : {"gpu[07-09", "gpu07]", "gpu[]", "[x-y]", ""}) {
            const QString e = configError([&] { firstSlurmHost(bad, "SLURM_JOB_NODELIST"); });
            QVERIFY2(e.contains("SLURM_JOB_NODELIST"), bad);
        }
    }

    void malformedVariablesAreNamed() {
        const EnvironmentLookup rank = {{"WORLD_SIZE", "2"}, {"RANK", "two"}};
        QVERIFY(configError([&] { readWorkerEnvironment(&rank); }).contains("RANK='two'"));
        const EnvironmentLookup beyond = {{"WORLD_SIZE", "2"}, {"RANK", "2"}};
        QVERIFY(configError([&] { readWorkerEnvironment(&beyond); }).contains("WORLD_SIZE=2"));
        const EnvironmentLookup local = {
            {"WORLD_SIZE", "4"}, {"RANK", "1"}, {"LOCAL_RANK", "2"}, {"LOCAL_WORLD_SIZE", "2"}};
        QVERIFY(configError([&] { readWorkerEnvironment(&local); }).contains("LOCAL_RANK=2"));
        const EnvironmentLookup slurm = {{"SLURM_STEP_ID", "0"},
                                         {"SLURM_NTASKS", "2"},
                                         {"SLURM_PROCID", "5"},
                                         {"SLURM_JOB_NODELIST", "n1"}};
        QVERIFY(configError([&] { readWorkerEnvironment(&slurm); }).contains("SLURM_PROCID=5"));
        const EnvironmentLookup nodes = {
            {"SLURM_STEP_ID", "0"}, {"SLURM_NTASKS", "2"}, {"SLURM_PROCID", "1"}};
        QVERIFY(configError([&] { readWorkerEnvironment(&nodes); }).contains("MASTER_ADDR"));
    }

    void nodeLaunchRefusals() {
        NodeLaunch l;
        l.nnodes = 2;
        l.nodeRank = 1;
        QVERIFY(configError([&] { validateNodeLaunch(l); }).contains("--master-addr"));
        l.masterAddr = "10.0.0.1";
        validateNodeLaunch(l);  // throws nothing
        l.nodeRank = 2;
        QVERIFY(configError([&] { validateNodeLaunch(l); }).contains("--node-rank 2"));
        NodeLaunch one;
        validateNodeLaunch(one);
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestLaunchEnvironment)
#include "test_launch_environment.moc"
