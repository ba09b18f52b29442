#include "core/search/bm25_index.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <xapian.h>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/language.h"
#include "core/common/staging_dir.h"
#include "core/data/readers/text_input.h"
#include "core/search/snippet.h"

namespace fs = std::filesystem;

namespace isomorph::search {
namespace {

constexpr const char* kFormat = "isomorph-bm25";
constexpr const char* kDatabaseDir = "xapian";
// Language filter term: a boolean term (wdf 0, so it does not count towards document length).
// Analysed terms are lower-cased, so they never start with this upper-case prefix. Document ids
// are kept in the document data only (ids longer than Xapian's 245-byte term limit are fine).
constexpr const char* kLanguagePrefix = "L";

std::string primarySubtag(std::string_view language) {
    return std::string(language.substr(0, language.find('-')));
}

std::string describe(const Xapian::Error& e) {
    return e.get_description();
}

/// Turns text into Xapian terms the same way for documents and queries.
class Analyzer {
  public:
    Analyzer() { generator_.set_flags(Xapian::TermGenerator::FLAG_CJK_NGRAM); }

    /// Adds the analysed terms of `text` to `doc` (wdf += 1 per occurrence).
    void addText(Xapian::Document& doc, const std::string& text, const std::string& language) {
        const Xapian::Stem& stem = stemmer(language);
        // STEM_ALL without a stemmer would index nothing at all (Xapian 1.4).
        generator_.set_stemming_strategy(stem.is_none() ? Xapian::TermGenerator::STEM_NONE
                                                        : Xapian::TermGenerator::STEM_ALL);
        generator_.set_stemmer(stem);
        generator_.set_document(doc);
        generator_.index_text_without_positions(text);
    }

    /// The analysed terms of a query with their counts (within-query frequencies).
    std::vector<std::pair<std::string, Xapian::termcount>> terms(const std::string& text,
                                                                 const std::string& language) {
        Xapian::Document scratch;
        addText(scratch, text, language);
        std::vector<std::pair<std::string, Xapian::termcount>> out;
        for (auto it = scratch.termlist_begin(); it != scratch.termlist_end(); ++it)
            out.emplace_back(*it, it.get_wdf());
        return out;
    }

    /// OR of the analysed query terms, each weighted by its count; empty without any term.
    Xapian::Query query(const std::string& text, const std::string& language) {
        std::vector<Xapian::Query> parts;
        for (const auto& [term, wqf] : terms(text, language))
            parts.emplace_back(term, wqf);
        return Xapian::Query(Xapian::Query::OP_OR, parts.begin(), parts.end());
    }

  private:
    const Xapian::Stem& stemmer(const std::string& language) {
        auto it = stemmers_.find(language);
        if (it == stemmers_.end())  // fallback = true: no stemmer -> no stemming
            it = stemmers_.emplace(language, Xapian::Stem(primarySubtag(language), true)).first;
        return it->second;
    }

