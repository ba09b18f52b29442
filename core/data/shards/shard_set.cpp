#include "core/data/shards/shard_set.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/data/shards/shard_format.h"

namespace isomorph::data::shards {
namespace fs = std::filesystem;

namespace {

struct MappedFile {
    void* data = nullptr;
    size_t size = 0;
};

MappedFile mapFile(const fs::path& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        throw DataError("cannot open shard file " + path.string() + ": " + std::strerror(errno) +
                        "; re-run 'isomorph-cli corpus binarize'");
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        throw DataError("cannot read " + path.string() + ": " + std::strerror(err));
    }
    MappedFile m;
    m.size = static_cast<size_t>(st.st_size);
    if (m.size > 0) {
        m.data = ::mmap(nullptr, m.size, PROT_READ, MAP_SHARED, fd, 0);
        if (m.data == MAP_FAILED) {
            const int err = errno;
            ::close(fd);
            throw DataError("cannot map " + path.string() + ": " + std::strerror(err));
        }
    }
    ::close(fd);
    return m;
}

void unmap(void* data, size_t size) {
    if (data != nullptr && size > 0) ::munmap(data, size);
}

template <typename Header>
const Header& checkHeader(const MappedFile& m, const fs::path& path, const char (&magic)[8],
                          uint64_t expectedHash) {
    if (m.size < sizeof(Header) || std::memcmp(m.data, magic, sizeof magic) != 0) {
        throw DataError(path.string() +
                        " is not an Isomorph shard file (bad magic or shorter than "
                        "its header); re-run 'isomorph-cli corpus binarize'");
    }
    const auto& h = *static_cast<const Header*>(m.data);
    if (h.version != kFormatVersion) {
        throw DataError(path.string() + " has shard format version " + std::to_string(h.version) +
                        "; this Isomorph reads version " + std::to_string(kFormatVersion) +
                        ". Binarize the corpus again");
    }
    if (h.tokenizerHash != expectedHash) {
        throw DataError(path.string() + " was written with tokenizer " + toHex64(h.tokenizerHash) +
                        ", but shards.json names " + toHex64(expectedHash) +
                        "; the shard set is mixed up, binarize the corpus again");
    }
    return h;
}

void checkSize(const MappedFile& m, const fs::path& path, uint64_t expected) {
    if (m.size != expected) {
        throw DataError(path.string() + (m.size < expected ? " is truncated" : " is too long") +
                        ": expected " + std::to_string(expected) + " bytes, found " +
                        std::to_string(m.size) + "; binarize the corpus again");
    }
}

uint64_t parseHash(const std::string& hex, const fs::path& where) {
    if (hex.size() != 16 || hex.find_first_not_of("0123456789abcdef") != std::string::npos) {
        throw DataError(where.string() + ": field 'tokenizer_hash' must be 16 hex digits");
    }
    return std::stoull(hex, nullptr, 16);
}

}  // namespace

std::unique_ptr<Shard> Shard::open(const fs::path& dir, const std::string& name,
                                   uint64_t expectedTokenizerHash) {
    std::unique_ptr<Shard> shard(new Shard());
    const fs::path tokPath = dir / (name + ".tok");
    const fs::path idxPath = dir / (name + ".idx");
    MappedFile tok = mapFile(tokPath);
    shard->tok_ = {tok.data, tok.size};
    MappedFile idx = mapFile(idxPath);
    shard->idx_ = {idx.data, idx.size};

    const auto& th = checkHeader<TokHeader>(tok, tokPath, kTokMagic, expectedTokenizerHash);
    const auto& ih = checkHeader<IdxHeader>(idx, idxPath, kIdxMagic, expectedTokenizerHash);
    if (th.bytesPerToken != 4) throw DataError(tokPath.string() + ": unsupported token width");
    checkSize(tok, tokPath, tokFileSize(th.tokens));
    checkSize(idx, idxPath, idxFileSize(ih.sentences, ih.documents));
    if (ih.tokens != th.tokens) {
        throw DataError(idxPath.string() + " and " + tokPath.string() +
                        " disagree on the token count; binarize the corpus again");
    }
    shard->sentences_ = ih.sentences;
    shard->documents_ = ih.documents;
    shard->tokens_ = th.tokens;
    shard->tokenBase_ =
        reinterpret_cast<const uint32_t*>(static_cast<const char*>(tok.data) + sizeof(TokHeader));
    const char* p = static_cast<const char*>(idx.data) + sizeof(IdxHeader);
    shard->sentenceOffset_ = reinterpret_cast<const uint64_t*>(p);
    p += 8 * (ih.sentences + 1);
    shard->sentenceLine_ = reinterpret_cast<const uint64_t*>(p);
    p += 8 * ih.sentences;
    shard->documentOffset_ = reinterpret_cast<const uint64_t*>(p);
    p += 8 * (ih.documents + 1);
    shard->documentSource_ = reinterpret_cast<const uint32_t*>(p);
    p += alignUp8(4 * ih.documents);
    shard->sentenceLanguage_ = reinterpret_cast<const uint16_t*>(p);

    // The offsets must describe the data exactly; checking the ends is cheap and catches
    // files spliced from different runs.
    if (shard->sentenceOffset_[ih.sentences] != th.tokens ||
        shard->documentOffset_[ih.documents] != ih.sentences) {
        throw DataError(idxPath.string() + " is inconsistent with its tokens; binarize again");
    }
    return shard;
}

