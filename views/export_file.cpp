#include "views/export_file.h"

#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

namespace isomorph::views {

namespace {

constexpr qsizetype kCsvBlockBytes = 1 << 20;

bool fail(const QSaveFile& file, QString* reason) {
    if (reason) *reason = file.errorString();
    return false;
}

}  // namespace

bool writePngExport(const QString& path, const PngExportOptions& options,
                    const ExportPainter& paint, QString* reason) {
    const double dpr = options.devicePixelRatio;
    QImage image(options.size * dpr, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    {
        QPainter painter(&image);
        paint(painter);
    }
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && image.save(&file, "PNG") && file.commit()) return true;
    return fail(file, reason);
}

bool writeSvgExport(const QString& path, const SvgExportOptions& options,
                    const ExportPainter& paint, QString* reason) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return fail(file, reason);
    QSvgGenerator generator;
    generator.setOutputDevice(&file);
    generator.setSize(options.size);
    generator.setViewBox(options.viewBox);
    generator.setResolution(options.resolution);
    if (options.title) generator.setTitle(*options.title);
    if (options.description) generator.setDescription(*options.description);
    QPainter painter;
    if (!painter.begin(&generator)) return fail(file, reason);
    paint(painter);
    if (painter.end() && file.commit()) return true;
    return fail(file, reason);
}

CsvExportSink& CsvExportSink::operator<<(const QByteArray& bytes) {
    buffer_ += bytes;
    if (buffer_.size() > kCsvBlockBytes) flush();
    return *this;
}

void CsvExportSink::flush() {
    // A failed write is recorded by QSaveFile, whose commit() then fails.
    if (!buffer_.isEmpty()) device_.write(buffer_);
    buffer_.clear();
}

bool writeCsvExport(const QString& path, const std::function<void(CsvExportSink& out)>& write,
                    QString* reason) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return fail(file, reason);
    {
        CsvExportSink sink(file);
        write(sink);
    }
    if (file.commit()) return true;
    return fail(file, reason);
}

}  // namespace isomorph::views
