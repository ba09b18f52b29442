// The `.npy` sidecar (core/model_io/npy_sidecar): round trip, absence, partial files from other
// tools, and refusals naming the file.

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/model_io/npy_sidecar.h"
#include "tests/support/error_message.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using isomorph::testing::messageOf;

class TestNpySidecar : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;

    std::filesystem::path npy(const char* name) const { return dir_.filePath(name).toStdString(); }

    void writeRaw(const char* name, const QByteArray& bytes) {
        QFile f(QString::fromStdString(model_io::npySidecarPath(npy(name)).string()));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }

  private Q_SLOTS:
    void roundTrip() {
        model_io::NpySidecar s;
        s.model = "/m";
        s.input = "/in.txt";
        s.rows = 12;
        s.dim = 32;
        s.pooling = "layer:2";
        s.normalized = true;
        s.language = "de";
        s.truncated = 3;
        s.empty = 1;
        model_io::writeNpySidecar(npy("x.npy"), s);
        QCOMPARE(QString::fromStdString(model_io::npySidecarPath(npy("x.npy")).filename().string()),
                 QString("x.npy.json"));
        const auto back = model_io::readNpySidecar(npy("x.npy"));
        QVERIFY(back.has_value());
        QCOMPARE(back->model, s.model);
        QCOMPARE(back->input, s.input);
        QCOMPARE(back->rows, s.rows);
        QCOMPARE(back->dim, s.dim);
        QCOMPARE(back->pooling, s.pooling);
        QCOMPARE(back->normalized, s.normalized);
        QCOMPARE(back->language, s.language);
        QCOMPARE(back->truncated, s.truncated);
        QCOMPARE(back->empty, s.empty);
        // No language is written as null and read back as empty.
        s.language.clear();
        model_io::writeNpySidecar(npy("y.npy"), s);
        QCOMPARE(model_io::readNpySidecar(npy("y.npy"))->language, std::string());
    }

    void absentPartialAndBad() {
        QVERIFY(!model_io::readNpySidecar(npy("none.npy")).has_value());
        writeRaw("part.npy", R"({"model": "/m"})");
        const auto part = model_io::readNpySidecar(npy("part.npy"));
        QCOMPARE(part->model, std::string("/m"));
        QCOMPARE(part->pooling, std::string());  // the caller keeps its own default
        writeRaw("bad.npy", "{");
        QVERIFY(messageOf<DataError>([&] {
                    model_io::readNpySidecar(npy("bad.npy"));
                }).contains("bad.npy.json: unreadable sidecar"));
        writeRaw("type.npy", R"({"rows": "many"})");
        QVERIFY(messageOf<DataError>([&] {
                    model_io::readNpySidecar(npy("type.npy"));
                }).contains("type.npy.json"));
        writeRaw("array.npy", "[1]");
        QVERIFY(messageOf<DataError>([&] {
                    model_io::readNpySidecar(npy("array.npy"));
                }).contains("not a JSON object"));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestNpySidecar)
#include "test_npy_sidecar.moc"
