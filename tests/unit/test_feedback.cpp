// The feedback object of long work (core/common/feedback.h): progress forwarding, the two ways to
// stop, a signal flag, and a stage's feedback under its parent's.

#include <atomic>
#include <string>
#include <vector>

#include <QtTest>

#include "core/common/feedback.h"
#include "tests/support/test_main.h"

using isomorph::Cancelled;
using isomorph::Feedback;
using isomorph::Progress;

class TestFeedback : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void forwardsProgressAndACallbackReturningFalseCancels() {
        std::vector<int64_t> seen;
        Feedback f([&](const Progress& p) {
            seen.push_back(p.done);
            return p.done < 2;
        });
        f.report(Progress{"a", 1, 3});
        QVERIFY(!f.cancelled() && !f.stopRequested());
        f.report(Progress{"a", 2, 3});
        QVERIFY(f.cancelled());
        QVERIFY(f.stopRequested());  // a cancel also stops work that only checks for stops
        QCOMPARE(seen, (std::vector<int64_t>{1, 2}));
        QVERIFY_THROWS_EXCEPTION(Cancelled, f.throwIfCancelled());
    }

    void aGracefulStopIsNotACancel() {
        Feedback f;
        f.report(Progress{"no callback", 1, 1});  // nothing to tell: fine
        f.requestStop();
        QVERIFY(f.stopRequested());
        QVERIFY(!f.cancelled());
        f.throwIfCancelled();  // does not throw
    }

    void aSignalFlagRequestsAStopWhileSet() {
        std::atomic<bool> flag{false};
        Feedback f({}, &flag);
        QVERIFY(!f.stopRequested());
        flag = true;
        QVERIFY(f.stopRequested());
        QVERIFY(!f.cancelled());
        flag = false;
        QVERIFY(!f.stopRequested());
    }

    void aStageReportsThroughItsParentAndStopsWithIt() {
        std::vector<std::string> lines;
        Feedback parent([&](const Progress& p) {
            lines.push_back(p.stage);
            return p.stage != "mlm: stop me";
        });
        Feedback stage(parent, [](const Progress& p) {
            Progress out = p;
            out.stage = "mlm: " + p.stage;
            return out;
        });
        stage.report(Progress{"step", 1, 10});
        QCOMPARE(lines, (std::vector<std::string>{"mlm: step"}));
        // The stage's own deadline stops the stage, not the work it belongs to.
        stage.requestStop();
        QVERIFY(stage.stopRequested() && !parent.stopRequested());
        // The parent's stop and cancel reach the stage.
        Feedback other(parent, {});
        parent.requestStop();
        QVERIFY(other.stopRequested() && !other.cancelled());
        QVERIFY(!stage.progressFn()(Progress{"stop me", 2, 10}));  // the parent's callback cancels
        QVERIFY(parent.cancelled() && stage.cancelled() && other.cancelled());
        QVERIFY_THROWS_EXCEPTION(Cancelled, other.throwIfCancelled());
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestFeedback)
#include "test_feedback.moc"
