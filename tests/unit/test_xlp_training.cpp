// The XLP objective on a tiny sectioned corpus (comparable pages in en, de, it and fr): RR loss
// decreases in a short training run, the schedule runs RR over every language pair in a random
// order and then QLM, the metrics are reported, and bad input is refused or counted: a model
// without two segment embeddings, a language pair with no data, an unknown language, queries
// longer than the global-attention budget (cut and counted, losses finite).

#include <cmath>
#include <numeric>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/errors.h"
#include "core/data/shards/shard_set.h"
#include "core/train/objectives/xlp_objective.h"
#include "tests/support/error_message.h"
#include "tests/support/tiny_model.h"
#include "tests/support/tiny_run_config.h"
#include "tests/support/tiny_training.h"

using namespace isomorph;
using namespace isomorph::train;
using isomorph::testing::messageOf;

namespace {

/// docs/train/<lang>.jsonl: 8 pages of 3 sections (3 English sentences each) in en; de holds
/// their word-by-word German, it the English text itself (an untranslated page); fr one page.
void writeSectionCorpus(const QString& root) {
    QDir(root).mkpath("docs/train");
    const auto english =
        isomorph::testing::syntheticSentences(isomorph::testing::englishWords(), 8 * 3 * 3, 41);
    const std::map<QString, QStringList> titles = {{"en", {"NAME", "DESCRIPTION", "OPTIONS"}},
                                                   {"de", {"NAME", "BESCHREIBUNG", "OPTIONEN"}},
                                                   {"it", {"NAME", "DESCRIPTION", "OPTIONS"}},
                                                   {"fr", {"NOM", "DESCRIPTION", "OPTIONS"}}};
    for (const auto& [lang, names] : titles) {
        QFile f(QDir(root).filePath("docs/train/" + lang + ".jsonl"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int page = 0; page < (lang == "fr" ? 1 : 8); ++page) {
            QJsonArray sentences, sections;
            for (int s = 0; s < 3; ++s) {
                const int start = sentences.size();
                for (int i = 0; i < 3; ++i) {
                    const std::string& e = english[size_t((page * 3 + s) * 3 + i)];
                    sentences.append(QString::fromStdString(
                        lang == "de" ? isomorph::testing::tinyGerman(e) : e));
                }
                sections.append(QJsonObject{
                    {"title", names[s]}, {"start", start}, {"end", int(sentences.size())}});
            }
            const QJsonObject o{{"id", QString("cmd%1.1.%2").arg(page).arg(lang)},
                                {"lang", lang},
                                {"sentences", sentences},
                                {"sections", sections}};
            f.write(QJsonDocument(o).toJson(QJsonDocument::Compact) + "\n");
        }
    }
}

}  // namespace

class TestXlpTraining : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    isomorph::testing::TinyTraining tiny_;
    std::unique_ptr<data::shards::ShardSet> docs_;

    RunConfig config(const std::string& tasks, const std::string& pairs) const {
        RunConfig c = isomorph::testing::quietTinyConfig(tiny_, 1);
        c.objective("mlm").weight = 0;
        c.objective("ccp").weight = 0;
        c.objective("xlp").weight = 1;
        auto& o = c.objectiveOptions<XlpOptions>("xlp");
        o.tasks = tasks;
        o.corpus = dir_.filePath("sections").toStdString();
        o.languagePairs = pairs;
        o.eta = -1;  // the random tiny model's title vectors: align by order of cosine only
        o.batchSize = 8;
        o.maxQueryTokens = 12;
        o.maxLength = 36;  // the tiny encoder has 40 positions (38 tokens)
        o.headDropout = 0;
        return c;
    }

    model::Encoder encoder(int64_t typeVocab = 2) const {
        torch::manual_seed(4);
        model::EncoderConfig e = isomorph::testing::tinyEncoderConfig(docs_->vocabSize());
        e.typeVocabSize = typeVocab;
        e.attentionRadius = 4;
        e.hiddenDropout = e.attentionDropout = 0;
        return model::Encoder(e);
    }

    std::unique_ptr<XlpObjective> build(const RunConfig& c, model::Encoder e) const {
        static const model::TensorMap noHeads;
        ObjectiveBuildContext context{c, c.objective("xlp"), *docs_, e, 0, 1, torch::kCPU, noHeads};
        return std::make_unique<XlpObjective>(context);
    }

    static double metric(const ObjectiveOutput& out, const std::string& key) {
        for (const auto& [k, v] : out.metrics)
            if (k == key) return v;
        return std::nan("");
    }

  private Q_SLOTS:
    void initTestCase() {
        QString error;
        tiny_ = isomorph::testing::makeTinyTraining(dir_.path(), &error);
        QVERIFY2(!tiny_.config.isEmpty(), qPrintable(error));
        writeSectionCorpus(dir_.filePath("sections"));
        docs_ = std::make_unique<data::shards::ShardSet>(
            data::shards::ShardSet::open(tiny_.docs.toStdString()));
    }

