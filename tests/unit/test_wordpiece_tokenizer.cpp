// WordPieceTokenizer: BERT/mBERT vocab.txt, hand-computed BertTokenizer cases and an independent
// Python reference (tests/reference/wordpiece_reference.py) over multilingual sentences.

#include <fstream>
#include <stdexcept>
#include <unicode/uchar.h>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/text/wordpiece_tokenizer.h"
#include "tests/support/test_main.h"

using isomorph::DataError;
using isomorph::text::WordPieceTokenizer;

namespace {

constexpr const char* kPython = "/usr/bin/python3";
const QString kReference =
    QStringLiteral(ISOMORPH_SOURCE_DIR "/tests/reference/wordpiece_reference.py");
const QString kSentences = QStringLiteral(ISOMORPH_TEST_FIXTURES "/wordpiece/sentences.txt");

using Tokens = std::vector<std::string>;

void writeFile(const QString& path, const std::string& bytes) {
    std::ofstream out(path.toStdString(), std::ios::binary);
    out << bytes;
}

// mBERT's layout in miniature: [PAD] first, [UNK] [CLS] [SEP] [MASK] after unused slots.
std::string smallVocab() {
    return "[PAD]\n[unused1]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\n"
           "un\n##aff\n##able\nhello\nhéllo\nHéllo\nworld\ndon\n'\nt\n,\n!\n.\n[\n]\n"
           "中\n文\nabc\na\n##a\nmask\ncafe\ncafé\nσοφοσ\nσοφος\ni\n##ed\ne\n";
}

std::string utf8(std::u32string_view text) {
    std::string out;
    for (char32_t c : text) {
        if (c < 0x80) {
            out += char(c);
        } else if (c < 0x800) {
            out += char(0xC0 | (c >> 6));
            out += char(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out += char(0xE0 | (c >> 12));
            out += char(0x80 | ((c >> 6) & 0x3F));
            out += char(0x80 | (c & 0x3F));
        } else {
            out += char(0xF0 | (c >> 18));
            out += char(0x80 | ((c >> 12) & 0x3F));
            out += char(0x80 | ((c >> 6) & 0x3F));
            out += char(0x80 | (c & 0x3F));
        }
    }
    return out;
}

QByteArray runPython(const QStringList& args, const QString& stdinFile) {
    QProcess p;
    p.setStandardInputFile(stdinFile);
    p.start(kPython, QStringList{kReference} + args);
    if (!p.waitForFinished(240000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning("reference failed: %s", p.readAllStandardError().constData());
        return {};
    }
    return p.readAllStandardOutput();
}

std::string idsLine(const std::vector<int32_t>& ids) {
    std::string out;
    for (size_t i = 0; i < ids.size(); ++i)
        out += (i ? " " : "") + std::to_string(ids[i]);
    return out;
}

std::vector<std::string> splitLines(const QByteArray& bytes) {
    std::vector<std::string> lines;
    for (const QByteArray& line : bytes.split('\n'))
        lines.emplace_back(line.constData(), size_t(line.size()));
    if (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
}

// Edge cases beyond the fixture: control and format characters, invalid UTF-8, very long words.
std::vector<std::string> syntheticLines() {
    return {std::string("NUL\0inside", 10),
            "bell\x07 and escape\x1b[0m and DEL\x7f",
            "carriage\rreturn and form\x0c"
            "feed and vertical\x0btab",
            "invalid \xff\xfe bytes and truncated \xe4\xb8",
            "overlong \xc0\xaf and surrogate \xed\xa0\x80 encodings",
            std::string(100, 'a') + " " + std::string(101, 'a'),
            "é" + std::string(99, 'e') + " " + std::string(101, 'e') + "é",
            "[MASK][MASK] [UNK]x [PAD]\x01[CLS] [SE\x01P]",
            "",
            "   ",
            "ΣΑΣ ΟΔΟΣ. Σ",
            "İİİ ıIı"};
}

}  // namespace

class TestWordPieceTokenizer : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    QString vocab_;

    WordPieceTokenizer small(bool lowercase) {
        return WordPieceTokenizer::load(vocab_.toStdString(), lowercase);
    }

    // Runs our tokenizer and the Python reference over `lines` and compares ids line by line.
    void compareWithReference(const QString& vocab, const std::vector<std::string>& lines,
                              bool lowercase, const QString& tag) {
        const QString inputs = dir_.filePath(tag + ".in");
        std::string bytes;
        for (const std::string& line : lines)
            bytes += line + "\n";
        writeFile(inputs, bytes);
        const std::vector<std::string> expected =
            splitLines(runPython({vocab, lowercase ? "1" : "0"}, inputs));
        QCOMPARE(expected.size(), lines.size());
        const auto tok = WordPieceTokenizer::load(vocab.toStdString(), lowercase);
        int mismatches = 0;
        for (size_t i = 0; i < lines.size(); ++i) {
            const std::string got = idsLine(tok.encode(lines[i]));
            if (got == expected[i]) continue;
            std::string tokens;
            for (const std::string& t : tok.tokenize(lines[i]))
                tokens += t + " ";
            qWarning("%s line %zu: %s\n  ours:      %s\n  reference: %s\n  our tokens: %s",
                     qPrintable(tag), i + 1, lines[i].c_str(), got.c_str(), expected[i].c_str(),
                     tokens.c_str());
            ++mismatches;
        }
        QCOMPARE(mismatches, 0);
    }

    std::vector<std::string> fixtureLines() {
        QFile f(kSentences);
        if (!f.open(QIODevice::ReadOnly)) return {};
        return splitLines(f.readAll());
    }

  private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        vocab_ = dir_.filePath("vocab.txt");
        writeFile(vocab_, smallVocab());
    }

    void unaffableSplitsGreedilyLongestFirst() {
        QCOMPARE(small(true).tokenize("unaffable"), (Tokens{"un", "##aff", "##able"}));
        QCOMPARE(small(true).tokenize("UnAffable"), (Tokens{"un", "##aff", "##able"}));
        QCOMPARE(small(false).tokenize("UnAffable"), (Tokens{"[UNK]"}));
        const auto tok = small(true);
        QCOMPARE(tok.encode("unaffable"), (std::vector<int32_t>{6, 7, 8}));
    }

    void lowercasingStripsAccentsAndCasedKeepsThem() {
        QCOMPARE(small(true).tokenize("Héllo"), (Tokens{"hello"}));
        QCOMPARE(small(true).tokenize("HÉLLO wörld"), (Tokens{"hello", "world"}));
        QCOMPARE(small(false).tokenize("Héllo"), (Tokens{"Héllo"}));
        QCOMPARE(small(false).tokenize("héllo hello"), (Tokens{"héllo", "hello"}));
        // Decomposed input is composed (NFC) first, so it matches the precomposed vocab entry.
        QCOMPARE(small(false).tokenize("cafe\u0301"), (Tokens{"café"}));
        QCOMPARE(small(true).tokenize("CAFE\u0301"), (Tokens{"cafe"}));
        // transformers lower-cases character by character: no final sigma.
        QCOMPARE(small(true).tokenize("ΣΟΦΟΣ"), (Tokens{"σοφοσ"}));
        // İ lower-cases to i + U+0307, whose combining dot the accent stripping removes.
        QCOMPARE(small(true).tokenize("İ"), (Tokens{"i"}));
    }

    void cjkIdeographsAreOneTokenEach() {
        QCOMPARE(small(true).tokenize("中文abc"), (Tokens{"中", "文", "abc"}));
        QCOMPARE(small(false).tokenize("abc中"), (Tokens{"abc", "中"}));
        // Hiragana is not in the CJK ranges: the word stays whole (and is unknown here).
        QCOMPARE(small(true).tokenize("ひら中"), (Tokens{"[UNK]", "中"}));
        // Option tokenize_chinese_chars=false keeps ideographs inside words.
        WordPieceTokenizer::Options o;
        o.tokenizeChineseChars = false;
        QCOMPARE(WordPieceTokenizer::load(vocab_.toStdString(), o).tokenize("中文"),
                 (Tokens{"[UNK]"}));
    }

    void punctuationIsSplitOff() {
        QCOMPARE(small(true).tokenize("don't"), (Tokens{"don", "'", "t"}));
        QCOMPARE(small(true).tokenize("hello,world!"), (Tokens{"hello", ",", "world", "!"}));
        // "$" and "`" are ASCII symbols (Sc, Sk) that BERT treats as punctuation.
        QCOMPARE(small(true).tokenize("a$a`a"), (Tokens{"a", "[UNK]", "a", "[UNK]", "a"}));
    }

    void unsegmentableAndOverlongWordsAreUnk() {
        const auto tok = small(true);
        QCOMPARE(tok.tokenize("xyz"), (Tokens{"[UNK]"}));
        QCOMPARE(tok.tokenize("unxyz hello"), (Tokens{"[UNK]", "hello"}));
        const Tokens hundred = tok.tokenize(std::string(100, 'a'));
        QCOMPARE(hundred.size(), size_t(100));
        QCOMPARE(hundred[1], std::string("##a"));
        QCOMPARE(tok.tokenize(std::string(101, 'a')), (Tokens{"[UNK]"}));
        // The limit counts code points, not bytes: 100 two-byte characters are still a word.
        const Tokens accented = WordPieceTokenizer::load(vocab_.toStdString(), false)
                                    .tokenize(std::string(99, 'a') + "é");
        QCOMPARE(accented, (Tokens{"[UNK]"}));  // no "##é" in the vocab, but not over the limit
    }

    void specialTokensAreNeverSplit() {
        const auto tok = small(true);
        QCOMPARE(tok.tokenize("[CLS] hello [SEP]"), (Tokens{"[CLS]", "hello", "[SEP]"}));
        QCOMPARE(tok.tokenize("hello[MASK]unaffable"),
                 (Tokens{"hello", "[MASK]", "un", "##aff", "##able"}));
        // "ed": "e" matches, then "##d" does not, so the whole word is unknown.
        QCOMPARE(tok.tokenize("[MASK]ed"), (Tokens{"[MASK]", "[UNK]"}));
        QCOMPARE(tok.tokenize("[UNK][PAD]"), (Tokens{"[UNK]", "[PAD]"}));
        QCOMPARE(tok.encode("[CLS][SEP][MASK]"),
                 (std::vector<int32_t>{tok.clsId(), tok.sepId(), tok.maskId()}));
        // Lower-case look-alikes are text: split on punctuation like anything else.
        QCOMPARE(tok.tokenize("[mask]"), (Tokens{"[", "mask", "]"}));
        QCOMPARE(small(false).tokenize("[MASK]"), (Tokens{"[MASK]"}));
    }

    void controlAndFormatCharactersAreRemoved() {
        const auto tok = small(true);
        QCOMPARE(tok.tokenize(std::string("hel\0lo", 6)), (Tokens{"hello"}));
        QCOMPARE(tok.tokenize("hel\x01lo\x7f"), (Tokens{"hello"}));
        QCOMPARE(tok.tokenize("hel\u200blo"), (Tokens{"hello"}));  // zero width space, Cf
        QCOMPARE(tok.tokenize("hel\ufffdlo"), (Tokens{"hello"}));  // replacement character
        QCOMPARE(tok.tokenize("hel\xfflo"), (Tokens{"hello"}));    // invalid UTF-8
        QCOMPARE(tok.tokenize("hello\tworld\r\n"), (Tokens{"hello", "world"}));
        QCOMPARE(tok.tokenize("hello\u00a0world\u3000!"), (Tokens{"hello", "world", "!"}));
        QVERIFY(tok.tokenize("").empty());
        QVERIFY(tok.tokenize(" \t\n").empty());
    }

    void decodeJoinsPiecesAndChecksIds() {
        const auto tok = small(true);
        QCOMPARE(tok.decode(tok.encode("Unaffable, hello!")), std::string("unaffable , hello !"));
        QCOMPARE(tok.decode({tok.clsId(), 6, 7, tok.sepId()}), std::string("[CLS] unaff [SEP]"));
        QVERIFY(tok.decode({}).empty());
        QVERIFY_THROWS_EXCEPTION(DataError, tok.decode({tok.vocabSize()}));
        QVERIFY_THROWS_EXCEPTION(DataError, tok.decode({-1}));
    }

    void vocabularyQueries() {
        const auto tok = small(true);
        QCOMPARE(tok.vocabSize(), 34);
        QCOMPARE(tok.padId(), 0);
        QCOMPARE(tok.unkId(), 2);
        QCOMPARE(tok.clsId(), 3);
        QCOMPARE(tok.sepId(), 4);
        QCOMPARE(tok.maskId(), 5);
        QVERIFY(tok.isSpecial(0) && tok.isSpecial(5) && !tok.isSpecial(1) && !tok.isSpecial(6));
        QCOMPARE(tok.idToToken(7), std::string("##aff"));
        QCOMPARE(tok.tokenToId("##able"), 8);
        QCOMPARE(tok.tokenToId("nope"), -1);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, tok.idToToken(34));
        QVERIFY(tok.hash().size() == 16);
        QVERIFY(tok.hash() != small(false).hash());
    }

