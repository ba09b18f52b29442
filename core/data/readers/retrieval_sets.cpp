#include "core/data/readers/retrieval_sets.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <unordered_map>

#include "core/common/errors.h"
#include "core/data/readers/json_line.h"

namespace isomorph::data {
namespace {

// Remembers the line of every query id, so a duplicate names both lines.
class UniqueIds {
  public:
    void add(const std::string& id, const LineReader& lines) {
        const auto [it, inserted] = lines_.emplace(id, lines.lineNumber());
        if (!inserted) {
            lines.fail("duplicate query id '" + id + "' (first at line " +
                       std::to_string(it->second) + "); ids must be unique");
        }
    }

  private:
    std::unordered_map<std::string, uint64_t> lines_;
};

void requireContent(const LineReader& lines, bool sawAny, const char* expected) {
    if (sawAny) return;
    if (lines.empty()) lines.failFile(std::string("file is empty; expected ") + expected);
    lines.failFile(std::string("file has no entries, only blank lines; expected ") + expected);
}

// Splits on runs of spaces and tabs; returns how many fields there were (up to N kept).
template <size_t N>
size_t splitWhitespace(std::string_view line, std::array<std::string_view, N>& fields) {
    size_t count = 0, i = 0;
    while (true) {
        i = line.find_first_not_of(" \t", i);
        if (i == std::string_view::npos) break;
        const size_t end = std::min(line.find_first_of(" \t", i), line.size());
        if (count < N) fields[count] = line.substr(i, end - i);
        ++count;
        i = end;
    }
    return count;
}

template <typename T>
T parseNumber(std::string_view text, const LineReader& lines, const char* what) {
    T value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) {
        lines.fail(std::string(what) + " '" + std::string(text.substr(0, 40)) +
                   "' is not a valid number");
    }
    return value;
}

// Adds a judgement; a second grade for the same pair is an error naming the first line.
class QrelsBuilder {
  public:
    void add(std::string_view qid, std::string_view docid, int grade, const LineReader& lines) {
        std::string key;
        key.reserve(qid.size() + docid.size() + 1);
        key.append(qid).append(1, '\t').append(docid);
        const auto [it, inserted] = lines_.emplace(std::move(key), lines.lineNumber());
        if (!inserted) {
            lines.fail("duplicate judgement for query '" + std::string(qid) + "' and document '" +
                       std::string(docid) + "' (first at line " + std::to_string(it->second) +
                       "); keep one");
        }
        qrels_[std::string(qid)][std::string(docid)] = grade;
    }
    Qrels take() { return std::move(qrels_); }

  private:
    Qrels qrels_;
    std::unordered_map<std::string, uint64_t> lines_;
};

}  // namespace

std::vector<Query> readBeirQueries(LineReader lines) {
    std::vector<Query> queries;
    UniqueIds ids;
    std::string_view line;
    while (lines.next(line)) {
        if (isBlank(line)) continue;
        const JsonLine json(line, lines);
        Query q{json.id("_id"), json.string("text", true), lines.lineNumber()};
        ids.add(q.id, lines);
        queries.push_back(std::move(q));
    }
    requireContent(lines, !queries.empty(), "one JSON query {\"_id\", \"text\"} per line");
    return queries;
}

std::vector<Query> readTopicsTsv(LineReader lines) {
    std::vector<Query> queries;
    UniqueIds ids;
    std::string_view line;
    while (lines.next(line)) {
        if (isBlank(line)) continue;
        const size_t tab = line.find('\t');
        if (tab == std::string_view::npos || line.find('\t', tab + 1) != std::string_view::npos)
            lines.fail("expected 2 tab-separated columns (query id<TAB>query text)");
        Query q{std::string(line.substr(0, tab)), std::string(line.substr(tab + 1)),
                lines.lineNumber()};
        if (isBlank(q.id)) lines.fail("empty query id (column 1)");
        if (isBlank(q.text)) lines.fail("empty query text (column 2)");
        ids.add(q.id, lines);
        queries.push_back(std::move(q));
    }
    requireContent(lines, !queries.empty(), "query id<TAB>query text per line");
    return queries;
}

