#pragma once

// What the Search view shows of one query on one index: plain rows (the app's SearchController
// converts the engine's results into these), their table model and the delegate that paints the
// score bar and the passage with the query's words highlighted. Qt only.

#include <QAbstractTableModel>
#include <QStringList>
#include <QStyledItemDelegate>
#include <QVector>

namespace isomorph::views {

/// One result of one query.
struct SearchHitRow {
    int rank = 0;            ///< 1-based
    double score = 0.0;      ///< cosine (dense), BM25 (bm25) or fused score (hybrid)
    QString id;              ///< document id
    QString language;        ///< "" when unknown
    QString text;            ///< the passage
    int firstStageRank = 0;  ///< rank in the first stage before re-ranking (0: not re-ranked)
    bool rescored = false;   ///< score is the re-ranker's (else the first stage's)
    /// The sentence that matches the query best, [bestBegin, bestEnd) in `text` (-1: unknown);
    /// the shown passage starts there.
    int bestBegin = -1;
    int bestEnd = -1;
    /// Words of `text` that match a query word (stems, CJK characters), [begin, end) each, in
    /// order; highlighted. Empty with bestBegin >= 0: nothing matched lexically.
    QVector<QPair<int, int>> matches;
};

/// One side's answer to one query.
struct SearchOutcome {
    QString query;  ///< the query these results answer (its words are highlighted)
    QVector<SearchHitRow> rows;
    QString mode;           ///< "dense", "bm25" or "hybrid"
    double encodeMs = 0.0;  ///< query encoding (0 in bm25 mode)
    double searchMs = 0.0;  ///< index lookup (and fusion)
    bool reranked = false;  ///< the first stage's top rerankDepth were re-scored by a re-ranker
    int rerankDepth = 0;    ///< first-stage results re-scored
    /// Share of the first-stage score in the re-scored order (0: the re-ranker's order alone).
    double rerankWeight = 0.0;
    double rerankMs = 0.0;  ///< re-ranker scoring time
    QString rerankQuery;    ///< what a translate-test re-ranker read ("" = the query as typed)
    QString error;          ///< not empty: the search failed, shown instead of rows
    QString warning;        ///< e.g. scores too close to tell the documents apart
};

/// The words of a query that are highlighted in passages where they occur literally
/// (case-insensitively): runs of letters and digits, longest first so that a longer word wins
/// over a word it contains.
QStringList queryWords(const QString& query);

/// `text` as HTML with every literal occurrence of `words` marked (<b> on a highlight
/// background); everything else escaped. When the first match lies beyond `contextChars`
/// characters, the passage starts with an ellipsis shortly before it so the match is visible.
QString highlightedHtml(const QString& text, const QStringList& words, int contextChars = 160);

/// A result's passage as HTML: from its best sentence (an ellipsis before when that is not the
/// first) to at most `shownChars` characters, cut between words, its matched words marked.
/// Without a best sentence (bestBegin < 0), highlightedHtml(text, queryWords(query)).
QString passageHtml(const SearchHitRow& row, const QString& query, int shownChars = 700);

/// The results table: rank, score (bar), language, document, passage.
class SearchResultsModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        RankColumn,
        FirstStageColumn,  ///< rank before re-ranking (hidden when not re-ranked)
        ScoreColumn,
        LanguageColumn,
        DocumentColumn,
        PassageColumn
    };
    /// Item data role of the score bar's fill, 0..1 (ScoreColumn).
    static constexpr int kBarRole = Qt::UserRole + 1;
    /// Item data role of the passage as highlighted HTML (PassageColumn).
    static constexpr int kHtmlRole = Qt::UserRole + 2;

    explicit SearchResultsModel(QObject* parent = nullptr);

    void setOutcome(const SearchOutcome& outcome);
    void clear();
    const QVector<SearchHitRow>& rows() const { return rows_; }
    bool reranked() const { return reranked_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

  private:
    QVector<SearchHitRow> rows_;
    QStringList html_;        ///< highlighted passages, one per row
    double barOffset_ = 0.0;  ///< score at an empty bar
    double barScale_ = 1.0;   ///< bar fill per score unit above barOffset_
    bool cosine_ = true;      ///< dense scores: the bar is the cosine itself
    bool reranked_ = false;
    double rerankWeight_ = 0.0;
};

/// Paints the score column as a bar with its value and the passage column as rich text.
class SearchResultDelegate : public QStyledItemDelegate {
    Q_OBJECT
  public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

}  // namespace isomorph::views
