#include "core/common/process.h"

#include <cerrno>
#include <signal.h>
#include <unistd.h>

namespace isomorph {

std::string thisHost() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) return {};
    return name;
}

bool processRuns(long pid) {
    return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

}  // namespace isomorph