    void rrLossDecreases() {
        // it-en: the query is a sentence of the aligned section itself, so RR is learnable by
        // a 2-layer, 16-wide model in a few dozen steps; loss starts near log 2.
        RunConfig c = config("rr", "it-en");
        model::Encoder e = encoder();
        auto xlp = build(c, e);
        std::vector<torch::Tensor> params = e->parameters();
        for (const auto& p : xlp->heads().parameters())
            params.push_back(p);
        torch::optim::Adam adam(params, torch::optim::AdamOptions(3e-3));
        std::vector<double> losses;
        for (int step = 0; step < 120; ++step) {
            StepContext ctx{e, torch::kCPU, step, 0, uint64_t(step), nullptr};
            adam.zero_grad();
            ObjectiveOutput out = xlp->forward(ctx);
            out.loss.backward();
            adam.step();
            losses.push_back(metric(out, "rr_loss"));
            QVERIFY(std::isfinite(losses.back()));
            const double hard = metric(out, "hard_negatives");
            QVERIFY(hard >= 0 && hard <= 1);
        }
        const double first = std::accumulate(losses.begin(), losses.begin() + 20, 0.0) / 20;
        const double last = std::accumulate(losses.end() - 20, losses.end(), 0.0) / 20;
        QVERIFY2(last < 0.8 * first, qPrintable(QString("%1 -> %2").arg(first).arg(last)));
    }

    void scheduleRunsRrThenQlmOverShuffledPairs() {
        RunConfig c = config("qlm,rr", "");  // every language with English: fr has 1 page
        auto xlp = build(c, encoder());
        QVERIFY2(xlp->initNote().find("fr-en") != std::string::npos, xlp->initNote().c_str());
        QVERIFY(xlp->initNote().find("left out") != std::string::npos);
        const size_t pairs = 4;  // de-en, en-de, en-it, it-en
        for (int64_t iteration = 0; iteration < 3; ++iteration) {
            std::set<size_t> rr, qlm;
            for (size_t i = 0; i < 2 * pairs; ++i) {
                const auto [task, pair] = xlp->scheduled(iteration * 8 + int64_t(i));
                QCOMPARE(task == XlpObjective::Task::Rr, i < pairs);  // RR first, then QLM
                (i < pairs ? rr : qlm).insert(pair);
            }
            QCOMPARE(rr.size(), pairs);
            QCOMPARE(qlm.size(), pairs);
        }
        model::Encoder e = encoder();
        auto fresh = build(c, e);
        for (int step = 0; step < 8; ++step) {
            StepContext ctx{e, torch::kCPU, step, 0, uint64_t(step), nullptr};
            const ObjectiveOutput out = fresh->forward(ctx);
            QVERIFY(std::isfinite(out.loss.item<double>()));
            const bool isRr = step < 4;
            QCOMPARE(std::isnan(metric(out, "rr_loss")), !isRr);
            QCOMPARE(std::isnan(metric(out, "qlm_loss")), isRr);
        }
    }

    void badInput() {
        QVERIFY_THROWS_EXCEPTION(ConfigError, build(config("rr", "de-en"), encoder(1)));
        QVERIFY(messageOf<ConfigError>([&] {
                    build(config("rr", "de-en"), encoder(1));
                }).contains("type_vocab_size"));
        // A named pair with one page: no negatives to sample; the message names the pair.
        const QString noData =
            messageOf<DataError>([&] { build(config("rr", "fr-en"), encoder()); });
        QVERIFY2(noData.contains("fr-en") && noData.contains("at least 2"), qPrintable(noData));
        const QString unknown =
            messageOf<DataError>([&] { build(config("rr", "ja-en"), encoder()); });
        QVERIFY2(unknown.contains("ja-en"), qPrintable(unknown));
        // Queries longer than the global budget are cut and counted; losses stay finite.
        RunConfig c = config("rr,qlm", "de-en");
        c.objectiveOptions<XlpOptions>("xlp").maxQueryTokens = 2;
        model::Encoder e = encoder();
        auto xlp = build(c, e);
        for (int step = 0; step < 2; ++step) {
            StepContext ctx{e, torch::kCPU, step, 0, 1, nullptr};
            const ObjectiveOutput out = xlp->forward(ctx);
            QVERIFY(std::isfinite(out.loss.item<double>()));
            QVERIFY(metric(out, "truncated_queries") > 0);
        }
        std::vector<std::string> problems;
        RunConfig bad = config("rr,mlm", "de-en");
        bad.objectiveOptions<XlpOptions>("xlp").qlmMaskTarget = "title";
        bad.objectiveOptions<XlpOptions>("xlp").maxLength = 10;
        const QString all = QString::fromStdString([&] {
            std::string s;
            for (const auto& p : bad.problems())
                s += p + "\n";
            return s;
        }());
        for (const char* k :
             {"objectives.xlp.tasks", "qlm_mask_target", "objectives.xlp.max_length"})
            QVERIFY2(all.contains(k), qPrintable(all));
    }
};

QTEST_GUILESS_MAIN(TestXlpTraining)
#include "test_xlp_training.moc"
