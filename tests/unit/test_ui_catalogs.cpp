// The held-out UI bitext set (core/data/demo/ui_catalogs.h): .mo files written here by hand (one
// catalog in each byte order, one in Latin-1) under a temporary locale root, a tiny demo corpus
// whose English sentences are excluded, and the exact pairs that must come out.

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/common/random.h"
#include "core/data/demo/ui_catalogs.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::data::demo;
using namespace std::string_literals;
using Messages = std::vector<std::pair<std::string, std::string>>;
using Strings = std::vector<std::string>;

namespace {

void putU32(std::string& out, uint32_t v, bool bigEndian) {
    for (int i = 0; i < 4; ++i)
        out += char(bigEndian ? v >> (24 - 8 * i) : v >> (8 * i));
}

// A GNU .mo file: header, original and translation tables, then the NUL-terminated strings, in
// the order given (real catalogs sort by msgid for binary search; the reader does not need it).
std::string moBytes(const Messages& messages, bool bigEndian) {
    const auto n = uint32_t(messages.size());
    const uint32_t originals = 28, translations = 28 + 8 * n, strings = 28 + 16 * n;
    std::string out;
    for (uint32_t v : {0x950412deu, 0u, n, originals, translations, 0u, strings})
        putU32(out, v, bigEndian);
    std::string data, tables[2];
    for (int side = 0; side < 2; ++side) {
        for (const auto& m : messages) {
            const std::string& s = side == 0 ? m.first : m.second;
            putU32(tables[side], uint32_t(s.size()), bigEndian);
            putU32(tables[side], uint32_t(strings + data.size()), bigEndian);
            data += s + '\0';
        }
    }
    return out + tables[0] + tables[1] + data;
}

void writeFile(const QString& path, const std::string& bytes) {
    QDir().mkpath(QFileInfo(path).path());
    std::ofstream(path.toStdString(), std::ios::binary) << bytes;
}

std::string readFile(const QString& path) {
    std::ifstream in(path.toStdString(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

const std::string kUtf8Header = "Content-Type: text/plain; charset=UTF-8\n";

// de/alpha.mo: one message for each rule.
const Messages kAlpha = {
    {"", kUtf8Header},
    {"Open the selected file now", "Die ausgewählte Datei jetzt öffnen"},
    {"Delete this one file now\0Delete these many files now"s,
     "Diese eine Datei jetzt löschen\0Diese vielen Dateien jetzt löschen"s},
    {"menu\x04Show the hidden files too", "Versteckte Dateien ebenfalls anzeigen"},
    {"_Save the document as", "Dokument _speichern unter"},
    {"Cannot open file %s for reading", "Datei %s kann nicht gelesen werden"},
    {"Connection to the server was lost.", "Verbindung zum Server verloren."},
    {"Display this help and exit", "Diese Hilfe anzeigen und beenden"},
    {"Quit", "Beenden"},
    {"Open a file", "Eine Datei öffnen"},
    {"Print the version number and exit", "Print the version number and exit"},
    {"  -a, --all   show all entries too", "  -a, --all   auch alle Einträge zeigen"},
    {"<b>Warning</b> the disk is full", "<b>Warnung</b> die Platte ist voll"},
    {"Name of the new folder:", "Name des neuen Ordners:"},
};

// de/beta.mo (big-endian): a duplicate English sentence, a duplicate translation, an '&'
// mnemonic and an identifier with '_' that is not a mnemonic.
const Messages kBeta = {
    {"", kUtf8Header},
    {"connection to the  server was lost", "Die Verbindung zum Server ist abgebrochen"},
    {"Delete the chosen file now", "Die ausgewählte Datei jetzt löschen"},
    {"Remove the chosen file now", "Die ausgewählte Datei jetzt löschen"},
    {"Print a summary of the changes", "Eine Zusammenfassung der Änderungen ausgeben"},
    {"&Reload the page from disk", "Seite von der Festplatte &neu laden"},
    {"Set LS_COLORS to change the colours", "LS_COLORS setzen, um die Farben zu ändern"},
};

const Strings kGermanLines = {
    "Die ausgewählte Datei jetzt löschen\tDelete the chosen file now",
    "Die ausgewählte Datei jetzt öffnen\tOpen the selected file now",
    "Dokument speichern unter\tSave the document as",
    "Eine Zusammenfassung der Änderungen ausgeben\tPrint a summary of the changes",
    "LS_COLORS setzen, um die Farben zu ändern\tSet LS_COLORS to change the colours",
    "Seite von der Festplatte neu laden\tReload the page from disk",
    "Verbindung zum Server verloren.\tConnection to the server was lost.",
    "Versteckte Dateien ebenfalls anzeigen\tShow the hidden files too",
};

Strings lines(const std::string& text) {
    Strings out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

// A demo corpus whose English sentences include "Display this help and exit."
void writeDemoCorpus(const QString& root) {
    writeFile(root + "/manifest.json", "{\"schema_version\": 3}\n");
    for (const QString split : {"train", "dev", "test"}) {
        for (const QString kind : {"name", "option"})
            writeFile(root + "/parallel/" + split + "/" + kind + "/de-en.tsv",
                      split == "train" && kind == "name"
                          ? "Verzeichnisinhalte auflisten\tlist directory contents\n"
                          : "");
        writeFile(root + "/docs/" + split + "/en.jsonl",
                  split == "train" ? "{\"id\":\"ls.1.en\",\"lang\":\"en\",\"sentences\":[\"ls - "
                                     "list directory contents\",\"Display this help and exit.\"]}\n"
                                   : "");
    }
}

QString dataErrorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const DataError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

}  // namespace

class TestUiCatalogs : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    QString localeRoot_;
    std::unordered_set<std::string> manSentences_;

    UiPairsOptions options() const {
        UiPairsOptions o;
        o.localeRoot = localeRoot_.toStdString();
        o.languages = {"ja", "fr", "de"};
        o.excluded = [this](const std::string& english) {
            return manSentences_.count(normaliseUiEnglish(english)) > 0;
        };
        return o;
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        localeRoot_ = dir_.filePath("locale");
        writeFile(localeRoot_ + "/de/LC_MESSAGES/alpha.mo", moBytes(kAlpha, false));
        writeFile(localeRoot_ + "/de/LC_MESSAGES/beta.mo", moBytes(kBeta, true));
        writeFile(localeRoot_ + "/de/LC_MESSAGES/old.mo",
                  moBytes({{"", "Content-Type: text/plain; charset=ISO-8859-1\n"},
                           {"Keep the old settings for now", "Alte Einstellungen behalten"}},
                          false));
        writeFile(localeRoot_ + "/de/LC_MESSAGES/notes.txt", "not a catalog");
        writeFile(localeRoot_ + "/ja/LC_MESSAGES/gamma.mo",
                  moBytes({{"", kUtf8Header},
                           {"_Open the recent files list", "最近使ったファイルの一覧を開く(_O)"},
                           {"Display this help and exit", "このヘルプを表示して終了します"}},
                          false));
        writeDemoCorpus(dir_.filePath("corpus"));
        manSentences_ = englishSentences(DemoCorpusLayout{dir_.filePath("corpus").toStdString()});
    }

    void parsesBothByteOrders() {
        for (const bool bigEndian : {false, true}) {
            const auto parsed = parseMoCatalog(moBytes(kAlpha, bigEndian), "alpha.mo");
            QCOMPARE(parsed.size(), kAlpha.size());
            for (size_t i = 0; i < parsed.size(); ++i) {
                QCOMPARE(parsed[i].msgid, kAlpha[i].first);
                QCOMPARE(parsed[i].msgstr, kAlpha[i].second);
            }
        }
    }

    void malformedCatalogsNameTheFile() {
        const std::string bytes = moBytes(kAlpha, false);
        QVERIFY(dataErrorOf([&] {
                    parseMoCatalog(bytes.substr(0, 20), "short.mo");
                }).startsWith("short.mo: 20 bytes"));
        QVERIFY(dataErrorOf([&] {
                    parseMoCatalog("x" + bytes, "magic.mo");
                }).contains("magic.mo: magic number"));
        // Tables intact, strings cut off.
        QVERIFY(dataErrorOf([&] {
                    parseMoCatalog(bytes.substr(0, bytes.size() - 40), "cut.mo");
                }).contains("ends past the end of the file"));
        // The same through writeUiPairs: the path of the truncated catalog is in the message.
        const QString root = dir_.filePath("broken");
        writeFile(root + "/de/LC_MESSAGES/truncated.mo", bytes.substr(0, 100));
        UiPairsOptions o;
        o.localeRoot = root.toStdString();
        o.languages = {"de"};
        const QString error =
            dataErrorOf([&] { writeUiPairs(o, dir_.filePath("broken-out").toStdString()); });
        QVERIFY2(error.contains(root + "/de/LC_MESSAGES/truncated.mo: "), qPrintable(error));
        QVERIFY(!QFile::exists(dir_.filePath("broken-out/manifest.json")));
    }

    void cleansMessages() {
        auto clean = [](const std::string& msgid, const std::string& msgstr) {
            const auto p = cleanUiMessage(msgid, msgstr);
            return p ? p->foreign + "|" + p->english : std::string("-");
        };
        QCOMPARE(clean("_Open the recent files", "最近のファイルを開く(_O)"),
                 std::string("最近のファイルを開く|Open the recent files"));
        QCOMPARE(clean("_Open the recent files", "최근 파일 열기 (_O)"),
                 std::string("최근 파일 열기|Open the recent files"));
        QCOMPARE(clean("Open the recent files", "最近のファイルを開く（_O）"),
                 std::string("最近のファイルを開く|Open the recent files"));
        QCOMPARE(clean("_Open the recent  files", "Zuletzt geöffnete Dateien ö_ffnen"),
                 std::string("Zuletzt geöffnete Dateien öffnen|Open the recent files"));
        QCOMPARE(clean("Tom &amp; Jerry are here", "Tom &amp; Jerry sind hier"), std::string("-"));
        QCOMPARE(clean("|FILE|add the keyring to the list", "|DATEI|Schlüsselbund hinzufügen"),
                 std::string("-"));
        QCOMPARE(clean("Copy the file to the target\n", "Datei ins Ziel kopieren\n"),
                 std::string("-"));
        QCOMPARE(clean("Set the GTK_THEME variable now", "Die Variable GTK_THEME jetzt setzen"),
                 std::string("Die Variable GTK_THEME jetzt setzen|Set the GTK_THEME variable now"));
        QCOMPARE(clean("_Save all open files as", "Alle _offenen Dateien _speichern unter"),
                 std::string("-"));  // which '_' is the mnemonic?
    }

    void normalisesEnglish() {
        QCOMPARE(normaliseUiEnglish("  Open  the\tFile... "), std::string("open the file"));
        // Punctuation-insensitive: a help2man page says "free software: you" where the catalog
        // has "free software; you".
        QCOMPARE(normaliseUiEnglish("This is free software; you are free"),
                 normaliseUiEnglish("this is free software: you are free."));
        QCOMPARE(manSentences_, (std::unordered_set<std::string>{"list directory contents",
                                                                 "ls list directory contents",
                                                                 "display this help and exit"}));
    }

    void mapsLanguagesToLocaleFolders() {
        const QString root = dir_.filePath("names");
        for (const QString d : {"pt", "pt_BR", "zh_CN", "zh_TW", "nb_NO", "de_CH"})
            QDir().mkpath(root + "/" + d + "/LC_MESSAGES");
        const std::string r = root.toStdString();
        QCOMPARE(uiLocaleDir("pt", r), std::string("pt_BR"));
        QCOMPARE(uiLocaleDir("pt-PT", r), std::string("pt"));
        QCOMPARE(uiLocaleDir("zh", r), std::string("zh_CN"));
        QCOMPARE(uiLocaleDir("zh-Hant", r), std::string("zh_TW"));
        QCOMPARE(uiLocaleDir("nb", r), std::string("nb_NO"));
        QCOMPARE(uiLocaleDir("de-CH", r), std::string("de_CH"));
        QCOMPARE(uiLocaleDir("de", r), std::string());
    }

    void writesExactlyTheCleanPairs() {
        const QString out = dir_.filePath("out");
        const UiPairsResult r = writeUiPairs(options(), out.toStdString());
        QCOMPARE(r.missing, Strings{"fr"});
        QCOMPARE(r.languages.size(), size_t(2));
        const UiPairsLanguage& de = r.languages[0];
        QCOMPARE(de.lang, std::string("de"));
        QCOMPARE(de.localeDir, std::string("de"));
        QCOMPARE(de.catalogs, size_t(2));
        QCOMPARE(de.skippedCatalogs, Strings{"old.mo (iso-8859-1)"});
        QCOMPARE(de.excluded, size_t(1));
        QCOMPARE(de.candidates, size_t(8));
        QCOMPARE(de.kept, size_t(8));
        QCOMPARE(lines(readFile(out + "/de-en.tsv")), kGermanLines);
        const UiPairsLanguage& ja = r.languages[1];
        QCOMPARE(ja.lang, std::string("ja"));
        QCOMPARE(ja.excluded, size_t(1));
        QCOMPARE(lines(readFile(out + "/ja-en.tsv")),
                 Strings{"最近使ったファイルの一覧を開く\tOpen the recent files list"});
        QVERIFY(!QFile::exists(out + "/fr-en.tsv"));
        QCOMPARE(r.catalogHashes.size(), size_t(3));
        QCOMPARE(r.catalogHashes[0].first, std::string("de/LC_MESSAGES/alpha.mo"));
        QCOMPARE(r.catalogHashes[0].second, toHex64(fnv1a64(moBytes(kAlpha, false))));

        const QJsonObject manifest =
            QJsonDocument::fromJson(QByteArray::fromStdString(readFile(out + "/manifest.json")))
                .object();
        QVERIFY(manifest["description"].toString().contains("evaluation only"));
        QCOMPARE(manifest["missing"].toArray().size(), 1);
        QCOMPARE(manifest["languages"].toArray()[0].toObject()["kept"].toInt(), 8);
        QCOMPARE(manifest["catalogs_fnv1a64"].toObject().size(), 3);
    }

    void isDeterministicAndKeepsAKeyedSubset() {
        UiPairsOptions o = options();
        o.maxPairsPerLanguage = 3;
        o.maxShareOfOneCatalog = 1.0;  // the plain keyed subset (the cap is checked below)
        writeUiPairs(o, dir_.filePath("a").toStdString());
        o.languages = {"de", "de", "fr", "ja"};  // order and repeats do not matter
        const UiPairsResult r = writeUiPairs(o, dir_.filePath("b").toStdString());
        QCOMPARE(r.languages[0].candidates, size_t(8));
        QCOMPARE(r.languages[0].kept, size_t(3));
        for (const QString file : {"de-en.tsv", "ja-en.tsv", "manifest.json"})
            QCOMPARE(readFile(dir_.filePath("a/" + file)), readFile(dir_.filePath("b/" + file)));

        // The kept pairs are the three whose normalised English has the smallest key.
        std::vector<std::pair<uint64_t, std::string>> keyed;
        for (const std::string& line : kGermanLines) {
            const std::string english = line.substr(line.find('\t') + 1);
            keyed.emplace_back(deriveKey(o.seed, fnv1a64(normaliseUiEnglish(english))), line);
        }
        std::sort(keyed.begin(), keyed.end());
        Strings expected;
        for (size_t i = 0; i < 3; ++i)
            expected.push_back(keyed[i].second);
        std::sort(expected.begin(), expected.end());
        QCOMPARE(lines(readFile(dir_.filePath("b/de-en.tsv"))), expected);

        // No catalog gives more than its share while another has candidates left.
        o.maxPairsPerLanguage = 2;
        o.maxShareOfOneCatalog = 0.5;
        writeUiPairs(o, dir_.filePath("c").toStdString());
        const QJsonObject byCatalog =
            QJsonDocument::fromJson(
                QByteArray::fromStdString(readFile(dir_.filePath("c/manifest.json"))))
                .object()["languages"]
                .toArray()[0]
                .toObject()["kept_by_catalog"]
                .toObject();
        QCOMPARE(byCatalog.size(), 2);
        for (const auto& count : byCatalog)
            QCOMPARE(count.toInt(), 1);
    }

    void rejectsBadOptionsAndCancels() {
        UiPairsOptions o = options();
        o.languages = {"en", "xx_YY"};
        o.maxPairsPerLanguage = 0;
        try {
            writeUiPairs(o, dir_.filePath("bad").toStdString());
            QFAIL("no ConfigError");
        } catch (const ConfigError& e) {
            const QString message = e.what();
            QVERIFY(message.contains("'en'") && message.contains("'xx_YY'") &&
                    message.contains("maxPairsPerLanguage"));
        }
        o = options();
        o.languages = {"fr"};
        QVERIFY(dataErrorOf([&] {
                    writeUiPairs(o, dir_.filePath("none").toStdString());
                }).contains("path-exclude=/usr/share/locale/*"));
        Feedback feedback([](const Progress& p) { return p.stage != "write"; });
        QVERIFY_THROWS_EXCEPTION(
            Cancelled,
            writeUiPairs(options(), dir_.filePath("cancelled").toStdString(), &feedback));
        QVERIFY(!QFile::exists(dir_.filePath("cancelled/manifest.json")));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestUiCatalogs)
#include "test_ui_catalogs.moc"
