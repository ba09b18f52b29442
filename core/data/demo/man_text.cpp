// Parsing of man pages rendered to plain text. groff's man macros put section headings at column
// 0, subsection headings at 3, body text at 7 and tagged-paragraph bodies deeper; the parser works
// on that indentation only, so it does not depend on the page's language.

#include "core/data/demo/man_text.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "core/data/demo/sentence_splitter.h"

namespace isomorph::data {
namespace {

struct KeyTitles {
    const char* key;
    std::vector<std::string_view> titles;
};

// Collected from the headings of the pages rendered on Debian 12 (manpages-l10n and friends).
const std::vector<KeyTitles>& keyTable() {
    static const std::vector<KeyTitles> table = {
        {"name",
         {"NAME",     "BEZEICHNUNG", "NOM",  "NOMBRE", "NOME", "NAAM", "NAZWA", "JMÉNO", "ИМЯ",
          "НАЗВАНИЕ", "НАЗВА",       "名前", "名称",   "名稱", "NAMN", "NAVN",  "이름",  "NIMI",
          "NÉV",      "NUME",        "AD",   "İSİM",   "IME",  "NAMA", "ІМ'Я",  "ИМЕ"}},
        {"synopsis",
         {"SYNOPSIS",  "ÜBERSICHT", "SINOPSIS", "SINOPSE",        "SINTASSI",  "SAMENVATTING",
          "OVERZICHT", "SKŁADNIA",  "POUŽITÍ",  "ОБЗОР",          "СИНТАКСИС", "КОРОТКИЙ ОПИС",
          "书式",      "書式",      "概述",     "总览",           "總覽",      "概要",
          "大綱",      "用法",      "语法",     "SAMMANFATTNING", "OVERSIGT",  "개요",
          "SYNTAX",    "SYNTAXE",   "SINOPSI",  "ÖSSZEGZÉS",      "ÖZET",      "SKLADNJA",
          "RINGKASAN", "ПРЕГЛЕД"}},
        {"description", {"DESCRIPTION",  "BESCHREIBUNG", "DESCRIPCIÓN", "DESCRIÇÃO", "DESCRIZIONE",
                         "BESCHRIJVING", "OPIS",         "POPIS",       "ОПИСАНИЕ",  "ОПИС",
                         "説明",         "解説",         "描述",        "說明",      "说明",
                         "BESKRIVNING",  "BESKRIVELSE",  "설명",        "AÇIKLAMA",  "DESCRIERE",
                         "KUVAUS",       "LEÍRÁS",       "DESKRIPSI",   "DESCRIPCIÓ"}},
        {"options", {"OPTIONS", "OPTION",     "OPTIONEN",  "OPCIONES", "OPÇÕES",     "OPZIONI",
                     "OPTIES",  "OPCJE",      "PŘEPÍNAČE", "VOLBY",    "ПАРАМЕТРЫ",  "ОПЦИИ",
                     "КЛЮЧИ",   "ПАРАМЕТРИ",  "ОПЦІЇ",     "КЛЮЧІ",    "オプション", "选项",
                     "選項",    "参数",       "FLAGGOR",   "TILVALG",  "옵션",       "SEÇENEKLER",
                     "OPȚIUNI", "VALITSIMET", "KAPCSOLÓK", "OPSI",     "OPCIJE",     "ОПЦИЈЕ"}},
        {"see_also", {"SEE ALSO",
                      "SIEHE AUCH",
                      "VOIR AUSSI",
                      "VÉASE TAMBIÉN",
                      "VÉASE TAMBIEN",
                      "VEJA TAMBÉM",
                      "VEDERE ANCHE",
                      "VEDI ANCHE",
                      "ZIE OOK",
                      "ZOBACZ TAKŻE",
                      "DALŠÍ INFORMACE",
                      "VIZ TAKÉ",
                      "СМОТРИТЕ ТАКЖЕ",
                      "СМ. ТАКЖЕ",
                      "ДИВ. ТАКОЖ",
                      "ДИВІТЬСЯ ТАКОЖ",
                      "関連項目",
                      "参见",
                      "參見",
                      "参照",
                      "另见",
                      "SE OCKSÅ",
                      "SE OGSÅ",
                      "참고",
                      "KATSO MYÖS",
                      "LÁSD MÉG",
                      "VEZI ȘI",
                      "AYRICA BAKINIZ",
                      "LIHAT JUGA",
                      "ВИДИ ТАКОЂЕ"}},
        {"author",
         {"AUTHOR",    "AUTHORS",    "AUTOR",   "AUTOREN",       "AUTEUR",     "AUTEURS",
          "AUTORES",   "AUTORE",     "AUTORI",  "AUTORZY",       "AUTOŘI",     "АВТОР",
          "АВТОРЫ",    "АВТОРИ",     "作者",    "著者",          "FÖRFATTARE", "FÖRFATTARE",
          "FORFATTER", "FORFATTERE", "저자",    "AUTEUR(S)",     "AUTHOR(S)",  "TEKIJÄ",
          "SZERZŐ",    "YAZAN",      "PENULIS", "AUTEURS/AUTEUR"}},
        {"bugs",
         {"BUGS", "FEHLER", "BOGUES", "BŁĘDY", "CHYBY", "ОШИБКИ", "ВАДИ", "バグ", "缺陷", "臭虫",
          "PROBLEMEN", "FEL", "FEJL", "HIBÁK", "ERORI", "PROBLEMI", "ERRORES", "ERROS"}},
        {"reporting_bugs",
         {"REPORTING BUGS",
          "FEHLER MELDEN",
          "SIGNALER DES BOGUES",
          "SIGNALER DES BUGS",
          "INFORMAR DE ERRORES",
          "RELATANDO PROBLEMAS",
          "RELATAR ERROS",
          "SEGNALARE I BUG",
          "SEGNALAZIONE BUG",
          "ZGŁASZANIE BŁĘDÓW",
          "HLÁŠENÍ CHYB",
          "ЗВІТИ ПРО ВАДИ",
          "СООБЩЕНИЕ ОБ ОШИБКАХ",
          "СООБЩЕНИЯ ОБ ОШИБКАХ",
          "报告错误",
          "報告錯誤",
          "バグ報告",
          "RAPPORTEREN VAN BUGS",
          "RAPPORTERA FEL",
          "HIBABEJELENTÉS",
          "RAPORTAREA ERORILOR"}},
        {"exit_status",
         {"EXIT STATUS",        "EXIT-STATUS",      "RÜCKGABEWERT",      "ÉTAT DE SORTIE",
          "CODE DE RETOUR",     "ESTADO DE SALIDA", "CÓDIGO DE SALIDA",  "STATUS DE SAÍDA",
          "ESTADO DE SAÍDA",    "STATO DI USCITA",  "AFSLUITSTATUS",     "AFSLUITWAARDE",
          "STATUS ZAKOŃCZENIA", "KOD WYJŚCIA",      "KOD ZAKOŃCZENIA",   "NÁVRATOVÝ KÓD",
          "NÁVRATOVÁ HODNOTA",  "КОД ВЫХОДА",       "СОСТОЯНИЕ ВЫХОДА",  "СТАН ВИХОДУ",
          "КОД ЗАВЕРШЕННЯ",     "終了ステータス",   "退出状态",          "返回值",
          "結束狀態",           "退出狀態",         "AVSLUTNINGSSTATUS", "CÓDIGOS DE SAÍDA"}},
        {"examples", {"EXAMPLES",    "EXAMPLE",   "BEISPIELE",
                      "BEISPIEL",    "EXEMPLES",  "EXEMPLE",
                      "EJEMPLOS",    "EJEMPLO",   "EXEMPLOS",
                      "EXEMPLO",     "ESEMPI",    "ESEMPIO",
                      "VOORBEELDEN", "VOORBEELD", "PRZYKŁADY",
                      "PRZYKŁAD",    "PŘÍKLADY",  "PŘÍKLAD",
                      "ПРИМЕРЫ",     "ПРИМЕР",    "ПРИКЛАДИ",
                      "ПРИКЛАД",     "例",        "使用例",
                      "示例",        "范例",      "範例",
                      "例子",        "EXEMPEL",   "EKSEMPLER",
                      "PÉLDÁK",      "ÖRNEKLER",  "EXEMPLE DE UTILIZARE"}},
        {"environment",
         {"ENVIRONMENT",
          "UMGEBUNG",
          "UMGEBUNGSVARIABLEN",
          "ENVIRONNEMENT",
          "ENTORNO",
          "VARIABLES DE ENTORNO",
          "AMBIENTE",
          "VARIÁVEIS DE AMBIENTE",
          "OMGEVING",
          "ŚRODOWISKO",
          "PROSTŘEDÍ",
          "ОКРУЖЕНИЕ",
          "СРЕДА",
          "СЕРЕДОВИЩЕ",
          "環境変数",
          "环境",
          "环境变量",
          "環境",
          "環境變數",
          "MILJÖ",
          "MILJØ",
          "KÖRNYEZET",
          "MEDIU"}},
        {"files", {"FILES", "FILE",      "DATEIEN", "FICHIERS", "ARCHIVOS", "FICHEROS", "ARQUIVOS",
                   "FILE",  "BESTANDEN", "PLIKI",   "SOUBORY",  "ФАЙЛЫ",    "ФАЙЛИ",    "ファイル",
                   "文件",  "檔案",      "FILER",   "FÁJLOK",   "DOSYALAR", "FIȘIERE"}},
        {"copyright",
         {"COPYRIGHT", "URHEBERRECHT", "COPYRIGHT AND LICENSE", "DROITS D'AUTEUR",
          "DERECHOS DE AUTOR", "DIREITOS AUTORAIS", "DIRITTI D'AUTORE", "AUTEURSRECHT",
          "PRAWA AUTORSKIE", "АВТОРСКИЕ ПРАВА", "АВТОРСЬКІ ПРАВА", "著作権", "版权", "版權",
          "UPHOVSRET", "UPPHOVSRÄTT", "TELIF HAKKI", "DREPTURI DE AUTOR"}},
        {"notes",
         {"NOTES",        "NOTE",      "ANMERKUNGEN", "ANMERKUNG", "HINWEISE",     "HINWEIS",
          "NOTAS",        "NOTA",      "OPMERKINGEN", "OPMERKING", "UWAGI",        "UWAGA",
          "POZNÁMKY",     "ЗАМЕЧАНИЯ", "ПРИМЕЧАНИЯ",  "ПРИМІТКИ",  "ЗАУВАЖЕННЯ",   "注意",
          "注記",         "备注",      "注",          "附注",      "ANMÄRKNINGAR", "NOTER",
          "MEGJEGYZÉSEK", "NOTLAR"}},
        {"history",
         {"HISTORY", "GESCHICHTE", "HISTORIQUE", "HISTORIA", "HISTÓRICO", "HISTÓRIA", "STORIA",
          "GESCHIEDENIS", "HISTORIE", "ИСТОРИЯ", "ІСТОРІЯ", "履歴", "历史", "歷史", "HISTORIK"}},
        {"availability",
         {"AVAILABILITY", "VERFÜGBARKEIT", "DISPONIBILITÉ", "DISPONIBILIDAD", "DISPONIBILIDADE",
          "DISPONIBILITÀ", "BESCHIKBAARHEID", "DOSTĘPNOŚĆ", "DOSTUPNOST", "ДОСТУПНОСТЬ",
          "ДОСТУПНІСТЬ", "入手方法", "获取", "取得", "TILLGÄNGLIGHET"}},
        {"standards",
         {"STANDARDS", "CONFORMING TO", "KONFORM ZU", "STANDARDKONFORMITÄT", "CONFORMITÉ",
          "CONFORME A", "CONFORMIDADE", "CONFORMITÀ", "VOLDOET AAN", "ZGODNE Z", "ZGODNOŚĆ Z",
          "SPLŇUJE STANDARDY", "СООТВЕТСТВИЕ СТАНДАРТАМ", "ВІДПОВІДНІСТЬ", "準拠", "遵循", "标准",
          "標準", "STANDARDER"}},
        {"commands",
         {"COMMANDS", "BEFEHLE", "COMMANDES", "ÓRDENES", "COMANDOS", "COMANDI", "OPDRACHTEN",
          "POLECENIA", "PŘÍKAZY", "КОМАНДЫ", "КОМАНДИ", "コマンド", "命令", "KOMMANDON"}},
        {"translation",
         {"ÜBERSETZUNG",
          "TRADUCTION",
          "TRADUCCIÓN",
          "TRADUÇÃO",
          "TRADUZIONE",
          "VERTALING",
          "TŁUMACZENIE",
          "PŘEKLAD",
          "ПЕРЕВОД",
          "ПЕРЕКЛАД",
          "翻訳",
          "翻译",
          "翻譯",
          "ÖVERSÄTTNING",
          "OVERSÆTTELSE",
          "FORDÍTÁS",
          "ÇEVİRİ",
          "TRADUCERE",
          "[中文版维护人]",
          "[中文版維護人]",
          "[中文版最新更新]",
          "跋",
          "《中国LINUX论坛MAN手册页翻译计划》:",
          "《中國LINUX論壇MAN手冊頁翻譯計劃》:"}},
    };
    return table;
}

const std::map<std::string, std::string, std::less<>>& titleToKey() {
    static const auto map = [] {
        std::map<std::string, std::string, std::less<>> m;
        for (const auto& entry : keyTable()) {
            for (auto t : entry.titles)
                m.emplace(std::string(t), entry.key);
        }
        return m;
    }();
    return map;
}

std::string trim(std::string_view s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
        ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
        --e;
    return std::string(s.substr(b, e - b));
}

std::string upperAsciiCollapsed(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    while (!out.empty() && (out.back() == ' ' || out.back() == ':'))
        out.pop_back();
    return out;
}

// Pieces of a mixed title such as "描述 DESCRIPTION" or "DESCRIPTION(描述)".
std::vector<std::string> titlePieces(const std::string& title) {
    std::string s = title;
    for (const char* sep : {"（", "）", "(", ")"}) {
        for (size_t p = s.find(sep); p != std::string::npos; p = s.find(sep))
            s.replace(p, std::string_view(sep).size(), " ");
    }
    std::vector<std::string> pieces{upperAsciiCollapsed(s)};
    std::string ascii, other;
    for (size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        (c < 0x80 ? ascii : other) += s[i];
        if (c == ' ') other += ' ';
    }
    pieces.push_back(upperAsciiCollapsed(trim(ascii)));
    pieces.push_back(trim(other));
    return pieces;
}

int indentOf(std::string_view line) {
    int n = 0;
    while (n < static_cast<int>(line.size()) && line[n] == ' ')
        ++n;
    return n;
}

bool isHeaderOrFooter(std::string_view line) {
    const std::string t = trim(line);
    return !t.empty() && t.back() == ')' && t.find('(') != std::string::npos &&
           indentOf(line) == 0 && t.find("  ") != std::string::npos;
}

std::vector<std::string> splitLines(std::string_view text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string line(text.substr(start, end - start));
        for (char& c : line)
            if (c == '\t') c = ' ';
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        lines.push_back(std::move(line));
        start = end + 1;
    }
    return lines;
}

// Byte offset where the text of a tagged paragraph starts on the tag's own line, or npos when the
// line holds only the tag. groff puts short tags and their text on one line, the text starting at
// the body indent (`bodyIndent`, known from the next line, else the default .TP indent of 7).
size_t inlineTextStart(std::string_view line, int tagIndent, int bodyIndent) {
    // A wrapped flags line ("-8, --8bits" with the body at column 11) must not be split.
    auto startsAt = [&](int col) {
        if (col <= tagIndent || col >= static_cast<int>(line.size()) || line[col - 1] != ' ' ||
            line[col] == ' ' || line[col] == '-' || line[col] == '+')
            return false;
        const size_t tagEnd = line.find_last_not_of(' ', col - 1);
        return line[tagEnd] != ',' && line[tagEnd] != '|';
    };
    if (bodyIndent > tagIndent && startsAt(bodyIndent)) return bodyIndent;
    if (bodyIndent < 0 && startsAt(tagIndent + 7)) return tagIndent + 7;
    const size_t gap = line.find("  ", tagIndent);
    if (gap == std::string_view::npos) return std::string_view::npos;
    const size_t text = line.find_first_not_of(' ', gap);
    return text == std::string_view::npos ? std::string_view::npos : text;
}

struct Block {
    std::vector<std::string> lines;
};

class SectionParser {
  public:
    SectionParser(std::string_view lang, ManSection& section, std::vector<OptionEntry>& options)
        : lang_(lang), section_(section), options_(options) {}

