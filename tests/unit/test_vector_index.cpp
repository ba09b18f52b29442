// core/index: exact top-k against a brute-force double loop, FAISS HNSW/IVF recall against exact,
// language filters, the folder format and every refusal (dimension, NaN row, duplicate ids,
// existing folder, damaged or newer index), plus the .npy reader and checkpoint resolution.

#include <cmath>
#include <fstream>
#include <limits>
#include <random>
#include <set>

#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/index/top_k.h"
#include "core/index/vector_index.h"
#include "core/model_io/npy_reader.h"
#include "core/workspace/run_layout.h"
#include "tests/support/error_message.h"
#include "tests/support/near.h"
#include "tests/support/test_main.h"

using namespace isomorph;
namespace fs = std::filesystem;

namespace {

/// Clustered unit vectors [n, d] (16 clusters), like sentence embeddings.
std::vector<float> clustered(int64_t n, int64_t d, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> g(0.0f, 1.0f);
    std::vector<float> centers(static_cast<size_t>(16 * d));
    for (auto& c : centers)
        c = g(rng);
    std::vector<float> out(static_cast<size_t>(n * d));
    for (int64_t r = 0; r < n; ++r) {
        const auto c = static_cast<int64_t>(rng() % 16);
        double norm = 0;
        for (int64_t j = 0; j < d; ++j) {
            float& v = out[static_cast<size_t>(r * d + j)];
            v = centers[static_cast<size_t>(c * d + j)] + 0.5f * g(rng);
            norm += double(v) * v;
        }
        for (int64_t j = 0; j < d; ++j)
            out[static_cast<size_t>(r * d + j)] /= static_cast<float>(std::sqrt(norm));
    }
    return out;
}

std::vector<index::IndexedDocument> documents(int64_t n) {
    std::vector<index::IndexedDocument> docs;
    for (int64_t r = 0; r < n; ++r)
        docs.push_back({"doc" + std::to_string(r), r % 3 == 0 ? "de" : "en",
                        "text of " + std::to_string(r) + " — ünïcödé\n\"quoted\""});
    return docs;
}

/// The k best rows by a double-precision dot product (ties: lower row), the test's own reference.
std::vector<int64_t> bruteForce(const std::vector<float>& rows, int64_t n, int64_t d,
                                const float* q, int k) {
    std::vector<std::pair<double, int64_t>> scored;
    for (int64_t r = 0; r < n; ++r) {
        double s = 0;
        for (int64_t j = 0; j < d; ++j)
            s += double(rows[static_cast<size_t>(r * d + j)]) * q[j];
        scored.push_back({-s, r});
    }
    std::sort(scored.begin(), scored.end());
    std::vector<int64_t> out;
    for (int i = 0; i < k; ++i)
        out.push_back(scored[static_cast<size_t>(i)].second);
    return out;
}

template <class F>
QString errorOf(F&& f) {
    return isomorph::testing::messageOf<std::exception>(std::forward<F>(f));
}

void writeBytes(const fs::path& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary) << bytes;
}

}  // namespace

