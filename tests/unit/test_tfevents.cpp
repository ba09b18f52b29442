// Run logs (core/train/run_log): CRC-32C against its published check values, the Event encoding
// against hand-computed bytes, event files through our reader and an independent pure-Python
// reader (tests/reference/tfevents_reference.py), corruption and truncation, and metrics.jsonl.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <regex>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/train/run_log/metrics_log.h"
#include "core/train/run_log/tfevents.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::train;
namespace fs = std::filesystem;

namespace {

const char kPython[] = "/usr/bin/python3";

/// The DataError message of `fn`, or "" if it did not throw.
std::string errorOf(const std::function<void()>& fn) {
    try {
        fn();
    } catch (const DataError& e) {
        return e.what();
    }
    return {};
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string readAll(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void writeAll(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

/// Bit-by-bit CRC-32C, the definition the table-driven version must match.
uint32_t slowCrc32c(const std::string& s) {
    uint32_t c = 0xFFFFFFFFu;
    for (unsigned char b : s) {
        c ^= b;
        for (int i = 0; i < 8; ++i)
            c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
    }
    return ~c;
}

QString hexBytes(const std::string& s) {
    QString out;
    char buf[4];
    for (unsigned char c : s) {
        std::snprintf(buf, sizeof buf, "%02x ", c);
        out += QLatin1String(buf);
    }
    return out;
}

/// The scalars every round-trip test writes: (tag, step, wall time, value).
struct Point {
    std::string tag;
    int64_t step;
    double wallTime;
    float value;
};

const std::vector<Point> kPoints = {
    {"train/loss", 1, 1700000000.25, 2.5f},   {"train/loss", 2, 1700000001.5, 0.1f},
    {"train/lr", 300, 1700000002.125, 1e-4f}, {"eval/acc", 0, 1700000003.0, 0.0f},
    {"eval/acc", -7, 1700000004.0, -3.25f},   {"train/loss", int64_t(1) << 40, 1700000005.0, 1e30f},
    {"ünïcode/τag", 5, 1700000006.0, -0.0f},
};

/// Writes kPoints to a new event file in `dir`; returns its path.
fs::path writeSample(const fs::path& dir) {
    TfEventsWriter writer(dir, {}, 1700000000.75);
    for (const Point& p : kPoints)
        writer.addScalar(p.tag, p.step, p.wallTime, p.value);
    writer.addScalars({{"a", 1.0f}, {"b", 2.0f}}, 9, 1700000007.0);
    writer.close();
    return writer.path();
}

/// Byte offset of record `index` in an event file (walking the length fields).
uint64_t recordOffset(const std::string& bytes, size_t index) {
    uint64_t offset = 0;
    for (size_t i = 0; i < index; ++i) {
        uint64_t length;
        std::memcpy(&length, bytes.data() + offset, 8);
        offset += 16 + length;
    }
    return offset;
}

}  // namespace

class TestTfEvents : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void crcCheckValues() {
        QCOMPARE(crc32c("123456789", 9), 0xE3069283u);
        const std::string zeros(32, '\0');
        QCOMPARE(crc32c(zeros.data(), zeros.size()), 0x8A9136AAu);
        const std::string ones(32, '\xff');
        QCOMPARE(crc32c(ones.data(), ones.size()), 0x62A8AB43u);  // RFC 3720, B.4
        std::string ascending;
        for (int i = 0; i < 32; ++i)
            ascending.push_back(char(i));
        QCOMPARE(crc32c(ascending.data(), ascending.size()), 0x46DD794Eu);
        QCOMPARE(crc32c("", 0), 0u);
        QCOMPARE(maskCrc32c(0), 0xa282ead8u);
        QCOMPARE(maskCrc32c(0x12345678u),
                 ((0x12345678u >> 15) | (0x12345678u << 17)) + 0xa282ead8u);
    }

    void crcMatchesBitwiseDefinitionAtEveryLengthAndSplit() {
        std::string s;
        for (int i = 0; i < 70; ++i)
            s.push_back(char((i * 37 + 11) & 0xFF));
        for (size_t n = 0; n <= s.size(); ++n) {
            const std::string part = s.substr(0, n);
            QCOMPARE(crc32c(part.data(), n), slowCrc32c(part));
            for (size_t k = 0; k <= n; k += 3) {
                QCOMPARE(crc32cExtend(crc32c(part.data(), k), part.data() + k, n - k),
                         slowCrc32c(part));
            }
        }
    }

    void eventEncodingIsProtobufWireFormat() {
        TfEvent e;
        e.wallTime = 1.5;  // 0x3FF8000000000000
        e.step = 300;      // varint ac 02
        e.scalars = {{"a", 1.0f}};
        const std::string expected(
            "\x09\x00\x00\x00\x00\x00\x00\xf8\x3f"  // wall_time, fixed64
            "\x10\xac\x02"                          // step, varint
            "\x2a\x0a"                              // summary, 10 bytes
            "\x0a\x08"                              //   value, 8 bytes
            "\x0a\x01"
            "a"                      //     tag
            "\x15\x00\x00\x80\x3f",  //     simple_value, fixed32
            24);
        QCOMPARE(hexBytes(encodeTfEvent(e)), hexBytes(expected));

        TfEvent negative;
        negative.step = -1;  // int64: ten-byte varint, as protobuf writes it
        QCOMPARE(hexBytes(encodeTfEvent(negative)),
                 hexBytes("\x10\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01"));

        TfEvent version;
        version.fileVersion = "brain.Event:2";
        QCOMPARE(encodeTfEvent(version), std::string("\x1a\x0d") + "brain.Event:2");
        QCOMPARE(encodeTfEvent(TfEvent{}), std::string());
    }

    void recordFraming() {
        const std::string record = frameTfRecord("abc");
        QCOMPARE(record.size(), size_t(8 + 4 + 3 + 4));
        QCOMPARE(record.substr(0, 8), std::string("\x03\0\0\0\0\0\0\0", 8));
        uint32_t lengthCrc, dataCrc;
        std::memcpy(&lengthCrc, record.data() + 8, 4);
        std::memcpy(&dataCrc, record.data() + 15, 4);
        QCOMPARE(lengthCrc, maskedCrc32c(record.data(), 8));
        QCOMPARE(dataCrc, maskCrc32c(crc32c("abc", 3)));
    }

    void fileNameFollowsTensorBoard() {
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "nested" / "tb";
        TfEventsWriter first(dir, {}, 1700000123.9);
        TfEventsWriter second(dir, {}, 1700000123.9);
        char host[256] = {};
        ::gethostname(host, sizeof host - 1);
        const std::regex name(
            "events\\.out\\.tfevents\\.1700000123\\." +
            std::regex_replace(std::string(host), std::regex("[.^$|()\\[\\]{}*+?\\\\]"), "\\$&") +
            "\\." + std::to_string(::getpid()) + "\\.[0-9]+");
        QVERIFY2(std::regex_match(first.path().filename().string(), name), first.path().c_str());
        QVERIFY(first.path() != second.path());
        QCOMPARE(first.path().parent_path(), dir);
        // The version record is on disk as soon as the writer exists.
        const std::vector<TfEvent> events = readTfEvents(first.path());
        QCOMPARE(events.size(), size_t(1));
        QCOMPARE(events[0].fileVersion, std::string("brain.Event:2"));
        QCOMPARE(events[0].wallTime, 1700000123.9);
    }

    void roundTrip() {
        QTemporaryDir tmp;
        const fs::path file = writeSample(tmp.path().toStdString());
        const std::vector<TfEvent> events = readTfEvents(file);
        QCOMPARE(events.size(), kPoints.size() + 2);
        QCOMPARE(events[0].fileVersion, std::string("brain.Event:2"));
        QCOMPARE(events[0].wallTime, 1700000000.75);
        QCOMPARE(events[0].step, int64_t(0));
        QVERIFY(events[0].scalars.empty());
        for (size_t i = 0; i < kPoints.size(); ++i) {
            const TfEvent& e = events[i + 1];
            QCOMPARE(e.step, kPoints[i].step);
            QCOMPARE(e.wallTime, kPoints[i].wallTime);
            QVERIFY(e.fileVersion.empty());
            QCOMPARE(e.scalars.size(), size_t(1));
            QCOMPARE(e.scalars[0].first, kPoints[i].tag);
            QCOMPARE(e.scalars[0].second, kPoints[i].value);
            QCOMPARE(std::signbit(e.scalars[0].second), std::signbit(kPoints[i].value));
        }
        const TfEvent& both = events.back();
        QCOMPARE(both.step, int64_t(9));
        QCOMPARE(both.scalars,
                 (std::vector<std::pair<std::string, float>>{{"a", 1.0f}, {"b", 2.0f}}));

        const TfEventsContent content = readTfEventsFile(file);
        QVERIFY(!content.truncatedTail);
        QCOMPARE(content.completeBytes, uint64_t(fs::file_size(file)));
    }

    void flushMakesRecordsVisible() {
        QTemporaryDir tmp;
        TfEventsWriter writer(tmp.path().toStdString(), {/*fsyncOnFlush=*/true});
        writer.addScalar("x", 1, 1.0, 1.0f);
        writer.flush();
        QCOMPARE(readTfEvents(writer.path()).size(), size_t(2));
        writer.close();
        QVERIFY(contains(errorOf([&] { writer.addScalar("x", 2, 2.0, 2.0f); }), "closed"));
    }

    void unknownFieldsAreSkipped() {
        // An Event as newer TensorFlow writes it: source_metadata (field 10), a Value with
        // metadata (9) and a Value without simple_value (an image, field 4), varint and fixed32
        // fields we do not know.
        std::string value1 = std::string("\x0a\x01x") + "\x4a\x03\x0a\x01z" +
                             std::string("\x15\x00\x00\x00\x40", 5);  // tag x, metadata, 2.0f
        std::string value2 = std::string("\x0a\x03img") + "\x22\x02\x08\x01";  // tag img, image
        std::string summary = "\x0a" + std::string(1, char(value1.size())) + value1 + "\x0a" +
                              std::string(1, char(value2.size())) + value2;
        std::string event = std::string("\x10\x05", 2) + "\x20\x96\x01" +  // step 5, field 4 varint
                            std::string("\x35\x01\x02\x03\x04", 5) +       // field 6 fixed32
                            std::string("\x52\x02\x0a\x00", 4) +           // field 10 message
                            "\x2a" + std::string(1, char(summary.size())) + summary;
        QTemporaryDir tmp;
        const fs::path file = fs::path(tmp.path().toStdString()) / "events.out.tfevents.x";
        writeAll(file, frameTfRecord(event));
        const std::vector<TfEvent> events = readTfEvents(file);
        QCOMPARE(events.size(), size_t(1));
        QCOMPARE(events[0].step, int64_t(5));
        QCOMPARE(events[0].scalars, (std::vector<std::pair<std::string, float>>{{"x", 2.0f}}));
    }

    void malformedEventNamesRecord() {
        QTemporaryDir tmp;
        const fs::path file = fs::path(tmp.path().toStdString()) / "bad";
        const std::string first =
            frameTfRecord(encodeTfEvent(TfEvent{1.0, 0, "brain.Event:2", {}}));
        writeAll(file, first + frameTfRecord("\x2a\x10\x0a"));  // summary longer than the record
        const std::string error = errorOf([&] { readTfEvents(file); });
        QVERIFY2(contains(error, file.string() + ": record 1 at byte offset " +
                                     std::to_string(first.size()) + ": not a valid Event protobuf"),
                 error.c_str());
        writeAll(file, frameTfRecord(std::string("\x3b\x00", 2)));  // field 7, wire type 3 (group)
        QVERIFY(contains(errorOf([&] { readTfEvents(file); }), "unsupported wire type 3"));
        writeAll(file, frameTfRecord(std::string("\x0a\x00", 2)));  // wall_time as a string
        QVERIFY(contains(errorOf([&] { readTfEvents(file); }), "Event.wall_time has wire type 2"));
    }

    void flippedByteGivesCrcErrorNamingRecord() {
        QTemporaryDir tmp;
        const fs::path file = writeSample(tmp.path().toStdString());
        const std::string good = readAll(file);
        const uint64_t offset = recordOffset(good, 3);

        std::string bad = good;
        bad[offset + 12 + 5] ^= 0x01;  // inside record 3's data
        writeAll(file, bad);
        std::string error = errorOf([&] { readTfEvents(file); });
        QVERIFY2(contains(error, file.string() + ": record 3 at byte offset " +
                                     std::to_string(offset) + ": data CRC mismatch"),
                 error.c_str());

        bad = good;
        bad[offset + 2] ^= 0x40;  // record 3's length
        writeAll(file, bad);
        error = errorOf([&] { readTfEventsFile(file); });
        QVERIFY2(contains(error, "record 3 at byte offset " + std::to_string(offset) +
                                     ": length CRC mismatch"),
                 error.c_str());

        bad = good;
        bad[bad.size() - 1] ^= 0x80;  // the last record's stored data CRC
        writeAll(file, bad);
        error = errorOf([&] { readTfEvents(file); });
        QVERIFY2(
            contains(error, "record " + std::to_string(kPoints.size() + 1) + " at byte offset " +
                                std::to_string(recordOffset(good, kPoints.size() + 1))),
            error.c_str());
        QVERIFY(contains(error, "data CRC mismatch"));
    }

    void truncatedLastRecordIsReportedAsSuch() {
        QTemporaryDir tmp;
        const fs::path file = writeSample(tmp.path().toStdString());
        const std::string good = readAll(file);
        const size_t records = kPoints.size() + 2;
        const uint64_t lastOffset = recordOffset(good, records - 1);
        // Cut in the footer, the data, the header, and right after the header's length.
        for (uint64_t cut : {uint64_t(good.size() - 1), lastOffset + 14, lastOffset + 12,
                             lastOffset + 8, lastOffset + 1}) {
            writeAll(file, good.substr(0, cut));
            const TfEventsContent content = readTfEventsFile(file);
            QVERIFY(content.truncatedTail);
            QCOMPARE(content.events.size(), records - 1);
            QCOMPARE(content.completeBytes, lastOffset);
            QCOMPARE(content.fileBytes, cut);
            const std::string error = errorOf([&] { readTfEvents(file); });
            QVERIFY2(contains(error, file.string() + ": truncated last record: the file ends " +
                                         std::to_string(cut - lastOffset) + " bytes into record " +
                                         std::to_string(records - 1) + " at byte offset " +
                                         std::to_string(lastOffset)),
                     error.c_str());
        }
        writeAll(file, good.substr(0, lastOffset));  // cut between records: a complete file
        QCOMPARE(readTfEvents(file).size(), records - 1);
        writeAll(file, "");
        QVERIFY(readTfEvents(file).empty());
    }

    void missingFileNamesIt() {
        const std::string error =
            errorOf([] { readTfEvents("/nonexistent/events.out.tfevents.1"); });
        QVERIFY2(contains(error, "/nonexistent/events.out.tfevents.1"), error.c_str());
        const std::string writeError = errorOf([] { TfEventsWriter w("/proc/no-such-dir"); });
        QVERIFY2(contains(writeError, "/proc/no-such-dir"), writeError.c_str());
    }

    void independentPythonReaderAgrees() {
        if (!QFile::exists(kPython)) QSKIP("/usr/bin/python3 is not installed");
        QTemporaryDir tmp;
        const fs::path file = writeSample(tmp.path().toStdString());
        QProcess p;
        p.start(kPython, {ISOMORPH_SOURCE_DIR "/tests/reference/tfevents_reference.py",
                          QString::fromStdString(file.string())});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 p.readAllStandardError().constData());
        const nlohmann::json theirs =
            nlohmann::json::parse(p.readAllStandardOutput().toStdString());
        const std::vector<TfEvent> ours = readTfEvents(file);
        QCOMPARE(theirs["events"].size(), ours.size());
        for (size_t i = 0; i < ours.size(); ++i) {
            const nlohmann::json& e = theirs["events"][i];
            QCOMPARE(e["wall_time"].get<double>(), ours[i].wallTime);
            QCOMPARE(e["step"].get<int64_t>(), ours[i].step);
            QCOMPARE(e["file_version"].get<std::string>(), ours[i].fileVersion);
            QCOMPARE(e["scalars"].size(), ours[i].scalars.size());
            for (size_t k = 0; k < ours[i].scalars.size(); ++k) {
                QCOMPARE(e["scalars"][k][0].get<std::string>(), ours[i].scalars[k].first);
                // Python holds the float32 as a double: exact, so compare after narrowing.
                QCOMPARE(float(e["scalars"][k][1].get<double>()), ours[i].scalars[k].second);
            }
        }
        // And it rejects what ours rejects.
        std::string bad = readAll(file);
        bad[recordOffset(bad, 2) + 13] ^= 0x04;
        writeAll(file, bad);
        QProcess q;
        q.start(kPython, {ISOMORPH_SOURCE_DIR "/tests/reference/tfevents_reference.py",
                          QString::fromStdString(file.string())});
        QVERIFY(q.waitForFinished(120000));
        QCOMPARE(q.exitCode(), 1);
        QVERIFY(q.readAllStandardError().contains("record 2"));
    }

    // --- metrics.jsonl

    void metricsAppendAndRead() {
        QTemporaryDir tmp;
        const fs::path run = fs::path(tmp.path().toStdString()) / "run1";
        {
            MetricsLog log(run);
            QCOMPARE(log.path(), run / "metrics.jsonl");
            log.append({{"step", 1}, {"loss", 2.5}});
            log.append({{"step", 2}, {"loss", 2.25}, {"note", "two\nlines"}});
            log.flush();
            QVERIFY_EXCEPTION_THROWN(log.append(nlohmann::json::array({1, 2})),
                                     std::invalid_argument);
        }
        {
            MetricsLog resumed(run);  // a resumed run appends
            resumed.append({{"step", 3}, {"loss", 2.0}});
        }
        const std::string text = readAll(run / "metrics.jsonl");
        QCOMPARE(std::count(text.begin(), text.end(), '\n'), 3L);
        const MetricsLines lines = readMetricsLines(run / "metrics.jsonl");
        QCOMPARE(lines.records.size(), size_t(3));
        QVERIFY(lines.badLines.empty());
        QVERIFY(!lines.incompleteTail);
        QCOMPARE(lines.completeLines, int64_t(3));
        QCOMPARE(lines.records[1]["note"].get<std::string>(), std::string("two\nlines"));
        QCOMPARE(lines.records[2]["step"].get<int>(), 3);
    }

    void metricsTornLastLineIsIgnoredThenIsolated() {
        QTemporaryDir tmp;
        const fs::path run = tmp.path().toStdString();
        const fs::path file = run / "metrics.jsonl";
        writeAll(file, "{\"step\": 1}\n{\"step\": 2, \"lo");  // a crash mid-line
        MetricsLines lines = readMetricsLines(file);
        QCOMPARE(lines.records.size(), size_t(1));
        QVERIFY(lines.badLines.empty());
        QVERIFY(lines.incompleteTail);
        QCOMPARE(lines.completeBytes, uint64_t(12));

        // Resuming: the fragment ends up on a line of its own instead of spoiling the new record.
        MetricsLog(run).append({{"step", 2}});
        lines = readMetricsLines(file);
        QVERIFY(!lines.incompleteTail);
        QCOMPARE(lines.records.size(), size_t(2));
        QCOMPARE(lines.records[1]["step"].get<int>(), 2);
        QCOMPARE(lines.badLines.size(), size_t(1));
        QCOMPARE(lines.badLines[0].lineNumber, int64_t(2));
    }

    void metricsBadLineIsReportedWithItsNumber() {
        QTemporaryDir tmp;
        const fs::path file = fs::path(tmp.path().toStdString()) / "metrics.jsonl";
        writeAll(file, "{\"step\": 1}\n\nnot json\n[1, 2]\n{\"step\": 5}\n");
        const MetricsLines lines = readMetricsLines(file);
        QCOMPARE(lines.records.size(), size_t(2));
        QCOMPARE(lines.badLines.size(), size_t(2));
        QCOMPARE(lines.badLines[0].lineNumber, int64_t(3));
        QCOMPARE(lines.badLines[0].message, std::string("not valid JSON"));
        QCOMPARE(lines.badLines[1].lineNumber, int64_t(4));
        QVERIFY(contains(lines.badLines[1].message, "array"));
        QCOMPARE(lines.completeLines, int64_t(5));
        QVERIFY(contains(errorOf([&] { readMetricsLines(file.string() + ".missing"); }),
                         "metrics.jsonl.missing"));
    }

    void metricsFollowerSeesOnlyNewCompleteLines() {
        QTemporaryDir tmp;
        const fs::path run = tmp.path().toStdString();
        MetricsFollower follower(run / "metrics.jsonl");
        QVERIFY(follower.poll().records.empty());  // not created yet
        MetricsLog log(run);
        log.append({{"step", 1}});
        log.append({{"step", 2}});
        MetricsLines got = follower.poll();
        QCOMPARE(got.records.size(), size_t(2));
        QVERIFY(follower.poll().records.empty());
        { std::ofstream(run / "metrics.jsonl", std::ios::app) << "oops\n{\"step\": 3"; }
        got = follower.poll();
        QVERIFY(got.records.empty());
        QCOMPARE(got.badLines.size(), size_t(1));
        QCOMPARE(got.badLines[0].lineNumber, int64_t(3));
        QVERIFY(got.incompleteTail);
        { std::ofstream(run / "metrics.jsonl", std::ios::app) << "}\n"; }
        got = follower.poll();
        QCOMPARE(got.records.size(), size_t(1));
        QCOMPARE(got.records[0]["step"].get<int>(), 3);
        QCOMPARE(got.completeLines, int64_t(4));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestTfEvents)
#include "test_tfevents.moc"
