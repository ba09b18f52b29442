#pragma once

// Whether a process recorded in a file (a staging folder's owner, a run's status.json) still
// runs: only meaningful for a process of this host.

#include <string>

namespace isomorph {

/// This machine's host name ("" when the system does not say).
std::string thisHost();

/// Whether process `pid` of this host runs (EPERM counts: it does, as another user).
bool processRuns(long pid);

}  // namespace isomorph
