// Split units and cross-split overlap of the demo corpus (issue 12, item 1.1): a synthetic man
// tree with a symbolic-link alias, a .so include, a near-duplicate page and a boilerplate line is
// built with buildDemoCorpus; units must land in one split and no dev/test pair may repeat train
// text. The command names are chosen so that the old per-command split separates every unit
// (fnv1a64 % 10: ls dev, dir train; base64 dev, base32 train; listz test, listx train;
// packb dev, packa train;
// filler00 test, filler01 dev).

#include <fstream>
#include <map>
#include <set>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/data/demo/demo_corpus.h"
#include "core/data/demo/split_overlap.h"
#include "core/data/demo/split_units.h"
#include "tests/support/test_main.h"

using namespace isomorph::data;

namespace {

struct Page {
    std::string name;                                          // NAME description
    std::vector<std::string> description;                      // one paragraph per entry
    std::vector<std::pair<std::string, std::string>> options;  // roff flags, text
};

void writeFile(const QString& path, const std::string& text) {
    QDir().mkpath(QFileInfo(path).path());
    std::ofstream(path.toStdString(), std::ios::binary) << text;
}

// A roff page; German pages use German section titles as the installed translations do.
std::string roff(const std::string& command, bool german, const Page& p) {
    std::string out = ".TH " + command + " 1 \"2022\" \"fixture\" \"fixture\"\n";
    out += german ? ".SH BEZEICHNUNG\n" : ".SH NAME\n";
    out += command + " \\- " + p.name + "\n";
    out += german ? ".SH BESCHREIBUNG\n" : ".SH DESCRIPTION\n";
    for (const auto& para : p.description)
        out += ".PP\n" + para + "\n";
    out += german ? ".SH OPTIONEN\n" : ".SH OPTIONS\n";
    for (const auto& [flags, text] : p.options)
        out += ".TP\n" + flags + "\n" + text + "\n";
    return out;
}

// The sentences ls and dir share (near-duplicates: the same text, another command name).
Page listingPage(bool german) {
    Page p;
    p.name = german ? "Verzeichnisinhalte auflisten" : "list directory contents";
    for (int i = 0; i < 8; ++i)
        p.description.push_back(german ? "Auflistung der Dateien im Verzeichnis Nummer " +
                                             std::to_string(i) + " mit allen Angaben."
                                       : "Listing of the files in directory number " +
                                             std::to_string(i) + " with all details.");
    p.options = {{"\\fB\\-a\\fR, \\fB\\-\\-all\\fR",
                  german ? "Einträge nicht ignorieren, die mit einem Punkt beginnen."
                         : "Do not ignore entries starting with a dot."}};
    return p;
}

// A page with its own text plus the lines every filler page has (boilerplate: 22 pages).
Page fillerPage(int i, bool german) {
    const std::string n = std::to_string(i);
    Page p;
    p.name = german ? "Werkzeug Nummer " + n + " ausführen" : "run tool number " + n;
    for (int k = 0; k < 1; ++k)
        p.description.push_back(
            german
                ? "Werkzeug " + n + " erledigt Aufgabe " + std::to_string(k) + " sehr sorgfältig."
                : "Tool " + n + " does task " + std::to_string(k) + " very carefully.");
    for (int k = 0; k < 5; ++k)
        p.description.push_back(
            german ? "Gemeinsamer Hinweis Nummer " + std::to_string(k) + " für alle Werkzeuge."
                   : "Common note number " + std::to_string(k) + " for all tools.");
    p.options = {{"\\fB\\-\\-help\\fR",
                  german ? "Diese Hilfe anzeigen und beenden." : "Display this help and exit."},
                 {"\\fB\\-x" + n + "\\fR", german ? "Besondere Option von Werkzeug " + n + "."
                                                  : "Special option of tool " + n + "."}};
    return p;
}

// packa and packb (as base32, base64 and basenc on Debian): five sentences of their own in common,
// more lines of boilerplate than that, so the shared text is a minority of all their sentences
// but the majority of their distinctive ones.
Page twinPage(bool german) {
    Page p = fillerPage(99, german);
    p.name = german ? "Daten in Archive packen" : "pack data into archives";
    p.description.erase(p.description.begin());  // keep the five common notes (boilerplate)
    for (int k = 0; k < 5; ++k)
        p.description.push_back(
            german ? "Packt den Datenstrom Nummer " + std::to_string(k) + " in ein Archiv."
                   : "Packs data stream number " + std::to_string(k) + " into an archive.");
    p.options.pop_back();
    return p;
}

Page soloPage(const std::string& what, bool german) {
    Page p;
    p.name = german ? "Daten " + what + " kodieren" : "encode data as " + what;
    p.description = {german ? "Kodiert Daten als " + what + " und schreibt sie aus."
                            : "Encodes data as " + what + " and writes them out."};
    p.options = {
        {"\\fB\\-d\\fR", german ? "Daten " + what + " dekodieren." : "Decode " + what + " data."}};
    return p;
}

// command -> split, from docs/<split>/<lang>.jsonl.
std::map<std::string, std::set<std::string>> splitsOfCommands(const QString& out,
                                                              const QString& lang) {
    std::map<std::string, std::set<std::string>> result;
    for (const QString split : {"train", "dev", "test"}) {
        QFile f(out + "/docs/" + split + "/" + lang + ".jsonl");
        if (!f.open(QIODevice::ReadOnly)) continue;
        while (!f.atEnd()) {
            const QByteArray line = f.readLine().trimmed();
            if (line.isEmpty()) continue;
            result[QJsonDocument::fromJson(line).object()["command"].toString().toStdString()]
                .insert(split.toStdString());
        }
    }
    return result;
}

// Every source and target text of a split's name and option pairs, lower-cased and trimmed
// (deliberately simpler than normaliseText: verbatim repeats are what must not survive).
std::set<QString> pairTexts(const QString& out, const QString& split) {
    std::set<QString> texts;
    for (const QString kind : {"name", "option"}) {
        QFile f(out + "/parallel/" + split + "/" + kind + "/de-en.tsv");
        if (!f.open(QIODevice::ReadOnly)) continue;
        while (!f.atEnd())
            for (const QString& side : QString::fromUtf8(f.readLine()).split('\t'))
                if (!side.trimmed().isEmpty()) texts.insert(side.trimmed().toLower());
    }
    return texts;
}

// The "_id" of every line of a JSONL file.
std::set<QString> idsIn(const QString& path) {
    std::set<QString> ids;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return ids;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        if (!line.isEmpty()) ids.insert(QJsonDocument::fromJson(line).object()["_id"].toString());
    }
    return ids;
}

