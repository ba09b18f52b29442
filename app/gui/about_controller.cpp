#include "app/gui/about_controller.h"

#include <QFutureWatcher>
#include <QtConcurrent>

#include "core/common/version.h"
#include "core/runtime/system_info.h"
#include "views/about_dialog.h"

namespace isomorph::gui {
namespace {

views::AboutDialog::Rows toRows(const runtime::SystemInfo& info) {
    views::AboutDialog::Rows rows;
    auto q = [](const std::string& s) { return QString::fromStdString(s); };
    for (const auto& c : info.components)
        rows.append({q(c.name), q(c.version)});
    rows.append({QObject::tr("BLAS library"), q(info.blasLibrary)});
    if (info.gemmSize > 0) {
        rows.append({QObject::tr("float32 GEMM %1×%1×%1").arg(info.gemmSize),
                     QObject::tr("%1 GFLOP/s").arg(info.gemmGflops, 0, 'f', 1)});
    }
    rows.append({QObject::tr("Threads"), QObject::tr("%1 intra-op, %2 logical CPUs")
                                             .arg(info.intraOpThreads)
                                             .arg(info.hardwareThreads)});
    rows.append({QObject::tr("CUDA"), info.cudaCompiled
                                          ? QObject::tr("%1 device(s)").arg(info.cudaDevices.size())
                                          : QObject::tr("not compiled (CPU-only LibTorch)")});
    for (const auto& b : info.c10dBackends) {
        rows.append({QObject::tr("c10d %1").arg(q(b.name)),
                     (b.available ? QObject::tr("available") : QObject::tr("unavailable")) +
                         QStringLiteral(" (") + q(b.detail) + QStringLiteral(")")});
    }
    for (const auto& w : info.warnings)
        rows.append({QObject::tr("Warning"), q(w)});
    return rows;
}

}  // namespace

views::AboutDialog* showAboutDialog(QWidget* parent) {
    auto* dialog = new views::AboutDialog(QString::fromLatin1(kVersion), parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("AboutDialog"));
    dialog->setBusy(QObject::tr("Collecting library versions and measuring BLAS speed..."));
    auto* watcher = new QFutureWatcher<runtime::SystemInfo>(dialog);
    QObject::connect(watcher, &QFutureWatcherBase::finished, dialog,
                     [dialog, watcher] { dialog->setDetails(toRows(watcher->result())); });
    runtime::SystemInfoOptions options;
    options.qtVersion = qVersion();
    options.threads = 0;
    watcher->setFuture(QtConcurrent::run([options] {
        try {
            return runtime::collectSystemInfo(options);
        } catch (const std::exception& e) {  // exceptions never cross threads
            runtime::SystemInfo info;
            info.warnings.push_back(e.what());
            return info;
        }
    }));
    dialog->show();
    return dialog;
}

}  // namespace isomorph::gui