Qrels readBeirQrels(LineReader lines) {
    std::string_view line;
    if (!lines.next(line))
        lines.failFile("file is empty; expected the header query-id<TAB>corpus-id<TAB>score");
    if (line != "query-id\tcorpus-id\tscore") {
        lines.fail(
            "expected the header 'query-id<TAB>corpus-id<TAB>score' (tab-separated) on "
            "the first line; add it, or read the file as TREC qrels");
    }
    QrelsBuilder qrels;
    bool sawAny = false;
    while (lines.next(line)) {
        if (isBlank(line)) continue;
        std::array<std::string_view, 3> f;
        size_t count = 0;
        for (size_t start = 0;; ++count) {
            const size_t tab = line.find('\t', start);
            if (count < 3) f[count] = line.substr(start, tab - start);
            if (tab == std::string_view::npos) break;
            start = tab + 1;
        }
        if (++count != 3)
            lines.fail("expected 3 tab-separated columns (query-id, corpus-id, score), found " +
                       std::to_string(count));
        if (f[0].empty() || f[1].empty()) lines.fail("empty query-id or corpus-id");
        qrels.add(f[0], f[1], parseNumber<int>(f[2], lines, "score"), lines);
        sawAny = true;
    }
    if (!sawAny) lines.failFile("file has only the header; expected judgements after it");
    return qrels.take();
}

Qrels readTrecQrels(LineReader lines) {
    QrelsBuilder qrels;
    bool sawAny = false;
    std::string_view line;
    while (lines.next(line)) {
        if (isBlank(line)) continue;
        std::array<std::string_view, 4> f;
        const size_t count = splitWhitespace(line, f);
        if (count != 4)
            lines.fail("expected 4 fields 'qid iteration docid relevance', found " +
                       std::to_string(count));
        qrels.add(f[0], f[2], parseNumber<int>(f[3], lines, "relevance"), lines);
        sawAny = true;
    }
    requireContent(lines, sawAny, "'qid iteration docid relevance' per line");
    return qrels.take();
}

std::vector<RunEntry> readTrecRun(LineReader lines) {
    std::vector<RunEntry> run;
    std::string_view line;
    while (lines.next(line)) {
        if (isBlank(line)) continue;
        std::array<std::string_view, 6> f;
        const size_t count = splitWhitespace(line, f);
        if (count != 6)
            lines.fail("expected 6 fields 'qid Q0 docid rank score tag', found " +
                       std::to_string(count));
        run.push_back(RunEntry{std::string(f[0]), std::string(f[2]),
                               parseNumber<int>(f[3], lines, "rank"),
                               parseNumber<double>(f[4], lines, "score"), std::string(f[5])});
    }
    requireContent(lines, !run.empty(), "'qid Q0 docid rank score tag' per line");
    return run;
}

std::vector<Query> readBeirQueries(const std::filesystem::path& file, ReadOptions options) {
    return readBeirQueries(LineReader(file, options));
}
std::vector<Query> readTopicsTsv(const std::filesystem::path& file, ReadOptions options) {
    return readTopicsTsv(LineReader(file, options));
}
Qrels readBeirQrels(const std::filesystem::path& file, ReadOptions options) {
    return readBeirQrels(LineReader(file, options));
}
Qrels readTrecQrels(const std::filesystem::path& file, ReadOptions options) {
    return readTrecQrels(LineReader(file, options));
}
Qrels readQrels(const std::filesystem::path& file, ReadOptions options) {
    std::ifstream in(file);
    std::string first;
    std::getline(in, first);
    if (first.rfind("query-id", 0) == 0) return readBeirQrels(file, options);
    return readTrecQrels(file, options);
}
std::vector<RunEntry> readTrecRun(const std::filesystem::path& file, ReadOptions options) {
    return readTrecRun(LineReader(file, options));
}

bool isBeirSet(const std::filesystem::path& dir) {
    std::error_code ec;
    return std::filesystem::is_regular_file(dir / "corpus.jsonl", ec) &&
           std::filesystem::is_regular_file(dir / "queries.jsonl", ec);
}

std::vector<std::filesystem::path> findBeirSets(const std::filesystem::path& path,
                                                std::vector<std::filesystem::path>* skipped) {
    namespace fs = std::filesystem;
    if (isBeirSet(path)) return {path};
    auto nonEmpty = [](const fs::path& f) {
        std::error_code ec;
        const auto size = fs::file_size(f, ec);
        return !ec && size > 0;
    };
    std::vector<fs::path> out;
    std::error_code ec;
    if (fs::is_directory(path, ec))
        for (const auto& e : fs::directory_iterator(path)) {
            if (!isBeirSet(e.path())) continue;
            if (nonEmpty(e.path() / "corpus.jsonl") && nonEmpty(e.path() / "queries.jsonl"))
                out.push_back(e.path());
            else if (skipped)
                skipped->push_back(e.path());
        }
    if (skipped) std::sort(skipped->begin(), skipped->end());
    std::sort(out.begin(), out.end());
    if (out.empty())
        throw DataError(path.string() +
                        ": no BEIR collection (corpus.jsonl, queries.jsonl, qrels/test.tsv) here "
                        "or in its sub-folders");
    return out;
}

}  // namespace isomorph::data
