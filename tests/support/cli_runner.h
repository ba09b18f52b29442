#pragma once

// Runs the built isomorph-cli for integration tests (ISOMORPH_BIN_DIR comes from CMake).

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

namespace isomorph::testing {

struct CliResult {
    int exitCode = -1;  ///< -1: did not finish in time; -2: crashed
    QByteArray out, err;
};

inline CliResult runCli(const QStringList& args, const QByteArray& input = {},
                        const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ISOMORPH_BIN_DIR "/isomorph-cli"), args);
    if (!input.isEmpty()) p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(300000)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

}  // namespace isomorph::testing
