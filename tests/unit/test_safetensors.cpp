// safetensors reader/writer (core/model_io): round trips, the reference implementation's byte
// layout, every malformed header we can think of, and the half-precision conversions (checked
// against PyTorch and the Python safetensors package when /usr/bin/python3 has them).

#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/model_io/safetensors.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::model_io;

namespace {

const char kPython[] = "/usr/bin/python3";

/// A file from its parts: 8-byte little-endian header length, the header as given, the data.
std::string fileBytes(const std::string& header, const std::string& data = {}) {
    const uint64_t n = header.size();
    std::string out(8, '\0');
    std::memcpy(out.data(), &n, 8);
    return out + header + data;
}

std::string rawLength(uint64_t n) {
    std::string out(8, '\0');
    std::memcpy(out.data(), &n, 8);
    return out;
}

template <typename T>
std::string bytesOf(const std::vector<T>& values) {
    return std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

/// The CheckpointError message of `fn`, or "" if it did not throw.
QString errorOf(const std::function<void()>& fn) {
    try {
        fn();
    } catch (const CheckpointError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

std::string readAll(const QString& path) {
    std::ifstream in(path.toStdString(), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void writeAll(const QString& path, const std::string& bytes) {
    std::ofstream(path.toStdString(), std::ios::binary) << bytes;
}

bool pythonHas(const QString& modules) {
    if (!QFile::exists(kPython)) return false;
    QProcess p;
    p.start(kPython, {"-c", "import " + modules});
    return p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

/// Runs a Python script; returns its stderr on failure, "" on success.
QString runPython(const QString& script, const QStringList& args) {
    QProcess p;
    p.start(kPython, QStringList{"-c", script} + args);
    if (!p.waitForFinished(300000)) return "python3 did not finish";
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        return QString::fromUtf8(p.readAllStandardError());
    }
    return {};
}

float floatFromBits(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

bool sameFloat(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return std::memcmp(&a, &b, sizeof a) == 0;
}

bool isHalfNan(uint16_t h) {
    return (h & 0x7c00) == 0x7c00 && (h & 0x3ff) != 0;
}
bool isBfloat16Nan(uint16_t h) {
    return (h & 0x7f80) == 0x7f80 && (h & 0x7f) != 0;
}

/// One tensor of every dtype, including a scalar and an empty tensor.
struct Sample {
    std::vector<float> f32{0, 1, 2, 3, 4, 5};
    std::vector<uint16_t> f16{0x3c00, 0xc100, 0x7bff};
    std::vector<uint16_t> bf16{0x3f80, 0xc020};
    std::vector<double> f64{3.5};
    std::vector<int64_t> i64{1, -2, 3};
    std::vector<int32_t> i32{-7, 8};
    std::vector<int16_t> i16{-300};
    std::vector<int8_t> i8{-1, 2, -3};
    std::vector<uint8_t> u8{0, 255, 7};
    std::vector<uint8_t> boolean{1, 0, 1, 1};

    void addTo(SafetensorsWriter& w) const {
        w.add("w", DType::F32, {2, 3}, f32.data(), 24);
        w.add("h", DType::F16, {3}, f16.data(), 6);
        w.add("b", DType::BF16, {2}, bf16.data(), 4);
        w.add("s", DType::F64, {}, f64.data(), 8);
        w.add("ids", DType::I64, {3}, i64.data(), 24);
        w.add("i32", DType::I32, {2, 1}, i32.data(), 8);
        w.add("i16", DType::I16, {1}, i16.data(), 2);
        w.add("i8", DType::I8, {3}, i8.data(), 3);
        w.add("bytes", DType::U8, {3}, u8.data(), 3);
        w.add("mask", DType::Bool, {2, 2}, boolean.data(), 4);
        w.add("empty", DType::F32, {0, 4}, nullptr, 0);
    }
};

}  // namespace

class TestSafetensors : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;

    QString path(const QString& name) const { return dir_.filePath(name); }

  private Q_SLOTS:
    void roundTrip() {
        const Sample sample;
        SafetensorsWriter writer;
        sample.addTo(writer);
        writer.setMetadata({{"format", "pt"}, {"note", "ünïcode \"quoted\"\n"}});
        const QString file = path("round.safetensors");
        writer.write(file.toStdString());

        struct stat st {};
        QCOMPARE(::stat(file.toLocal8Bit().constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0644u);
        QCOMPARE(QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{"round.safetensors"});  // no temporary file left

        const SafetensorsFile f = SafetensorsFile::open(file.toStdString());
        QCOMPARE(f.metadata(), (Metadata{{"format", "pt"}, {"note", "ünïcode \"quoted\"\n"}}));
        std::vector<std::string> names;
        for (const TensorInfo& t : f.tensors())
            names.push_back(t.name);
        QCOMPARE(names, (std::vector<std::string>{"b", "bytes", "empty", "h", "i16", "i32", "i8",
                                                  "ids", "mask", "s", "w"}));
        auto check = [&](const char* name, DType dtype, std::vector<int64_t> shape,
                         const std::string& bytes) {
            const TensorInfo& t = f.at(name);
            QCOMPARE(t.dtype, dtype);
            QCOMPARE(t.shape, shape);
            QCOMPARE(t.bytes, uint64_t{bytes.size()});
            QCOMPARE(std::string(static_cast<const char*>(f.data(t)), t.bytes), bytes);
        };
        check("w", DType::F32, {2, 3}, bytesOf(sample.f32));
        check("h", DType::F16, {3}, bytesOf(sample.f16));
        check("b", DType::BF16, {2}, bytesOf(sample.bf16));
        check("s", DType::F64, {}, bytesOf(sample.f64));
        check("ids", DType::I64, {3}, bytesOf(sample.i64));
        check("i32", DType::I32, {2, 1}, bytesOf(sample.i32));
        check("i16", DType::I16, {1}, bytesOf(sample.i16));
        check("i8", DType::I8, {3}, bytesOf(sample.i8));
        check("bytes", DType::U8, {3}, bytesOf(sample.u8));
        check("mask", DType::Bool, {2, 2}, bytesOf(sample.boolean));
        check("empty", DType::F32, {0, 4}, "");
        QCOMPARE(f.at("s").elementCount(), uint64_t{1});
        QCOMPARE(f.at("empty").elementCount(), uint64_t{0});
        QCOMPARE(readAll(file), writer.toBytes());
    }

    void overwritesAtomicallyAndReportsBadFolders() {
        const Sample sample;
        SafetensorsWriter writer;
        sample.addTo(writer);
        const QString file = path("replace.safetensors");
        writeAll(file, "old contents");
        writer.write(file.toStdString());
        QCOMPARE(readAll(file), writer.toBytes());

        const std::string missing = path("no/such/dir/model.safetensors").toStdString();
        const QString error = errorOf([&] { writer.write(missing); });
        QVERIFY2(error.contains(QString::fromStdString(missing)), qPrintable(error));
    }

    void headerPaddedAndDataAligned() {
        // Name lengths 1..9 move the unpadded header length through every remainder mod 8.
        for (int len = 1; len <= 9; ++len) {
            const std::vector<uint8_t> small{1, 2, 3};
            const std::vector<double> wide{1.5, 2.5};
            SafetensorsWriter writer;
            writer.add(std::string(static_cast<size_t>(len), 'n'), DType::U8, {3}, small.data(), 3);
            writer.add("wide", DType::F64, {2}, wide.data(), 16);
            const std::string bytes = writer.toBytes();
            const SafetensorsFile f = SafetensorsFile::fromMemory(bytes, "padded");
            QCOMPARE(f.headerBytes() % 8, uint64_t{0});
            const std::string header = bytes.substr(8, f.headerBytes());
            QVERIFY(header.back() == '}' || header.back() == ' ');
            QCOMPARE(header.find_last_not_of(' '), header.rfind('}'));
            // Largest elements first: the F64 tensor starts the 8-aligned data region.
            QCOMPARE(f.at("wide").offset, uint64_t{0});
            for (const TensorInfo& t : f.tensors()) {
                QCOMPARE((8 + f.headerBytes() + t.offset) % dtypeSize(t.dtype), uint64_t{0});
            }
        }
    }

    void outputIndependentOfAddOrder() {
        const std::vector<float> a{1, 2};
        const std::vector<int64_t> b{7};
        const std::vector<uint8_t> c{9};
        SafetensorsWriter one, two;
        one.add("a", DType::F32, {2}, a.data(), 8);
        one.add("b", DType::I64, {1}, b.data(), 8);
        one.add("c", DType::U8, {1}, c.data(), 1);
        two.add("c", DType::U8, {1}, c.data(), 1);
        two.add("a", DType::F32, {2}, a.data(), 8);
        two.add("b", DType::I64, {1}, b.data(), 8);
        QCOMPARE(one.toBytes(), two.toBytes());
    }

    // Byte layouts of the reference implementation (huggingface/safetensors), built by hand from
    // the format description: compact JSON, "__metadata__" first, tensors in data order (element
    // size descending, then name), fields dtype/shape/data_offsets, spaces up to a multiple of 8.
    void matchesReferenceLayout() {
        const std::vector<float> values{0, 1, 2, 3, 4, 5};
        SafetensorsWriter single;
        single.add("attn.0", DType::F32, {1, 2, 3}, values.data(), 24);
        const std::string header =
            R"({"attn.0":{"dtype":"F32","shape":[1,2,3],"data_offsets":[0,24]}})";
        QCOMPARE(header.size(), size_t{64});
        QCOMPARE(single.toBytes(), fileBytes(header, bytesOf(values)));

        SafetensorsWriter empty;
        QCOMPARE(empty.toBytes(), fileBytes("{}      "));
        empty.setMetadata({{"framework", "pt"}});
        QCOMPARE(empty.toBytes(), fileBytes(R"({"__metadata__":{"framework":"pt"}}     )"));

        const std::vector<uint8_t> u8{1, 2, 3};
        const std::vector<uint8_t> flags{1};
        const std::vector<uint16_t> f16{0x3c00}, bf16{0x3f80};
        const std::vector<float> f32{1.0f};
        const std::vector<int32_t> i32{5};
        const std::vector<int64_t> i64{6};
        const std::vector<double> f64{7.0};
        SafetensorsWriter mixed;
        mixed.add("u", DType::U8, {3}, u8.data(), 3);
        mixed.add("flag", DType::Bool, {1}, flags.data(), 1);
        mixed.add("h", DType::F16, {1}, f16.data(), 2);
        mixed.add("bh", DType::BF16, {1}, bf16.data(), 2);
        mixed.add("x", DType::F32, {1}, f32.data(), 4);
        mixed.add("a", DType::F32, {1}, f32.data(), 4);
        mixed.add("n", DType::I32, {1}, i32.data(), 4);
        mixed.add("i", DType::I64, {1}, i64.data(), 8);
        mixed.add("d", DType::F64, {1}, f64.data(), 8);
        const std::string mixedHeader =
            R"({"i":{"dtype":"I64","shape":[1],"data_offsets":[0,8]},)"
            R"("d":{"dtype":"F64","shape":[1],"data_offsets":[8,16]},)"
            R"("a":{"dtype":"F32","shape":[1],"data_offsets":[16,20]},)"
            R"("x":{"dtype":"F32","shape":[1],"data_offsets":[20,24]},)"
            R"("n":{"dtype":"I32","shape":[1],"data_offsets":[24,28]},)"
            R"("bh":{"dtype":"BF16","shape":[1],"data_offsets":[28,30]},)"
            R"("h":{"dtype":"F16","shape":[1],"data_offsets":[30,32]},)"
            R"("u":{"dtype":"U8","shape":[3],"data_offsets":[32,35]},)"
            R"("flag":{"dtype":"BOOL","shape":[1],"data_offsets":[35,36]}})";
        const std::string padded = mixedHeader + std::string((8 - mixedHeader.size() % 8) % 8, ' ');
        const std::string data = bytesOf(i64) + bytesOf(f64) + bytesOf(f32) + bytesOf(f32) +
                                 bytesOf(i32) + bytesOf(bf16) + bytesOf(f16) + bytesOf(u8) +
                                 bytesOf(flags);
        QCOMPARE(mixed.toBytes(), fileBytes(padded, data));
    }

    // Other writers may order tensors freely, skip the padding and leave data unaligned.
    void readsHandWrittenFile() {
        const std::vector<uint8_t> u8{9};
        const std::vector<uint16_t> f16{0x3c00, 0xc100};
        const std::vector<float> f32{0.5f, -1.0f};
        const std::string header =
            R"({"z.f32":{"shape":[2],"dtype":"F32","data_offsets":[5,13],"extra":true},)"
            R"("__metadata__":{"format":"pt"},)"
            R"("a.f16":{"data_offsets":[1,5],"dtype":"F16","shape":[1,2]},)"
            R"("m.u8":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}} )";
        const SafetensorsFile f = SafetensorsFile::fromMemory(
            fileBytes(header, bytesOf(u8) + bytesOf(f16) + bytesOf(f32)), "hand.safetensors");
        QCOMPARE(f.tensors().size(), size_t{3});
        QCOMPARE(f.tensors()[0].name, std::string("a.f16"));
        QCOMPARE(f.metadata(), (Metadata{{"format", "pt"}}));
        QCOMPARE(toFloat32(f, f.at("a.f16")), (std::vector<float>{1.0f, -2.5f}));
        QCOMPARE(toFloat32(f, f.at("z.f32")), f32);
        QCOMPARE(*static_cast<const uint8_t*>(f.data(f.at("m.u8"))), uint8_t{9});
        QVERIFY(f.find("missing") == nullptr);
        const QString error = errorOf([&] { f.at("missing"); });
        QVERIFY2(error.contains("hand.safetensors") && error.contains("'missing'"),
                 qPrintable(error));
        const QString conversion = errorOf([&] { toFloat32(f, f.at("m.u8")); });
        QVERIFY2(conversion.contains("hand.safetensors") && conversion.contains("'m.u8'"),
                 qPrintable(conversion));

        // Moving keeps the data where it is (the buffer is not inside the object).
        SafetensorsFile g = SafetensorsFile::fromMemory(
            fileBytes(header, bytesOf(u8) + bytesOf(f16) + bytesOf(f32)), "hand.safetensors");
        const void* before = g.data(g.at("z.f32"));
        SafetensorsFile moved = std::move(g);
        QCOMPARE(moved.data(moved.at("z.f32")), before);
    }

    void rejectsMalformed_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");  // '|'-separated fragments of the message
        auto row = [](const char* tag, const std::string& bytes, const QString& expected) {
            QTest::newRow(tag) << QByteArray(bytes.data(), static_cast<int>(bytes.size()))
                               << expected;
        };
        const std::string f32x2(8, '\0');
        const std::string t = R"({"t":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})";
        row("empty file", "", "has 0 bytes, fewer than the 8-byte header length");
        row("5 bytes", std::string("\x02\0\0\0\0", 5), "has 5 bytes");
        row("header longer than file", rawLength(100) + "{}",
            "header length 100 bytes, but only 2 bytes follow");
        row("header over limit", rawLength(100'000'001) + "{}", "exceeds the limit");
        row("header length 2^64-1", rawLength(~uint64_t{0}) + "{}", "exceeds the limit");
        row("zero header", rawLength(0) + "xx", "does not start with '{'");
        row("array header", fileBytes("[]"), "does not start with '{'");
        row("invalid json", fileBytes(R"({"t":)"), "not valid JSON");
        row("trailing garbage", fileBytes("{} x"), "not valid JSON");
        row("invalid utf-8", fileBytes("{\"\xff\":1}"), "not valid JSON");
        row("duplicate tensor", fileBytes(R"({"t":{},"t":{}})"), "lists 't' twice");
        row("entry not object", fileBytes(R"({"t":5})"), "tensor 't'|must be an object");
        row("unknown dtype",
            fileBytes(R"({"enc.w":{"dtype":"F8_E4M3","shape":[1],"data_offsets":[0,1]}})", "x"),
            "tensor 'enc.w'|unsupported dtype 'F8_E4M3'");
        row("lowercase dtype",
            fileBytes(R"({"t":{"dtype":"f32","shape":[2],"data_offsets":[0,8]}})", f32x2),
            "tensor 't'|unsupported dtype 'f32'");
        row("dtype not string",
            fileBytes(R"({"t":{"dtype":4,"shape":[2],"data_offsets":[0,8]}})", f32x2),
            "tensor 't'|'dtype' must be a string");
        row("missing dtype", fileBytes(R"({"t":{"shape":[2],"data_offsets":[0,8]}})", f32x2),
            "tensor 't'|missing field 'dtype'");
        row("missing shape", fileBytes(R"({"t":{"dtype":"F32","data_offsets":[0,8]}})", f32x2),
            "tensor 't'|missing field 'shape'");
        row("missing offsets", fileBytes(R"({"t":{"dtype":"F32","shape":[2]}})", f32x2),
            "tensor 't'|missing field 'data_offsets'");
        row("negative shape",
            fileBytes(R"({"t":{"dtype":"F32","shape":[-1,2],"data_offsets":[0,8]}})", f32x2),
            "tensor 't'|negative dimension -1");
        row("fractional shape",
            fileBytes(R"({"t":{"dtype":"F32","shape":[2.5],"data_offsets":[0,8]}})", f32x2),
            "tensor 't'|non-negative integers");
        row("shape not list",
            fileBytes(R"({"t":{"dtype":"F32","shape":2,"data_offsets":[0,8]}})", f32x2),
            "tensor 't'|non-negative integers");
        row("huge dimension",
            fileBytes(R"({"t":{"dtype":"U8","shape":[18446744073709551615],)"
                      R"("data_offsets":[0,8]}})",
                      f32x2),
            "tensor 't'|too large");
        row("overflowing shape",
            fileBytes(R"({"t":{"dtype":"F32","shape":[4294967296,4294967296],)"
                      R"("data_offsets":[0,8]}})",
                      f32x2),
            "tensor 't'|overflows");
        row("overflow by element size",
            fileBytes(R"({"t":{"dtype":"I64","shape":[2305843009213693952],)"
                      R"("data_offsets":[0,8]}})",
                      f32x2),
            "tensor 't'|overflows");
        row("offsets outside data",
            fileBytes(R"({"t":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})", f32x2),
            "tensor 't'|[0, 16] lie outside the data region (8 bytes)");
        row("offsets huge",
            fileBytes(R"({"t":{"dtype":"U8","shape":[1],)"
                      R"("data_offsets":[18446744073709551615,18446744073709551615]}})",
                      f32x2),
            "tensor 't'|lie outside the data region");
        row("offsets reversed",
            fileBytes(R"({"t":{"dtype":"F32","shape":[2],"data_offsets":[8,0]}})", f32x2),
            "tensor 't'|end before begin");
        row("offsets one number",
            fileBytes(R"({"t":{"dtype":"F32","shape":[2],"data_offsets":[8]}})", f32x2),
            "tensor 't'|two non-negative integers");
        row("offsets negative",
            fileBytes(R"({"t":{"dtype":"F32","shape":[2],"data_offsets":[-8,0]}})", f32x2),
            "tensor 't'|two non-negative integers");
        row("size mismatch",
            fileBytes(R"({"encoder.layer.0.attention.self.query.weight":{"dtype":"F32",)"
                      R"("shape":[2,2],"data_offsets":[0,12]}})",
                      std::string(12, '\0')),
            "bad.safetensors: tensor 'encoder.layer.0.attention.self.query.weight': "
            "data_offsets [0, 12] but shape [2, 2] F32 needs 16 bytes");
        row("overlap",
            fileBytes(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                      R"("b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})",
                      std::string(12, '\0')),
            "tensor 'b'|overlap tensor 'a' [0, 8]");
        row("same offsets",
            fileBytes(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                      R"("b":{"dtype":"I32","shape":[2],"data_offsets":[0,8]}})",
                      f32x2),
            "tensor 'b'|overlap tensor 'a'");
        row("hole",
            fileBytes(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                      R"("b":{"dtype":"F32","shape":[2],"data_offsets":[12,20]}})",
                      std::string(20, '\0')),
            "tensor 'b'|leave bytes [8, 12) of the data region unused");
        row("trailing data", fileBytes(t, f32x2 + "xxxx"),
            "4 unused bytes after the end of tensor 't'");
        row("data without tensors", fileBytes("{}", "xxxx"), "4 unused bytes|no tensors");
        row("metadata not string", fileBytes(R"({"__metadata__":{"k":1},)" + t.substr(1), f32x2),
            "'__metadata__'|value of 'k' must be a string");
        row("deep nesting",
            fileBytes(R"({"t":{"dtype":"F32","shape":)" + std::string(200000, '[') +
                      std::string(200000, ']') + R"(,"data_offsets":[0,0]}})"),
            "nests JSON values more than 8 levels deep");
        row("long name",
            fileBytes(R"({")" + std::string(1000000, 'n') +
                      R"(":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})"),
            "tensor 'nnnn|...': data_offsets [0, 4] lie outside");
        row("metadata not object", fileBytes(R"({"__metadata__":"x"})"),
            "'__metadata__' must be an object");
    }

    void rejectsMalformed() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const QString error =
            errorOf([&] { SafetensorsFile::fromMemory(bytes.toStdString(), "bad.safetensors"); });
        QVERIFY2(error.startsWith("bad.safetensors: "), qPrintable("message: " + error));
        for (const QString& part : expected.split('|')) {
            QVERIFY2(error.contains(part), qPrintable("message: " + error + "\nmissing: " + part));
        }
    }

