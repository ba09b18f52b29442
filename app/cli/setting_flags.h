#pragma once

// Core error messages name settings ("setting 'query_language'"), never command-line flags, so
// the GUI can show them against its own fields. A command maps the settings it exposes to its
// flags here: withSettingFlags() runs the command and rewrites the messages of ConfigError and
// DataError before main() prints them.

#include <map>
#include <string>

#include "core/common/errors.h"

namespace isomorph::cli {

/// Setting name -> what the CLI user should read instead ("--query-lang").
using SettingFlags = std::map<std::string, std::string>;

/// `message` with every "setting 'NAME'" of a mapped NAME replaced by its flag text.
inline std::string replaceSettings(std::string message, const SettingFlags& flags) {
    for (const auto& [setting, flag] : flags) {
        const std::string key = "setting '" + setting + "'";
        for (auto pos = message.find(key); pos != std::string::npos;
             pos = message.find(key, pos + flag.size()))
            message.replace(pos, key.size(), flag);
    }
    return message;
}

/// Runs `command`; its ConfigError and DataError messages name `flags` instead of settings.
template <typename Command>
int withSettingFlags(const SettingFlags& flags, Command&& command) {
    try {
        return command();
    } catch (const ConfigError& e) {
        throw ConfigError(replaceSettings(e.what(), flags));
    } catch (const DataError& e) {
        throw DataError(replaceSettings(e.what(), flags));
    }
}

/// The settings of model::EncodeOptions (and the checkpoint) as every encoding command spells
/// them, plus a command's own `more`.
inline SettingFlags encoderFlags(const SettingFlags& more = {}) {
    SettingFlags flags = {{"device", "--device"},
                          {"batch_size", "--batch-size"},
                          {"pooling", "--pooling"},
                          {"max_tokens", "--max-tokens"},
                          {"model", "--model"}};
    flags.insert(more.begin(), more.end());
    return flags;
}

}  // namespace isomorph::cli