    Xapian::TermGenerator generator_;
    std::unordered_map<std::string, Xapian::Stem> stemmers_;
};

// ---- metadata ----------------------------------------------------------------------------------

nlohmann::json toJson(const Bm25Parameters& p) {
    return {{"k1", p.k1},
            {"b", p.b},
            {"k2", p.k2},
            {"k3", p.k3},
            {"min_normalized_length", p.minNormalizedLength}};
}

nlohmann::json toJson(const Bm25IndexInfo& info) {
    return {{"format", kFormat},
            {"schema_version", info.schemaVersion},
            {"xapian_version", info.xapianVersion},
            {"parameters", toJson(info.parameters)},
            {"document_count", info.documentCount},
            {"languages", info.languages}};
}

/// Reads `field` of `object` as T; DataError naming the file and field otherwise.
template <typename T>
T field(const nlohmann::json& object, const char* name, const fs::path& file) {
    const auto it = object.find(name);
    if (it == object.end())
        throw DataError(
            fmt::format("{}: field '{}' is missing; rebuild the index", file.string(), name));
    try {
        return it->get<T>();
    } catch (const nlohmann::json::exception&) {
        throw DataError(fmt::format("{}: field '{}' has the wrong type ({}); rebuild the index",
                                    file.string(), name, it->dump()));
    }
}

nlohmann::json parseMetadata(const fs::path& dir) {
    std::error_code ec;  // a path we may not inspect counts as missing
    if (!fs::exists(dir, ec))
        throw DataError(
            fmt::format("{}: no such directory; build the BM25 index first", dir.string()));
    if (!fs::is_directory(dir, ec))
        throw DataError(fmt::format("{} is a file, not a BM25 index directory", dir.string()));
    const fs::path file = dir / Bm25Index::kMetadataFile;
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw DataError(fmt::format(
            "{} is not a BM25 index ({} is missing); build one there or pick the index directory",
            dir.string(), Bm25Index::kMetadataFile));
    std::ostringstream bytes;
    bytes << in.rdbuf();
    nlohmann::json json = nlohmann::json::parse(bytes.str(), nullptr, false);
    if (!json.is_object())
        throw DataError(
            fmt::format("{}: not a JSON object; the index is damaged, rebuild it", file.string()));
    return json;
}

Bm25IndexInfo readMetadata(const fs::path& dir) {
    const fs::path file = dir / Bm25Index::kMetadataFile;
    const nlohmann::json json = parseMetadata(dir);
    const auto format = field<std::string>(json, "format", file);
    if (format != kFormat)
        throw DataError(fmt::format("{}: format '{}' is not a BM25 index ('{}')", file.string(),
                                    format, kFormat));
    Bm25IndexInfo info;
    info.schemaVersion = field<int>(json, "schema_version", file);
    if (info.schemaVersion != Bm25Index::kSchemaVersion)
        throw DataError(fmt::format(
            "{}: index schema version {} cannot be read by this build (schema {}); rebuild the "
            "index with this version of Isomorph",
            dir.string(), info.schemaVersion, Bm25Index::kSchemaVersion));
    info.xapianVersion = field<std::string>(json, "xapian_version", file);
    const auto params = field<nlohmann::json>(json, "parameters", file);
    info.parameters.k1 = field<double>(params, "k1", file);
    info.parameters.b = field<double>(params, "b", file);
    info.parameters.k2 = field<double>(params, "k2", file);
    info.parameters.k3 = field<double>(params, "k3", file);
    info.parameters.minNormalizedLength = field<double>(params, "min_normalized_length", file);
    info.documentCount = field<std::size_t>(json, "document_count", file);
    info.languages = field<std::map<std::string, std::size_t>>(json, "languages", file);
    return info;
}

// ---- building ----------------------------------------------------------------------------------

/// Refuses to replace anything but an empty directory or a BM25 index.
void checkTarget(const fs::path& dir, bool overwrite) {
    if (!fs::exists(dir)) return;
    if (!overwrite)
        throw DataError(
            fmt::format("{} already exists; choose another directory or ask to overwrite the index",
                        dir.string()));
    if (fs::is_directory(dir) && (fs::is_empty(dir) || fs::exists(dir / Bm25Index::kMetadataFile)))
        return;
    throw DataError(fmt::format(
        "{} exists and is not a BM25 index; refusing to overwrite it (pick a new directory)",
        dir.string()));
}

void checkDocument(const IndexDocument& doc, std::size_t index,
                   std::unordered_set<std::string>& ids) {
    if (doc.id.empty())
        throw DataError(
            fmt::format("document {} (0-based) has an empty id; every document needs one", index));
    if (!doc.language.empty() && !isValidLanguageCode(doc.language))
        throw DataError(fmt::format(
            "document '{}': language '{}' is not an ISO 639-1 code or BCP-47 tag (such as 'de', "
            "'pt-PT', 'zh-Hant'); fix the document's language",
            doc.id, doc.language));
    if (!ids.insert(doc.id).second)
        throw DataError(fmt::format("document id '{}' occurs twice; ids must be unique", doc.id));
}

Xapian::Document makeDocument(const IndexDocument& doc, Analyzer& analyzer) {
    Xapian::Document out;
    out.set_data(doc.id);
    if (!doc.language.empty()) out.add_boolean_term(kLanguagePrefix + doc.language);
    // Title and text separately, so no word or CJK bigram spans the boundary.
    analyzer.addText(out, doc.title, doc.language);
    analyzer.addText(out, doc.text, doc.language);
    return out;
}

Bm25IndexInfo writeDatabase(const fs::path& path, const DocumentSource& source,
                            const Bm25BuildOptions& options, const ProgressFn& progress) {
    Bm25IndexInfo info;
    info.schemaVersion = Bm25Index::kSchemaVersion;
    info.xapianVersion = Xapian::version_string();
    info.parameters = options.parameters;
    Xapian::WritableDatabase db(path.string(), Xapian::DB_CREATE | Xapian::DB_BACKEND_GLASS);
    Analyzer analyzer;
    std::unordered_set<std::string> ids;
    IndexDocument doc;
    auto cancelled = [&](std::size_t done) {
        return progress && !progress(Progress{"index", static_cast<int64_t>(done), 0});
    };
    while (source(doc)) {
        checkDocument(doc, info.documentCount, ids);
        db.add_document(makeDocument(doc, analyzer));
        ++info.languages[doc.language];
        if (++info.documentCount % options.progressInterval == 0 && cancelled(info.documentCount))
            throw Cancelled("BM25 index build cancelled; nothing was written");
    }
    if (info.documentCount == 0)
        throw DataError("no documents to index; the BM25 index needs at least one document");
    if (info.documentCount % options.progressInterval != 0 && cancelled(info.documentCount))
        throw Cancelled("BM25 index build cancelled; nothing was written");
    db.commit();
    db.close();
    return info;
}

void checkSearchOptions(const Bm25SearchOptions& options) {
    if (options.k == 0) throw ConfigError("BM25 search k = 0; ask for at least one document");
    for (const std::string* lang : {&options.queryLanguage, &options.documentLanguage})
        if (!lang->empty() && !isValidLanguageCode(*lang))
            throw ConfigError(fmt::format(
                "BM25 search: language '{}' is not an ISO 639-1 code or BCP-47 tag (such as "
                "'de', 'pt-PT'); leave it empty for none",
                *lang));
}

}  // namespace

// ---- public API --------------------------------------------------------------------------------

void Bm25Parameters::validate() const {
    std::vector<std::string> problems;
    auto nonNegative = [&](double v, const char* name) {
        if (!(v >= 0.0) || !std::isfinite(v))
            problems.push_back(fmt::format("{} = {} must be a finite number >= 0", name, v));
    };
    nonNegative(k1, "k1");
    nonNegative(k2, "k2");
    nonNegative(k3, "k3");
    nonNegative(minNormalizedLength, "minNormalizedLength");
    if (!(b >= 0.0 && b <= 1.0)) problems.push_back(fmt::format("b = {} must be in [0, 1]", b));
    if (problems.empty()) return;
    std::string message = "invalid BM25 parameters: ";
    for (std::size_t i = 0; i < problems.size(); ++i)
        message += (i ? "; " : "") + problems[i];
    throw ConfigError(message);
}

bool hasStemmer(std::string_view language) {
    return !Xapian::Stem(primarySubtag(language), true).is_none();
}

struct Bm25Index::Impl {
    fs::path dir;
    Bm25IndexInfo info;
    Xapian::Database db;
    mutable Analyzer analyzer;  // caches stemmers; the index is single-threaded anyway