    void openReportsFileProblems() {
        const QString truncated = path("truncated.safetensors");
        writeAll(truncated, rawLength(64) + "{\"a\":");
        QString error = errorOf([&] { SafetensorsFile::open(truncated.toStdString()); });
        QVERIFY2(error.startsWith(truncated + ": header length 64"), qPrintable(error));

        const QString missing = path("missing.safetensors");
        error = errorOf([&] { SafetensorsFile::open(missing.toStdString()); });
        QVERIFY2(error.contains(missing) && error.contains("No such file"), qPrintable(error));

        error = errorOf([&] { SafetensorsFile::open(dir_.path().toStdString()); });
        QVERIFY2(error.contains("not a regular file"), qPrintable(error));

        const QString empty = path("empty.safetensors");
        writeAll(empty, "");
        error = errorOf([&] { SafetensorsFile::open(empty.toStdString()); });
        QVERIFY2(error.contains(empty) && error.contains("has 0 bytes"), qPrintable(error));
    }

    void writerRejectsBadTensors() {
        const std::vector<float> four{1, 2, 3, 4};
        SafetensorsWriter w;
        QString error = errorOf([&] { w.add("q.weight", DType::F32, {2, 2}, four.data(), 12); });
        QVERIFY2(error.contains("'q.weight'") && error.contains("12 bytes given") &&
                     error.contains("shape [2, 2] F32 needs 16"),
                 qPrintable(error));
        w.add("q.weight", DType::F32, {2, 2}, four.data(), 16);
        error = errorOf([&] { w.add("q.weight", DType::F32, {4}, four.data(), 16); });
        QVERIFY2(error.contains("'q.weight'") && error.contains("added twice"), qPrintable(error));
        error = errorOf([&] { w.add("__metadata__", DType::F32, {4}, four.data(), 16); });
        QVERIFY2(error.contains("reserved"), qPrintable(error));
        error = errorOf([&] { w.add("neg", DType::F32, {-4}, four.data(), 16); });
        QVERIFY2(error.contains("'neg'") && error.contains("negative"), qPrintable(error));
        error = errorOf([&] { w.add("big", DType::F32, {int64_t{1} << 62, 4}, four.data(), 16); });
        QVERIFY2(error.contains("'big'") && error.contains("overflows"), qPrintable(error));
        error = errorOf([&] { w.add("null", DType::F32, {4}, nullptr, 16); });
        QVERIFY2(error.contains("'null'"), qPrintable(error));

        SafetensorsWriter badName;
        badName.add("bad\xff", DType::F32, {4}, four.data(), 16);
        const QString file = path("badname.safetensors");
        error = errorOf([&] { badName.write(file.toStdString()); });
        QVERIFY2(error.contains("UTF-8"), qPrintable(error));
        QVERIFY(!QFile::exists(file));
    }

