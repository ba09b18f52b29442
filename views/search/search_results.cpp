#include "views/search/search_results.h"

#include <algorithm>
#include <cmath>

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QColor>
#include <QPainter>
#include <QRegularExpression>
#include <QTextDocument>

namespace isomorph::views {
namespace {

/// Passage characters kept after the first shown one: enough for the three lines a row shows
/// at any sensible column width, little enough that laying out the HTML stays cheap.
constexpr int kShownChars = 700;

QRegularExpression wordsPattern(const QStringList& words) {
    QStringList escaped;
    for (const QString& w : words)
        escaped << QRegularExpression::escape(w);
    return QRegularExpression(
        escaped.join(QLatin1Char('|')),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption);
}

/// Where the shown part of a passage starts: at 0, or a little before a match that would
/// otherwise lie beyond the first lines (at a word boundary when there is one nearby).
int snippetStart(const QString& text, int firstMatch, int contextChars) {
    if (firstMatch <= contextChars) return 0;
    int start = firstMatch - contextChars / 4;
    const int space = text.lastIndexOf(QLatin1Char(' '), firstMatch - 1);
    if (space > start - contextChars / 4 && space < firstMatch) start = space + 1;
    return std::max(0, start);
}

}  // namespace

QStringList queryWords(const QString& query) {
    static const QRegularExpression word(QStringLiteral("[\\p{L}\\p{N}]+"),
                                         QRegularExpression::UseUnicodePropertiesOption);
    QStringList out;
    auto it = word.globalMatch(query);
    while (it.hasNext()) {
        const QString w = it.next().captured(0);
        // Single characters would light up half of every passage, except in CJK scripts (from
        // U+2E80), where one character is often a word.
        if (w.size() < 2 && w.at(0).unicode() < 0x2E80) continue;
        if (!out.contains(w, Qt::CaseInsensitive)) out << w;
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const QString& a, const QString& b) { return a.size() > b.size(); });
    return out;
}

QString highlightedHtml(const QString& text, const QStringList& words, int contextChars) {
    if (words.isEmpty()) return text.left(kShownChars).toHtmlEscaped();
    const QRegularExpression pattern = wordsPattern(words);
    const QRegularExpressionMatch first = pattern.match(text);
    const int start =
        first.hasMatch() ? snippetStart(text, first.capturedStart(), contextChars) : 0;
    const QString shown = text.mid(start, kShownChars);
    QString html = start > 0 ? QStringLiteral("…") : QString();
    int at = 0;
    auto it = pattern.globalMatch(shown);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        html += shown.mid(at, m.capturedStart() - at).toHtmlEscaped();
        html += QStringLiteral(
                    "<span style=\"background-color:#ffe08a; color:#000; "
                    "font-weight:600\">") +
                m.captured(0).toHtmlEscaped() + QStringLiteral("</span>");
        at = m.capturedEnd();
    }
    html += shown.mid(at).toHtmlEscaped();
    if (start + shown.size() < text.size()) html += QStringLiteral("…");
    return html;
}

QString passageHtml(const SearchHitRow& row, const QString& query, int shownChars) {
    const QString& text = row.text;
    if (row.bestBegin < 0 || row.bestBegin > text.size())
        return highlightedHtml(text, queryWords(query));
    const int start = row.bestBegin;
    int stop = static_cast<int>(std::min<qsizetype>(text.size(), start + shownChars));
    if (stop < text.size()) {  // between words: at the last space, when there is one
        const int space = static_cast<int>(text.lastIndexOf(QLatin1Char(' '), stop));
        if (space > start) stop = space;
    }
    QString html = start > 0 ? QStringLiteral("… ") : QString();
    int at = start;
    for (const auto& [b, e] : row.matches) {
        if (b < at || e > stop) continue;
        html += text.mid(at, b - at).toHtmlEscaped();
        html += QStringLiteral(
                    "<span style=\"background-color:#ffe08a; color:#000; "
                    "font-weight:600\">") +
                text.mid(b, e - b).toHtmlEscaped() + QStringLiteral("</span>");
        at = e;
    }
    html += text.mid(at, stop - at).toHtmlEscaped();
    if (stop < text.size()) html += QStringLiteral(" …");
    return html;
}

SearchResultsModel::SearchResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void SearchResultsModel::setOutcome(const SearchOutcome& outcome) {
    beginResetModel();
    rows_ = outcome.rows;
    html_.clear();
    for (const auto& r : rows_)
        html_ << passageHtml(r, outcome.query);
    // Cosines are comparable across queries and models (the bar is the cosine); BM25 and fused
    // scores are not, so their bars are relative to the best result. A re-ranker's scores are
    // unbounded logits (often all negative), interpolated ones min-max scaled: either way their
    // bars span the lowest to the highest.
    reranked_ = outcome.reranked;
    rerankWeight_ = outcome.rerankWeight;
    cosine_ = outcome.mode == QLatin1String("dense") && !reranked_;
    barOffset_ = 0.0;
    barScale_ = 1.0;
    if (reranked_) {
        double lo = 0.0, hi = 0.0;
        bool any = false;
        for (const auto& r : rows_)
            if (r.rescored) {
                lo = any ? std::min(lo, r.score) : r.score;
                hi = any ? std::max(hi, r.score) : r.score;
                any = true;
            }
        barOffset_ = lo - (hi - lo) * 0.1;  // the lowest still shows a sliver
        barScale_ = hi > barOffset_ ? 1.0 / (hi - barOffset_) : 1.0;
    } else if (!cosine_) {
        double best = 0.0;
        for (const auto& r : rows_)
            best = std::max(best, r.score);
        barScale_ = best <= 0.0 ? 1.0 : 1.0 / best;
    }
    endResetModel();
}

