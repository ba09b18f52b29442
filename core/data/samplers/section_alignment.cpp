#include "core/data/samplers/section_alignment.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include <fmt/format.h>

#include "core/common/hash.h"
#include "core/common/random.h"

namespace isomorph::data::samplers {

namespace {

/// "ls.1.de" in language "de" -> "ls.1"; ids without the suffix stay as they are.
std::string pageKey(const Document& d) {
    const std::string suffix = "." + d.lang;
    if (d.id.size() > suffix.size() &&
        d.id.compare(d.id.size() - suffix.size(), suffix.size(), suffix) == 0)
        return d.id.substr(0, d.id.size() - suffix.size());
    return d.id;
}

double cosine(const std::vector<float>& x, const std::vector<float>& y) {
    double dot = 0, nx = 0, ny = 0;
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
        dot += double{x[i]} * y[i];
        nx += double{x[i]} * x[i];
        ny += double{y[i]} * y[i];
    }
    return nx > 0 && ny > 0 ? dot / std::sqrt(nx * ny) : 0.0;
}

std::string sectionText(const Document& d, const Section& s) {
    std::string text;
    for (uint64_t i = s.start; i < s.end && i < d.sentences.size(); ++i) {
        if (!text.empty()) text += ' ';
        text += d.sentences[i];
    }
    return text;
}

uint64_t sentences(const Section& s) {
    return s.end > s.start ? s.end - s.start : 0;
}

/// Sections with a title, in order (their index in the document's list).
std::vector<uint32_t> titledSections(const Document& d) {
    std::vector<uint32_t> out;
    for (uint32_t i = 0; i < d.sections.size(); ++i)
        if (!d.sections[i].title.empty()) out.push_back(i);
    return out;
}

/// One direction's section: a sentence of `q` as the query, the whole of `doc` as document.
RetrievalSection makeSection(const Document& qd, const Section& q, const Document& dd,
                             const Section& doc, const TextTokenizer& tokenize, uint64_t seed) {
    if (sentences(q) == 0) return {};  // dropped by the caller (empty query)
    Rng rng(deriveKey(seed, fnv1a64(qd.id), q.start));
    const uint64_t pick = q.start + rng.below(sentences(q));
    return {tokenize(qd.sentences[pick]), tokenize(sectionText(dd, doc))};
}

}  // namespace

double SectionAlignmentCounts::precision() const {
    return truthMatched > 0 ? double(truthCorrect) / double(truthMatched) : 0.0;
}

double SectionAlignmentCounts::recall() const {
    return truthPairs > 0 ? double(truthCorrect) / double(truthPairs) : 0.0;
}

std::string SectionAlignmentCounts::toString() const {
    std::string text = std::to_string(pagePairs) + " comparable pages (" + std::to_string(pagesA) +
                       " / " + std::to_string(pagesB) + " documents), " +
                       std::to_string(sectionsA) + " / " + std::to_string(sectionsB) +
                       " sections: " + std::to_string(aligned) + " aligned, " +
                       std::to_string(belowEta) + " below eta, " + std::to_string(conflicts) +
                       " lost to a better match, " + std::to_string(tooShort) + " too short";
    if (truthPages > 0)
        text += fmt::format(
            "; against the {} pages with the original's section count: precision {:.3f} ({} of "
            "{}), recall {:.3f} (of {})",
            truthPages, precision(), truthCorrect, truthMatched, recall(), truthPairs);
    return text;
}

std::vector<SectionMatch> matchSections(const std::vector<double>& cosines, size_t rowsA,
                                        size_t colsB, double eta, const std::vector<bool>& usableA,
                                        const std::vector<bool>& usableB) {
    std::vector<SectionMatch> candidates;
    for (size_t i = 0; i < rowsA; ++i) {
        if (!usableA.empty() && !usableA[i]) continue;
        for (size_t j = 0; j < colsB; ++j) {
            if (!usableB.empty() && !usableB[j]) continue;
            const double c = cosines[i * colsB + j];
            if (c > eta) candidates.push_back({uint32_t(i), uint32_t(j), c});
        }
    }
    std::stable_sort(
        candidates.begin(), candidates.end(),
        [](const SectionMatch& x, const SectionMatch& y) { return x.cosine > y.cosine; });
    std::vector<bool> takenA(rowsA, false), takenB(colsB, false);
    std::vector<SectionMatch> out;
    for (const SectionMatch& m : candidates) {
        if (takenA[m.a] || takenB[m.b]) continue;
        takenA[m.a] = takenB[m.b] = true;
        out.push_back(m);
    }
    return out;
}

