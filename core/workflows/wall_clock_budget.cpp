#include "core/workflows/wall_clock_budget.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace isomorph::workflows {

BudgetSplit splitBudget(double budget, double spent, double evaluationSeconds,
                        const std::vector<double>& shares) {
    BudgetSplit split;
    split.budget = budget;
    split.spent = spent;
    split.reserve = static_cast<double>(shares.size()) * 1.1 * evaluationSeconds + 1.0;
    split.training = budget - spent - split.reserve;
    double done = 0;
    for (double share : shares) {
        done += share;
        split.stageEnds.push_back(done * split.training);
    }
    return split;
}

double processAgeSeconds() {
    std::ifstream statFile("/proc/self/stat"), uptimeFile("/proc/uptime");
    std::string stat;
    double uptime = 0;
    if (!std::getline(statFile, stat) || !(uptimeFile >> uptime)) return 0;
    const size_t close = stat.rfind(')');  // the command name may hold spaces
    if (close == std::string::npos) return 0;
    std::istringstream fields(stat.substr(close + 1));
    std::string field;
    for (int i = 3; i <= 22 && fields >> field; ++i) {
    }  // field 22: start time in clock ticks after boot
    const double start = std::atof(field.c_str()) / static_cast<double>(::sysconf(_SC_CLK_TCK));
    return std::max(0.0, uptime - start);
}

double secondsSince(WallClock::time_point t) {
    return std::chrono::duration<double>(WallClock::now() - t).count();
}

WallClock::time_point addSeconds(WallClock::time_point t, double seconds) {
    return t +
           std::chrono::duration_cast<WallClock::duration>(std::chrono::duration<double>(seconds));
}

}  // namespace isomorph::workflows