Shard::~Shard() {
    unmap(tok_.data, tok_.size);
    unmap(idx_.data, idx_.size);
}

ShardSet ShardSet::open(const fs::path& dir, const std::string& expectedTokenizerHash) {
    const fs::path setPath = dir / kSetFile;
    std::ifstream in(setPath);
    if (!in) {
        throw DataError(dir.string() + " is not a binarized corpus (no " + kSetFile +
                        "); create one with 'isomorph-cli corpus binarize'");
    }
    std::stringstream text;
    text << in.rdbuf();
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::exception& e) {
        throw DataError(setPath.string() + " is not valid JSON: " + e.what());
    }
    ShardSet set;
    set.dir_ = dir;
    try {
        if (j.at("format").get<std::string>() != "isomorph-shards") {
            throw DataError(setPath.string() + ": field 'format' is not 'isomorph-shards'");
        }
        if (j.at("version").get<uint32_t>() != kFormatVersion) {
            throw DataError(setPath.string() + ": shard format version " +
                            std::to_string(j.at("version").get<uint32_t>()) +
                            " is not supported (" + std::to_string(kFormatVersion) +
                            "); binarize the corpus again");
        }
        set.tokenizerHash_ = j.at("tokenizer_hash").get<std::string>();
        set.vocabSize_ = j.at("vocab_size").get<int32_t>();
        set.languages_ = j.at("languages").get<std::vector<std::string>>();
        for (const auto& s : j.at("sources")) {
            set.sources_.push_back(
                {s.at("path").get<std::string>(), s.at("format").get<std::string>()});
        }
        if (!expectedTokenizerHash.empty() && expectedTokenizerHash != set.tokenizerHash_) {
            throw DataError(dir.string() + " was binarized with tokenizer " + set.tokenizerHash_ +
                            ", but the model's tokenizer is " + expectedTokenizerHash +
                            "; binarize the corpus again with this tokenizer");
        }
        const uint64_t hash = parseHash(set.tokenizerHash_, setPath);
        for (const auto& s : j.at("shards")) {
            set.shards_.push_back(Shard::open(dir, s.at("name").get<std::string>(), hash));
            const Shard& shard = *set.shards_.back();
            for (uint64_t i = 0; i < shard.sentenceCount(); ++i) {
                if (shard.sentenceLanguage(i) >= set.languages_.size()) {
                    throw DataError(setPath.string() + ": shard " +
                                    s.at("name").get<std::string>() +
                                    " names a language the set does not list; binarize again");
                }
            }
            set.docStart_.push_back(set.docStart_.back() + shard.documentCount());
            set.sentences_ += shard.sentenceCount();
            set.tokens_ += shard.tokenCount();
        }
    } catch (const nlohmann::json::exception& e) {
        throw DataError(setPath.string() + ": " + e.what());
    }
    return set;
}

std::pair<size_t, uint64_t> ShardSet::locateDocument(uint64_t doc) const {
    auto it = std::upper_bound(docStart_.begin(), docStart_.end(), doc);
    const size_t shard = static_cast<size_t>(it - docStart_.begin()) - 1;
    return {shard, doc - docStart_[shard]};
}

}  // namespace isomorph::data::shards