void SearchResultsModel::clear() {
    beginResetModel();
    rows_.clear();
    html_.clear();
    endResetModel();
}

int SearchResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int SearchResultsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : PassageColumn + 1;
}

QVariant SearchResultsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size()) return {};
    const SearchHitRow& r = rows_.at(index.row());
    const int column = index.column();
    if (role == Qt::DisplayRole) {
        switch (column) {
            case RankColumn:
                return r.rank;
            case FirstStageColumn:
                return r.firstStageRank > 0 ? QVariant(r.firstStageRank) : QVariant();
            case ScoreColumn:
                return QString::number(r.score, 'f', cosine_ ? 3 : 2);
            case LanguageColumn:
                return r.language.isEmpty() ? QStringLiteral("?") : r.language;
            case DocumentColumn:
                return r.id;
            case PassageColumn:
                return r.text;
        }
    }
    if (role == kBarRole && column == ScoreColumn) {
        if (reranked_ && !r.rescored) return 0.0;  // a first-stage score on another scale
        return std::clamp((r.score - barOffset_) * barScale_, 0.0, 1.0);
    }
    if (role == Qt::ForegroundRole && column == FirstStageColumn && r.firstStageRank > 0 &&
        r.firstStageRank != r.rank)
        return r.firstStageRank > r.rank ? QColor(0x1b, 0x7f, 0x3b)   // moved up
                                         : QColor(0xb3, 0x26, 0x1e);  // moved down
    if (role == kHtmlRole && column == PassageColumn) return html_.value(index.row());
    if (role == Qt::ToolTipRole) {
        if (column == PassageColumn)
            return QStringLiteral("<p>%1</p>").arg(r.text.left(2000).toHtmlEscaped());
        if (column == DocumentColumn) return r.id;
        if (column == FirstStageColumn && r.firstStageRank > 0)
            return tr("Rank %1 in the first stage, before re-ranking").arg(r.firstStageRank);
        if (column == ScoreColumn) {
            if (reranked_ && !r.rescored)
                return tr("First-stage score: below the re-ranking depth, not re-scored");
            if (reranked_ && rerankWeight_ >= 1.0)
                return tr(
                    "First-stage score, min-max scaled over the re-scored results: with "
                    "first-stage weight 1 the cross-encoder's scores do not count and "
                    "the first stage's order is kept");
            if (reranked_ && rerankWeight_ > 0.0)
                return tr("Interpolated score: %1 x the first stage's + %2 x the "
                          "cross-encoder's, each min-max scaled over the re-scored results; "
                          "the bar spans the lowest to the highest")
                    .arg(rerankWeight_, 0, 'f', 1)
                    .arg(1.0 - rerankWeight_, 0, 'f', 1);
            if (reranked_)
                return tr(
                    "Re-ranker (cross-encoder) relevance score; the bar spans the lowest "
                    "to the highest re-ranked score");
            return cosine_ ? tr("Cosine similarity of query and passage")
                           : tr("Score (the bar is relative to the best result)");
        }
    }
    if (role == Qt::TextAlignmentRole &&
        (column == RankColumn || column == FirstStageColumn || column == ScoreColumn))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    return {};
}

QVariant SearchResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case RankColumn:
            return tr("#");
        case FirstStageColumn:
            return tr("1st stage");
        case ScoreColumn:
            return tr("Score");
        case LanguageColumn:
            return tr("Lang.");
        case DocumentColumn:
            return tr("Document");
        case PassageColumn:
            return tr("Passage");
    }
    return {};
}

void SearchResultDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                                 const QModelIndex& index) const {
    const int column = index.column();
    if (column != SearchResultsModel::ScoreColumn && column != SearchResultsModel::PassageColumn) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
    const bool selected = opt.state & QStyle::State_Selected;
    const QColor ink = opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    painter->save();
    const QRect r = opt.rect.adjusted(4, 3, -4, -3);
    if (column == SearchResultsModel::ScoreColumn) {
        const double fill = index.data(SearchResultsModel::kBarRole).toDouble();
        const QRect bar(r.left(), r.bottom() - 5, static_cast<int>(std::lround(r.width() * fill)),
                        5);
        painter->fillRect(QRect(r.left(), r.bottom() - 5, r.width(), 5),
                          opt.palette.color(QPalette::Midlight));
        painter->fillRect(bar, QColor(0x3b, 0x82, 0xc4));
        painter->setPen(ink);
        painter->drawText(r.adjusted(0, 0, 0, -7), Qt::AlignRight | Qt::AlignVCenter, text);
    } else {
        QTextDocument doc;
        doc.setDefaultFont(opt.font);
        doc.setDocumentMargin(0);
        doc.setHtml(index.data(SearchResultsModel::kHtmlRole).toString());
        doc.setTextWidth(r.width());
        painter->translate(r.topLeft());
        const QRect clip(0, 0, r.width(), r.height());
        painter->setClipRect(clip);
        QAbstractTextDocumentLayout::PaintContext context;
        context.palette.setColor(QPalette::Text, ink);
        context.clip = clip;
        doc.documentLayout()->draw(painter, context);
    }
    painter->restore();
}

QSize SearchResultDelegate::sizeHint(const QStyleOptionViewItem& option,
                                     const QModelIndex& index) const {
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (index.column() == SearchResultsModel::PassageColumn)
        size.setHeight(option.fontMetrics.lineSpacing() * 3 + 6);
    return size;
}

}  // namespace isomorph::views
