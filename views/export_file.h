#pragma once

#include <functional>
#include <optional>

#include <QByteArray>
#include <QRect>
#include <QSize>
#include <QString>

class QIODevice;
class QPainter;

namespace isomorph::views {

/// The one way views write PNG, SVG and CSV exports. Each file is written through QSaveFile:
/// into a temporary file next to the target, renamed over it only once everything was written.
/// A failed export leaves an existing file untouched and no partial file behind, and a reader
/// never sees half a picture. Each function returns false and sets *reason (QSaveFile's or the
/// painter's error, for the caller to put in its own message) on failure.

/// Draws the picture on a painter already begun on the target device.
using ExportPainter = std::function<void(QPainter& painter)>;

struct PngExportOptions {
    QSize size;                     // logical pixels (the widget's size)
    double devicePixelRatio = 1.0;  // the image holds size * ratio device pixels
};

struct SvgExportOptions {
    QSize size;                          // logical pixels
    QRect viewBox;                       // the painter's coordinates that fill the picture
    int resolution = 96;                 // dots per inch (the widget's logical DPI)
    std::optional<QString> title;        // <title>; unset: Qt's default
    std::optional<QString> description;  // <desc>; unset: Qt's default
};

bool writePngExport(const QString& path, const PngExportOptions& options,
                    const ExportPainter& paint, QString* reason = nullptr);
bool writeSvgExport(const QString& path, const SvgExportOptions& options,
                    const ExportPainter& paint, QString* reason = nullptr);

/// Where CSV text goes: appended bytes are written out in blocks of about 1 MiB, so a
/// million rows need neither a write call each nor the whole file in memory.
class CsvExportSink {
  public:
    explicit CsvExportSink(QIODevice& device) : device_(device) {}
    CsvExportSink(const CsvExportSink&) = delete;
    CsvExportSink& operator=(const CsvExportSink&) = delete;
    ~CsvExportSink() { flush(); }

    CsvExportSink& operator<<(const QByteArray& bytes);
    void flush();

  private:
    QIODevice& device_;
    QByteArray buffer_;
};

/// Writes the rows `write` appends (header included; the caller chooses line ends and quoting,
/// see csvField()).
bool writeCsvExport(const QString& path, const std::function<void(CsvExportSink& out)>& write,
                    QString* reason = nullptr);

}  // namespace isomorph::views