    Ranking search(const std::string& query, const Bm25SearchOptions& options) const {
        Xapian::Query q = analyzer.query(query, options.queryLanguage);
        if (q.empty())
            throw DataError(fmt::format(
                "BM25 search: the query '{}' has no searchable word (only punctuation or symbols)",
                query.substr(0, 80)));
        return run(q, options, options.share ? 1.0 / bound(query, options.queryLanguage) : 1.0);
    }

    /// The OR of weighted terms: each term's contribution scaled by its weight.
    Ranking searchTerms(const std::vector<WeightedTerm>& terms,
                        const Bm25SearchOptions& options) const {
        std::vector<Xapian::Query> parts;
        double attainable = 0.0;
        for (const auto& t : terms) {
            parts.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, Xapian::Query(t.term), t.weight);
            attainable += t.weight * termBound(t.term, 1);
        }
        attainable += info.parameters.k2 * static_cast<double>(terms.size());
        const Xapian::Query q(Xapian::Query::OP_OR, parts.begin(), parts.end());
        return run(q, options, options.share ? 1.0 / attainable : 1.0);
    }

    Ranking run(Xapian::Query q, const Bm25SearchOptions& options, double scale) const {
        if (!options.documentLanguage.empty())
            q = Xapian::Query(Xapian::Query::OP_FILTER, q,
                              Xapian::Query(kLanguagePrefix + options.documentLanguage));
        const Bm25Parameters& p = info.parameters;
        Xapian::Enquire enquire(db);
        enquire.set_weighting_scheme(
            Xapian::BM25Weight(p.k1, p.k2, p.k3, p.b, p.minNormalizedLength));
        enquire.set_query(q);
        const auto k =
            static_cast<Xapian::doccount>(std::min<std::size_t>(options.k, db.get_doccount()));
        const Xapian::MSet matches = enquire.get_mset(0, k);
        Ranking ranking;
        ranking.reserve(matches.size());
        for (auto it = matches.begin(); it != matches.end(); ++it)
            ranking.push_back({it.get_document().get_data(), it.get_weight() * scale});
        return ranking;
    }

