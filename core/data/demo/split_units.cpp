// Split units of the demo corpus: commands that share pages or most of their text go to one split,
// so no page text of dev or test is also a training page (issue 12, item 1.1).

#include "core/data/demo/split_units.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <unordered_map>

#include "core/data/demo/sentence_splitter.h"

namespace isomorph::data::demo {
namespace {

void appendUtf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

bool inRange(char32_t c, char32_t lo, char32_t hi) {
    return c >= lo && c <= hi;
}

bool isSeparator(char32_t c) {
    if (c < 0x80)
        return !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
    return inRange(c, 0xA0, 0xBF) || c == 0xD7 || c == 0xF7 || inRange(c, 0x2000, 0x206F) ||
           c == 0x2212 || inRange(c, 0x3000, 0x303F) || inRange(c, 0xFF01, 0xFF0F) ||
           inRange(c, 0xFF1A, 0xFF20) || inRange(c, 0xFF3B, 0xFF40) || inRange(c, 0xFF5B, 0xFF65);
}

// Lower case for the scripts of the installed translations that have case (Latin, Greek,
// Cyrillic); other code points come back unchanged.
char32_t lower(char32_t c) {
    if (inRange(c, 'A', 'Z')) return c + 0x20;
    if ((inRange(c, 0xC0, 0xDE) && c != 0xD7) || inRange(c, 0x391, 0x3AB) ||
        inRange(c, 0x410, 0x42F))
        return c == 0x3A2 ? c : c + 0x20;
    if (inRange(c, 0x400, 0x40F)) return c + 0x50;
    const bool evenUpper = inRange(c, 0x100, 0x12F) || inRange(c, 0x132, 0x137) ||
                           inRange(c, 0x14A, 0x177) || inRange(c, 0x460, 0x481) ||
                           inRange(c, 0x48A, 0x4BF) || inRange(c, 0x4D0, 0x52F);
    const bool oddUpper = inRange(c, 0x139, 0x148) || inRange(c, 0x179, 0x17E);
    if ((evenUpper && c % 2 == 0) || (oddUpper && c % 2 == 1)) return c + 1;
    return c;
}

class UnionFind {
  public:
    explicit UnionFind(size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
    size_t find(size_t i) {
        while (parent_[i] != i)
            i = parent_[i] = parent_[parent_[i]];
        return i;
    }
    bool unite(size_t a, size_t b) {
        a = find(a);
        b = find(b);
        if (a == b) return false;
        parent_[std::max(a, b)] = std::min(a, b);  // the smaller index (name) is the root
        return true;
    }

  private:
    std::vector<size_t> parent_;
};

// The distinct normalised sentences of a page.
std::set<std::string> pageSentences(const Document& d) {
    std::set<std::string> out;
    for (const auto& s : d.page.sections)
        for (const auto& sentence : s.sentences) {
            std::string n = normaliseText(sentence);
            if (!n.empty()) out.insert(std::move(n));
        }
    return out;
}

// Pairs of commands (by index) whose pages in one language are near-duplicates.
std::vector<std::pair<size_t, size_t>> nearDuplicates(
    const LanguageDocs& docs, const std::map<std::string, size_t>& commandIndex) {
    std::vector<size_t> command;
    std::unordered_map<std::string, std::vector<size_t>> postings;  // sentence -> pages
    for (const auto& [key, d] : docs) {
        const size_t page = command.size();
        command.push_back(commandIndex.at(d.command));
        for (const auto& s : pageSentences(d))
            if (utf8Length(s) >= kDistinctiveMinChars) postings[s].push_back(page);
    }
    // A page's distinctive sentences (boilerplate left out), so that pages padded with the same
    // credits and --help lines (base32, base64, basenc) are judged by their own text only.
    std::vector<size_t> distinctive(command.size(), 0);
    std::map<std::pair<size_t, size_t>, size_t> shared;
    for (const auto& [sentence, pages] : postings) {
        if (pages.size() > kBoilerplatePages) continue;
        for (size_t p : pages)
            ++distinctive[p];
        for (size_t i = 0; i < pages.size(); ++i)
            for (size_t j = i + 1; j < pages.size(); ++j)
                ++shared[{pages[i], pages[j]}];
    }
    std::vector<std::pair<size_t, size_t>> out;
    for (const auto& [pages, n] : shared) {
        const size_t smaller = std::min(distinctive[pages.first], distinctive[pages.second]);
        if (n >= kNearDuplicateMinShared && 2 * n >= smaller)
            out.emplace_back(command[pages.first], command[pages.second]);
    }
    return out;
}

}  // namespace

std::string normaliseText(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool pendingSpace = false;
    for (size_t i = 0, len = 0; i < text.size(); i += len) {
        const char32_t c = decodeUtf8(text, i, len);
        if (isSeparator(c)) {
            pendingSpace = !out.empty();
            continue;
        }
        if (pendingSpace) out += ' ';
        pendingSpace = false;
        appendUtf8(out, lower(c));
    }
    return out;
}

SplitUnits groupSplitUnits(const Corpus& corpus,
                           const std::vector<std::pair<std::string, std::string>>& aliases) {
    std::map<std::string, size_t> index;  // sorted, so a smaller index is a smaller name
    for (const auto& [lang, docs] : corpus)
        for (const auto& [key, d] : docs)
            index.emplace(d.command, 0);
    for (const auto& [a, b] : aliases) {
        index.emplace(a, 0);
        index.emplace(b, 0);
    }
    std::vector<std::string> names;
    for (auto& [name, i] : index) {
        i = names.size();
        names.push_back(name);
    }
    UnionFind uf(names.size());
    SplitUnits out;
    for (const auto& [a, b] : aliases)
        out.links["alias"] += uf.unite(index.at(a), index.at(b));
    out.links["near_duplicate"] = 0;
    for (const auto& [lang, docs] : corpus)
        for (const auto& [a, b] : nearDuplicates(docs, index))
            out.links["near_duplicate"] += uf.unite(a, b);
    std::vector<size_t> size(names.size(), 0);
    for (size_t i = 0; i < names.size(); ++i)
        ++size[uf.find(i)];
    for (size_t i = 0; i < names.size(); ++i) {
        const size_t root = uf.find(i);
        out.unitOf[names[i]] = names[root];
        out.units += root == i;
        out.groupedCommands += size[root] > 1;
    }
    return out;
}

void SplitTextIndex::add(std::string_view text) {
    std::string n = normaliseText(text);
    if (!n.empty()) seen_.insert(std::move(n));
}

bool SplitTextIndex::contains(std::string_view text) const {
    const std::string n = normaliseText(text);
    return !n.empty() && seen_.count(n) > 0;
}

}  // namespace isomorph::data::demo