    void add(const Block& block) {
        const std::string& first = block.lines.front();
        const int tagIndent = indentOf(first);
        const int bodyIndent = block.lines.size() > 1 ? indentOf(block.lines[1]) : -1;
        if (optionIndent_ >= 0 && tagIndent > optionIndent_) {  // more text of the last entry
            addProse(joinAll(block, 0));
            return;
        }
        optionIndent_ = -1;
        const bool tagged = bodyIndent > tagIndent || bodyIndent < 0;
        const size_t textAt =
            tagged ? inlineTextStart(first, tagIndent, bodyIndent) : std::string_view::npos;
        const std::string tag = trim(
            std::string_view(first).substr(0, textAt == std::string::npos ? first.size() : textAt));
        std::string body = textAt == std::string::npos ? "" : trim(first.substr(textAt));
        if (bodyIndent < 0 && textAt == std::string::npos) {  // single line: prose or a lone tag
            if (normalizeFlagSet(tag).empty()) return addProse(tag);
        } else if (!tagged) {
            return addProse(joinAll(block, 0));
        }
        for (size_t i = 1; i < block.lines.size(); ++i)
            body = joinWrapped(body, trim(block.lines[i]));
        addTagged(tag, body, tagIndent);
    }

  private:
    static std::string joinAll(const Block& block, size_t from) {
        std::string out;
        for (size_t i = from; i < block.lines.size(); ++i)
            out = joinWrapped(out, trim(block.lines[i]));
        return out;
    }