    void halfConversionValues() {
        QCOMPARE(halfToFloat(0x3c00), 1.0f);
        QCOMPARE(halfToFloat(0xc100), -2.5f);
        QCOMPARE(halfToFloat(0x7bff), 65504.0f);
        QCOMPARE(halfToFloat(0x0001), std::ldexp(1.0f, -24));     // smallest subnormal
        QCOMPARE(halfToFloat(0x03ff), std::ldexp(1023.0f, -24));  // largest subnormal
        QCOMPARE(halfToFloat(0x0400), std::ldexp(1.0f, -14));     // smallest normal
        QVERIFY(sameFloat(halfToFloat(0x8000), -0.0f));
        QCOMPARE(halfToFloat(0x7c00), INFINITY);
        QCOMPARE(halfToFloat(0xfc00), -INFINITY);
        QVERIFY(std::isnan(halfToFloat(0x7e00)));
        QVERIFY(std::isnan(halfToFloat(0x7c01)));  // signalling NaN stays NaN

        QCOMPARE(floatToHalf(1.0f), uint16_t{0x3c00});
        QCOMPARE(floatToHalf(-2.5f), uint16_t{0xc100});
        QCOMPARE(floatToHalf(65504.0f), uint16_t{0x7bff});
        QCOMPARE(floatToHalf(65519.0f), uint16_t{0x7bff});
        QCOMPARE(floatToHalf(65520.0f), uint16_t{0x7c00});  // tie rounds to even: infinity
        QCOMPARE(floatToHalf(1e10f), uint16_t{0x7c00});
        QCOMPARE(floatToHalf(-INFINITY), uint16_t{0xfc00});
        QVERIFY(isHalfNan(floatToHalf(NAN)));
        QCOMPARE(floatToHalf(std::ldexp(1.0f, -24)), uint16_t{0x0001});
        QCOMPARE(floatToHalf(std::ldexp(1.0f, -25)), uint16_t{0x0000});  // tie to even: zero
        QCOMPARE(floatToHalf(std::ldexp(1.0f, -25) * 1.0001f), uint16_t{0x0001});
        QCOMPARE(floatToHalf(std::ldexp(3.0f, -25)), uint16_t{0x0002});         // 1.5 ulp: even
        QCOMPARE(floatToHalf(std::ldexp(1023.5f, -24)), uint16_t{0x0400});      // into normals
        QCOMPARE(floatToHalf(1.0f + std::ldexp(1.0f, -11)), uint16_t{0x3c00});  // tie: even
        QCOMPARE(floatToHalf(1.0f + std::ldexp(3.0f, -11)), uint16_t{0x3c02});  // tie: even
        QCOMPARE(floatToHalf(-0.0f), uint16_t{0x8000});
        QCOMPARE(floatToHalf(1e-30f), uint16_t{0x0000});

        QCOMPARE(bfloat16ToFloat(0x3f80), 1.0f);
        QCOMPARE(bfloat16ToFloat(0xc020), -2.5f);
        QCOMPARE(bfloat16ToFloat(0x477f), 65280.0f);
        QCOMPARE(bfloat16ToFloat(0x0001), std::ldexp(1.0f, -133));  // smallest subnormal
        QCOMPARE(bfloat16ToFloat(0x7f80), INFINITY);
        QVERIFY(std::isnan(bfloat16ToFloat(0x7fc0)));
        QCOMPARE(floatToBfloat16(1.0f), uint16_t{0x3f80});
        QCOMPARE(floatToBfloat16(-2.5f), uint16_t{0xc020});
        QCOMPARE(floatToBfloat16(65504.0f), uint16_t{0x4780});  // rounds up to 65536
        QCOMPARE(floatToBfloat16(std::ldexp(1.0f, -133)), uint16_t{0x0001});
        QCOMPARE(floatToBfloat16(3.4028235e38f), uint16_t{0x7f80});  // FLT_MAX rounds to inf
        QCOMPARE(floatToBfloat16(1.0f + std::ldexp(1.0f, -8)), uint16_t{0x3f80});  // tie: even
        QVERIFY(isBfloat16Nan(floatToBfloat16(NAN)));
        QVERIFY(isBfloat16Nan(floatToBfloat16(floatFromBits(0x7f800001u))));
    }

