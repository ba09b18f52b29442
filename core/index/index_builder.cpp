#include "core/index/index_builder.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

#include <fmt/format.h>

#include "core/align/calibration.h"
#include "core/common/errors.h"
#include "core/common/language.h"
#include "core/data/readers/beir_corpus_reader.h"
#include "core/data/readers/plain_text_lines.h"
#include "core/model_io/npy_reader.h"
#include "core/model_io/npy_sidecar.h"
#include "core/search/bm25_index.h"
#include "core/search/translation_lexicon.h"
#include "core/workspace/run_layout.h"

namespace isomorph::index {
namespace fs = std::filesystem;

namespace {

std::string idSuffix(const std::string& id) {
    const auto dot = id.rfind('.');
    return dot == std::string::npos ? std::string() : id.substr(dot + 1);
}

/// Applies CorpusOptions::language to the documents read from one file.
void assignLanguages(std::vector<IndexedDocument>& docs, size_t first, const std::string& file,
                     const std::string& mode) {
    if (mode == "none") return;
    if (mode == "auto" || mode == "id-suffix") {
        const bool all = std::all_of(
            docs.begin() + static_cast<long>(first), docs.end(),
            [](const IndexedDocument& d) { return isValidLanguageCode(idSuffix(d.id)); });
        if (!all && mode == "id-suffix") {
            for (size_t i = first; i < docs.size(); ++i)
                if (!isValidLanguageCode(idSuffix(docs[i].id)))
                    throw DataError(fmt::format(
                        "{}: document id '{}' does not end in a language code ('.de'); use "
                        "a language code or none as the corpus language (setting 'lang')",
                        file, docs[i].id));
        }
        if (!all) return;
        for (size_t i = first; i < docs.size(); ++i)
            docs[i].language = idSuffix(docs[i].id);
        return;
    }
    requireLanguageCode(mode, "setting 'lang'");
    for (size_t i = first; i < docs.size(); ++i)
        docs[i].language = mode;
}

void readBeir(const fs::path& file, bool withTitle, std::vector<IndexedDocument>& out) {
    data::BeirCorpusReader reader(file);
    data::Passage p;
    while (reader.next(p))
        out.push_back({p.id, "", withTitle && !p.title.empty() ? p.title + " " + p.text : p.text});
}

void readLines(const fs::path& file, std::vector<IndexedDocument>& out) {
    data::PlainTextLines lines(file);
    std::string_view line;
    while (lines.next(line))
        out.push_back({fmt::format("{}:{}", file.stem().string(), lines.lineNumber()), "",
                       std::string(line)});
    if (lines.lines().empty()) throw DataError(fmt::format("{}: the file is empty", file.string()));
}

/// BuildOptions::calibrationFile, loaded before any encoding so a bad file fails fast.
std::optional<align::Calibration> loadCalibration(const std::string& file) {
    if (file.empty()) return std::nullopt;
    return align::loadCalibration(file);
}

/// Calibrates the rows [docs, dim] by their documents' languages; returns the steps applied
/// ("" without a calibration).
std::string applyCalibration(const std::optional<align::Calibration>& cal, const std::string& file,
                             const std::vector<IndexedDocument>& docs, FloatMatrix& vectors) {
    if (!cal) return "";
    std::vector<std::string> languages;
    languages.reserve(docs.size());
    for (const auto& d : docs) {
        if (d.language.empty())
            throw DataError(fmt::format(
                "setting 'calibration' ({}): some documents have no language; give them one "
                "(setting 'lang')",
                file));
        languages.push_back(d.language);
    }
    align::applyByLanguage(*cal, languages, vectors);
    return align::calibrationStepName(cal->steps);
}

/// Copies the calibration next to the vectors, then runs the caller's writeMore.
std::function<void(const fs::path&)> extraFiles(const BuildOptions& options) {
    return [options](const fs::path& staging) {
        if (!options.calibrationFile.empty())
            fs::copy_file(options.calibrationFile, staging / "calibration.safetensors");
        if (options.writeMore) options.writeMore(staging);
    };
}

IndexMetadata baseMetadata(const EncoderIdentity& encoder, const BuildOptions& options,
                           const std::string& source, const std::string& calibrationSteps) {
    IndexMetadata meta;
    meta.params = options.params;
    meta.encoder = encoder;
    meta.calibration = options.calibrationFile.empty() ? "" : "calibration.safetensors";
    meta.calibrationSteps = calibrationSteps;
    meta.source = source;
    return meta;
}

}  // namespace

std::vector<IndexedDocument> readCorpusDocuments(const std::vector<fs::path>& files,
                                                 const CorpusOptions& options) {
    if (files.empty()) throw DataError("no corpus file given");
    std::vector<IndexedDocument> docs;
    for (const auto& file : files) {
        const size_t first = docs.size();
        const auto ext = file.extension().string();
        if (ext == ".jsonl" || ext == ".json")
            readBeir(file, options.withTitle, docs);
        else
            readLines(file, docs);
        assignLanguages(docs, first, file.string(), options.language);
    }
    return docs;
}

EncoderIdentity encoderIdentity(const fs::path& checkpoint, const model::Pooling& pooling,
                                int64_t maxTokens) {
    const fs::path folder = workspace::resolveCheckpoint(checkpoint);
    return {fs::absolute(folder).lexically_normal().string(), checkpointFingerprint(folder),
            pooling.toString(), maxTokens};
}

void buildIndexFromCorpus(const fs::path& dir, const std::vector<IndexedDocument>& documents,
                          const fs::path& checkpoint, const model::EncodeOptions& encode,
                          const BuildOptions& options, const std::string& source,
                          Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    if (documents.empty()) throw DataError("nothing to index: the corpus has no documents");
    requireIndexTarget(dir, options.overwrite);  // before encoding, which takes minutes
    const fs::path folder = workspace::resolveCheckpoint(checkpoint);
    const auto calibration = loadCalibration(options.calibrationFile);
    auto identity = encoderIdentity(folder, encode.pooling, encode.maxTokens);
    auto service = model::EncodingService::open(folder, encode);
    const int64_t dim = service->dimension();
    const auto total = static_cast<int64_t>(documents.size());
    std::vector<float> vectors;
    vectors.reserve(static_cast<size_t>(total * dim));
    constexpr int64_t kChunk = 4096;
    std::vector<std::string> texts;
    for (int64_t i = 0; i < total; i += kChunk) {
        if (progress && !progress(Progress{"encode", i, total}))
            throw Cancelled("index build cancelled");
        texts.clear();
        for (int64_t j = i; j < std::min(total, i + kChunk); ++j)
            texts.push_back(documents[static_cast<size_t>(j)].text);
        const auto chunk = service->encodePassages(texts);  // the model's passage prompt
        vectors.insert(vectors.end(), chunk.begin(), chunk.end());
    }
    if (progress && !progress(Progress{"encode", total, total}))
        throw Cancelled("index build cancelled");
    FloatMatrix rows(total, dim, std::move(vectors));
    const std::string steps =
        applyCalibration(calibration, options.calibrationFile, documents, rows);
    VectorIndex::build(dir, std::move(rows.data), dim, documents,
                       baseMetadata(identity, options, source, steps), options.overwrite, progress,
                       extraFiles(options));
}

void buildIndexFromEmbeddings(const fs::path& dir, const fs::path& embeddings,
                              const std::vector<IndexedDocument>& documents,
                              const EncoderIdentity& encoder, const BuildOptions& options,
                              Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    requireIndexTarget(dir, options.overwrite);
    auto m = model_io::readNpyMatrix(embeddings);
    if (m.rows != static_cast<int64_t>(documents.size()))
        throw DataError(
            fmt::format("{} has {} rows but the corpus has {} documents: the rows "
                        "must be the corpus passages in order",
                        embeddings.string(), m.rows, documents.size()));
    const std::string steps = applyCalibration(loadCalibration(options.calibrationFile),
                                               options.calibrationFile, documents, m);
    VectorIndex::build(dir, std::move(m.data), m.cols, documents,
                       baseMetadata(encoder, options, fs::absolute(embeddings).string(), steps),
                       options.overwrite, progress, extraFiles(options));
}

std::function<void(const fs::path&)> bm25Writer(const std::vector<IndexedDocument>& documents) {
    return [&documents](const fs::path& staging) {
        std::vector<search::IndexDocument> docs;
        docs.reserve(documents.size());
        for (const auto& d : documents)
            docs.push_back({d.id, "", d.text, d.language});
        search::Bm25Index::build(staging / "bm25", docs);
    };
}

namespace {

/// Drops passages whose id an earlier one had with the same text; refuses a repeated id with
/// another text. Returns how many were dropped.
std::size_t dropRepeatedPassages(std::vector<IndexedDocument>& documents) {
    std::unordered_map<std::string, std::size_t> first;
    std::vector<IndexedDocument> kept;
    kept.reserve(documents.size());
    for (auto& d : documents) {
        const auto [it, isNew] = first.emplace(d.id, kept.size());
        if (isNew) {
            kept.push_back(std::move(d));
        } else if (kept[it->second].text != d.text) {
            throw DataError(fmt::format(
                "passage id '{}' occurs twice with different texts; ids must name one passage",
                d.id));
        }
    }
    const std::size_t dropped = documents.size() - kept.size();
    documents = std::move(kept);
    return dropped;
}

/// The encoder of a .npy: `model` or the one its sidecar names, with the sidecar's pooling.
EncoderIdentity embeddingsIdentity(const IndexBuildRequest& r) {
    fs::path model = r.model;
    model::Pooling pooling = r.encode.pooling;
    if (const auto sidecar = model_io::readNpySidecar(r.embeddings)) {
        if (model.empty()) model = sidecar->model;
        if (!sidecar->pooling.empty()) pooling = model::Pooling::parse(sidecar->pooling, "pooling");
    }
    if (model.empty())
        throw ConfigError(fmt::format(
            "embeddings {}: name the checkpoint that encoded them (no {} sidecar names it), so "
            "searches can encode queries with the same encoder",
            r.embeddings.string(), model_io::npySidecarPath(r.embeddings).string()));
    return encoderIdentity(model, pooling, r.encode.maxTokens);
}

}  // namespace

IndexBuildReport buildIndex(const IndexBuildRequest& r, Feedback* feedback) {
    if (r.model.empty() && r.embeddings.empty())
        throw ConfigError("index build: give a model to encode the corpus, or its embeddings");
    IndexBuildReport report;
    report.files = r.corpus.size();
    auto documents = readCorpusDocuments(r.corpus, r.corpusOptions);
    // With embeddings, row i is passage i: nothing may be dropped.
    if (r.embeddings.empty()) report.repeated = dropRepeatedPassages(documents);
    report.documents = documents.size();
    BuildOptions options;
    options.params = r.params;
    options.overwrite = r.overwrite;
    options.calibrationFile = r.calibrationFile;
    if (r.bm25) options.writeMore = bm25Writer(documents);
    if (!r.lexiconFile.empty()) {
        if (!r.bm25)
            throw ConfigError(
                "index build: a lexicon translates BM25 queries; drop --no-bm25 or --lexicon");
        search::TranslationLexicon::load(r.lexiconFile);  // a bad file fails before encoding
        options.writeMore = [bm25 = options.writeMore,
                             lexicon = r.lexiconFile](const fs::path& staging) {
            bm25(staging);
            fs::copy_file(lexicon, staging / kLexiconFile);
        };
    }
    if (!r.embeddings.empty()) {
        buildIndexFromEmbeddings(r.out, r.embeddings, documents, embeddingsIdentity(r), options,
                                 feedback);
    } else {
        std::string source;
        for (const auto& f : r.corpus)
            source += (source.empty() ? "" : ",") + fs::absolute(f).string();
        buildIndexFromCorpus(r.out, documents, r.model, r.encode, options, source, feedback);
    }
    report.metadata = VectorIndex::readMetadata(r.out);
    return report;
}

}  // namespace isomorph::index
