// The documentation books of the demo corpus (core/data/demo/doc_books.h): pages written here by
// hand in the installed layouts (Publican XHTML for the handbook, HTML 4 with unclosed tags for the
// installation guide), and the exact units, alignments, filters, splits and messages that must
// come out. No book needs to be installed.

#include <fstream>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/data/demo/demo_corpus.h"
#include "core/data/demo/doc_books.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::data::demo;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

std::string xhtmlPage(const std::string& heading, const std::vector<std::string>& paras,
                      const std::string& extra = {}) {
    std::string body;
    for (const auto& p : paras)
        body += "<div class=\"para\">\n\t\t\t" + p + "\n\t\t</div>";
    return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
           "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" "
           "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\n"
           "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body>"
           "<div id=\"banner\"><a href=\"x\"><span class=\"text\">Download the ebook</span></a>"
           "</div><ul class=\"docnav top\"><li class=\"previous\"><a href=\"p.html\"><strong>Prev"
           "</strong></a></li></ul><div class=\"section\"><div class=\"titlepage\"><div><div>"
           "<h2 class=\"title\">6.2. " +
           heading + "</h2></div></div></div>" + body + extra +
           "<pre class=\"screen\">$ apt-get install foo bar baz</pre></div></body></html>\n";
}

}  // namespace

