// Translation lexicon (core/search/translation_lexicon.h): IBM Model 1 against EM iterations
// computed by hand, that it learns a known dictionary from noisy pairs, pruning, query
// translation, save/load and its errors; and BM25 over weighted terms (Bm25Index::searchTerms)
// against the formula.

#include <algorithm>
#include <cmath>
#include <fstream>
#include <random>

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/search/bm25_index.h"
#include "core/search/translation_lexicon.h"
#include "tests/support/error_message.h"
#include "tests/support/test_main.h"

using namespace isomorph;
using namespace isomorph::search;
using isomorph::testing::messageOf;
namespace fs = std::filesystem;

namespace {

// Polish has no Snowball stemmer in Xapian 1.4, and Snowball's English stemmer leaves these
// English words as they are, so the analysed terms are the words themselves.
const std::vector<LexiconPair> kHandPairs = {{"kot pies", "cat dog"}, {"kot", "cat"}};

double probability(const TranslationLexicon& lexicon, const std::string& source,
                   const std::string& target) {
    const auto* list = lexicon.translations("pl", source);
    if (!list) return -1.0;
    for (const auto& t : *list)
        if (t.term == target) return t.probability;
    return 0.0;
}

LexiconTrainOptions keepEverything(int iterations) {
    LexiconTrainOptions o;
    o.iterations = iterations;
    o.minSourceCount = 1;
    o.minProbability = 0.0;
    o.maxTranslations = 100;
    return o;
}

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-12;
}

}  // namespace

