#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/data/readers/text_input.h"

namespace isomorph::data {

/// Query id -> answer strings, for XOR-TyDi style answer recall (eval::answerRecallAtTokens).
using Answers = std::map<std::string, std::vector<std::string>>;

/// Reads XOR-TyDi style JSONL: {"id": str or int, "answers": [str, ...]} per line, other fields
/// ignored. Throws DataError "FILE:LINE: what; fix" for invalid JSON, a missing id, answers that
/// are missing, not a list of strings or without any non-empty string (such a query could never
/// count as answered), a repeated id (naming the first line), or a file without entries.
Answers readAnswersJsonl(LineReader lines);
Answers readAnswersJsonl(const std::filesystem::path& file, ReadOptions options = {});

}  // namespace isomorph::data