    void addProse(const std::string& text) {
        for (auto& s : splitSentences(text, lang_))
            section_.sentences.push_back(std::move(s));
    }

    void addTagged(const std::string& tag, const std::string& body, int tagIndent) {
        section_.sentences.push_back(tag);
        addProse(body);
        std::string flagSet = normalizeFlagSet(tag);
        if (flagSet.empty() || section_.key == "synopsis") return;
        options_.push_back({tag, std::move(flagSet), body});
        optionIndent_ = tagIndent;
    }

    std::string_view lang_;
    ManSection& section_;
    std::vector<OptionEntry>& options_;
    int optionIndent_ = -1;
};

void parseSectionBody(const std::vector<std::string>& lines, std::string_view lang,
                      ManSection& section, std::vector<OptionEntry>& options) {
    SectionParser parser(lang, section, options);
    Block block;
    for (size_t i = 0; i <= lines.size(); ++i) {
        if (i == lines.size() || lines[i].empty()) {
            if (!block.lines.empty()) parser.add(block);
            block.lines.clear();
        } else {
            block.lines.push_back(lines[i]);
        }
    }
}

}  // namespace

std::string stripTerminalFormatting(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c == '\b') {  // overstrike: drop the character before (a whole UTF-8 sequence)
            while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80)
                out.pop_back();
            if (!out.empty()) out.pop_back();
        } else if (c == '\x1b' && i + 1 < raw.size() && raw[i + 1] == '[') {
            i += 2;
            while (i < raw.size() && !std::isalpha(static_cast<unsigned char>(raw[i])))
                ++i;
        } else if (c != '\r') {
            out += c;
        }
    }
    for (const char* dash : {"\u2212", "\u2010"}) {
        for (size_t p = out.find(dash); p != std::string::npos; p = out.find(dash, p))
            out.replace(p, 3, "-");
    }
    return out;
}

