// The metrics.jsonl schema (core/train/run_log/run_records.h) and status.json
// (run_status.h): every record kind written and read back field by field, the exact bytes the
// trainer has always written, malformed lines named by file and line, tolerance of unknown
// kinds, extra fields and older runs, and the cheap look at a long file's last train record.

#include <cmath>
#include <fstream>
#include <functional>
#include <iterator>

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/train/run_log/metrics_log.h"
#include "core/train/run_log/run_records.h"
#include "core/train/run_log/run_status.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::train;
namespace fs = std::filesystem;

namespace {

void writeAll(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::string readAll(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The DataError message of `fn`, or "" if it did not throw.
std::string errorOf(const std::function<void()>& fn) {
    try {
        fn();
    } catch (const DataError& e) {
        return e.what();
    }
    return {};
}

TrainRecord trainRecord() {
    TrainRecord r;
    r.step = 12;
    r.time = 1700000000.25;
    r.values = {{"loss", 2.5},       {"loss/mlm", 3.0}, {"mlm/acc", 0.125},   {"lr", 1e-4},
                {"grad_norm", 0.75}, {"skipped", 1},    {"loss_scale", 65536}};
    return r;
}

}  // namespace

class TestRunRecords : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void everyKindRoundTrips() {
        QTemporaryDir tmp;
        const fs::path run = tmp.path().toStdString();
        EvalRecord eval;
        eval.step = 12;
        eval.time = 1700000001.5;
        eval.values = {{"bitext_acc", 0.5}, {"bitext_acc/de-en", 0.25}, {"bitext_pairs", 40}};
        EventRecord event;
        event.step = 12;
        event.time = 1700000002;
        event.event = "checkpoint";
        event.message = "saved step-00000012 (every)";
        event.details = {{"checkpoint", "step-00000012"}, {"reason", "every"}};
        SchemaRecord schema;
        schema.time = 1699999999;
        // The dev figure carries its definition; a metric without one writes no field.
        MetricDeclaration acc{"bitext_acc",
                              "Dev bitext accuracy",
                              "%",
                              "dev",
                              "",
                              "higher",
                              "eval",
                              100,
                              "top-1 cosine nearest neighbour, mean of both directions"};
        MetricDeclaration loss{"loss/mlm", "MLM loss", "", "losses", "mlm",
                               "lower",    "train",    1,  ""};
        schema.metrics = {acc, loss};
        {
            MetricsLog log(run);
            appendRunRecord(log, schema);
            appendRunRecord(log, trainRecord());
            appendRunRecord(log, eval);
            appendRunRecord(log, event);
        }
        const RunRecords read = readRunRecords(run / MetricsLog::kFileName);
        QVERIFY(read.badLines.empty());
        QCOMPARE(read.records.size(), size_t(4));

        const auto& s = std::get<SchemaRecord>(read.records[0]);
        QCOMPARE(s.step, int64_t(0));
        QCOMPARE(s.time, 1699999999.0);
        QCOMPARE(s.metrics.size(), size_t(2));
        QVERIFY(s.metrics[0] == acc);
        QVERIFY(s.metrics[1] == loss);
        QCOMPARE(s.metrics[0].scale, 100.0);

        const auto& t = std::get<TrainRecord>(read.records[1]);
        QCOMPARE(t.step, int64_t(12));
        QCOMPARE(t.time, 1700000000.25);
        QVERIFY(t.values == trainRecord().values);
        QCOMPARE(t.value(record_keys::kLoss), 2.5);
        QCOMPARE(t.value(record_keys::kElapsed, -1), -1.0);  // not carried: the fallback
        QVERIFY(std::isnan(t.value("device_mem_mb")));

        const auto& e = std::get<EvalRecord>(read.records[2]);
        QCOMPARE(e.step, int64_t(12));
        QCOMPARE(e.time, 1700000001.5);
        QVERIFY(e.values == eval.values);

        const auto& ev = std::get<EventRecord>(read.records[3]);
        QCOMPARE(ev.step, int64_t(12));
        QCOMPARE(ev.time, 1700000002.0);
        QCOMPARE(ev.event, std::string("checkpoint"));
        QCOMPARE(ev.message, std::string("saved step-00000012 (every)"));
        QCOMPARE(ev.details, event.details);
    }

    void linesAreTheOnesTheTrainerAlwaysWrote() {
        // Sorted keys, counts as integers, a scale only when not 1, NaN as null: existing run
        // folders and docs/training.md stay true.
        QCOMPARE(encodeRunRecord(trainRecord()).dump(),
                 std::string(R"({"grad_norm":0.75,"kind":"train","loss":2.5,"loss/mlm":3.0,)"
                             R"("loss_scale":65536.0,"lr":0.0001,"mlm/acc":0.125,"skipped":1,)"
                             R"("step":12,"time":1700000000.25})"));
        EvalRecord eval;
        eval.step = 3;
        eval.time = 5;
        eval.values = {{"bitext_pairs", 40}, {"collapse", std::nan("")}};
        QCOMPARE(encodeRunRecord(eval).dump(),
                 std::string(
                     R"({"bitext_pairs":40,"collapse":null,"kind":"eval","step":3,"time":5.0})"));
        EventRecord event;
        event.step = 0;
        event.time = 7;
        event.event = "started";
        event.message = "hello";
        event.details = {{"world_size", 2}, {"host", "box"}};
        QCOMPARE(encodeRunRecord(event).dump(),
                 std::string(R"({"event":"started","host":"box","kind":"event","message":"hello",)"
                             R"("step":0,"time":7.0,"world_size":2})"));
        SchemaRecord schema;
        schema.time = 1;
        schema.metrics = {{"lr", "Learning rate", "", "optimisation", "", "", "train", 1, ""}};
        QCOMPARE(encodeRunRecord(schema).dump(),
                 std::string(R"({"kind":"schema","metrics":[{"better":"","group":"optimisation",)"
                             R"("key":"lr","kind":"train","objective":"","title":"Learning rate",)"
                             R"("unit":""}],"step":0,"time":1.0})"));
        // NaN does not come back: JSON has no NaN, and readers skip the null (or the NaN).
        const auto back = std::get<EvalRecord>(decodeRunRecord(encodeRunRecord(eval)));
        QCOMPARE(back.values.size(), size_t(1));
        QCOMPARE(back.value("bitext_pairs"), 40.0);
        QVERIFY_EXCEPTION_THROWN(encodeRunRecord(UnknownRecord{"future", 1, 2}),
                                 std::invalid_argument);
    }

    void malformedLinesNameFileAndLine() {
        const fs::path file = "/runs/r1/metrics.jsonl";
        auto message = [&](const std::string& line) {
            return errorOf([&] { parseRunRecord(line, file, 7); });
        };
        QCOMPARE(message("not json"), std::string("/runs/r1/metrics.jsonl:7: not valid JSON"));
        QCOMPARE(message("[1, 2]"),
                 std::string("/runs/r1/metrics.jsonl:7: a JSON array, expected an object"));
        QCOMPARE(
            message(R"({"kind":"train","step":"three"})"),
            std::string("/runs/r1/metrics.jsonl:7: \"step\" is a JSON string, expected a number"));
        QCOMPARE(message(R"({"kind":"schema","step":0})"),
                 std::string("/runs/r1/metrics.jsonl:7: a schema record without a \"metrics\" "
                             "array"));
        QCOMPARE(
            message(R"({"kind":"event","event":3})"),
            std::string("/runs/r1/metrics.jsonl:7: \"event\" is a JSON number, expected a string"));
        QCOMPARE(message(R"({"kind":7})"),
                 std::string("/runs/r1/metrics.jsonl:7: \"kind\" is a JSON number, expected a "
                             "string"));
        QVERIFY(message(R"({"kind":"train","step":3})").empty());

        // Read tolerantly, each bad line is reported with its number and the rest is kept.
        QTemporaryDir tmp;
        const fs::path path = fs::path(tmp.path().toStdString()) / "metrics.jsonl";
        writeAll(path,
                 "{\"kind\":\"train\",\"step\":1}\nnot json\n\n"
                 "{\"kind\":\"schema\"}\n{\"kind\":\"train\",\"step\":2}\n");
        const RunRecords read = readRunRecords(path);
        QCOMPARE(read.records.size(), size_t(2));
        QCOMPARE(std::get<TrainRecord>(read.records[1]).step, int64_t(2));
        QCOMPARE(read.badLines.size(), size_t(2));
        QCOMPARE(read.badLines[0].lineNumber, int64_t(2));
        QCOMPARE(read.badLines[0].message, std::string("not valid JSON"));
        QCOMPARE(read.badLines[1].lineNumber, int64_t(4));
        QCOMPARE(read.badLines[1].message,
                 std::string("a schema record without a \"metrics\" array"));
    }

    void unknownKindsAndExtraFieldsAreTolerated() {
        // A later writer: an unknown kind comes back as UnknownRecord, for readers to skip.
        const RunRecord future =
            decodeRunRecord({{"kind", "future-kind"}, {"step", 5}, {"loss/toy", 99.0}});
        const auto& u = std::get<UnknownRecord>(future);
        QCOMPARE(u.kind, std::string("future-kind"));
        QCOMPARE(u.step, int64_t(5));
        QCOMPARE(u.time, 0.0);
        QCOMPARE(std::get<UnknownRecord>(decodeRunRecord({{"kind", "x"}, {"step", "?"}})).step,
                 int64_t(0));
        // Train and eval records keep their numbers and skip anything else.
        const auto t = std::get<TrainRecord>(decodeRunRecord({{"kind", "train"},
                                                              {"step", 2},
                                                              {"note", "hi"},
                                                              {"flag", true},
                                                              {"x", {1, 2}},
                                                              {"loss", 3},
                                                              {"lr", nullptr}}));
        QCOMPARE(t.values.size(), size_t(1));
        QCOMPARE(t.value("loss"), 3.0);
        // A record without a kind (another tool's) is a train record; missing time reads as 0.
        QCOMPARE(std::get<TrainRecord>(decodeRunRecord({{"step", 4}, {"loss", 1.0}})).step,
                 int64_t(4));
        // Events keep every other field; schemas skip declarations without a key, text fields
        // of another type, and a scale that is 0 or not a number.
        const auto e = std::get<EventRecord>(
            decodeRunRecord({{"kind", "event"}, {"event", "future"}, {"extra", {{"a", 1}}}}));
        QCOMPARE(e.event, std::string("future"));
        QVERIFY(e.message.empty());
        QCOMPARE(e.details, nlohmann::json({{"extra", {{"a", 1}}}}));
        const auto s = std::get<SchemaRecord>(
            decodeRunRecord({{"kind", "schema"},
                             {"step", 3},
                             {"future_field", 1},
                             {"metrics",
                              {1,
                               {{"title", "no key"}},
                               {{"key", "a"}, {"title", 5}, {"scale", 0}, {"colour", "red"}},
                               {{"key", "b"}, {"scale", "x"}}}}}));
        QCOMPARE(s.step, int64_t(3));
        QCOMPARE(s.metrics.size(), size_t(2));
        QCOMPARE(s.metrics[0].key, std::string("a"));
        QVERIFY(s.metrics[0].title.empty());
        QCOMPARE(s.metrics[0].scale, 1.0);
        QCOMPARE(s.metrics[1].scale, 1.0);
    }

    void followerDecodesNewRecords() {
        QTemporaryDir tmp;
        const fs::path run = tmp.path().toStdString();
        RunRecordFollower follower(run / MetricsLog::kFileName);
        QVERIFY(follower.poll().records.empty());  // not created yet
        MetricsLog log(run);
        appendRunRecord(log, trainRecord());
        RunRecords got = follower.poll();
        QCOMPARE(got.records.size(), size_t(1));
        { std::ofstream(run / MetricsLog::kFileName, std::ios::app) << "{\"kind\":\"eval\",\"st"; }
        QVERIFY(follower.poll().records.empty());  // half a line: not yet
        { std::ofstream(run / MetricsLog::kFileName, std::ios::app) << "ep\":\"x\"}\n"; }
        got = follower.poll();
        QVERIFY(got.records.empty());
        QCOMPARE(got.badLines.size(), size_t(1));
        QCOMPARE(got.badLines[0].lineNumber, int64_t(2));
    }

    void lastTrainRecordReadsOnlyTheTail() {
        QTemporaryDir tmp;
        const fs::path path = fs::path(tmp.path().toStdString()) / "metrics.jsonl";
        QVERIFY(!lastTrainRecord(path));  // no file
        std::string text;
        for (int step = 1; step <= 200; ++step) {
            TrainRecord r;
            r.step = step;
            r.values = {{"elapsed", step * 0.5}};
            text += encodeRunRecord(r).dump() + "\n";
        }
        EvalRecord eval;
        eval.step = 200;
        text += encodeRunRecord(eval).dump() + "\nnot json\n{\"kind\":\"train\",\"step\":201,\"lo";
        writeAll(path, text);
        auto last = lastTrainRecord(path);
        QVERIFY(last);
        QCOMPARE(last->step, int64_t(200));
        QCOMPARE(last->value(record_keys::kElapsed), 100.0);
        // A tail too short to hold a whole train line finds none; one that cuts a line in two
        // skips the fragment.
        QVERIFY(!lastTrainRecord(path, 60));
        const uint64_t tail = text.size() - text.rfind("{\"elapsed\":100.0");
        QCOMPARE(lastTrainRecord(path, tail)->step, int64_t(200));
        QVERIFY(!lastTrainRecord(path, tail - 1));
    }

    void statusRoundTripsAndToleratesOthers() {
        QTemporaryDir tmp;
        const fs::path run = tmp.path().toStdString();
        QVERIFY(!readRunStatus(run));
        RunStatus s;
        s.state = "running";
        s.step = 40;
        s.maxSteps = 100;
        s.pid = 4242;
        s.host = "box";
        s.started = 1700000000.5;
        s.updated = 1700000100.25;
        s.metric = "bitext_acc";
        s.worldSize = 2;
        writeRunStatus(run, s);
        QCOMPARE(readAll(run / "status.json"),
                 std::string("{\n  \"best_metric\": null,\n  \"host\": \"box\",\n"
                             "  \"max_steps\": 100,\n  \"metric\": \"bitext_acc\",\n"
                             "  \"pid\": 4242,\n  \"started\": 1700000000.5,\n"
                             "  \"state\": \"running\",\n  \"step\": 40,\n"
                             "  \"updated\": 1700000100.25,\n  \"world_size\": 2\n}\n"));
        auto back = readRunStatus(run);
        QVERIFY(back);
        QCOMPARE(back->state, s.state);
        QCOMPARE(back->step, s.step);
        QCOMPARE(*back->maxSteps, int64_t(100));
        QCOMPARE(back->pid, s.pid);
        QCOMPARE(back->host, s.host);
        QCOMPARE(back->started, s.started);
        QCOMPARE(back->updated, s.updated);
        QVERIFY(std::isnan(back->bestMetric));
        QCOMPARE(back->metric, s.metric);
        QCOMPARE(back->worldSize, int64_t(2));
        s.bestMetric = 0.625;
        writeRunStatus(run, s);
        QCOMPARE(readRunStatus(run)->bestMetric, 0.625);
        // Another tool's file: what fits is read, the rest keeps its defaults.
        writeAll(run / "status.json", R"({"state":"running","step":"7","host":3,"pid":99})");
        back = readRunStatus(run);
        QCOMPARE(back->state, std::string("running"));
        QCOMPARE(back->step, int64_t(0));
        QVERIFY(!back->maxSteps);
        QVERIFY(back->host.empty());
        QCOMPARE(back->pid, int64_t(99));
        writeAll(run / "status.json", "[1]");
        QVERIFY(!readRunStatus(run));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestRunRecords)
#include "test_run_records.moc"