SectionCorpus buildSectionCorpus(const std::vector<Document>& a, const std::vector<Document>& b,
                                 const TitleEmbedder& embed, const TextTokenizer& tokenize,
                                 const SectionAlignmentOptions& options) {
    SectionCorpus out;
    out.counts.pagesA = static_cast<int64_t>(a.size());
    out.counts.pagesB = static_cast<int64_t>(b.size());
    std::map<std::string, const Document*> byKey;
    for (const Document& d : b)
        byKey.emplace(pageKey(d), &d);
    for (const Document& da : a) {
        auto found = byKey.find(pageKey(da));
        if (found == byKey.end()) continue;
        const Document& db = *found->second;
        const std::vector<uint32_t> sa = titledSections(da), sb = titledSections(db);
        if (sa.empty() || sb.empty()) continue;
        ++out.counts.pagePairs;
        out.counts.sectionsA += static_cast<int64_t>(sa.size());
        out.counts.sectionsB += static_cast<int64_t>(sb.size());
        std::vector<std::string> titles;
        std::vector<bool> usableA, usableB;
        auto text = [&options](const Document& d, const Section& sec) {
            if (!options.withFirstSentence || sec.end <= sec.start ||
                sec.start >= d.sentences.size())
                return sec.title;
            return sec.title + ": " + d.sentences[sec.start];
        };
        for (uint32_t i : sa) {
            titles.push_back(text(da, da.sections[i]));
            usableA.push_back(sentences(da.sections[i]) >= options.minSentences);
        }
        for (uint32_t j : sb) {
            titles.push_back(text(db, db.sections[j]));
            usableB.push_back(sentences(db.sections[j]) >= options.minSentences);
        }
        out.counts.tooShort += std::count(usableA.begin(), usableA.end(), false) +
                               std::count(usableB.begin(), usableB.end(), false);
        const auto vectors = embed(titles);
        std::vector<double> cos(sa.size() * sb.size());
        for (size_t i = 0; i < sa.size(); ++i)
            for (size_t j = 0; j < sb.size(); ++j)
                cos[i * sb.size() + j] = cosine(vectors[i], vectors[sa.size() + j]);
        const auto matches =
            matchSections(cos, sa.size(), sb.size(), options.eta, usableA, usableB);
        for (size_t i = 0; i < sa.size(); ++i) {
            if (!usableA[i]) continue;
            double best = -2;
            for (size_t j = 0; j < sb.size(); ++j)
                if (usableB[j]) best = std::max(best, cos[i * sb.size() + j]);
            const bool matched = std::any_of(matches.begin(), matches.end(),
                                             [&](const SectionMatch& m) { return m.a == i; });
            if (best <= options.eta)
                ++out.counts.belowEta;
            else if (!matched)
                ++out.counts.conflicts;
        }
        out.counts.aligned += static_cast<int64_t>(matches.size());
        if (sa.size() == sb.size()) {  // the ground truth: section i is section i's translation
            ++out.counts.truthPages;
            for (size_t i = 0; i < sa.size(); ++i)
                out.counts.truthPairs += usableA[i] && usableB[i];
            out.counts.truthMatched += static_cast<int64_t>(matches.size());
            out.counts.truthCorrect += std::count_if(
                matches.begin(), matches.end(), [](const SectionMatch& m) { return m.a == m.b; });
        }
        if (matches.empty()) continue;
        RetrievalSource ab, ba;
        for (const SectionMatch& m : matches) {
            const Section& x = da.sections[sa[m.a]];
            const Section& y = db.sections[sb[m.b]];
            ab.sections.push_back(makeSection(da, x, db, y, tokenize, options.seed));
            ba.sections.push_back(makeSection(db, y, da, x, tokenize, options.seed));
        }
        // An empty query or document (a sentence the tokenizer maps to nothing) is dropped.
        for (RetrievalSource* s : {&ab, &ba}) {
            auto& v = s->sections;
            v.erase(std::remove_if(v.begin(), v.end(),
                                   [](const RetrievalSection& r) {
                                       return r.query.empty() || r.section.empty();
                                   }),
                    v.end());
        }
        if (!ab.sections.empty()) out.aToB.sources.push_back(std::move(ab));
        if (!ba.sections.empty()) out.bToA.sources.push_back(std::move(ba));
    }
    out.counts.sourcesAB = static_cast<int64_t>(out.aToB.sources.size());
    return out;
}

}  // namespace isomorph::data::samplers
