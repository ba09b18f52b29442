#pragma once

// Reads what the Runs view shows of a run directory (status.json, config.toml, the tail of
// metrics.jsonl, through core/train/run_log's readers) without ever failing: every problem
// becomes a status and a message. Runs in worker threads (pure function of the files).

#include <QString>
#include <QStringList>

#include "views/runs/runs_model.h"

namespace isomorph::gui {

/// One row for `dir`. Problems (folder deleted, unreadable or newer config, torn or non-JSON
/// metrics lines, a "running" run whose process is gone) become status + message.
views::RunRow scanRunDirectory(const QString& dir);

/// Run directories directly below WORKSPACE/runs (folders with config.toml or metrics.jsonl),
/// and the runs of sweep folders there (with sweep-plan.json).
QStringList discoverRuns(const QString& workspaceRoot);

/// The last complete "train" record's step in the last `tailBytes` of metrics.jsonl (-1: none).
qint64 lastLoggedStep(const QString& metricsPath, qint64 tailBytes = 65536);

}  // namespace isomorph::gui
