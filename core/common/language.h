#pragma once

#include <string>
#include <string_view>

namespace isomorph {

/// True for an ISO 639-1 code ("de") or a BCP-47 tag built on one, with an optional script
/// ("zh-Hans") and/or region ("pt-BR", "zh-Hant-TW"). Case must be canonical: language lower,
/// script title, region upper.
bool isValidLanguageCode(std::string_view code);

/// The language code an id ends in after its last dot ("ls.1.de" -> "de"); "" when it has no
/// dot or what follows is not a valid language code.
std::string languageSuffix(std::string_view id);

/// Throws DataError unless isValidLanguageCode(code); `where` names the file and line or field
/// ("corpus.jsonl:12: field 'lang'") and starts the message.
void requireLanguageCode(std::string_view code, std::string_view where);

}  // namespace isomorph
