#pragma once

namespace isomorph::views {
class LogModel;
}

namespace isomorph::gui {

/// Routes the engine's spdlog messages and Qt's own messages (qWarning, ...) into the log panel
/// as well as stderr. Call once, before the engine logs anything; `model` must outlive the
/// application's logging (it is owned by the QApplication).
void installLogBridge(views::LogModel* model);

}  // namespace isomorph::gui
