// `isomorph-cli index build` and `isomorph-cli search`: dense (and BM25) indexes over a corpus.

#include <algorithm>
#include <fstream>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/cli/cli_context.h"
#include "app/cli/common_flags.h"
#include "app/cli/cross_encoder_flags.h"
#include "app/cli/encoder_flags.h"
#include "app/cli/progress_line.h"
#include "app/cli/setting_flags.h"
#include "core/common/errors.h"
#include "core/data/readers/text_input.h"
#include "core/index/index_builder.h"
#include "core/index/rerank_rows.h"
#include "core/index/search_service.h"

namespace isomorph::cli {
namespace {

struct BuildCliOptions {
    // Mean pooling by default: the small demo models' [CLS] vectors are nearly identical, and
    // mean pooling ranked the demo's dev queries better (docs/retrieval.md, "Indexes").
    std::string out, model, embeddings, kind = "flat", calibration, lexicon;
    EncoderFlags enc{"mean"};
    std::vector<std::string> corpus;
    index::CorpusOptions corpusOptions;
    index::IndexParams params;
    bool overwrite = false, bm25 = true;
};

int runBuild(const BuildCliOptions& o) {
    if (o.model.empty() && o.embeddings.empty())
        throw ConfigError(
            "index build: pass --model (encode the corpus) or --embeddings (a .npy "
            "from `isomorph-cli encode`)");
    index::IndexBuildRequest request;
    request.out = o.out;
    request.corpus.assign(o.corpus.begin(), o.corpus.end());
    request.corpusOptions = o.corpusOptions;
    request.model = o.model;
    request.encode = o.enc.options();
    request.embeddings = o.embeddings;
    request.params = o.params;
    request.params.kind = index::parseIndexKind(o.kind);
    request.overwrite = o.overwrite;
    request.bm25 = o.bm25;
    request.calibrationFile = o.calibration;
    request.lexiconFile = o.lexicon;
    ProgressLine progress;
    Feedback feedback([&](const Progress& p) {
        progress.update(fmt::format("index build: {} {}/{}", p.stage, p.done, p.total));
        return !stopRequested();
    });
    const auto report = index::buildIndex(request, &feedback);
    const auto& m = report.metadata;
    progress.finish(fmt::format(
        "index build: {} documents from {} file(s){}; {} index of {} x {} in {:.1f} s -> {}",
        report.documents, report.files,
        report.repeated ? fmt::format(" ({} repeated passages skipped)", report.repeated) : "",
        index::indexKindName(m.params.kind), m.rows, m.dim, m.buildSeconds, o.out));
    std::string langs;
    for (size_t i = 0; i < m.languages.size(); ++i)
        langs += fmt::format("{}{}:{}", i ? " " : "", m.languages[i].empty() ? "?" : m.languages[i],
                             m.languageCounts[i]);
    std::cout << fmt::format("{}\n  rows {}  dim {}  kind {}  languages {}\n", o.out, m.rows, m.dim,
                             index::indexKindName(m.params.kind), langs);
    if (!o.lexicon.empty())
        std::cout << fmt::format("  BM25 queries translated with {} (copied as {})\n", o.lexicon,
                                 index::kLexiconFile);
    return kExitOk;
}

struct SearchCliOptions {
    std::string index, query, model, lang, queryLang, mode = "dense", device = "cpu";
    int k = 10, efSearch = 0, probe = 0, threads = 0, width = 100, depth = 100;
    double weight = 0.5;
    std::string fusion = "minmax";
    double shareFloor = 0.5;
    bool snippets = false;
    bool json = false;
    CrossEncoderCliOptions rerank;
};

std::string ellipsize(const std::string& text, size_t maxBytes) {
    if (text.size() <= maxBytes) return text;
    size_t cut = maxBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;  // do not split a UTF-8 sequence
    return text.substr(0, cut) + "…";
}

int runSearch(const SearchCliOptions& o) {
    if (data::isBlank(o.query))  // a usage error, reported before any model loads
        throw ConfigError("search: --query is empty; give some words to search for");
    // The re-ranker first: a wrong checkpoint (a bi-encoder) is refused before the index loads.
    if (o.rerank.translate && o.rerank.model.empty())
        throw ConfigError("search: --rerank-translate needs a re-ranker (--rerank CKPT)");
    std::unique_ptr<model::CrossEncoder> reranker;
    if (!o.rerank.model.empty())
        reranker = model::CrossEncoder::open(o.rerank.model, o.rerank.options(o.device, o.threads));
    index::SearchServiceOptions so;
    so.model = o.model;
    so.device = runtime::parseDevice(o.device, "--device");
    so.threads = o.threads;
    auto service = index::SearchService::open(o.index, so);
    if (reranker)
        checkRerankerTokenizerUnlessAllowed(
            o.rerank,
            o.model.empty() ? std::filesystem::path(service->index().metadata().encoder.checkpoint)
                            : std::filesystem::path(o.model),
            reranker->checkpoint());
    if (o.rerank.translate && service->translatedLanguages().empty())
        throw ConfigError(fmt::format(
            "search: --rerank-translate translates the query with the index's translation "
            "lexicon, and {} has none; build the index with --lexicon FILE (lexicon train)",
            o.index));
    index::QueryOptions q;
    q.k = o.k;
    q.language = o.lang;
    q.queryLanguage = o.queryLang;
    q.mode = index::parseSearchMode(o.mode);
    q.hybridWeight = o.weight;
    q.hybridFusion = search::parseHybridFusion(o.fusion);
    q.hybridShareFloor = o.shareFloor;
    q.efSearch = o.efSearch;
    q.probe = o.probe;
    q.snippets = o.snippets;
    if (o.k > service->index().metadata().rows)
        std::cerr << fmt::format("note: --k {} is larger than the index ({} rows); showing all\n",
                                 o.k, service->index().metadata().rows);
    // With --rerank, the first stage retrieves --depth candidates (at least --k) for the
    // cross-encoder; --k of the re-ranked list are shown.
    const index::QueryReport report =
        index::runQuery(*service, {o.query, q, reranker.get(), static_cast<size_t>(o.depth),
                                   o.rerank.firstStageWeight, o.rerank.translate});
    const auto& rows = report.rows;
    const auto& timings = report.timings;
    const double rerankSeconds = report.rerankStats.seconds;
    if (reranker) printTruncationNote(report.rerankStats, *reranker);
    if (report.indistinct) {
        // Mean pooling is index build's default; suggest it only for an index built otherwise.
        const bool meanPooled = service->index().metadata().encoder.pooling == "mean";
        std::cerr << fmt::format(
            "warning: all {} scores lie within {} of each other: the search barely tells these "
            "documents apart, so their order means little (try --mode hybrid or bm25{})\n",
            rows.size(), index::kIndistinctScoreSpread,
            meanPooled ? ", or a model trained for retrieval"
                       : ", or an index built with --pooling mean");
    }
    const std::string unreadable = index::noResultsInThisLanguage(report.coverage);
    if (!unreadable.empty() && q.mode == index::SearchMode::Hybrid)
        std::cerr << "note: " << unreadable.substr(unreadable.find(": ") + 2)
                  << "; the results are BM25's alone\n";
    if (o.json) {
        nlohmann::json out = {{"query", o.query},
                              {"mode", index::searchModeName(q.mode)},
                              {"encode_ms", 1000 * timings.encodeSeconds},
                              {"search_ms", 1000 * timings.searchSeconds},
                              {"results", nlohmann::json::array()}};
        if (q.mode != index::SearchMode::Lexical)
            out["coverage"] = {{"letters", report.coverage.letters},
                               {"unknown_letters", report.coverage.unknown},
                               {"script", report.coverage.script},
                               {"covered", report.coverage.covered()}};
        if (!unreadable.empty()) out["message"] = unreadable;
        if (reranker) {
            out["rerank"] = o.rerank.model;
            out["rerank_depth"] = o.depth;
            out["rerank_weight"] = o.rerank.firstStageWeight;
            out["rerank_ms"] = 1000 * rerankSeconds;
            out["rerank_query"] = report.rerankQuery;
        }
        for (const auto& r : rows) {
            nlohmann::json row = {{"rank", r.rank},
                                  {"score", r.score},
                                  {"lang", r.language},
                                  {"id", r.id},
                                  {"text", r.text}};
            if (o.snippets) {
                row["best_sentence"] = r.text.substr(r.best.begin, r.best.end - r.best.begin);
                row["matched_words"] = nlohmann::json::array();
                for (const auto& m : r.matches)
                    row["matched_words"].push_back(r.text.substr(m.begin, m.end - m.begin));
            }
            out["results"].push_back(std::move(row));
        }
        std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        return kExitOk;
    }
    if (rows.empty())
        std::cout << (!unreadable.empty() ? unreadable
                                          : "no results" + (o.lang.empty() ? "" : " in " + o.lang))
                  << "\n";
    for (const auto& r : rows) {
        // --snippets: from the best-matching sentence on ("... " when it is not the first).
        const std::string shown =
            o.snippets && r.best.begin > 0 ? "... " + r.text.substr(r.best.begin) : r.text;
        std::cout << fmt::format("{:>3}  {:>7.4f}  {:<7} {:<24} {}\n", r.rank, r.score,
                                 r.language.empty() ? "?" : r.language, r.id,
                                 ellipsize(shown, static_cast<size_t>(o.width)));
    }
    std::cerr << fmt::format(
        "{} results, {} mode, encode {:.1f} ms, search {:.2f} ms{}\n", rows.size(),
        index::searchModeName(q.mode), 1000 * timings.encodeSeconds, 1000 * timings.searchSeconds,
        reranker ? fmt::format(
                       ", re-ranked top {} in {:.1f} ms{}", o.depth, 1000 * rerankSeconds,
                       o.rerank.translate ? fmt::format(" reading \"{}\"", report.rerankQuery) : "")
                 : "");
    return kExitOk;
}

}  // namespace

void addHybridFusionOptions(CLI::App* cmd, std::string& fusion, double& shareFloor) {
    cmd->add_option("--fusion", fusion,
                    "Hybrid: minmax (both lists min-max normalised), share (BM25 as a share of "
                    "the query's attainable score, see --share-floor) or rrf (docs/retrieval.md, "
                    "\"Hybrid fusion\")")
        ->check(CLI::IsMember({"share", "minmax", "rrf"}))
        ->capture_default_str();
    cmd->add_option("--share-floor", shareFloor,
                    "Hybrid, --fusion share: the share of the query's attainable BM25 score a "
                    "best match needs to count fully (0: max-normalised BM25, 1: raw shares)")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
}

namespace {

void addBuildOptions(CLI::App* cmd, BuildCliOptions& b) {
    cmd->add_option("--out", b.out, "Index folder to create")->required();
    cmd->add_option("--corpus", b.corpus,
                    "BEIR corpus.jsonl or text file (one passage per line); repeatable")
        ->required();
    addModelFlag(cmd, b.model, std::string(kCheckpointHelp) + ": encode the corpus with it");
    cmd->add_option("--embeddings", b.embeddings,
                    ".npy [N, d] float32 of the corpus passages in order (from `encode`)");
    cmd->add_option("--kind", b.kind, "flat (exact), hnsw or ivf")->capture_default_str();
    cmd->add_option("--lang", b.corpusOptions.language,
                    "Document language: auto, id-suffix, none or a code")
        ->capture_default_str();
    cmd->add_flag("!--no-title", b.corpusOptions.withTitle,
                  "Encode BEIR passages without their title");
    b.enc.addTo(cmd, "passages");
    cmd->add_option("--hnsw-m", b.params.hnswM, "HNSW neighbours per node")->capture_default_str();
    cmd->add_option("--ef-construction", b.params.hnswEfConstruction, "HNSW build candidates")
        ->capture_default_str();
    cmd->add_option("--ef-search", b.params.hnswEfSearch, "HNSW default search candidates")
        ->capture_default_str();
    cmd->add_option("--ivf-lists", b.params.ivfLists, "IVF cells (0 = 4 sqrt(N))")
        ->capture_default_str();
    cmd->add_option("--probe", b.params.ivfProbe, "IVF default cells visited per query")
        ->capture_default_str();
    cmd->add_flag("--overwrite", b.overwrite, "Replace an existing index folder");
    cmd->add_flag("!--no-bm25", b.bm25, "Skip the BM25 index (no --mode bm25/hybrid searches)");
    cmd->add_option("--calibration", b.calibration,
                    "Calibration file (`calibrate fit`) applied to documents and queries");
    cmd->add_option("--lexicon", b.lexicon,
                    "Translation lexicon (`lexicon train`): bm25 and hybrid searches translate "
                    "queries into its target language where they meet its passages");
}

}  // namespace

void registerIndex(CLI::App& app, Registry& registry) {
    CLI::App* indexCmd = app.add_subcommand("index", "Vector (and BM25) indexes for search");
    indexCmd->require_subcommand(1);
    auto b = std::make_shared<BuildCliOptions>();
    CLI::App* build = indexCmd->add_subcommand("build", "Build an index from a corpus");
    addBuildOptions(build, *b);
    build->callback([&registry, b] {
        registry.run = [b] {
            return withSettingFlags(encoderFlags({{"lang", "--lang"},
                                                  {"calibration", "--calibration"},
                                                  {"lexicon", "--lexicon"},
                                                  {"overwrite", "--overwrite"},
                                                  {"kind", "--kind"}}),
                                    [&] { return runBuild(*b); });
        };
    });

    auto s = std::make_shared<SearchCliOptions>();
    CLI::App* search = app.add_subcommand("search", "Query an index with text");
    search->add_option("--index", s->index, "Index folder (from `index build`)")->required();
    search->add_option("--query", s->query, "Query text, any language")->required();
    search->add_option("--k", s->k, "Results to show")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    search->add_option("--lang", s->lang, "Only documents in this language");
    search->add_option("--query-lang", s->queryLang,
                       "Language of the query (needed when the index is calibrated)");
    search->add_option("--mode", s->mode, "dense, bm25 or hybrid")->capture_default_str();
    search->add_option("--weight", s->weight, "Hybrid: weight of the dense score")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    addHybridFusionOptions(search, s->fusion, s->shareFloor);
    search->add_flag("--snippets", s->snippets,
                     "Show each result from its best-matching sentence; --json adds "
                     "best_sentence and matched_words (the Search view's snippets)");
    addModelFlag(search, s->model, "Checkpoint to encode the query (must be the index's encoder)");
    search->add_option("--ef-search", s->efSearch, "HNSW candidates (0 = index default)");
    search->add_option("--probe", s->probe, "IVF cells visited (0 = index default)");
    addDeviceFlag(search, s->device);
    addThreadsFlag(search, s->threads, "Encoder threads");
    search->add_option("--width", s->width, "Characters of text shown per result")
        ->capture_default_str();
    search->add_flag("--json", s->json, "Print one JSON object");
    search->add_option("--rerank", s->rerank.model,
                       "Cross-encoder checkpoint (XLP) that re-scores the first --depth results");
    search->add_option("--depth", s->depth, "With --rerank: first-stage results re-scored")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    addCrossEncoderOptions(search, s->rerank);
    addRerankWeightOption(search, s->rerank);
    addRerankTokenizerOption(search, s->rerank);
    addRerankTranslateOption(search, s->rerank);
    search->callback([&registry, s] {
        registry.run = [s] {
            return withSettingFlags(encoderFlags({{"k", "--k"},
                                                  {"mode", "--mode"},
                                                  {"query_language", "--query-lang"},
                                                  {"max_query_tokens", "--max-query-tokens"},
                                                  {"bm25", "without --no-bm25"}}),
                                    [&] { return runSearch(*s); });
        };
    });
}

}  // namespace isomorph::cli