    void toFloat32ReadsHalfTensors() {
        const std::vector<uint16_t> half{0x3c00, 0xc100, 0x7bff, 0x0001, 0x7c00, 0x7e00};
        const std::vector<uint16_t> brain{0x3f80, 0xc020, 0x477f, 0x0001, 0x7f80, 0x7fc0};
        std::vector<float> values{1.0f, -2.5f, 65504.0f, std::ldexp(1.0f, -24), INFINITY, NAN};
        SafetensorsWriter w;
        w.add("half", DType::F16, {2, 3}, half.data(), 12);
        w.add("brain", DType::BF16, {6}, brain.data(), 12);
        w.add("single", DType::F32, {6}, values.data(), 24);
        const SafetensorsFile f = SafetensorsFile::fromMemory(w.toBytes(), "half.safetensors");
        const std::vector<float> h = toFloat32(f, f.at("half"));
        const std::vector<float> b = toFloat32(f, f.at("brain"));
        const std::vector<float> s = toFloat32(f, f.at("single"));
        QCOMPARE(h.size(), size_t{6});
        for (size_t i = 0; i < values.size(); ++i) {
            QVERIFY2(sameFloat(h[i], values[i]), qPrintable(QString::number(i)));
            QVERIFY2(sameFloat(s[i], values[i]), qPrintable(QString::number(i)));
        }
        QCOMPARE(b[2], 65280.0f);
        QCOMPARE(b[3], std::ldexp(1.0f, -133));
        QVERIFY(std::isnan(b[5]));

        std::vector<uint16_t> back(6);
        fromFloat32(h.data(), h.size(), DType::F16, back.data());
        QCOMPARE(back, half);
        fromFloat32(b.data(), b.size(), DType::BF16, back.data());
        QCOMPARE(back, brain);
    }

