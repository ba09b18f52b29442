// The demo corpus's text handling: sentence splitting, man-page parsing, option alignment, split
// assignment and language codes. Uses rendered pages saved under tests/fixtures/man/.

#include <fstream>
#include <sstream>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/data/demo/demo_corpus.h"
#include "core/data/demo/demo_outputs.h"
#include "core/data/demo/man_render.h"
#include "core/data/demo/man_text.h"
#include "core/data/demo/sentence_splitter.h"
#include "tests/support/test_main.h"

using namespace isomorph::data;
using Strings = std::vector<std::string>;

namespace {

std::string fixture(const std::string& name) {
    std::ifstream in(std::string(ISOMORPH_TEST_FIXTURES) + "/man/" + name, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

const ManSection* section(const ParsedManPage& page, const std::string& key) {
    for (const auto& s : page.sections)
        if (s.key == key) return &s;
    return nullptr;
}

const OptionEntry* option(const ParsedManPage& page, const std::string& flagSet) {
    for (const auto& o : page.options)
        if (o.flagSet == flagSet) return &o;
    return nullptr;
}

}  // namespace

class TestDemoCorpusText : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void splitsLatinSentences() {
        QCOMPARE(splitSentences("List files. Sort them! Why? Because."),
                 (Strings{"List files.", "Sort them!", "Why?", "Because."}));
    }

    void keepsAbbreviationsNumbersAndFileNames() {
        QCOMPARE(splitSentences("Siehe z.B. Datei foo.conf oder d.h. Version 3.14 usw. Danach."),
                 (Strings{"Siehe z.B. Datei foo.conf oder d.h. Version 3.14 usw. Danach."}));
        QCOMPARE(splitSentences("Use e.g. Bash, i.e. GNU sh, etc. Then stop."),
                 (Strings{"Use e.g. Bash, i.e. GNU sh, etc. Then stop."}));
        QCOMPARE(splitSentences("Écrit par « M. Dupont » et Dr. Who. Fin."),
                 (Strings{"Écrit par « M. Dupont » et Dr. Who.", "Fin."}));
        QCOMPARE(splitSentences("Read /etc/foo.conf. then continue."),
                 (Strings{"Read /etc/foo.conf. then continue."}));
        QCOMPARE(splitSentences("Смотрите т.е. файл. Далее."),
                 (Strings{"Смотрите т.е. файл.", "Далее."}));
    }

    void splitsCjk() {
        QCOMPARE(splitSentences("ファイルを表示する。次に終了する！本当？はい"),
                 (Strings{"ファイルを表示する。", "次に終了する！", "本当？", "はい"}));
        QCOMPARE(splitSentences("显示信息。（详见下文）。完成"),
                 (Strings{"显示信息。", "（详见下文）。", "完成"}));
        QCOMPARE(joinWrapped("表示", "する"), std::string("表示する"));
        QCOMPARE(joinWrapped("list", "files"), std::string("list files"));
    }

    void parsesEnglishPage() {
        const ParsedManPage page = parseRenderedManPage(fixture("ls.en.txt"), "en");
        QCOMPARE(page.nameLine, std::string("ls - list directory contents"));
        QCOMPARE(nameDescription(page.nameLine), std::string("list directory contents"));
        QVERIFY(section(page, "synopsis"));
        QVERIFY(section(page, "see_also"));
        const ManSection* d = section(page, "description");
        QVERIFY(d && d->sentences.size() > 20);
        for (const auto& s : page.sections)  // header and footer lines are gone
            for (const auto& sentence : s.sentences)
                QVERIFY2(sentence.find("LS(1)") == std::string::npos, sentence.c_str());
        const OptionEntry* all = option(page, "--all -a");
        QVERIFY(all);
        QCOMPARE(all->description, std::string("do not ignore entries starting with ."));
        const OptionEntry* c = option(page, "-c");  // tag and text on one line
        QVERIFY(c && c->description.rfind("with -lt: sort by", 0) == 0);
        QVERIFY(option(page, "--block-size"));
        QVERIFY(std::find(d->sentences.begin(), d->sentences.end(), "-a, --all") !=
                d->sentences.end());
    }

    void parsesGermanAndJapanesePages() {
        const ParsedManPage de = parseRenderedManPage(fixture("ls.de.txt"), "de");
        QCOMPARE(nameDescription(de.nameLine), std::string("Verzeichnisinhalte auflisten"));
        QVERIFY(section(de, "description") && section(de, "synopsis"));
        QCOMPARE(section(de, "synopsis")->title, std::string("ÜBERSICHT"));
        QVERIFY(option(de, "--block-size"));  // --block-size=GRÖSSE
        const ParsedManPage ja = parseRenderedManPage(fixture("ls.ja.txt"), "ja");
        QVERIFY(section(ja, "name") && section(ja, "description"));
        QVERIFY(!nameDescription(ja.nameLine).empty());
        const ParsedManPage zh = parseRenderedManPage(fixture("arch.zh.txt"), "zh");
        const OptionEntry* help = option(zh, "--help");  // "--help 显示..." on one line
        QVERIFY(help);
        QCOMPARE(help->description, std::string("显示此帮助信息并退出"));
    }

    void mapsSectionTitles() {
        QCOMPARE(sectionKey("BEZEICHNUNG"), std::string("name"));
        QCOMPARE(sectionKey("ИМЯ"), std::string("name"));
        QCOMPARE(sectionKey("書式"), std::string("synopsis"));
        QCOMPARE(sectionKey("描述 DESCRIPTION"), std::string("description"));
        QCOMPARE(sectionKey("DESCRIPTION(描述)"), std::string("description"));
        QCOMPARE(sectionKey("SIEHE AUCH"), std::string("see_also"));
        QCOMPARE(sectionKey("Exit status"), std::string("exit_status"));
        QCOMPARE(sectionKey("GCLOUD WIDE FLAGS"), std::string("other:GCLOUD WIDE FLAGS"));
    }

    void normalisesFlagSets() {
        QCOMPARE(normalizeFlagSet("-a, --all"), std::string("--all -a"));
        QCOMPARE(normalizeFlagSet("--block-size=GRÖSSE"), std::string("--block-size"));
        QCOMPARE(normalizeFlagSet("--block-size=SIZE"), std::string("--block-size"));
        QCOMPARE(normalizeFlagSet("-w SPALTEN, --width=SPALTEN"), std::string("--width -w"));
        QCOMPARE(normalizeFlagSet("--color[=WANN]"), std::string("--color"));
        QCOMPARE(normalizeFlagSet("ls lists files"), std::string());
        QCOMPARE(normalizeFlagSet("-"), std::string());
        QCOMPARE(stripTerminalFormatting("b\bbo\bol\bld \xe2\x88\x92x"), std::string("bold -x"));
    }

    void alignsOptionsByUniqueFlagSet() {
        ParsedManPage de, en;
        de.options = {{"-a, --all", "--all -a", "Alles zeigen"},
                      {"-b", "-b", "Erstes b"},
                      {"-b", "-b", "Zweites b"},
                      {"--size=GRÖSSE", "--size", "Größe setzen. Weitere Details. Noch mehr."},
                      {"-x", "-x", "same"}};
        en.options = {{"-a, --all", "--all -a", "Show all"},
                      {"-b", "-b", "The b"},
                      {"--size=SIZE", "--size", "Set the size"},
                      {"-x", "-x", "same"}};
        const auto pairs = demo::alignOptions(de, "de", en);
        using P = std::pair<std::string, std::string>;
        QCOMPARE(pairs, (std::vector<P>{{"Alles zeigen", "Show all"},
                                        {"Größe setzen. Weitere Details.", "Set the size"}}));
        QCOMPARE(demo::capText(std::string(600, 'a'), "en", 2, 400).size(), size_t(400));
    }

    void splitsAreStable() {
        QCOMPARE(isomorph::fnv1a64(""), uint64_t(14695981039346656037ull));
        QCOMPARE(isomorph::fnv1a64("a"), uint64_t(0xaf63dc4c8601ec8cull));
        std::map<std::string, int> counts;
        for (int i = 0; i < 10000; ++i)
            ++counts[std::string(splitOfCommand("cmd" + std::to_string(i)))];
        QVERIFY(counts["train"] > 7700 && counts["train"] < 8300);
        QVERIFY(counts["dev"] > 850 && counts["test"] > 850);
        QCOMPARE(std::string(splitOfCommand("ls")), std::string(splitOfCommand("ls")));
    }

    void mapsLocalesToCodes() {
        QCOMPARE(languageCodeForLocale("zh_CN"), std::string("zh"));
        QCOMPARE(languageCodeForLocale("zh_TW"), std::string("zh-Hant"));
        QCOMPARE(languageCodeForLocale("pt_BR"), std::string("pt"));
        QCOMPARE(languageCodeForLocale("pt"), std::string("pt-PT"));
        QCOMPARE(languageCodeForLocale("de"), std::string("de"));
        QCOMPARE(languageCodeForLocale("de.UTF-8"), std::string("de"));
        QCOMPARE(languageCodeForLocale("sr@latin"), std::string("sr-Latn"));
        QCOMPARE(languageCodeForLocale("man1"), std::string());
    }
    void reportsMissingPages() {
        QTemporaryDir root;  // what dpkg's path-exclude=/usr/share/man/* leaves behind
        QDir(root.path()).mkpath("de/man1");
        QDir(root.path()).mkpath("man1");
        DemoCorpusOptions o;
        o.manRoot = root.path().toStdString();
        o.docRoot = root.path().toStdString();  // no books: the man pages alone
        o.outDir = root.filePath("out").toStdString();
        try {
            buildDemoCorpus(o);
            QFAIL("expected DataError");
        } catch (const isomorph::DataError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("path-exclude") != std::string::npos, e.what());
            QVERIFY2(what.find("manpages-de") != std::string::npos, e.what());
        }
    }