class TestDocBooks : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void extractsBlocksAndSkipsChrome() {
        QTemporaryDir tmp;
        const fs::path page = fs::path(tmp.path().toStdString()) / "p.html";
        write(page, xhtmlPage("The <code class=\"command\">apt</code> Commands",
                              {"APT is a vast &amp; old project.\nIt has <em>many</em> parts.",
                               "Press <span class=\"keycap\"><strong>Enter</strong></span>."}));
        const auto units = extractBookUnits(page);
        QCOMPARE(units.size(), size_t(3));
        QCOMPARE(units[0].text, std::string("The apt Commands"));  // section number removed
        QCOMPARE(units[0].path, std::string("/div.section/div.titlepage/div/div/h2"));
        QCOMPARE(units[1].text, std::string("APT is a vast & old project. It has many parts."));
        QCOMPARE(units[1].path, std::string("/div.section/div.para"));
        QCOMPARE(units[1].uiShare, 0.0);
        QVERIFY2(units[2].uiShare > 0.4, std::to_string(units[2].uiShare).c_str());  // 5 of 11
    }

    void readsHtml4WithUnclosedTags() {
        QTemporaryDir tmp;
        const fs::path page = fs::path(tmp.path().toStdString()) / "ch02s01.html";
        write(page,
              "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\">"
              "<link rel=\"home\" href=\"index.html\"></head><body><div class=\"navheader\"><table>"
              "<tr><th>Chapter 2. System Requirements</th></tr></table><hr></div>"
              "<div class=\"sect1\"><p>Debian does not impose<br>hardware requirements.</p>"
              "<ul><li><p>One item &lt;here&gt;</p></li><li>Two</ul><img src=\"x.png\">"
              "<p>Last para</body></html>");
        const auto units = extractBookUnits(page);
        QCOMPARE(units.size(), size_t(4));
        QCOMPARE(units[0].text, std::string("Debian does not impose hardware requirements."));
        QCOMPARE(units[1].text, std::string("One item <here>"));
        QCOMPARE(units[1].path, std::string("/div.sect1/ul/li/p"));
        QCOMPARE(units[2].text, std::string("Two"));
        QCOMPARE(units[3].text, std::string("Last para"));
    }

    void alignsByPathAndSkipsExtraUnits() {
        const std::vector<BookUnit> en = {
            {"/a/h2", "T"}, {"/a/p", "1"}, {"/a/p", "2"}, {"/a/ul/li", "3"}};
        QCOMPARE(alignBookUnits(en, en).size(), size_t(4));
        // A translator note (an extra div) and a missing list item.
        const std::vector<BookUnit> xx = {
            {"/a/h2", "T"}, {"/a/div.note", "N"}, {"/a/p", "1"}, {"/a/p", "2"}};
        const auto m = alignBookUnits(en, xx);
        const std::vector<std::pair<size_t, size_t>> want = {{0, 0}, {1, 2}, {2, 3}};
        QCOMPARE(m, want);
    }

    void filtersUntranslatedShortAndOddPairs() {
        QCOMPARE(bookPairProblem("Install the package.", "Install the package!", "de"),
                 std::string("identical"));
        QCOMPARE(bookPairProblem("Zwei Wörter", "Two words", "de"), std::string("short"));
        QCOMPARE(bookPairProblem("Contains the public OpenPGP keys: see Verwalten.",
                                 "Contains the public OpenPGP keys: see Managing.", "de"),
                 std::string("untranslated"));
        QCOMPARE(bookPairProblem("パッケージをインストールする前に確認します。",
                                 "Check before you install the package.", "ja"),
                 std::string());
        QCOMPARE(
            bookPairProblem("The package is installed now.", "The package is installed.", "ja"),
            std::string("untranslated"));
        QCOMPARE(bookPairProblem("Das Paket ist jetzt installiert und bereit zur Nutzung auf "
                                 "allen Rechnern des Netzwerks.",
                                 "It is ready.", "de"),
                 std::string("length"));
        QCOMPARE(bookPairProblem("Das Paket wird installiert.", "The package is installed.", "de"),
                 std::string());
    }

    void mapsLanguageTags() {
        QCOMPARE(bookLanguageCode("de-DE"), std::string("de"));
        QCOMPARE(bookLanguageCode("pt-BR"), std::string("pt"));
        QCOMPARE(bookLanguageCode("pt"), std::string("pt-PT"));
        QCOMPARE(bookLanguageCode("zh-cn"), std::string("zh"));
        QCOMPARE(bookLanguageCode("zh_CN"), std::string("zh"));
        QCOMPARE(bookLanguageCode("zh-TW"), std::string("zh-Hant"));
        QCOMPARE(bookLanguageCode("ja"), std::string("ja"));
        QCOMPARE(bookLanguageCode("Common_Content"), std::string());
    }

    // A handbook of 40 pages in English and German: every page splits by its name, text repeated
    // on several pages stays in train, untranslated units become no pairs, and the two books
    // that are not installed are named with their packages while the handbook proceeds.
    void readsAnInstalledBookAndNamesMissingOnes() {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        const fs::path en = root / "doc/debian-handbook/html/en-US";
        const fs::path de = root / "doc/debian-handbook/html/de-DE";
        write(root / "doc/debian-handbook/html/Common_Content/x.html", "<html></html>");
        for (int i = 0; i < 40; ++i) {
            const std::string n = std::to_string(i);
            write(en / ("sect.p" + n + ".html"),
                  xhtmlPage("Page number " + n + " heading",
                            {"The system keeps page " + n + " in the cache.",
                             "Open the settings and choose the network.",
                             "This paragraph of page " + n + " is still in English."}));
            write(de / ("sect.p" + n + ".html"),
                  xhtmlPage("Überschrift der Seite Nummer " + n,
                            {"Das System behält Seite " + n + " im Zwischenspeicher.",
                             "Öffnen Sie die Einstellungen und wählen Sie das Netzwerk.",
                             "This paragraph of page " + n + " is still in English."}));
        }
        BookOptions o;
        o.root = root;
        o.languages = {"de", "fr"};
        size_t lastDone = 0, lastTotal = 0;
        const BookCorpus books = readBooks(o, [&](const isomorph::Progress& p) {
            lastDone = static_cast<size_t>(p.done);
            lastTotal = static_cast<size_t>(p.total);
            return true;
        });
        QCOMPARE(lastDone, size_t(80));
        QCOMPARE(lastTotal, size_t(80));
        QCOMPARE(books.warnings.size(), size_t(2));
        QVERIFY(books.warnings[0].find("apt-get install installation-guide-amd64") !=
                std::string::npos);
        QVERIFY(books.warnings[1].find("apt-get install debian-reference-en") != std::string::npos);
        const auto& m = books.manifest["handbook"];
        QCOMPARE(m["english_pages"].get<int>(), 40);
        QCOMPARE(m["languages"]["de"]["dropped"]["identical"].get<int>(), 40);
        size_t pairs = 0;
        const std::string repeated = "Öffnen Sie die Einstellungen und wählen Sie das Netzwerk.";
        for (const auto& [split, byPair] : books.pairs.at("handbook")) {
            for (const auto& [xx, english] : byPair.at("de-en")) {
                ++pairs;
                QVERIFY(english.find("still in English") == std::string::npos);
                if (xx == repeated) QCOMPARE(split, std::string("train"));
                const bool isHeading = xx.rfind("Überschrift", 0) == 0;
                if (!isHeading && xx != repeated) {
                    // The page number in the text names the page, and so the split.
                    const size_t at = english.find("page ") + 5;
                    const std::string n = english.substr(at, english.find(' ', at) - at);
                    QCOMPARE(split, std::string(data::splitOfCommand("handbook:sect.p" + n)));
                }
            }
        }
        QCOMPARE(pairs, size_t(40 + 40 + 1));  // headings, page sentences, the repeated one once
        QVERIFY(!books.pairs.at("handbook").at("dev").at("de-en").empty());
        size_t germanDocs = 0;
        for (const auto& d : books.documents)
            germanDocs += d.lang == "de";
        QCOMPARE(germanDocs, size_t(40));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestDocBooks)
#include "test_doc_books.moc"
