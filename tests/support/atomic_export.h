#pragma once

// Checks that an export replaces its target whole (views/export_file.h): the new file is
// written next to the target and renamed over it, so the old file is never rewritten in place
// and nothing partial is ever seen under the target's name.
//
// The check works without permissions (tests may run as root, which writes into read-only
// folders): a second name for the old file (a hard link) must still hold the old bytes after
// the export. A write in place (QImage::save(path), QSvgGenerator::setFileName) changes the
// file both names share.

#include <functional>
#include <unistd.h>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace isomorph::testing {

inline QByteArray fileBytes(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Empty when `exportTo(path)` replaced an existing file whole and left no temporary file in
// its folder; otherwise what went wrong.
inline QString checkReplacedWhole(const QString& path,
                                  const std::function<bool(const QString&)>& exportTo) {
    const QByteArray old = "old contents\n";
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(old) != old.size()) return "cannot write";
    file.close();
    const QString second = path + QStringLiteral(".second-name");
    if (::link(QFile::encodeName(path).constData(), QFile::encodeName(second).constData()) != 0)
        return QStringLiteral("cannot link %1").arg(path);
    const QStringList before = QFileInfo(path).dir().entryList(QDir::Files);
    if (!exportTo(path)) return QStringLiteral("the export of %1 failed").arg(path);
    const QByteArray now = fileBytes(path);
    if (now.isEmpty() || now == old) return QStringLiteral("%1 was not written").arg(path);
    if (fileBytes(second) != old) return QStringLiteral("%1 was rewritten in place").arg(path);
    if (QFileInfo(path).dir().entryList(QDir::Files) != before)
        return QStringLiteral("files were left next to %1").arg(path);
    QFile::remove(second);
    return {};
}

}  // namespace isomorph::testing
