#pragma once

#include <QString>

namespace isomorph::views {

/// One CSV field with RFC 4180 quoting: quoted (inner quotes doubled) only when it holds a
/// comma, a quote or a line break.
inline QString csvField(const QString& field) {
    if (!field.contains(QLatin1Char(',')) && !field.contains(QLatin1Char('"')) &&
        !field.contains(QLatin1Char('\n')) && !field.contains(QLatin1Char('\r')))
        return field;
    QString quoted = field;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

}  // namespace isomorph::views