    void buildsFromSmallManTreeAndCancels() {
        if (!QFile::exists("/usr/share/man/de/man1/ls.1.gz")) QSKIP("manpages-de not installed");
        QTemporaryDir root;
        QDir(root.path()).mkpath("de/man1");
        QDir(root.path()).mkpath("man1");
        for (const QString cmd : {"ls", "cp", "mv"}) {
            QFile::copy("/usr/share/man/de/man1/" + cmd + ".1.gz",
                        root.filePath("de/man1/" + cmd + ".1.gz"));
            QFile::copy("/usr/share/man/man1/" + cmd + ".1.gz",
                        root.filePath("man1/" + cmd + ".1.gz"));
        }
        DemoCorpusOptions o;
        o.manRoot = root.path().toStdString();
        o.docRoot = root.path().toStdString();  // no books: the man pages alone
        o.outDir = root.filePath("out").toStdString();
        isomorph::Feedback cancelAtRender(
            [](const isomorph::Progress& p) { return p.stage != "render"; });
        QVERIFY_THROWS_EXCEPTION(isomorph::Cancelled, buildDemoCorpus(o, &cancelAtRender));
        QCOMPARE(QDir(root.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot),
                 (QStringList{"de", "man1"}));  // no temporary folder left
        std::vector<std::string> stages;
        isomorph::Feedback feedback([&](const isomorph::Progress& p) {
            if (stages.empty() || stages.back() != p.stage) stages.push_back(p.stage);
            return true;
        });
        const DemoCorpusSummary s = buildDemoCorpus(o, &feedback);
        QCOMPARE(stages, (Strings{"scan", "render", "parse", "write"}));
        QCOMPARE(s.documents.at("de"), size_t(3));
        QCOMPARE(s.documents.at("en"), size_t(3));
        QVERIFY(s.pairs.at("option") > 20);
        QVERIFY(QFile::exists(root.filePath("out/manifest.json")));
        QVERIFY_THROWS_EXCEPTION(isomorph::ConfigError, buildDemoCorpus(o));  // exists, no force
        o.force = true;
        buildDemoCorpus(o);
        QCOMPARE(QDir(root.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot),
                 (QStringList{"de", "man1", "out"}));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestDemoCorpusText)
#include "test_demo_corpus_text.moc"