std::string sectionKey(std::string_view title) {
    const auto& map = titleToKey();
    for (const std::string& piece : titlePieces(std::string(title))) {
        if (piece.empty()) continue;
        if (auto it = map.find(piece); it != map.end()) return it->second;
    }
    return "other:" + trim(title);
}

std::string normalizeFlagSet(std::string_view flagsLine) {
    std::set<std::string> flags;
    std::string token;
    bool first = true;
    auto flush = [&]() -> bool {
        const bool isOption = token.size() >= 2 && (token[0] == '-' || token[0] == '+') &&
                              (std::isalnum(static_cast<unsigned char>(token[1])) ||
                               (token[1] == '-' && token.size() >= 3 &&
                                std::isalnum(static_cast<unsigned char>(token[2]))));
        if (first && !token.empty() && !isOption) return false;
        if (!token.empty()) first = false;
        if (isOption) {
            const size_t cut = token.find_first_of("=[<,;:");
            flags.insert(token.substr(0, cut));
        }
        token.clear();
        return true;
    };
    for (char c : flagsLine) {
        if (c == ' ' || c == ',' || c == '|') {
            if (!flush()) return {};
        } else {
            token += c;
        }
    }
    if (!flush() || flags.empty()) return {};
    std::string out;
    for (const auto& f : flags)
        out += (out.empty() ? "" : " ") + f;
    return out;
}

