#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/atomic_export.h"
#include "tests/support/test_main.h"
#include "views/export_file.h"

using isomorph::views::CsvExportSink;
using isomorph::views::PngExportOptions;
using isomorph::views::SvgExportOptions;
using isomorph::views::writeCsvExport;
using isomorph::views::writePngExport;
using isomorph::views::writeSvgExport;
namespace testing = isomorph::testing;

namespace {

void paintCross(QPainter& painter) {
    painter.fillRect(QRect(0, 0, 40, 30), Qt::white);
    painter.setPen(QPen(Qt::red, 1));
    painter.drawLine(0, 0, 40, 30);
}

bool png(const QString& path, QString* reason = nullptr) {
    return writePngExport(path, PngExportOptions{QSize(40, 30), 2.0}, paintCross, reason);
}

bool svg(const QString& path, QString* reason = nullptr) {
    SvgExportOptions options;
    options.size = QSize(40, 30);
    options.viewBox = QRect(0, 0, 40, 30);
    options.title = QStringLiteral("cross");
    return writeSvgExport(path, options, paintCross, reason);
}

bool csv(const QString& path, QString* reason = nullptr) {
    return writeCsvExport(
        path,
        [](CsvExportSink& out) {
            out << "a,b\r\n"
                << "1,2\r\n";
        },
        reason);
}

}  // namespace

// views/export_file.h, the one writer of the views' PNG, SVG and CSV exports.
class TestExportFile : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void writesValidFiles() {
        QTemporaryDir dir;
        QVERIFY(png(dir.filePath("x.png")));
        const QImage image(dir.filePath("x.png"));
        QCOMPARE(image.size(), QSize(80, 60));  // device pixels at ratio 2
        QCOMPARE(QColor(image.pixel(79, 0)), QColor(Qt::white));
        QVERIFY(svg(dir.filePath("x.svg")));
        const QByteArray text = testing::fileBytes(dir.filePath("x.svg"));
        QVERIFY(text.contains("<title>cross</title>"));
        QVERIFY(text.contains("</svg>"));
        QVERIFY(csv(dir.filePath("x.csv")));
        QCOMPARE(testing::fileBytes(dir.filePath("x.csv")), QByteArray("a,b\r\n1,2\r\n"));
    }

    void replacesFilesWhole() {
        QTemporaryDir dir;
        for (const auto& write : {png, svg, csv}) {
            const QString problem = testing::checkReplacedWhole(
                dir.filePath("x"), [&](const QString& path) { return write(path, nullptr); });
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
    }

    // The check the widget tests rely on tells a write in place (how the metric chart wrote PNG
    // and SVG before: QImage::save(path), QSvgGenerator::setFileName) from a replacement.
    void replacementCheckCatchesWritesInPlace() {
        QTemporaryDir dir;
        const QString png = testing::checkReplacedWhole(dir.filePath("p"), [](const QString& path) {
            QImage image(40, 30, QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::white);
            return image.save(path, "PNG");
        });
        QVERIFY(png.contains("in place"));
        const QString svg = testing::checkReplacedWhole(dir.filePath("s"), [](const QString& path) {
            QSvgGenerator generator;
            generator.setFileName(path);
            generator.setSize(QSize(40, 30));
            QPainter painter;
            if (!painter.begin(&generator)) return false;
            paintCross(painter);
            return painter.end();
        });
        QVERIFY(svg.contains("in place"));
    }

    // CSV text is written in blocks of about 1 MiB; every byte arrives, in order.
    void writesLargeCsvInBlocks() {
        QTemporaryDir dir;
        QByteArray expected;
        const auto rows = [&](CsvExportSink& out) {
            for (int i = 0; i < 200000; ++i) {
                const QByteArray row = QByteArray::number(i) + ",0.125\r\n";
                expected += row;
                out << row;
            }
        };
        QVERIFY(writeCsvExport(dir.filePath("big.csv"), rows));
        QVERIFY(expected.size() > 2 * (1 << 20));
        QCOMPARE(testing::fileBytes(dir.filePath("big.csv")), expected);
    }

    void failuresSayWhyAndCreateNothing() {
        QTemporaryDir dir;
        for (const auto& write : {png, svg, csv}) {
            QString reason;
            QVERIFY(!write(dir.filePath("missing/x"), &reason));
            QVERIFY(!reason.isEmpty());
        }
        QVERIFY(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
    }

    // A folder the export may not write into: the existing file keeps its bytes and no
    // temporary file appears (root writes anywhere, so the check needs another user).
    void failureLeavesTheExistingFile() {
        if (::geteuid() == 0) QSKIP("root ignores folder permissions");
        QTemporaryDir dir;
        const QString path = dir.filePath("x");
        for (const auto& write : {png, svg, csv}) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("old");
            file.close();
            QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner));
            QString reason;
            const bool written = write(path, &reason);
            QFile::setPermissions(dir.path(),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
            QVERIFY(!written);
            QCOMPARE(testing::fileBytes(path), QByteArray("old"));
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"x"});
        }
    }
};

ISOMORPH_TEST_MAIN(TestExportFile)
#include "test_export_file.moc"