    // Every half and bfloat16 bit pattern widened, and a spread of floats narrowed, compared with
    // PyTorch's conversions.
    void conversionsMatchTorch() {
        if (!pythonHas("torch, numpy")) {
            QSKIP(
                "/usr/bin/python3 cannot import torch and numpy (Debian: python3-torch); "
                "the hand-computed conversion tests still ran");
        }
        const QString widened = path("widened.bin");
        const QString script = R"(
import sys, numpy as np, torch
bits = torch.from_numpy(np.arange(65536, dtype=np.uint16).view(np.int16))
with open(sys.argv[1], "wb") as f:
    f.write(bits.view(torch.float16).float().numpy().tobytes())
    f.write(bits.view(torch.bfloat16).float().numpy().tobytes())
x = torch.from_numpy(np.fromfile(sys.argv[2], dtype=np.float32))
with open(sys.argv[3], "wb") as f:
    f.write(x.to(torch.float16).view(torch.int16).numpy().tobytes())
    f.write(x.to(torch.bfloat16).view(torch.int16).numpy().tobytes())
)";
        std::vector<float> floats;
        for (uint32_t bits : {0u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f7fffffu,
                              0x477fefffu, 0x477ff000u, 0x33000000u, 0x33000001u, 0x38800000u,
                              0x387fffffu, 0x00000001u, 0x3f808000u, 0x3f818000u}) {
            floats.push_back(floatFromBits(bits));
        }
        uint64_t state = 0x9e3779b97f4a7c15u;
        for (int i = 0; i < 300000; ++i) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            uint32_t bits = static_cast<uint32_t>(state >> 32);
            // Bias half of them towards the half-precision range, where the rounding happens.
            if (i % 2 == 0) bits = (bits & 0x87ffffffu) | 0x30000000u;
            floats.push_back(floatFromBits(bits));
        }
        const QString input = path("floats.bin");
        const QString narrowed = path("narrowed.bin");
        writeAll(input, bytesOf(floats));
        const QString error = runPython(script, {widened, input, narrowed});
        QVERIFY2(error.isEmpty(), qPrintable(error));

        const std::string wide = readAll(widened);
        QCOMPARE(wide.size(), size_t{2 * 65536 * 4});
        for (uint32_t i = 0; i < 65536; ++i) {
            float torchHalf, torchBrain;
            std::memcpy(&torchHalf, wide.data() + 4 * i, 4);
            std::memcpy(&torchBrain, wide.data() + 4 * (65536 + i), 4);
            const auto bits = static_cast<uint16_t>(i);
            QVERIFY2(sameFloat(halfToFloat(bits), torchHalf), qPrintable(QString::number(i, 16)));
            QVERIFY2(sameFloat(bfloat16ToFloat(bits), torchBrain),
                     qPrintable(QString::number(i, 16)));
        }
        const std::string narrow = readAll(narrowed);
        QCOMPARE(narrow.size(), floats.size() * 4);
        for (size_t i = 0; i < floats.size(); ++i) {
            uint16_t torchHalf, torchBrain;
            std::memcpy(&torchHalf, narrow.data() + 2 * i, 2);
            std::memcpy(&torchBrain, narrow.data() + 2 * (floats.size() + i), 2);
            const uint16_t half = floatToHalf(floats[i]), brain = floatToBfloat16(floats[i]);
            const QString where = QString("float %1").arg(double(floats[i]), 0, 'g', 9);
            if (isHalfNan(torchHalf)) {
                QVERIFY2(isHalfNan(half), qPrintable(where));
            } else {
                QVERIFY2(half == torchHalf, qPrintable(where));
            }
            if (isBfloat16Nan(torchBrain)) {
                QVERIFY2(isBfloat16Nan(brain), qPrintable(where));
            } else {
                QVERIFY2(brain == torchBrain, qPrintable(where));
            }
        }
    }

    // Files written by the Python package are read, ours are byte-identical to its output (one
    // metadata entry: it keeps metadata in a hash map, so several entries have no fixed order),
    // and it loads ours.
    void interoperatesWithPythonSafetensors() {
        if (!pythonHas("torch, safetensors.torch")) {
            QSKIP(
                "/usr/bin/python3 cannot import the 'safetensors' package with torch "
                "(pip install safetensors); the hand-built reference layouts were checked in "
                "matchesReferenceLayout");
        }
        const QString script = R"(
import sys, torch
from safetensors.torch import save_file, load_file
t = {
    "w": torch.arange(6, dtype=torch.float32).reshape(2, 3),
    "h": torch.tensor([1.0, -2.5, 65504.0], dtype=torch.float16),
    "b": torch.tensor([1.0, -2.5], dtype=torch.bfloat16),
    "s": torch.tensor(3.5, dtype=torch.float64),
    "ids": torch.tensor([1, -2, 3], dtype=torch.int64),
    "i32": torch.tensor([[-7], [8]], dtype=torch.int32),
    "i16": torch.tensor([-300], dtype=torch.int16),
    "i8": torch.tensor([-1, 2, -3], dtype=torch.int8),
    "bytes": torch.tensor([0, 255, 7], dtype=torch.uint8),
    "mask": torch.tensor([[True, False], [True, True]]),
    "empty": torch.zeros((0, 4), dtype=torch.float32),
}
if sys.argv[1] == "save":
    save_file(t, sys.argv[2], metadata={"format": "pt"})
else:
    loaded = load_file(sys.argv[2])
    assert sorted(loaded) == sorted(t), sorted(loaded)
    for k, v in t.items():
        assert loaded[k].dtype == v.dtype and torch.equal(loaded[k], v), k
)";
        const QString theirs = path("python.safetensors");
        QString error = runPython(script, {"save", theirs});
        QVERIFY2(error.isEmpty(), qPrintable(error));

        const Sample sample;
        SafetensorsWriter writer;
        sample.addTo(writer);
        writer.setMetadata({{"format", "pt"}});
        const SafetensorsFile f = SafetensorsFile::open(theirs.toStdString());
        QCOMPARE(f.metadata(), (Metadata{{"format", "pt"}}));
        const SafetensorsFile ours = SafetensorsFile::fromMemory(writer.toBytes(), "ours");
        QCOMPARE(f.tensors().size(), ours.tensors().size());
        for (const TensorInfo& t : ours.tensors()) {
            const TensorInfo& p = f.at(t.name);
            QCOMPARE(p.dtype, t.dtype);
            QCOMPARE(p.shape, t.shape);
            QCOMPARE(std::string(static_cast<const char*>(f.data(p)), p.bytes),
                     std::string(static_cast<const char*>(ours.data(t)), t.bytes));
        }
        QCOMPARE(writer.toBytes(), readAll(theirs));

        const QString mine = path("ours.safetensors");
        writer.write(mine.toStdString());
        error = runPython(script, {"load", mine});
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestSafetensors)
#include "test_safetensors.moc"
