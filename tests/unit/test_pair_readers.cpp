#include <QtTest>

#include "core/data/readers/moses_pair_reader.h"
#include "core/data/readers/tatoeba_pair_reader.h"
#include "core/data/readers/tsv_pair_reader.h"
#include "tests/support/test_main.h"
#include "tests/unit/reader_test_support.h"

using namespace isomorph::data;
using reader_test::writeFile;

namespace {
std::vector<SentencePair> readAll(SentencePairReader&& reader) {
    std::vector<SentencePair> pairs;
    SentencePair pair;
    while (reader.next(pair))
        pairs.push_back(pair);
    return pairs;
}
}  // namespace

class TestPairReaders : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void mosesReadsAlignedLines() {
        QTemporaryDir tmp;
        const auto de = writeFile(tmp, "train.de", "Hallo\r\nWelt\n");
        const auto en = writeFile(tmp, "train.en", "Hello\nWorld");
        MosesPairReader reader(de, en, "de", "en");
        QCOMPARE(reader.srcLang(), std::string("de"));
        const auto pairs = readAll(std::move(reader));
        QCOMPARE(pairs.size(), size_t{2});
        QCOMPARE(pairs[1].src, std::string("Welt"));
        QCOMPARE(pairs[1].tgt, std::string("World"));
        QCOMPARE(pairs[1].line, uint64_t{2});
    }

    void mosesMismatchedLengthsNameBothFiles() {
        QTemporaryDir tmp;
        const auto de = writeFile(tmp, "t.de", "a\nb\nc\n");
        const auto en = writeFile(tmp, "t.en", "a\nb\n");
        EXPECT_DATA_ERROR(readAll(MosesPairReader(de, en, "de", "en")),
                          de.string() + ":3:", "'" + en.string() + "' ended after line 2",
                          "same number of lines");
        EXPECT_DATA_ERROR(readAll(MosesPairReader(en, de, "en", "de")),
                          de.string() + ":3:", en.string());
    }

    void mosesEmptySidesAndFilesFail() {
        QTemporaryDir tmp;
        const auto de = writeFile(tmp, "t.de", "a\n\n");
        const auto en = writeFile(tmp, "t.en", "a\nb\n");
        EXPECT_DATA_ERROR(readAll(MosesPairReader(de, en, "de", "en")),
                          de.string() + ":2:", "empty source sentence");
        EXPECT_DATA_ERROR(readAll(MosesPairReader(en, de, "en", "de")),
                          de.string() + ":2:", "empty target sentence");
        const auto e1 = writeFile(tmp, "e.de", "");
        const auto e2 = writeFile(tmp, "e.en", "");
        EXPECT_DATA_ERROR(readAll(MosesPairReader(e1, e2, "de", "en")),
                          e1.string() + ": file is empty");
    }

    void mosesValidatesLanguages() {
        QTemporaryDir tmp;
        const auto a = writeFile(tmp, "a", "x\n");
        EXPECT_DATA_ERROR(MosesPairReader(a, a, "deu", "en"), "unknown language code 'deu'");
        EXPECT_DATA_ERROR(MosesPairReader(a, a, "de", "EN"), "target language");
    }

    void tsvReadsPairs() {
        QTemporaryDir tmp;
        const auto path = writeFile(tmp, "p.tsv", "\xEF\xBB\xBFHallo\tHello\r\nJa\tYes\n");
        const auto pairs = readAll(TsvPairReader(path, "de", "en"));
        QCOMPARE(pairs.size(), size_t{2});
        QCOMPARE(pairs[0].src, std::string("Hallo"));
        QCOMPARE(pairs[0].tgt, std::string("Hello"));
        QCOMPARE(pairs[1].tgt, std::string("Yes"));
    }

    void lenientCountsReplacementsOfBothFiles() {
        QTemporaryDir tmp;
        ReadOptions lenient;
        lenient.lenient = true;
        const auto de = writeFile(tmp, "l.de", "a\xFF\n");
        const auto en = writeFile(tmp, "l.en", "b\xC0\xAF\n");
        MosesPairReader moses(de, en, "de", "en", lenient);
        SentencePair pair;
        QVERIFY(moses.next(pair));
        QCOMPARE(moses.replacements(), uint64_t{3});
        TsvPairReader tsv(writeFile(tmp, "l.tsv", "a\xFF\tb\n"), "de", "en", lenient);
        QVERIFY(tsv.next(pair));
        QCOMPARE(pair.src, std::string("a\xEF\xBF\xBD"));
        QCOMPARE(tsv.lines().replacements(), uint64_t{1});
    }

    void tsvWrongColumnsNameFileAndLine() {
        QTemporaryDir tmp;
        const auto three = writeFile(tmp, "p.tsv", "a\tb\nc\td\te\n");
        EXPECT_DATA_ERROR(readAll(TsvPairReader(three, "de", "en")),
                          three.string() + ":2:", "found 3");
        const auto one = writeFile(tmp, "q.tsv", "a\n");
        EXPECT_DATA_ERROR(readAll(TsvPairReader(one, "de", "en")), one.string() + ":1:", "found 1");
        const auto emptySide = writeFile(tmp, "r.tsv", "a\tb\n\tb\n");
        EXPECT_DATA_ERROR(readAll(TsvPairReader(emptySide, "de", "en")),
                          emptySide.string() + ":2:", "empty source");
        const auto emptyTgt = writeFile(tmp, "s.tsv", "a\t \n");
        EXPECT_DATA_ERROR(readAll(TsvPairReader(emptyTgt, "de", "en")),
                          emptyTgt.string() + ":1:", "empty target");
        const auto empty = writeFile(tmp, "t.tsv", "");
        EXPECT_DATA_ERROR(readAll(TsvPairReader(empty, "de", "en")),
                          empty.string() + ": file is empty");
    }

    void tatoebaMapsCodesAndReadsBothFiles() {
        QTemporaryDir tmp;
        writeFile(tmp, "tatoeba.deu-eng.deu", "Ich bin hier.\nDanke.\n");
        writeFile(tmp, "tatoeba.deu-eng.eng", "I am here.\nThanks.\n");
        TatoebaPairReader reader(tmp.filePath("tatoeba.deu-eng").toStdString());
        QCOMPARE(reader.srcLang(), std::string("de"));
        QCOMPARE(reader.tgtLang(), std::string("en"));
        const auto pairs = readAll(std::move(reader));
        QCOMPARE(pairs.size(), size_t{2});
        QCOMPARE(pairs[0].src, std::string("Ich bin hier."));
        QCOMPARE(pairs[0].tgt, std::string("I am here."));
        QCOMPARE(iso6391FromTatoeba("cmn"), std::string("zh"));
        QCOMPARE(iso6391FromTatoeba("jpn"), std::string("ja"));
        QCOMPARE(iso6391FromTatoeba("xyz"), std::string());
    }

    void tatoebaErrors() {
        QTemporaryDir tmp;
        const std::string unmapped = tmp.filePath("tatoeba.yue-eng").toStdString();
        EXPECT_DATA_ERROR(TatoebaPairReader{unmapped}, unmapped, "'yue' has no ISO 639-1");
        const std::string bad = tmp.filePath("wmt.de-en").toStdString();
        EXPECT_DATA_ERROR(TatoebaPairReader{bad}, bad, "not a Tatoeba prefix");
        const std::string missing = tmp.filePath("tatoeba.fra-eng").toStdString();
        EXPECT_DATA_ERROR(TatoebaPairReader{missing}, missing + ".", "cannot open");
        writeFile(tmp, "tatoeba.fra-eng.fra", "a\nb\n");
        writeFile(tmp, "tatoeba.fra-eng.eng", "a\n");
        EXPECT_DATA_ERROR(readAll(TatoebaPairReader(missing)),
                          missing + ".fra:2:", missing + ".eng' ended after line 1");
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestPairReaders)
#include "test_pair_readers.moc"
