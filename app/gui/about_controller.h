#pragma once

class QWidget;

namespace isomorph::views {
class AboutDialog;
}

namespace isomorph::gui {

/// Opens Help -> About and fills it, in a worker thread, from the same code as
/// `isomorph-cli doctor` (including the measured GEMM rate). Returns the (non-modal) dialog.
views::AboutDialog* showAboutDialog(QWidget* parent);

}  // namespace isomorph::gui