    /// The query's attainable score (see Bm25SearchOptions::share): each analysed term's
    /// largest contribution, idf x (k1 + 1) x (k3 + 1) wqf / (k3 + wqf) (the term-frequency factor
    /// tends to k1 + 1), plus k2 x |query| for Xapian's length correction; idf as Xapian computes
    /// it from the term's document count in the whole database (0 for a term no document has).
    double bound(const std::string& query, const std::string& language) const {
        double total = 0.0, length = 0.0;
        for (const auto& [term, wqf] : analyzer.terms(query, language)) {
            total += termBound(term, wqf);
            length += wqf;
        }
        return total + info.parameters.k2 * length;
    }

    /// One term's largest contribution with within-query frequency `wqf` (see bound()).
    double termBound(const std::string& term, Xapian::termcount wqf) const {
        const Bm25Parameters& p = info.parameters;
        const double n = static_cast<double>(db.get_doccount());
        const double df = static_cast<double>(db.get_termfreq(term));
        double w = (n - df + 0.5) / (df + 0.5);
        if (w < 2.0) w = w * 0.5 + 1.0;
        const double q = static_cast<double>(wqf);
        return std::log(w) * (p.k1 + 1.0) * (p.k3 + 1.0) * q / (p.k3 + q);
    }
};

std::vector<std::pair<std::string, unsigned>> analyzeTerms(std::string_view text,
                                                           const std::string& language) {
    // One per thread: a TermGenerator and the stemmers are not free to build, and lexicon
    // training analyses every side of every pair.
    thread_local Analyzer analyzer;
    return analyzer.terms(std::string(text), language);  // Xapian's term list is sorted
}