// The corpus ids judged in a BEIR qrels file.
std::set<QString> qrelsTargets(const QString& path) {
    std::set<QString> ids;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return ids;
    f.readLine();  // header
    while (!f.atEnd()) {
        const QStringList cols = QString::fromUtf8(f.readLine()).trimmed().split('\t');
        if (cols.size() >= 2) ids.insert(cols[1]);
    }
    return ids;
}

}  // namespace

class TestDemoCorpusSplits : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(root_.isValid());
        const QString r = root_.path();
        for (bool german : {true, false}) {
            const QString dir = r + (german ? "/de/man1/" : "/man1/");
            writeFile(dir + "ls.1", roff("ls", german, listingPage(german)));
            writeFile(dir + "dir.1", roff("dir", german, listingPage(german)));
            writeFile(dir + "base32.1", roff("base32", german, soloPage("base32", german)));
            writeFile(dir + "listx.1", roff("listx", german, soloPage("listx", german)));
            writeFile(dir + "packa.1", roff("packa", german, twinPage(german)));
            writeFile(dir + "packb.1", roff("packb", german, twinPage(german)));
            for (int i = 0; i < 22; ++i) {
                const std::string name =
                    QString("filler%1").arg(i, 2, 10, QChar('0')).toStdString();
                writeFile(dir + QString::fromStdString(name) + ".1",
                          roff(name, german, fillerPage(i, german)));
            }
        }
        // English base64 is a link to base32's page (German has two translations of it); German
        // listz includes listx's page while English has a page of its own.
        QVERIFY(QFile::link("base32.1", r + "/man1/base64.1"));
        writeFile(r + "/de/man1/base64.1", roff("base64", true, soloPage("base64", true)));
        writeFile(r + "/de/man1/listz.1", ".so man1/listx.1\n");
        writeFile(r + "/man1/listz.1", roff("listz", false, soloPage("listz", false)));

        DemoCorpusOptions o;
        o.manRoot = r.toStdString();
        o.docRoot = r.toStdString();  // no books: the man pages alone
        o.outDir = (r + "/out").toStdString();
        o.jobs = 2;
        buildDemoCorpus(o);
        out_ = r + "/out";
    }

    void normalisesCasePunctuationAndSpace() {
        using demo::normaliseText;
        QCOMPARE(normaliseText("  Display THIS help,\tand exit. "),
                 std::string("display this help and exit"));
        QCOMPARE(normaliseText("»Übersicht« — ÄÖÜ"), std::string("übersicht äöü"));
        QCOMPARE(normaliseText("Вывести СПРАВКУ"), std::string("вывести справку"));
        QCOMPARE(normaliseText("显示信息。（详见下文）"), std::string("显示信息 详见下文"));
        QCOMPARE(normaliseText("-a, --all"), std::string("a all"));
        QCOMPARE(normaliseText("..."), std::string());
    }

    void keepsUnitsInOneSplit() {
        const auto de = splitsOfCommands(out_, "de"), en = splitsOfCommands(out_, "en");
        std::set<std::string> all;
        for (const auto& [command, splits] : en)
            all.insert(splits.begin(), splits.end());
        QVERIFY(all.size() >= 2);  // the fixture really has more than one split
        auto splitOf = [&](const std::string& c) {
            std::set<std::string> s = en.count(c) ? en.at(c) : std::set<std::string>{};
            if (de.count(c)) s.insert(de.at(c).begin(), de.at(c).end());
            return s;
        };
        // Near-duplicates (ls ~ dir; packa ~ packb among boilerplate: packa train, packb dev by
        // name), a symbolic link (base64 -> base32), a .so include (listz).
        for (const auto& [a, b] : std::vector<std::pair<std::string, std::string>>{
                 {"ls", "dir"}, {"packa", "packb"}, {"base64", "base32"}, {"listz", "listx"}}) {
            QCOMPARE(splitOf(a).size(), size_t(1));
            QVERIFY2(splitOf(a) == splitOf(b),
                     (a + " and " + b + " are in different splits").c_str());
        }
        // A unit takes the split of its smallest name (dir: train), not a new hash of its own.
        QCOMPARE(*splitOf("ls").begin(), std::string(splitOfCommand("dir")));
        // Boilerplate shared by 22 pages does not make them one unit.
        QCOMPARE(*splitOf("filler00").begin(), std::string("test"));
        QCOMPARE(*splitOf("filler01").begin(), std::string("dev"));
        QCOMPARE(*splitOf("filler02").begin(), std::string("train"));
    }

    void dropsPairsThatOccurInEarlierSplits() {
        const auto train = pairTexts(out_, "train"), dev = pairTexts(out_, "dev"),
                   test = pairTexts(out_, "test");
        QVERIFY(train.count("display this help and exit."));  // kept where it belongs
        QVERIFY(!dev.empty() && !test.empty());               // dev/test still have their own
        for (const QString& t : dev)
            QVERIFY2(!train.count(t), qPrintable("dev repeats train: " + t));
        for (const QString& t : test)
            QVERIFY2(!train.count(t) && !dev.count(t), qPrintable("test repeats: " + t));
        const DemoSplitStats s = measureDemoSplits(out_.toStdString());
        QCOMPARE(s.schemaVersion, kDemoCorpusSchemaVersion);
        for (const auto& [family, splits] : s.overlap)
            for (const auto& [split, n] : splits)
                QVERIFY2(n == 0, (family + " " + split + ": " + std::to_string(n)).c_str());
        QFile mf(out_ + "/manifest.json");
        QVERIFY(mf.open(QIODevice::ReadOnly));
        const QJsonObject m = QJsonDocument::fromJson(mf.readAll()).object();
        QVERIFY(m["overlap_dropped"]["option"]["dev"].toInt() > 0);  // the --help pair
        QCOMPARE(m["schema_version"].toInt(), 4);
    }

    void testRetrievalSearchesTheEnglishPassagesOfAllSplits() {
        // Schema 3: test queries against the English passages of train, dev and test; their
        // targets stay test passages, and nothing of test reaches the train sets.
        const QString r = out_ + "/retrieval/";
        const auto trainEn = idsIn(r + "train/en-en/corpus.jsonl"),
                   devEn = idsIn(r + "dev/en-en/corpus.jsonl");
        QVERIFY(!trainEn.empty() && !devEn.empty());
        for (const QString pair : {"de-en", "en-en"}) {
            const auto corpus = idsIn(r + "test/" + pair + "/corpus.jsonl");
            for (const auto* earlier : {&trainEn, &devEn})
                for (const auto& id : *earlier)
                    QVERIFY2(corpus.count(id), qPrintable(pair + " lacks " + id));
            const auto targets = qrelsTargets(r + "test/" + pair + "/qrels/test.tsv");
            QVERIFY(!targets.empty());
            for (const auto& id : targets) {
                QVERIFY2(corpus.count(id), qPrintable(id));
                QVERIFY2(!trainEn.count(id) && !devEn.count(id), qPrintable(id));
            }
            // Leak-freedom: no test query or judged passage in the train set of the pair.
            const auto trainQueries = idsIn(r + "train/" + pair + "/queries.jsonl");
            for (const auto& id : idsIn(r + "test/" + pair + "/queries.jsonl"))
                QVERIFY2(!trainQueries.count(id), qPrintable(id));
            const auto trainCorpus = idsIn(r + "train/" + pair + "/corpus.jsonl");
            for (const auto& id : targets)
                QVERIFY2(!trainCorpus.count(id), qPrintable(id));
        }
        // Monolingual sets in other languages and the dev sets keep their own split's passages.
        const auto devDe = idsIn(r + "dev/de-en/corpus.jsonl");
        for (const auto& id : devDe)
            QVERIFY2(!trainEn.count(id), qPrintable(id));
        const auto testDeDe = idsIn(r + "test/de-de/corpus.jsonl");
        for (const auto& id : testDeDe)
            QVERIFY2(id.endsWith(".de"), qPrintable(id));
    }

    void statsCountOverlapOfOldCorpora() {
        // A hand-made corpus as version 1 wrote them: dev repeats a train pair (case and
        // punctuation differ), test repeats a dev query.
        QTemporaryDir dir;
        const QString d = dir.path();
        writeFile(d + "/manifest.json", "{\"schema_version\": 1}\n");
        writeFile(d + "/docs/train/en.jsonl", "{\"id\":\"a.1.en\"}\n");
        writeFile(d + "/parallel/train/option/de-en.tsv", "Hilfe anzeigen\tDisplay help.\n");
        writeFile(d + "/parallel/dev/option/de-en.tsv",
                  "Hilfe zeigen\tdisplay HELP\nEigenes\tOwn text\n");
        writeFile(d + "/retrieval/dev/de-en/queries.jsonl",
                  "{\"_id\":\"q.1.de\",\"text\":\"Frage\"}\n");
        writeFile(
            d + "/retrieval/test/de-de/queries.jsonl",
            "{\"_id\":\"r.1.de\",\"text\":\"frage!\"}\n{\"_id\":\"s.1.de\",\"text\":\"neu\"}\n");
        const DemoSplitStats s = measureDemoSplits(d.toStdString());
        QCOMPARE(s.schemaVersion, 1);
        QCOMPARE(s.pairs.at("option").at("dev"), size_t(2));
        QCOMPARE(s.overlap.at("option").at("dev"), size_t(1));
        QCOMPARE(s.overlap.at("query").at("test"), size_t(1));
        QCOMPARE(s.overlap.at("name").at("dev"), size_t(0));
        QCOMPARE(demoCorpusSchemaVersion(d.toStdString()), 1);
        QCOMPARE(demoCorpusSchemaVersion((d + "/missing").toStdString()), 0);
    }

  private:
    QTemporaryDir root_;
    QString out_;
};

ISOMORPH_TEST_GUILESS_MAIN(TestDemoCorpusSplits)
#include "test_demo_corpus_splits.moc"