class TestVectorIndex : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    fs::path path(const char* name) const { return fs::path(dir_.filePath(name).toStdString()); }

    std::unique_ptr<index::VectorIndex> build(const char* name, const std::vector<float>& rows,
                                              int64_t d, index::IndexKind kind) {
        index::IndexMetadata meta;
        meta.params.kind = kind;
        meta.params.ivfLists = 8;
        meta.params.ivfProbe = 4;
        index::VectorIndex::build(path(name), rows, d, documents(int64_t(rows.size()) / d), meta);
        return index::VectorIndex::open(path(name));
    }

  private Q_SLOTS:
    void exactTopKMatchesBruteForceSingleAndBatched() {
        const int64_t n = 20000, d = 24;  // more rows than one GEMM block
        const auto rows = clustered(n, d, 1);
        const auto queries = clustered(300, d, 2);  // more queries than one block
        const auto batched = index::exactTopK(queries.data(), 300, rows.data(), n, d, 7);
        for (int64_t i = 0; i < 300; i += 37) {
            const float* q = queries.data() + i * d;
            const auto single = index::exactTopK(q, 1, rows.data(), n, d, 7).front();
            const auto want = bruteForce(rows, n, d, q, 7);
            for (int j = 0; j < 7; ++j) {
                QCOMPARE(single[size_t(j)].row, want[size_t(j)]);
                QCOMPARE(batched[size_t(i)][size_t(j)].row, want[size_t(j)]);
            }
            QVERIFY(single.front().score >= single.back().score);
        }
    }

    void exactTopKBreaksTiesByRowAndFilters() {
        const std::vector<float> rows = {1, 0, 0, 1, 1, 0, 1, 0};  // rows 0, 2, 3 tie
        const float q[2] = {1, 0};
        auto hits = index::exactTopK(q, 1, rows.data(), 4, 2, 2).front();
        QCOMPARE(hits.size(), size_t(2));
        QCOMPARE(hits[0].row, int64_t(0));
        QCOMPARE(hits[1].row, int64_t(2));
        hits = index::exactTopK(q, 1, rows.data(), 4, 2, 10, [](int64_t r) {
                   return r % 2 == 1;
               }).front();
        QCOMPARE(hits.size(), size_t(2));  // only rows 1 and 3 pass
        QCOMPARE(hits[0].row, int64_t(3));
        QCOMPARE(hits[1].row, int64_t(1));
    }

    void flatIndexRoundTripsDocumentsAndFilters() {
        const int64_t d = 16;
        const auto rows = clustered(300, d, 3);
        auto idx = build("flat", rows, d, index::IndexKind::Flat);
        const auto& m = idx->metadata();
        QCOMPARE(m.rows, int64_t(300));
        QCOMPARE(m.dim, d);
        QCOMPARE(m.languages, (std::vector<std::string>{"de", "en"}));
        QCOMPARE(m.languageCounts, (std::vector<int64_t>{100, 200}));
        const auto doc = idx->document(42);
        QCOMPARE(doc.id, std::string("doc42"));
        QCOMPARE(doc.language, std::string("de"));
        QCOMPARE(doc.text, documents(43)[42].text);
        index::SearchOptions so;
        so.k = 5;
        // Unnormalised query: the index normalises it, so scores are cosines <= 1.
        std::vector<float> q(rows.begin() + 7 * d, rows.begin() + 8 * d);
        for (auto& v : q)
            v *= 3.0f;
        auto hits = idx->search(q.data(), d, so);
        QCOMPARE(hits.front().row, int64_t(7));
        // The cosine of row 7 with itself: float32 normalisation of both sides and a 16-term dot
        // product round at most ~(2 d + 4) = 36 times by 2^-24 each, |error| < 2.2e-6.
        ISOMORPH_COMPARE_NEAR(hits.front().score, 1.0, 36.0 / (1 << 24));
        so.language = "de";
        for (const auto& h : idx->search(q.data(), d, so))
            QCOMPARE(idx->language(h.row), std::string("de"));
        so.language = "fr";
        QVERIFY(idx->search(q.data(), d, so).empty());
        so.language.clear();
        // Several languages: their union (both languages: the unfiltered ranking), and a
        // language the index does not hold adds nothing.
        const auto unfiltered = idx->search(q.data(), d, so);
        so.languages = {"de", "en"};
        const auto both = idx->search(q.data(), d, so);
        QCOMPARE(both.size(), unfiltered.size());
        for (size_t i = 0; i < both.size(); ++i)
            QCOMPARE(both[i].row, unfiltered[i].row);
        so.languages = {"fr", "de"};
        const auto deOnly = idx->search(q.data(), d, so);
        QCOMPARE(deOnly.size(), size_t(5));
        for (const auto& h : deOnly)
            QCOMPARE(idx->language(h.row), std::string("de"));
        so.languages = {"fr"};
        QVERIFY(idx->search(q.data(), d, so).empty());
        so.languages.clear();
        so.k = 1000;
        QCOMPARE(idx->search(q.data(), d, so).size(), size_t(300));  // k > rows: all rows
    }

    void hnswAndIvfRecallAgainstExact() {
        const int64_t n = 4000, d = 32;
        const auto rows = clustered(n, d, 4);
        const auto queries = clustered(50, d, 5);
        auto exact = build("e", rows, d, index::IndexKind::Flat);
        for (auto kind : {index::IndexKind::Hnsw, index::IndexKind::Ivf}) {
            auto approx = build(kind == index::IndexKind::Hnsw ? "h" : "i", rows, d, kind);
            index::SearchOptions so;
            so.k = 10;
            double found = 0;
            for (int64_t i = 0; i < 50; ++i) {
                std::set<int64_t> want;
                for (const auto& h : exact->search(queries.data() + i * d, d, so))
                    want.insert(h.row);
                for (const auto& h : approx->search(queries.data() + i * d, d, so))
                    found += want.count(h.row);
            }
            const double recall = found / 500.0;
            QVERIFY2(
                recall >= 0.9,
                qPrintable(QString("%1 recall@10 %2").arg(index::indexKindName(kind)).arg(recall)));
            so.language = "de";
            for (const auto& h : approx->search(queries.data(), d, so))
                QCOMPARE(approx->language(h.row), std::string("de"));
            so.language.clear();
            so.languages = {"fr", "de"};
            const auto hits = approx->search(queries.data(), d, so);
            QVERIFY(!hits.empty());
            for (const auto& h : hits)
                QCOMPARE(approx->language(h.row), std::string("de"));
        }
    }

    void searchParametersOverrideTheIndexDefaults() {
        // An HNSW index built with a tiny default candidate list: a larger per-search efSearch
        // must raise recall (FAISS 1.7.3 ignores it in its search parameters), and an IVF probe
        // of every cell must make the search exact.
        const int64_t n = 4000, d = 32;
        const auto rows = clustered(n, d, 8);
        const auto queries = clustered(40, d, 9);
        auto exact = build("e2", rows, d, index::IndexKind::Flat);
        index::IndexMetadata meta;
        meta.params.kind = index::IndexKind::Hnsw;
        meta.params.hnswM = 16;
        meta.params.hnswEfConstruction = 64;
        meta.params.hnswEfSearch = 1;
        index::VectorIndex::build(path("h2"), rows, d, documents(n), meta);
        meta.params.kind = index::IndexKind::Ivf;
        meta.params.ivfLists = 16;
        meta.params.ivfProbe = 1;
        index::VectorIndex::build(path("i2"), rows, d, documents(n), meta);
        auto recall = [&](const index::VectorIndex& idx, const index::SearchOptions& so) {
            double found = 0;
            for (int64_t i = 0; i < 40; ++i) {
                std::set<int64_t> want;
                index::SearchOptions ten;
                ten.k = 10;
                for (const auto& h : exact->search(queries.data() + i * d, d, ten))
                    want.insert(h.row);
                for (const auto& h : idx.search(queries.data() + i * d, d, so))
                    found += want.count(h.row);
            }
            return found / 400.0;
        };
        index::SearchOptions low, high;
        low.k = high.k = 10;
        high.efSearch = 400;
        high.probe = 16;
        auto hnsw = index::VectorIndex::open(path("h2"));
        auto ivf = index::VectorIndex::open(path("i2"));
        const double hnswLow = recall(*hnsw, low), hnswHigh = recall(*hnsw, high);
        QVERIFY2(hnswHigh > hnswLow + 0.05 && hnswHigh >= 0.95,
                 qPrintable(QString("HNSW recall %1 -> %2").arg(hnswLow).arg(hnswHigh)));
        QVERIFY(recall(*ivf, low) < 0.9);
        QCOMPARE(recall(*ivf, high), 1.0);
    }

    void refusesBadInput() {
        const int64_t d = 8;
        auto rows = clustered(20, d, 6);
        auto idx = build("ok", rows, d, index::IndexKind::Flat);
        const std::vector<float> q7(7, 0.5f);
        QVERIFY(errorOf([&] { idx->search(q7.data(), 7, {}); }).contains("dimension 7"));
        std::vector<float> qNan(8, 0.5f);
        qNan[3] = std::numeric_limits<float>::quiet_NaN();
        QVERIFY(errorOf([&] { idx->search(qNan.data(), 8, {}); }).contains("column 3 is NaN"));
        index::SearchOptions zero;
        zero.k = 0;
        QVERIFY(errorOf([&] { idx->search(rows.data(), 8, zero); }).contains("k must be"));

        index::IndexMetadata meta;
        auto bad = rows;
        bad[size_t(5 * d + 2)] = std::numeric_limits<float>::infinity();
        QVERIFY(errorOf([&] {
                    index::VectorIndex::build(path("nan"), bad, d, documents(20), meta);
                }).contains("row 5 (0-based), column 2 is infinite"));
        QVERIFY(!fs::exists(path("nan")));
        auto dup = documents(20);
        dup[9].id = dup[3].id;
        QVERIFY(errorOf([&] {
                    index::VectorIndex::build(path("dup"), rows, d, dup, meta);
                }).contains("occurs twice (rows 3 and 9)"));
        QVERIFY(errorOf([&] {
                    index::VectorIndex::build(path("few"), rows, d, documents(19), meta);
                }).contains("20 vectors but 19 documents"));
        QVERIFY(errorOf([&] {
                    index::VectorIndex::build(path("ok"), rows, d, documents(20), meta);
                }).contains("already exists"));
        index::VectorIndex::build(path("ok"), rows, d, documents(20), meta, /*overwrite=*/true);
        meta.params.kind = index::IndexKind::Ivf;
        meta.params.ivfLists = 50;
        QVERIFY(errorOf([&] {
                    index::VectorIndex::build(path("ivf"), rows, d, documents(20), meta);
                }).contains("ivf_lists (50) exceeds the number of rows (20)"));
        // Cancelling leaves nothing behind.
        meta.params.kind = index::IndexKind::Flat;
        QVERIFY(errorOf([&] {
                    index::VectorIndex::build(path("cancel"), rows, d, documents(20), meta, false,
                                              [](const Progress&) { return false; });
                }).contains("cancelled"));
        QVERIFY(!fs::exists(path("cancel")));
        for (const auto& e : fs::directory_iterator(path("")))
            QVERIFY2(e.path().filename().string().find(".tmp-") == std::string::npos,
                     e.path().c_str());
    }

    void refusesDamagedOrNewerIndexes() {
        const int64_t d = 8;
        auto rows = clustered(10, d, 7);
        build("damaged", rows, d, index::IndexKind::Flat);
        QVERIFY(
            errorOf([&] { index::VectorIndex::open(path("missing")); }).contains("not a folder"));
        fs::create_directories(path("plain"));
        QVERIFY(errorOf([&] {
                    index::VectorIndex::open(path("plain"));
                }).contains("not an Isomorph index"));
        std::string json;
        {
            std::ifstream in(path("damaged") / "index.json");
            json.assign(std::istreambuf_iterator<char>(in), {});
        }
        std::string newer = json;
        newer.replace(newer.find("\"schema_version\": 1"), 19, "\"schema_version\": 9");
        writeBytes(path("damaged") / "index.json", newer);
        QVERIFY(errorOf([&] { index::VectorIndex::open(path("damaged")); }).contains("newer"));
        writeBytes(path("damaged") / "index.json", "{\"schema_version\": 1");
        QVERIFY(errorOf([&] {
                    index::VectorIndex::open(path("damaged"));
                }).contains("unreadable index metadata"));
        writeBytes(path("damaged") / "index.json", json);
        writeBytes(path("damaged") / "documents.offsets", "short");
        QVERIFY(errorOf([&] {
                    index::VectorIndex::open(path("damaged"));
                }).contains("does not match 10 rows"));
        writeBytes(path("damaged") / "vectors.faiss", "garbage");
        QVERIFY(errorOf([&] {
                    index::VectorIndex::open(path("damaged"));
                }).contains("FAISS cannot read it"));
    }

    void npyReaderChecksEverything() {
        auto npy = [](const std::string& dict, const std::string& data) {
            std::string header = dict;
            while ((10 + header.size() + 1) % 64 != 0)
                header += ' ';
            header += '\n';
            std::string out("\x93NUMPY\x01\x00", 8);
            out += char(header.size() & 0xff);
            out += char(header.size() >> 8);
            return out + header + data;
        };
        const std::string six(24, '\0');
        writeBytes(path("ok.npy"),
                   npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", six));
        const auto m = model_io::readNpyMatrix(path("ok.npy"));
        QCOMPARE(m.rows, int64_t(2));
        QCOMPARE(m.cols, int64_t(3));
        writeBytes(path("f8.npy"),
                   npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", six));
        QVERIFY(errorOf([&] {
                    model_io::readNpyMatrix(path("f8.npy"));
                }).contains("'<f8' is not supported"));
        writeBytes(path("fo.npy"),
                   npy("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }", six));
        QVERIFY(errorOf([&] { model_io::readNpyMatrix(path("fo.npy")); }).contains("Fortran"));
        writeBytes(path("1d.npy"),
                   npy("{'descr': '<f4', 'fortran_order': False, 'shape': (6,), }", six));
        QVERIFY(errorOf([&] { model_io::readNpyMatrix(path("1d.npy")); }).contains("2-D"));
        writeBytes(path("tr.npy"),
                   npy("{'descr': '<f4', 'fortran_order': False, 'shape': (3, 3), }", six));
        QVERIFY(errorOf([&] { model_io::readNpyMatrix(path("tr.npy")); }).contains("truncated"));
        writeBytes(path("no.npy"), "hello");
        QVERIFY(errorOf([&] { model_io::readNpyMatrix(path("no.npy")); }).contains("not a .npy"));
    }

    void resolvesCheckpointsAndFingerprintsThem() {
        const fs::path run = path("run");
        const fs::path step = run / "checkpoints" / "step-00000010";
        fs::create_directories(step);
        writeBytes(step / "config.json", "{}");
        writeBytes(step / "model.safetensors", std::string(100000, 'a'));
        writeBytes(run / "checkpoints" / "latest", "step-00000010\n");
        QCOMPARE(workspace::resolveCheckpoint(run), step);
        QCOMPARE(workspace::resolveCheckpoint(run / "checkpoints" / "latest"), step);
        QCOMPARE(workspace::resolveCheckpoint(step), step);
        QVERIFY(errorOf([&] {
                    workspace::resolveCheckpoint(path("plain"));
                }).contains("is not a checkpoint"));
        const std::string before = index::checkpointFingerprint(step);
        QCOMPARE(before.size(), size_t(16));
        QCOMPARE(index::checkpointFingerprint(step), before);
        std::string weights(100000, 'a');
        weights[0] = 'b';  // inside the sampled first block
        writeBytes(step / "model.safetensors", weights);
        QVERIFY(index::checkpointFingerprint(step) != before);
    }
};

ISOMORPH_TEST_GUILESS_MAIN(TestVectorIndex)
#include "test_vector_index.moc"