Bm25Index::Bm25Index(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Bm25Index::Bm25Index(Bm25Index&&) noexcept = default;
Bm25Index& Bm25Index::operator=(Bm25Index&&) noexcept = default;
Bm25Index::~Bm25Index() = default;

const Bm25IndexInfo& Bm25Index::info() const {
    return impl_->info;
}
const fs::path& Bm25Index::directory() const {
    return impl_->dir;
}

Bm25Index Bm25Index::build(const fs::path& dir, const DocumentSource& source,
                           const Bm25BuildOptions& options, const ProgressFn& progress) {
    options.parameters.validate();
    if (options.progressInterval == 0)
        throw ConfigError("BM25 build progressInterval = 0; use 1 or more documents");
    try {
        checkTarget(dir, options.overwrite);
        if (dir.has_parent_path()) fs::create_directories(dir.parent_path());
        StagingDir staging(dir);
        const Bm25IndexInfo info =
            writeDatabase(staging.path() / kDatabaseDir, source, options, progress);
        writeFileAtomically(staging.path() / kMetadataFile, toJson(info).dump(2) + "\n");
        staging.moveTo(dir);
    } catch (const Xapian::Error& e) {
        throw DataError(
            fmt::format("{}: writing the BM25 index failed ({}); check free disk "
                        "space and permissions",
                        dir.string(), describe(e)));
    } catch (const fs::filesystem_error& e) {
        throw DataError(
            fmt::format("{}: cannot create the BM25 index ({}); check the path and "
                        "permissions",
                        dir.string(), e.code().message()));
    }
    return open(dir);
}

Bm25Index Bm25Index::build(const fs::path& dir, const std::vector<IndexDocument>& documents,
                           const Bm25BuildOptions& options, const ProgressFn& progress) {
    std::size_t next = 0;
    auto source = [&](IndexDocument& doc) {
        if (next == documents.size()) return false;
        doc = documents[next++];
        return true;
    };
    return build(dir, source, options, progress);
}

Bm25Index Bm25Index::open(const fs::path& dir) {
    auto impl = std::make_unique<Impl>();
    impl->dir = dir;
    impl->info = readMetadata(dir);
    try {
        impl->db = Xapian::Database((dir / kDatabaseDir).string());
    } catch (const Xapian::Error& e) {
        throw DataError(
            fmt::format("{}: the Xapian database cannot be opened ({}); the index is "
                        "damaged or from an incompatible Xapian, rebuild it",
                        dir.string(), describe(e)));
    }
    if (impl->db.get_doccount() != impl->info.documentCount)
        throw DataError(fmt::format(
            "{}: the database holds {} documents but {} records {}; the index was modified, "
            "rebuild it",
            dir.string(), impl->db.get_doccount(), kMetadataFile, impl->info.documentCount));
    return Bm25Index(std::move(impl));
}

Ranking Bm25Index::search(std::string_view query, const Bm25SearchOptions& options) const {
    checkSearchOptions(options);
    if (data::isBlank(query)) throw DataError("BM25 search: the query is empty; type some words");
    try {
        return impl_->search(std::string(query), options);
    } catch (const Xapian::Error& e) {
        throw DataError(
            fmt::format("{}: BM25 search failed ({}); the index may be damaged, "
                        "rebuild it",
                        impl_->dir.string(), describe(e)));
    }
}

Ranking Bm25Index::searchTerms(const std::vector<WeightedTerm>& terms,
                               const Bm25SearchOptions& options) const {
    checkSearchOptions(options);
    if (terms.empty()) throw DataError("BM25 search: the translated query has no searchable word");
    for (const auto& t : terms)
        if (!(t.weight > 0.0 && std::isfinite(t.weight)) || t.term.empty())
            throw ConfigError(fmt::format(
                "BM25 search: term '{}' has weight {}; weights must be positive and finite", t.term,
                t.weight));
    try {
        return impl_->searchTerms(terms, options);
    } catch (const Xapian::Error& e) {
        throw DataError(
            fmt::format("{}: BM25 search failed ({}); the index may be damaged, "
                        "rebuild it",
                        impl_->dir.string(), describe(e)));
    }
}

std::size_t Bm25Index::documentFrequency(const std::string& term) const {
    try {
        return impl_->db.get_termfreq(term);
    } catch (const Xapian::Error& e) {
        throw DataError(fmt::format("{}: reading the BM25 index failed ({}); rebuild it",
                                    impl_->dir.string(), describe(e)));
    }
}

bool Bm25Index::hasSearchableWord(std::string_view query, const std::string& language) const {
    return !impl_->analyzer.query(std::string(query), language).empty();
}

Ranking searchLanguages(const Bm25Index& index, std::size_t k, const std::string& documentLanguage,
                        const std::function<Ranking(const std::string&)>& searchIn) {
    std::vector<std::string> languages;
    if (!documentLanguage.empty())
        languages.push_back(documentLanguage);
    else
        for (const auto& [lang, count] : index.info().languages)
            languages.push_back(lang);
    std::unordered_map<std::string, double> best;
    for (const auto& lang : languages) {
        Ranking part;
        try {
            part = searchIn(lang);
        } catch (const DataError&) {
            continue;  // nothing searchable in this language's analysis
        }
        for (const auto& d : part) {
            auto [it, fresh] = best.emplace(d.docId, d.score);
            if (!fresh) it->second = std::max(it->second, d.score);
        }
    }
    Ranking out;
    for (const auto& [id, score] : best)
        out.push_back({id, score});
    out = rankDocuments(std::move(out));
    if (out.size() > k) out.resize(k);
    return out;
}

Ranking searchEachLanguage(const Bm25Index& index, std::string_view query, std::size_t k,
                           const std::string& documentLanguage, bool share) {
    if (query.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw DataError("BM25 search: the query is empty; type some words to search for");
    return searchLanguages(index, k, documentLanguage, [&](const std::string& lang) {
        Bm25SearchOptions options;
        options.k = k;
        options.queryLanguage = lang;
        options.documentLanguage = lang;  // "" (unknown language): no filter, no stemming
        options.share = share;
        return index.search(query, options);
    });
}

namespace {

/// CJK characters, which Xapian's FLAG_CJK_NGRAM indexes as unigrams and bigrams.
bool isCjk(unsigned ch) {
    return (ch >= 0x2E80 && ch <= 0x9FFF) || (ch >= 0xAC00 && ch <= 0xD7AF) ||
           (ch >= 0xF900 && ch <= 0xFAFF) || (ch >= 0x20000 && ch <= 0x2FFFF);
}

}  // namespace

std::vector<TextSpan> matchingWords(std::string_view query, std::string_view text,
                                    const std::string& language, std::vector<std::string>* terms) {
    std::vector<std::string> queryTerms;
    for (const auto& [term, count] : analyzeTerms(query, language))
        queryTerms.push_back(term);
    return matchingTerms(queryTerms, text, language, terms);
}

std::vector<TextSpan> matchingTerms(const std::vector<std::string>& analysed, std::string_view text,
                                    const std::string& language, std::vector<std::string>* terms) {
    if (terms) terms->clear();
    const std::unordered_set<std::string> queryTerms(analysed.begin(), analysed.end());
    std::vector<TextSpan> out;
    if (queryTerms.empty()) return out;
    const Xapian::Stem stem(primarySubtag(language), true);
    const char* base = text.data();
    auto offset = [base](const Xapian::Utf8Iterator& it) {
        return static_cast<std::size_t>(it.raw() - base);
    };
    Xapian::Utf8Iterator it(text.data(), text.size());
    const Xapian::Utf8Iterator end;
    while (it != end) {
        const unsigned ch = *it;
        if (isCjk(ch)) {
            const std::size_t begin = offset(it);
            ++it;
            const std::size_t stop = it == end ? text.size() : offset(it);
            std::string character(text.substr(begin, stop - begin));
            if (queryTerms.count(character)) {
                out.push_back({begin, stop});
                if (terms) terms->push_back(std::move(character));
            }
            continue;
        }
        if (!Xapian::Unicode::is_wordchar(ch)) {
            ++it;
            continue;
        }
        const std::size_t begin = offset(it);
        while (it != end && Xapian::Unicode::is_wordchar(*it) && !isCjk(*it))
            ++it;
        const std::size_t stop = it == end ? text.size() : offset(it);
        const std::string word =
            Xapian::Unicode::tolower(std::string(text.substr(begin, stop - begin)));
        std::string term = stem.is_none() ? word : stem(word);
        if (queryTerms.count(term)) {
            out.push_back({begin, stop});
            if (terms) terms->push_back(std::move(term));
        }
    }
    return out;
}

}  // namespace isomorph::search
