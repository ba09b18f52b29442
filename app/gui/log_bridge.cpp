#include "app/gui/log_bridge.h"

#include <mutex>

#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <QPointer>
#include <QString>

#include "views/log_model.h"

namespace isomorph::gui {
namespace {

using Level = views::LogModel::Level;

QPointer<views::LogModel> g_model;
QtMessageHandler g_previousHandler = nullptr;

Level fromSpdlog(spdlog::level::level_enum level) {
    switch (level) {
        case spdlog::level::trace:
        case spdlog::level::debug:
            return Level::Debug;
        case spdlog::level::info:
            return Level::Info;
        case spdlog::level::warn:
            return Level::Warning;
        default:
            return Level::Error;
    }
}

// LogModel::append is thread-safe, so the sink only needs spdlog's own mutex.
class LogModelSink : public spdlog::sinks::base_sink<std::mutex> {
  protected:
    void sink_it_(const spdlog::details::log_msg& msg) override {
        if (!g_model) return;
        g_model->append(
            fromSpdlog(msg.level), QStringLiteral("engine"),
            QString::fromUtf8(msg.payload.data(), static_cast<int>(msg.payload.size())));
    }
    void flush_() override {}
};

void qtMessageHandler(QtMsgType type, const QMessageLogContext& context, const QString& text) {
    if (g_model) {
        Level level = Level::Info;
        if (type == QtDebugMsg) level = Level::Debug;
        if (type == QtWarningMsg) level = Level::Warning;
        if (type == QtCriticalMsg || type == QtFatalMsg) level = Level::Error;
        g_model->append(level, QStringLiteral("qt"), text);
    }
    if (g_previousHandler != nullptr) g_previousHandler(type, context, text);
}

}  // namespace

void installLogBridge(views::LogModel* model) {
    g_model = model;
    auto stderrSink = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
    auto panelSink = std::make_shared<LogModelSink>();
    auto logger = std::make_shared<spdlog::logger>("isomorph",
                                                   spdlog::sinks_init_list{stderrSink, panelSink});
    spdlog::set_default_logger(logger);
    g_previousHandler = qInstallMessageHandler(qtMessageHandler);
}

}  // namespace isomorph::gui
