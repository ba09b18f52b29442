#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace isomorph::data {

/// One section of a rendered man page, already split into sentences.
struct ManSection {
    std::string title;                   ///< as rendered ("BESCHREIBUNG")
    std::string key;                     ///< language-independent ("description", "other:FOO")
    std::vector<std::string> sentences;  ///< paragraphs split into sentences, in page order
};

/// One entry of an option list: the flags line and the text under it.
struct OptionEntry {
    std::string flags;        ///< the flags line as rendered ("-I, --ignore=MUSTER")
    std::string flagSet;      ///< normalizeFlagSet(flags): "--ignore -I"
    std::string description;  ///< the entry's first paragraph, wrapped lines joined
};

/// A rendered man page broken into sections, sentences and option entries.
struct ParsedManPage {
    std::vector<ManSection> sections;
    std::vector<OptionEntry> options;
    std::string nameLine;  ///< the NAME section joined into one line ("ls - list ...")
};

/// Removes overstrike sequences (X\bY -> Y), ANSI SGR escapes and carriage returns, and maps the
/// Unicode minus and hyphen (U+2212, U+2010) to '-' so option flags compare as typed.
std::string stripTerminalFormatting(std::string_view raw);

/// Parses text rendered by groff/man (sections at column 0, body indented): drops the page header
/// and footer and blank lines, joins wrapped lines of a paragraph, keeps every option-list entry's
/// flags line as its own sentence and splits the rest with splitSentences(). `lang` is the
/// page's ISO 639-1 code.
ParsedManPage parseRenderedManPage(std::string_view text, std::string_view lang);

/// The language-independent key of a section title in any of the installed languages ("ÜBERSICHT"
/// -> "synopsis", "描述 DESCRIPTION" -> "description"); unknown titles give "other:<title>".
std::string sectionKey(std::string_view title);

/// The set of option tokens in an option-list flags line, sorted and space-separated, without
/// argument placeholders (which get translated): "--block-size=GRÖSSE" -> "--block-size",
/// "-w, --width=COLS" -> "--width -w". Empty when the line does not start with an option.
std::string normalizeFlagSet(std::string_view flagsLine);

/// The description part of a NAME line ("ls - list directory contents" -> "list directory
/// contents"); empty when the line has no " - " separator.
std::string nameDescription(std::string_view nameLine);

}  // namespace isomorph::data