class TestTranslationLexicon : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void oneEmIterationMatchesTheHandCount() {
        // Uniform start, NULL on the source side. Pair 1 gives each (source, target) 1/3, pair 2
        // gives (kot, cat) and (NULL, cat) 1/2: kot counts cat 5/6 and dog 1/3 -> 5/7, 2/7;
        // pies counts 1/3 each -> 1/2, 1/2.
        TranslationLexicon lexicon("en");
        const auto stats = lexicon.train("pl", kHandPairs, keepEverything(1));
        QCOMPARE(stats.pairs, std::size_t{2});
        QCOMPARE(stats.pairsUsed, std::size_t{2});
        QCOMPARE(stats.sourceTerms, std::size_t{2});
        QVERIFY(near(probability(lexicon, "kot", "cat"), 5.0 / 7.0));
        QVERIFY(near(probability(lexicon, "kot", "dog"), 2.0 / 7.0));
        QVERIFY(near(probability(lexicon, "pies", "cat"), 0.5));
        QVERIFY(near(probability(lexicon, "pies", "dog"), 0.5));
        // Best first; ties by term.
        QCOMPARE(lexicon.translations("pl", "kot")->front().term, std::string("cat"));
        QCOMPARE(lexicon.translations("pl", "pies")->front().term, std::string("cat"));
    }

    void twoEmIterationsMoveDogToPies() {
        // Second E step from t(cat|kot) = t(cat|NULL) = 5/7, t(dog|kot) = t(dog|NULL) = 2/7,
        // t(.|pies) = 1/2: kot counts cat 10/27 + 1/2 = 47/54 and dog 4/15 -> 235/307, 72/307;
        // pies counts cat 7/27 and dog 7/15 -> 5/14, 9/14.
        TranslationLexicon lexicon("en");
        lexicon.train("pl", kHandPairs, keepEverything(2));
        QVERIFY(near(probability(lexicon, "kot", "cat"), 235.0 / 307.0));
        QVERIFY(near(probability(lexicon, "kot", "dog"), 72.0 / 307.0));
        QVERIFY(near(probability(lexicon, "pies", "dog"), 9.0 / 14.0));
        QVERIFY(near(probability(lexicon, "pies", "cat"), 5.0 / 14.0));
        QCOMPARE(lexicon.translations("pl", "pies")->front().term, std::string("dog"));
    }

    void learnsAKnownDictionaryFromNoisyPairs() {
        // 12 source words, each with one translation; every pair is 2-5 random words and
        // their translations shuffled, plus a frequent untranslated target word ("the") and,
        // in a third of the pairs, a random extra target word. Model 1 must put each word's
        // translation first, with most of its mass.
        const std::vector<std::string> source = {"aa", "bb", "cc", "dd", "ee", "ff",
                                                 "gg", "hh", "ii", "jj", "kk", "ll"};
        const std::vector<std::string> target = {"cat",  "dog",  "fish", "bird", "tree", "lamp",
                                                 "door", "road", "milk", "salt", "iron", "wood"};
        std::mt19937 rng(7);
        std::vector<LexiconPair> pairs;
        for (int n = 0; n < 400; ++n) {
            const int length = 2 + static_cast<int>(rng() % 4);
            std::vector<std::string> src, tgt{"the"};
            for (int i = 0; i < length; ++i) {
                const auto w = rng() % source.size();
                src.push_back(source[w]);
                tgt.push_back(target[w]);
            }
            if (n % 3 == 0) tgt.push_back(target[rng() % target.size()]);
            std::shuffle(tgt.begin(), tgt.end(), rng);
            LexiconPair p;
            for (const auto& w : src)
                p.source += w + " ";
            for (const auto& w : tgt)
                p.target += w + " ";
            pairs.push_back(p);
        }
        TranslationLexicon lexicon("en");
        lexicon.train("pl", pairs);
        for (std::size_t w = 0; w < source.size(); ++w) {
            const auto* list = lexicon.translations("pl", source[w]);
            QVERIFY2(list, source[w].c_str());
            QCOMPARE(list->front().term, target[w]);
            QVERIFY2(list->front().probability > 0.6, source[w].c_str());
        }
        // Translating a query spreads each word's count over its translations.
        double sum = 0.0, cat = 0.0;
        for (const auto& t : lexicon.translate("aa aa unknown", "pl")) {
            sum += t.weight;
            if (t.term == "cat") cat = t.weight;
            if (t.term == "unknown") QCOMPARE(t.weight, 1.0);  // kept as it is
        }
        QVERIFY(std::abs(sum - 3.0) < 1e-9);
        QVERIFY(cat > 1.2);
    }

    void pruningKeepsTheBestAndRenormalises() {
        TranslationLexicon lexicon("en");
        LexiconTrainOptions o = keepEverything(2);
        o.maxTranslations = 1;
        lexicon.train("pl", kHandPairs, o);
        QCOMPARE(lexicon.translations("pl", "kot")->size(), std::size_t{1});
        QCOMPARE(lexicon.translations("pl", "kot")->front().probability, 1.0);
        // minSourceCount: pies occurs in one pair only.
        o = keepEverything(2);
        o.minSourceCount = 2;
        lexicon.train("pl", kHandPairs, o);
        QVERIFY(lexicon.translations("pl", "pies") == nullptr);
        QVERIFY(lexicon.translations("pl", "kot") != nullptr);
        // minProbability drops dog (72/307 < 0.3) and renormalises cat to 1.
        o = keepEverything(2);
        o.minProbability = 0.3;
        lexicon.train("pl", kHandPairs, o);
        QCOMPARE(lexicon.translations("pl", "kot")->size(), std::size_t{1});
        QCOMPARE(lexicon.translations("pl", "kot")->front().probability, 1.0);
        // Pairs over maxTerms are skipped.
        o = keepEverything(1);
        o.maxTerms = 1;
        const auto stats = lexicon.train("pl", kHandPairs, o);
        QCOMPARE(stats.pairsUsed, std::size_t{1});
        QVERIFY(near(probability(lexicon, "kot", "cat"), 1.0));
    }

    void translatesUnderTheSourceLanguagesAnalysis() {
        // German is stemmed before lookup: "Dateien" and "Datei" are one source term.
        TranslationLexicon lexicon("en");
        lexicon.train("de",
                      {{"Datei", "file"}, {"Dateien", "files"}, {"Datei löschen", "delete file"}},
                      keepEverything(5));
        double file = 0.0, total = 0.0;
        for (const auto& t : lexicon.translate("Dateien", "de")) {
            total += t.weight;
            if (t.term == "file") file = t.weight;  // the English stem of file(s)
        }
        QVERIFY(std::abs(total - 1.0) < 1e-9);
        QVERIFY2(file > 0.9, std::to_string(file).c_str());
        QVERIFY(lexicon.translate("  ,;  ", "de").empty());
        // A language the lexicon lacks keeps its terms.
        const auto kept = lexicon.translate("gzip", "fr");
        QCOMPARE(kept.size(), std::size_t{1});
        QCOMPARE(kept.front().term, std::string("gzip"));
        QVERIFY(lexicon.hasLanguage("de"));
        QCOMPARE(lexicon.languages(), std::vector<std::string>{"de"});
    }

    void translatesTextForAMonolingualReader() {
        // Translate-test text: word by word in the query's order, each word's translations
        // written as the target side's most frequent word for the stem ("directory", not
        // Snowball's "directori"), unknown words as typed, the best translation always, repeats
        // once.
        TranslationLexicon lexicon("en");
        lexicon.train("de",
                      {{"Verzeichnis", "directory"},
                       {"Verzeichnis", "directory"},
                       {"Verzeichnisse", "directories"},
                       {"Verzeichnis löschen", "delete directory"},
                       {"löschen", "delete"},
                       {"Datei löschen", "delete file"},
                       {"Datei", "file"}},
                      keepEverything(10));
        QCOMPARE(lexicon.translations("de", "verzeichnis")->front().term, std::string("directori"));
        QCOMPARE(lexicon.surfaceWord("directori"), std::string("directory"));
        QCOMPARE(lexicon.surfaceWord("unseen"), std::string("unseen"));
        QCOMPARE(lexicon.translateText("Verzeichnis gzip löschen, Verzeichnisse!", "de"),
                 std::string("directory gzip delete"));
        // minProbability 1 keeps each word's best translation alone; 0 keeps all of them.
        QCOMPARE(lexicon.translateText("löschen", "de", 1.0), std::string("delete"));
        const std::string all = lexicon.translateText("löschen", "de", 0.0);
        QCOMPARE(all.rfind("delete", 0), std::size_t{0});
        QCOMPARE(
            static_cast<int>(std::count(all.begin(), all.end(), ' ')) + 1,
            static_cast<int>(
                lexicon.translations("de", analyzeTerms("löschen", "de").front().first)->size()));
        // The target language, and a language the lexicon lacks, are read as typed.
        QCOMPARE(lexicon.translateText("Delete directories", "en"),
                 std::string("Delete directories"));
        QCOMPARE(lexicon.translateText("supprimer", "fr"), std::string("supprimer"));

        // Surface words survive save/load; a lexicon written before them writes stems.
        QTemporaryDir tmp;
        const fs::path file = fs::path(tmp.path().toStdString()) / "lexicon.json";
        lexicon.save(file);
        QCOMPARE(TranslationLexicon::load(file).translateText("Verzeichnis", "de"),
                 std::string("directory"));
        std::ifstream in(file);
        auto doc = nlohmann::json::parse(in);
        doc.erase("surface_words");
        std::ofstream(file) << doc.dump();
        QCOMPARE(TranslationLexicon::load(file).translateText("Verzeichnis", "de"),
                 std::string("directori"));
    }

    void savesAndLoadsTheSameLexicon() {
        QTemporaryDir tmp;
        TranslationLexicon lexicon("en");
        lexicon.train("pl", kHandPairs, keepEverything(2));
        const fs::path file = fs::path(tmp.path().toStdString()) / "lexicon.json";
        lexicon.save(file);
        const auto back = TranslationLexicon::load(file);
        QCOMPARE(back.targetLanguage(), std::string("en"));
        QCOMPARE(back.languages(), std::vector<std::string>{"pl"});
        QCOMPARE(probability(back, "kot", "cat"), probability(lexicon, "kot", "cat"));
        QCOMPARE(probability(back, "pies", "dog"), probability(lexicon, "pies", "dog"));
    }

    void badInputIsRefusedWithItsReason() {
        TranslationLexicon lexicon("en");
        LexiconTrainOptions o;
        o.iterations = 0;
        QVERIFY(messageOf<ConfigError>([&] {
                    lexicon.train("pl", kHandPairs, o);
                }).contains("iterations = 0"));
        QVERIFY(messageOf<ConfigError>([&] {
                    lexicon.train("en", kHandPairs);
                }).contains("differ from the target language"));
        QVERIFY(messageOf<DataError>([&] {
                    lexicon.train("pl", {{"...", "cat"}});
                }).contains("none of the 1 pl-en pairs"));
        QVERIFY(messageOf<Cancelled>([&] {
                    lexicon.train("pl", kHandPairs, {}, [](int, int) { return false; });
                }).contains("cancelled"));

        QTemporaryDir tmp;
        const fs::path dir(tmp.path().toStdString());
        QVERIFY(messageOf<DataError>([&] {
                    TranslationLexicon::load(dir / "missing.json");
                }).contains("missing.json"));
        auto write = [&](const std::string& name, const std::string& text) {
            std::ofstream(dir / name) << text;
            return dir / name;
        };
        QVERIFY(messageOf<DataError>([&] {
                    TranslationLexicon::load(write("other.json", "{\"format\": \"x\"}"));
                }).contains("not a translation lexicon"));
        QVERIFY(messageOf<DataError>([&] {
                    TranslationLexicon::load(write(
                        "v9.json", "{\"format\": \"isomorph-lexicon\", \"schema_version\": 9}"));
                }).contains("schema version 9"));
        QVERIFY(messageOf<DataError>([&] {
                    TranslationLexicon::load(write("cut.json", "{\"format\": \"isomorph-lex"));
                }).contains("damaged"));
    }

    void bm25OverWeightedTermsScalesEachTermsContribution() {
        // score(d) = sum_t weight_t x BM25 weight of t in d, the latter as test_bm25 checks it:
        // documents d1 "cat cat dog" (3 terms) and d2 "dog bird" (2), avg length 2.5.
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "idx";
        auto index =
            Bm25Index::build(dir, {{"d1", "", "cat cat dog", "en"}, {"d2", "", "dog bird", "en"}});
        const Bm25Parameters p;
        auto w = [&](double n, double wdf, double len) {
            double r = (2 - n + 0.5) / (n + 0.5);
            if (r < 2) r = r * 0.5 + 1;
            const double L = std::max(len / 2.5, p.minNormalizedLength);
            return std::log(r) * (p.k1 + 1) * wdf / (p.k1 * (1 - p.b + p.b * L) + wdf);
        };
        Bm25SearchOptions options;
        options.documentLanguage = "en";
        const Ranking r = index.searchTerms({{"cat", 0.5}, {"dog", 2.0}}, options);
        QCOMPARE(r.size(), std::size_t{2});
        const double d1 = 0.5 * w(1, 2, 3) + 2.0 * w(2, 1, 3);
        const double d2 = 2.0 * w(2, 1, 2);
        for (const auto& d : r) {
            const double want = d.docId == "d1" ? d1 : d2;
            QVERIFY2(std::abs(d.score - want) <= 1e-6 * want, d.docId.c_str());
        }
        // Shares divide by the weighted attainable score.
        options.share = true;
        const Ranking shares = index.searchTerms({{"cat", 0.5}, {"dog", 2.0}}, options);
        for (const auto& d : shares)
            QVERIFY(d.score > 0.0 && d.score <= 1.0);
        QVERIFY(messageOf<DataError>([&] {
                    index.searchTerms({}, options);
                }).contains("no searchable word"));
        QVERIFY(messageOf<ConfigError>([&] {
                    index.searchTerms({{"cat", -1.0}}, options);
                }).contains("weight"));
    }
};

ISOMORPH_TEST_APPLESS_MAIN(TestTranslationLexicon)
#include "test_translation_lexicon.moc"
