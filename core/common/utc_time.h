#pragma once

// The one timestamp format files record ("created", "saved"): UTC, ISO 8601, to the second.

#include <ctime>
#include <string>

namespace isomorph {

/// Now as "2026-11-28T09:30:00Z".
inline std::string utcNow() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

}  // namespace isomorph