    void crlfAndMissingFinalNewlineAreAccepted() {
        const QString path = dir_.filePath("crlf.txt");
        writeFile(path, "[PAD]\r\n[UNK]\r\nhello\r\nworld");
        const auto tok = WordPieceTokenizer::load(path.toStdString(), true);
        QCOMPARE(tok.vocabSize(), 4);
        QCOMPARE(tok.tokenize("Hello world"), (Tokens{"hello", "world"}));
        QCOMPARE(tok.clsId(), -1);
    }

    void loadErrorsNameFileAndLine_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty") << QByteArray() << "vocabulary is empty";
        QTest::newRow("blank lines") << QByteArray("\n\n") << "vocabulary is empty";
        QTest::newRow("duplicate") << QByteArray("[UNK]\nhello\nworld\nhello\n")
                                   << "bad.txt:4: duplicate token 'hello' (first on line 2)";
        QTest::newRow("no unk") << QByteArray("[PAD]\nhello\n") << "bad.txt: no line is [UNK]";
        QTest::newRow("not utf8") << QByteArray("[UNK]\nab\xff\n")
                                  << "bad.txt:2: the token is not valid UTF-8";
    }

    void loadErrorsNameFileAndLine() {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString path = dir_.filePath("bad.txt");
        writeFile(path, content.toStdString());
        try {
            WordPieceTokenizer::load(path.toStdString(), true);
            QFAIL("no DataError");
        } catch (const DataError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
        }
    }

    void missingVocabularyIsADataError() {
        const std::string path = dir_.filePath("absent/vocab.txt").toStdString();
        try {
            WordPieceTokenizer::load(path, true);
            QFAIL("no DataError");
        } catch (const DataError& e) {
            QVERIFY2(std::string(e.what()).find(path) != std::string::npos, e.what());
        }
        QVERIFY_THROWS_EXCEPTION(
            DataError, WordPieceTokenizer::loadFromFolder(dir_.filePath("absent").toStdString()));
    }

    void loadFromFolderReadsTokenizerConfig() {
        const QString folder = dir_.filePath("mbert");
        QVERIFY(QDir().mkpath(folder));
        writeFile(folder + "/vocab.txt", smallVocab());
        // No tokenizer_config.json: BertTokenizer's default do_lower_case = true.
        QVERIFY(WordPieceTokenizer::loadFromFolder(folder.toStdString()).lowercase());

        writeFile(folder + "/tokenizer_config.json",
                  R"({"do_lower_case": false, "model_max_length": 512})");
        const auto cased = WordPieceTokenizer::loadFromFolder(folder.toStdString());
        QVERIFY(!cased.lowercase());
        QVERIFY(!cased.stripsAccents());
        QCOMPARE(cased.tokenize("Héllo"), (Tokens{"Héllo"}));

        writeFile(folder + "/tokenizer_config.json",
                  R"({"do_lower_case": false, "strip_accents": true})");
        const auto stripped = WordPieceTokenizer::loadFromFolder(folder.toStdString());
        QCOMPARE(stripped.tokenize("héllo"), (Tokens{"hello"}));

        writeFile(folder + "/tokenizer_config.json", R"({"do_lower_case": "yes"})");
        try {
            WordPieceTokenizer::loadFromFolder(folder.toStdString());
            QFAIL("no DataError");
        } catch (const DataError& e) {
            QVERIFY2(std::string(e.what()).find("tokenizer_config.json: 'do_lower_case'") !=
                         std::string::npos,
                     e.what());
        }
        writeFile(folder + "/tokenizer_config.json", "{ not json");
        QVERIFY_THROWS_EXCEPTION(DataError,
                                 WordPieceTokenizer::loadFromFolder(folder.toStdString()));
    }

    void matchesPythonReferenceOnMultilingualSentences_data() {
        QTest::addColumn<bool>("lowercase");
        QTest::newRow("uncased") << true;
        QTest::newRow("cased") << false;
    }

    void matchesPythonReferenceOnMultilingualSentences() {
        QFETCH(bool, lowercase);
        if (!QFile::exists(kPython)) QSKIP("/usr/bin/python3 is missing: the reference cannot run");
        std::vector<std::string> lines = fixtureLines();
        QVERIFY2(lines.size() >= 200, qPrintable(kSentences));
        const QString vocab = dir_.filePath("fixture-vocab.txt");
        if (!QFile::exists(vocab)) {
            const QByteArray built = runPython({"--build-vocab"}, kSentences);
            QVERIFY(built.count('\n') > 1000);
            writeFile(vocab, built.toStdString());
        }
        for (const std::string& line : syntheticLines())
            lines.push_back(line);
        compareWithReference(vocab, lines, lowercase, lowercase ? "uncased" : "cased");
    }

    // Every code point Python's Unicode tables and ICU's agree exist, between letters, against a
    // vocabulary of all single characters: the tokens show exactly how each one was cleaned,
    // cased, normalized and split, so this checks our use of ICU's tables against Python's.
    void matchesPythonReferenceForEveryCodePoint_data() {
        matchesPythonReferenceOnMultilingualSentences_data();
    }

    void matchesPythonReferenceForEveryCodePoint() {
        QFETCH(bool, lowercase);
        if (!QFile::exists(kPython)) QSKIP("/usr/bin/python3 is missing: the reference cannot run");
        const QString vocab = dir_.filePath("char-vocab.txt");
        if (!QFile::exists(vocab)) {
            const QByteArray built = runPython({"--char-vocab"}, vocab_);
            QVERIFY(built.count('\n') > 100000);
            writeFile(vocab, built.toStdString());
        }
        std::vector<std::string> lines;
        for (char32_t c = 1; c < 0x110000; ++c) {
            if (!referenceKnows(c)) continue;
            std::u32string line = U"Ab";
            line += c;
            line += U"Cd";
            line += c;
            line += U"\u0301e";
            lines.push_back(utf8(line));
        }
        compareWithReference(vocab, lines, lowercase, lowercase ? "chars-uncased" : "chars-cased");
    }

  private:
    // Code points that both Python 3.11 (Unicode 14) and ICU know, apart from private use and
    // surrogates (which cannot be in UTF-8) and the line breaks the line-based protocol uses.
    static bool referenceKnows(char32_t c) {
        if (c == U'\n' || (c >= 0xD800 && c <= 0xDFFF)) return false;
        const auto type = u_charType(static_cast<UChar32>(c));
        if (type == U_UNASSIGNED || type == U_PRIVATE_USE_CHAR) return false;
        UVersionInfo age;
        u_charAge(static_cast<UChar32>(c), age);
        return age[0] < 15;
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestWordPieceTokenizer)
#include "test_wordpiece_tokenizer.moc"
