#include <QtTest>

#include "core/data/readers/plain_text_lines.h"
#include "core/data/readers/text_input.h"
#include "tests/support/test_main.h"
#include "tests/unit/reader_test_support.h"

using isomorph::data::LineReader;
using isomorph::data::ReadOptions;
using reader_test::writeFile;

namespace {
std::vector<std::string> readAll(LineReader& reader) {
    std::vector<std::string> out;
    std::string_view line;
    while (reader.next(line))
        out.emplace_back(line);
    return out;
}
std::vector<std::string> readAll(const std::filesystem::path& path, ReadOptions options = {}) {
    LineReader reader(path, options);
    return readAll(reader);
}
using Lines = std::vector<std::string>;
}  // namespace

class TestTextInput : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void readsLinesWithNumbersAndOffsets() {
        QTemporaryDir tmp;
        LineReader reader(writeFile(tmp, "a.txt", "one\ntwo\n\nfour"));
        std::string_view line;
        QVERIFY(reader.next(line));
        QCOMPARE(line, std::string_view("one"));
        QCOMPARE(reader.lineNumber(), uint64_t{1});
        QCOMPARE(reader.lineOffset(), uint64_t{0});
        QVERIFY(reader.next(line));
        QCOMPARE(reader.lineOffset(), uint64_t{4});
        QVERIFY(reader.next(line));
        QVERIFY(line.empty());
        QVERIFY(reader.next(line));
        QCOMPARE(line, std::string_view("four"));
        QCOMPARE(reader.lineNumber(), uint64_t{4});
        QVERIFY(!reader.next(line));
        QVERIFY(!reader.next(line));
        QVERIFY(!reader.empty());
    }

    void stripsCrlfAndBom() {
        QTemporaryDir tmp;
        QCOMPARE(readAll(writeFile(tmp, "crlf.txt", "\xEF\xBB\xBFhallo\r\nwelt\r\n")),
                 (Lines{"hallo", "welt"}));
        // A BOM later in the file is content, not a marker.
        QCOMPARE(readAll(writeFile(tmp, "bom2.txt", "a\n\xEF\xBB\xBFz")),
                 (Lines{"a", "\xEF\xBB\xBFz"}));
    }

    void emptyFileIsEmpty() {
        QTemporaryDir tmp;
        LineReader reader(writeFile(tmp, "e.txt", ""));
        std::string_view line;
        QVERIFY(!reader.next(line));
        QVERIFY(reader.empty());
    }

    void missingFileNamesIt() {
        QTemporaryDir tmp;
        const std::string path = tmp.filePath("nope.txt").toStdString();
        EXPECT_DATA_ERROR(LineReader(path), path, "cannot open");
    }

    void invalidUtf8NamesLineAndByteOffset() {
        QTemporaryDir tmp;
        // Line 2 starts at offset 4; the stray 0xFF is its third byte -> offset 6.
        const auto path = writeFile(tmp, "bad.txt", "abc\nde\xFFz\n");
        EXPECT_DATA_ERROR(readAll(path), path.string() + ":2:", "byte offset 6", "0xFF",
                          "column 3");
        // Overlong, surrogate and truncated sequences are invalid too.
        for (const char* bad : {"\xC0\xAF", "\xED\xA0\x80", "\xE2\x82", "\xF4\x90\x80\x80"}) {
            const auto p = writeFile(tmp, "b.txt", std::string("ok\n") + bad + "\n");
            EXPECT_DATA_ERROR(readAll(p), ":2:", "byte offset 3");
        }
    }

    void nonTextFormatsAreNamedAtLineOne() {
        QTemporaryDir tmp;
        const std::pair<std::string, std::string> cases[] = {
            {std::string("\x93NUMPY\x01\x00v\x00{'descr'\n", 18), "NumPy array (.npy)"},
            {std::string("\x1F\x8B\x08\x00", 4), "gzip-compressed"},
            {"PK\x03\x04zz", "ZIP archive"},
            {"%PDF-1.7\n", "PDF document"},
            {std::string("\xFF\xFEh\x00i\x00", 6), "UTF-16"}};
        for (const auto& [bytes, what] : cases) {
            const auto p = writeFile(tmp, "x.bin", bytes);
            // Lenient reading does not turn a binary file into text either.
            EXPECT_DATA_ERROR(readAll(p, ReadOptions{true}), p.string() + ":1: the file is", what);
        }
        // Only the start of a file counts: the same bytes later are content.
        QCOMPARE(readAll(writeFile(tmp, "ok.txt", "a\n%PDF-1.7\n")), (Lines{"a", "%PDF-1.7"}));
    }

    void jsonLinesAreRefusedOnlyWherePlainTextIsExpected() {
        using isomorph::data::PlainTextLines;
        auto plainText = [](const std::filesystem::path& path) {
            PlainTextLines lines(path);
            Lines out;
            std::string_view line;
            while (lines.next(line))
                out.emplace_back(line);
            return out;
        };
        QTemporaryDir tmp;
        const auto p = writeFile(tmp, "d.txt", "{\"id\": \"1\", \"text\": \"hallo\"}\n");
        EXPECT_DATA_ERROR(plainText(p), p.string() + ":1:", "JSON object", "jq -r .text");
        QCOMPARE(readAll(p).size(), size_t{1});  // JSONL readers use the same LineReader
        // A sentence in braces without key/value structure is text.
        QCOMPARE(plainText(writeFile(tmp, "b.txt", "{braces}\n")), (Lines{"{braces}"}));
    }

    void acceptsValidMultibyte() {
        QTemporaryDir tmp;
        const std::string text = "Grüße — 日本語 😀 ok";
        QCOMPARE(readAll(writeFile(tmp, "u.txt", text)), (Lines{text}));
        QCOMPARE(isomorph::data::findInvalidUtf8(text), std::string_view::npos);
    }

    void lenientReplacesAndCounts() {
        QTemporaryDir tmp;
        const auto path = writeFile(tmp, "l.txt",
                                    "a\xFF"
                                    "b\n\xE2\x82x\xC0\xAF\n");
        LineReader reader(path, ReadOptions{true});
        QCOMPARE(readAll(reader), (Lines{"a\xEF\xBF\xBD"
                                         "b",
                                         "\xEF\xBF\xBDx\xEF\xBF\xBD\xEF\xBF\xBD"}));
        // 0xFF, the truncated E2 82 (one maximal subpart), C0 and AF (two).
        QCOMPARE(reader.replacements(), uint64_t{4});
    }

    void nulByteIsRejectedEvenWhenLenient() {
        QTemporaryDir tmp;
        const auto path = writeFile(tmp, "n.txt", std::string("x\ny\0z\n", 6));
        EXPECT_DATA_ERROR(readAll(path), path.string() + ":2:", "NUL byte");
        EXPECT_DATA_ERROR(readAll(path, ReadOptions{true}), path.string() + ":2:", "NUL byte");
    }

    void lineOverTheLimitFails() {
        QTemporaryDir tmp;
        const auto path = writeFile(tmp, "long.txt", "short\n" + std::string(100, 'x') + "\nz\n");
        ReadOptions small;
        small.maxLineBytes = 50;
        EXPECT_DATA_ERROR(readAll(path, small), path.string() + ":2:", "limit of 50 bytes");
        // Exactly at the limit, with CRLF, is fine.
        const auto exact = writeFile(tmp, "exact.txt", std::string(50, 'y') + "\r\n");
        QCOMPARE(readAll(exact, small), (Lines{std::string(50, 'y')}));
    }

    void defaultLimitIsOneMiBAndStreamsHugeLines() {
        QTemporaryDir tmp;
        // A 3 MiB line without newline: must fail at the limit, not read it all.
        const auto path = writeFile(tmp, "huge.txt", "a\n" + std::string(3 << 20, 'x'));
        EXPECT_DATA_ERROR(readAll(path), path.string() + ":2:", "1 MiB");
        // Lines crossing the 1 MiB chunk boundary are reassembled.
        std::string many;
        Lines expected;
        for (int i = 0; i < 40000; ++i) {
            expected.push_back("line number " + std::to_string(i) + std::string(i % 97, 'q'));
            many += expected.back() + "\n";
        }
        QVERIFY(many.size() > (2u << 20));
        QCOMPARE(readAll(writeFile(tmp, "many.txt", many)), expected);
        const std::string almost(1 << 20, 'z');
        QCOMPARE(readAll(writeFile(tmp, "max.txt", "a\n" + almost + "\nb")),
                 (Lines{"a", almost, "b"}));
    }

    void readsFromMemory() {
        const std::string bytes = "x\r\ny";
        LineReader reader = LineReader::fromMemory(bytes, "mem.txt");
        QCOMPARE(readAll(reader), (Lines{"x", "y"}));
        QCOMPARE(reader.where(), std::string("mem.txt:2"));
        LineReader empty = LineReader::fromMemory({}, "e");
        std::string_view line;
        QVERIFY(!empty.next(line));
        QVERIFY(empty.empty());
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestTextInput)
#include "test_text_input.moc"