std::string nameDescription(std::string_view nameLine) {
    for (std::string_view sep : {" - ", " \u2014 ", " \u2013 ", " -- "}) {
        const size_t p = nameLine.find(sep);
        if (p != std::string_view::npos) return trim(nameLine.substr(p + sep.size()));
    }
    return {};
}

ParsedManPage parseRenderedManPage(std::string_view text, std::string_view lang) {
    std::vector<std::string> lines = splitLines(stripTerminalFormatting(text));
    auto firstText = std::find_if(lines.begin(), lines.end(), [](auto& l) { return !l.empty(); });
    if (firstText != lines.end() && isHeaderOrFooter(*firstText)) firstText->clear();
    auto lastText = std::find_if(lines.rbegin(), lines.rend(), [](auto& l) { return !l.empty(); });
    if (lastText != lines.rend() && isHeaderOrFooter(*lastText)) lastText->clear();

    ParsedManPage page;
    std::vector<std::vector<std::string>> bodies;
    for (const std::string& line : lines) {
        if (!line.empty() && indentOf(line) == 0) {
            page.sections.push_back({trim(line), sectionKey(line), {}});
            bodies.emplace_back();
        } else if (!bodies.empty()) {
            bodies.back().push_back(line);
        }
    }
    for (size_t i = 0; i < bodies.size(); ++i) {
        parseSectionBody(bodies[i], lang, page.sections[i], page.options);
        if (page.sections[i].key == "name" && page.nameLine.empty()) {
            for (const auto& s : page.sections[i].sentences)
                page.nameLine = joinWrapped(page.nameLine, s);
        }
    }
    return page;
}

}  // namespace isomorph::data
