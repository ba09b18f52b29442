#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include "tests/support/test_main.h"
#include "views/log_model.h"
#include "views/log_panel.h"

using isomorph::views::LogModel;
using isomorph::views::LogPanel;

class TestLogModel : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void passesTheModelTester() {
        LogModel model(nullptr, 5);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (int i = 0; i < 8; ++i)
            model.append(LogModel::Level::Info, "test", QString::number(i));
        QCOMPARE(model.rowCount(), 5);  // capacity keeps the newest
        QCOMPARE(model.entry(0).message, QStringLiteral("3"));
        QCOMPARE(model.entry(4).message, QStringLiteral("7"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void appendsFromWorkerThreadsOnItsOwnThread() {
        LogModel model;
        QSignalSpy added(&model, &LogModel::entryAdded);
        QThread* worker = QThread::create([&model] {
            for (int i = 0; i < 100; ++i)
                model.append(LogModel::Level::Warning, "engine", "w");
        });
        worker->start();
        QVERIFY(worker->wait(5000));
        delete worker;
        QTRY_COMPARE(model.rowCount(), 100);
        QCOMPARE(added.count(), 100);
    }

    void panelFiltersByLevelAndText() {
        LogModel model;
        LogPanel panel(&model);
        model.append(LogModel::Level::Debug, "engine", "tensor shapes");
        model.append(LogModel::Level::Info, "workspace", "opened demo");
        model.append(LogModel::Level::Warning, "engine", "slow BLAS");
        model.append(LogModel::Level::Error, "workspace", "cannot open /x");
        QCOMPARE(panel.visibleRows(), 3);  // default hides debug
        panel.setMinimumLevel(static_cast<int>(LogModel::Level::Warning));
        QCOMPARE(panel.visibleRows(), 2);
        panel.setFilterText("blas");
        QCOMPARE(panel.visibleRows(), 1);
        panel.setFilterText(QString());
        panel.setMinimumLevel(static_cast<int>(LogModel::Level::Debug));
        QCOMPARE(panel.visibleRows(), 4);
    }
};

ISOMORPH_TEST_MAIN(TestLogModel)
#include "test_log_model.moc"
