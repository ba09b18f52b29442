#include "core/data/shards/binarizer.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <unistd.h>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "core/common/atomic_file.h"
#include "core/common/errors.h"
#include "core/common/hash.h"
#include "core/common/language.h"
#include "core/data/readers/document_reader.h"
#include "core/data/readers/tsv_pair_reader.h"
#include "core/data/shards/shard_format.h"
#include "core/text/hf_tokenizer.h"
#include "core/text/tokenizer.h"

namespace isomorph::data::shards {
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

// Documents read from one input, waiting to be tokenized.
struct Chunk {
    uint64_t seq = 0;
    uint32_t source = 0;
    bool lineNumbersPerSentence = false;  // plain text: sentence i is on line doc.line + i
    std::vector<Document> docs;
    std::vector<uint16_t> sentenceLanguage;  // all sentences of the chunk, in order
};

// A tokenized chunk, ready to append to the current shard.
struct Encoded {
    uint32_t source = 0;
    std::vector<uint32_t> tokens;
    std::vector<uint64_t> sentenceLength, sentenceLine;
    std::vector<uint16_t> sentenceLanguage;
    std::vector<uint64_t> docSentences;
    uint64_t unknown = 0;
};

Encoded encode(const Chunk& chunk, const ShardTokenizer& tokenizer) {
    Encoded out;
    out.source = chunk.source;
    std::vector<int32_t> ids;
    for (size_t d = 0; d < chunk.docs.size(); ++d) {
        const Document& doc = chunk.docs[d];
        out.docSentences.push_back(doc.sentences.size());
        for (size_t s = 0; s < doc.sentences.size(); ++s) {
            ids.clear();
            tokenizer.encodeAppend(doc.sentences[s], ids);
            for (int32_t id : ids) {
                out.tokens.push_back(static_cast<uint32_t>(id));
                if (id == tokenizer.unk) ++out.unknown;
            }
            out.sentenceLength.push_back(ids.size());
            out.sentenceLine.push_back(chunk.lineNumbersPerSentence ? doc.line + s : doc.line);
            out.sentenceLanguage.push_back(chunk.sentenceLanguage[out.sentenceLanguage.size()]);
        }
    }
    return out;
}

void writeOrThrow(std::FILE* f, const void* data, size_t bytes, const fs::path& path) {
    if (bytes > 0 && std::fwrite(data, 1, bytes, f) != bytes) {
        throw DataError("cannot write " + path.string() + ": " + std::strerror(errno) +
                        " (is the disk full?)");
    }
}

void closeSynced(std::FILE* f, const fs::path& path) {
    if (std::fflush(f) != 0 || ::fsync(::fileno(f)) != 0) {
        const int err = errno;
        std::fclose(f);
        throw DataError("cannot write " + path.string() + ": " + std::strerror(err));
    }
    if (std::fclose(f) != 0) throw DataError("cannot close " + path.string());
}

// One index array of the current shard, spilled to a temporary file as it grows so that memory
// does not depend on the shard's size; copied into the .idx file when the shard is finished.
template <typename T>
class SpilledArray {
  public:
    void open(const fs::path& path) {
        close();
        path_ = path;
        file_ = std::fopen(path.c_str(), "w+b");
        if (file_ == nullptr)
            throw DataError("cannot create " + path.string() + ": " + std::strerror(errno));
        size_ = 0;
    }
    void push(T value) {
        writeOrThrow(file_, &value, sizeof value, path_);
        ++size_;
    }
    uint64_t size() const { return size_; }
    // Appends the array, zero-padded to 8 bytes, to `out`, then deletes the temporary file.
    void copyTo(std::FILE* out, const fs::path& outPath) {
        if (std::fflush(file_) != 0 || std::fseek(file_, 0, SEEK_SET) != 0) {
            throw DataError("cannot read back " + path_.string());
        }
        std::vector<char> buffer(1 << 20);
        for (size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), file_)) > 0;) {
            writeOrThrow(out, buffer.data(), n, outPath);
        }
        static const char zeros[8] = {};
        const uint64_t bytes = size_ * sizeof(T);
        writeOrThrow(out, zeros, alignUp8(bytes) - bytes, outPath);
        close();
    }
    ~SpilledArray() { close(); }

  private:
    void close() {
        if (file_ == nullptr) return;
        std::fclose(file_);
        file_ = nullptr;
        std::error_code ec;
        fs::remove(path_, ec);
    }
    std::FILE* file_ = nullptr;
    fs::path path_;
    uint64_t size_ = 0;
};

// Appends encoded chunks to shard files, starting a new shard when one is full.
class ShardWriter {
  public:
    ShardWriter(fs::path dir, uint64_t tokenizerHash, uint64_t maxTokens)
        : dir_(std::move(dir)), hash_(tokenizerHash), maxTokens_(maxTokens) {}
    ~ShardWriter() {
        if (tok_ != nullptr) std::fclose(tok_);
    }

    void append(const Encoded& e) {
        if (tok_ == nullptr) startShard();
        size_t token = 0, sentence = 0;
        for (uint64_t count : e.docSentences) {
            if (tokens_ >= maxTokens_ && documents_ > 0) {
                finishShard();
                startShard();
            }
            uint64_t docTokens = 0;
            for (uint64_t s = 0; s < count; ++s, ++sentence) {
                docTokens += e.sentenceLength[sentence];
                tokens_ += e.sentenceLength[sentence];
                sentenceOffset_.push(tokens_);
                sentenceLine_.push(e.sentenceLine[sentence]);
                sentenceLanguage_.push(e.sentenceLanguage[sentence]);
                countLanguage(e.sentenceLanguage[sentence], e.sentenceLength[sentence]);
            }
            writeOrThrow(tok_, e.tokens.data() + token, docTokens * 4, tokPath());
            token += docTokens;
            documentOffset_.push(sentenceOffset_.size() - 1);
            documentSource_.push(e.source);
            ++documents_;
        }
    }

    void finish() {
        if (tok_ != nullptr) finishShard();
    }

    const std::vector<nlohmann::json>& shards() const { return shards_; }
    uint64_t languageSentences(size_t lang) const {
        return lang < langSentences_.size() ? langSentences_[lang] : 0;
    }
    uint64_t languageTokens(size_t lang) const {
        return lang < langTokens_.size() ? langTokens_[lang] : 0;
    }

  private:
    void countLanguage(uint16_t lang, uint64_t tokens) {
        if (lang >= langSentences_.size()) {
            langSentences_.resize(lang + 1, 0);
            langTokens_.resize(lang + 1, 0);
        }
        ++langSentences_[lang];
        langTokens_[lang] += tokens;
    }

    std::string name() const {
        char buf[32];
        std::snprintf(buf, sizeof buf, "shard-%05zu", shards_.size());
        return buf;
    }
    fs::path tokPath() const { return dir_ / (name() + ".tok"); }
    fs::path idxPath() const { return dir_ / (name() + ".idx"); }

    void startShard() {
        tok_ = std::fopen(tokPath().c_str(), "wb");
        if (tok_ == nullptr) {
            throw DataError("cannot create " + tokPath().string() + ": " + std::strerror(errno));
        }
        TokHeader placeholder{};
        writeOrThrow(tok_, &placeholder, sizeof placeholder, tokPath());
        tokens_ = documents_ = 0;
        const std::string base = "." + name();
        sentenceOffset_.open(dir_ / (base + ".sentence-offsets"));
        sentenceLine_.open(dir_ / (base + ".sentence-lines"));
        sentenceLanguage_.open(dir_ / (base + ".sentence-languages"));
        documentOffset_.open(dir_ / (base + ".document-offsets"));
        documentSource_.open(dir_ / (base + ".document-sources"));
        sentenceOffset_.push(0);
        documentOffset_.push(0);
    }

    void finishShard() {
        TokHeader th{};
        std::memcpy(th.magic, kTokMagic, sizeof th.magic);
        th.version = kFormatVersion;
        th.bytesPerToken = 4;
        th.tokenizerHash = hash_;
        th.tokens = tokens_;
        if (std::fseek(tok_, 0, SEEK_SET) != 0)
            throw DataError("cannot seek in " + tokPath().string());
        writeOrThrow(tok_, &th, sizeof th, tokPath());
        closeSynced(tok_, tokPath());
        tok_ = nullptr;

        const uint64_t sentences = sentenceLine_.size();
        IdxHeader ih{};
        std::memcpy(ih.magic, kIdxMagic, sizeof ih.magic);
        ih.version = kFormatVersion;
        ih.tokenizerHash = hash_;
        ih.sentences = sentences;
        ih.documents = documents_;
        ih.tokens = tokens_;
        std::FILE* idx = std::fopen(idxPath().c_str(), "wb");
        if (idx == nullptr)
            throw DataError("cannot create " + idxPath().string() + ": " + std::strerror(errno));
        try {
            writeOrThrow(idx, &ih, sizeof ih, idxPath());
            sentenceOffset_.copyTo(idx, idxPath());
            sentenceLine_.copyTo(idx, idxPath());
            documentOffset_.copyTo(idx, idxPath());
            documentSource_.copyTo(idx, idxPath());
            sentenceLanguage_.copyTo(idx, idxPath());
        } catch (...) {
            std::fclose(idx);
            throw;
        }
        closeSynced(idx, idxPath());
        shards_.push_back({{"name", name()},
                           {"documents", documents_},
                           {"sentences", sentences},
                           {"tokens", tokens_}});
    }

    fs::path dir_;
    uint64_t hash_;
    uint64_t maxTokens_;
    std::FILE* tok_ = nullptr;
    uint64_t tokens_ = 0, documents_ = 0;
    SpilledArray<uint64_t> sentenceOffset_, sentenceLine_, documentOffset_;
    SpilledArray<uint32_t> documentSource_;
    SpilledArray<uint16_t> sentenceLanguage_;
    std::vector<nlohmann::json> shards_;
    std::vector<uint64_t> langSentences_, langTokens_;
};

// Reads chunks in order on the calling thread, tokenizes them on `threads` workers and appends
// them to the writer strictly in reading order, with at most `window` chunks in memory.
class Pipeline {
  public:
    Pipeline(const ShardTokenizer& tokenizer, ShardWriter& writer, int threads)
        : tokenizer_(tokenizer), writer_(writer), window_(static_cast<size_t>(threads) * 3) {
        for (int i = 0; i < threads; ++i)
            workers_.emplace_back([this] { work(); });
    }
    ~Pipeline() { stop(); }

    /// Blocks while the window is full. Rethrows a worker's error.
    void push(Chunk chunk) {
        std::unique_lock<std::mutex> lock(mutex_);
        spaceFree_.wait(lock, [this] { return inFlight_ < window_ || error_; });
        if (error_) std::rethrow_exception(error_);
        ++inFlight_;
        queue_.push_back(std::move(chunk));
        workAvailable_.notify_one();
    }

    /// Waits until everything pushed is written.
    void drain() {
        std::unique_lock<std::mutex> lock(mutex_);
        spaceFree_.wait(lock, [this] { return inFlight_ == 0 || error_; });
        if (error_) std::rethrow_exception(error_);
    }

    void stop() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stopping_ = true;
        }
        workAvailable_.notify_all();
        for (auto& t : workers_)
            t.join();
        workers_.clear();
    }

    uint64_t unknown() const { return unknown_; }

  private:
    void work() {
        while (true) {
            Chunk chunk;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                workAvailable_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
                if (stopping_) return;
                chunk = std::move(queue_.front());
                queue_.pop_front();
            }
            try {
                Encoded e = encode(chunk, tokenizer_);
                std::unique_lock<std::mutex> lock(mutex_);
                done_.emplace(chunk.seq, std::move(e));
                writeReady(lock);
            } catch (...) {
                std::lock_guard<std::mutex> lock(mutex_);
                if (!error_) error_ = std::current_exception();
                spaceFree_.notify_all();
            }
        }
    }

    // Writes finished chunks in sequence; the one worker that holds the next chunk does it,
    // outside the lock, so tokenizing continues meanwhile.
    void writeReady(std::unique_lock<std::mutex>& lock) {
        if (writing_) return;
        writing_ = true;
        while (!error_) {
            auto it = done_.find(nextToWrite_);
            if (it == done_.end()) break;
            Encoded e = std::move(it->second);
            done_.erase(it);
            lock.unlock();
            writer_.append(e);
            unknown_ += e.unknown;
            lock.lock();
            ++nextToWrite_;
            --inFlight_;
            spaceFree_.notify_all();
        }
        writing_ = false;
    }

    const ShardTokenizer& tokenizer_;
    ShardWriter& writer_;
    const size_t window_;
    std::mutex mutex_;
    std::condition_variable workAvailable_, spaceFree_;
    std::deque<Chunk> queue_;
    std::unordered_map<uint64_t, Encoded> done_;
    std::vector<std::thread> workers_;
    uint64_t nextToWrite_ = 0;
    size_t inFlight_ = 0;
    bool writing_ = false;
    bool stopping_ = false;
    std::exception_ptr error_;
    std::atomic<uint64_t> unknown_{0};
};

// Documents of one input with the language of each sentence; pairs become 2-sentence documents.
class InputStream {
  public:
    InputStream(const BinarizeInput& input, const ReadOptions& options) {
        if (input.pairs) {
            pairs_ =
                std::make_unique<TsvPairReader>(input.path, input.lang, input.tgtLang, options);
        } else {
            docs_ = openDocumentReader(input.path, input.lang, options);
        }
    }

    bool next(Document& doc, std::vector<std::string>& sentenceLangs) {
        if (docs_) {
            if (!docs_->next(doc)) return false;
            sentenceLangs.assign(doc.sentences.size(), doc.lang);
            return true;
        }
        SentencePair pair;
        if (!pairs_->next(pair)) return false;
        doc.lang = pairs_->srcLang();
        doc.line = pair.line;
        doc.sentences = {std::move(pair.src), std::move(pair.tgt)};
        sentenceLangs = {pairs_->srcLang(), pairs_->tgtLang()};
        return true;
    }

    uint64_t replacements() const {
        return docs_ ? docs_->lines().replacements() : pairs_->lines().replacements();
    }

  private:
    std::unique_ptr<DocumentReader> docs_;
    std::unique_ptr<TsvPairReader> pairs_;
};

fs::path makeTempDir(const fs::path& outDir) {
    fs::path parent = outDir.parent_path();
    if (parent.empty()) parent = ".";
    std::error_code ec;
    fs::create_directories(parent, ec);
    std::string tmpl = (parent / ("." + outDir.filename().string() + ".tmp-XXXXXX")).string();
    if (::mkdtemp(tmpl.data()) == nullptr) {
        throw DataError("cannot create a directory next to " + outDir.string() + ": " +
                        std::strerror(errno));
    }
    return tmpl;
}

}  // namespace

ShardTokenizer ShardTokenizer::of(const text::Tokenizer& tokenizer) {
    ShardTokenizer t;
    t.encodeAppend = [&tokenizer](std::string_view s, std::vector<int32_t>& ids) {
        tokenizer.encodeAppend(s, ids);
    };
    t.unk = text::Tokenizer::kUnk;
    t.vocabSize = tokenizer.vocabSize();
    t.hash = tokenizer.hash();
    return t;
}

ShardTokenizer ShardTokenizer::of(const text::HfTokenizer& tokenizer) {
    ShardTokenizer t;
    t.encodeAppend = [&tokenizer](std::string_view s, std::vector<int32_t>& ids) {
        tokenizer.encodeAppend(s, ids);
    };
    t.unk = tokenizer.unkId();
    t.vocabSize = tokenizer.vocabSize();
    t.hash = tokenizer.hash();
    return t;
}

BinarizeStats binarize(const std::vector<BinarizeInput>& inputs, const text::Tokenizer& tokenizer,
                       const fs::path& outDir, const BinarizeOptions& options, Feedback* feedback) {
    return binarize(inputs, ShardTokenizer::of(tokenizer), outDir, options, feedback);
}

BinarizeStats binarize(const std::vector<BinarizeInput>& inputs, const ShardTokenizer& tokenizer,
                       const fs::path& outDir, const BinarizeOptions& options, Feedback* feedback) {
    const ProgressFn progress = progressOf(feedback);
    if (inputs.empty()) throw ConfigError("corpus binarize: no input files given");
    std::error_code ec;
    if (fs::exists(outDir, ec) && !options.force) {
        throw DataError(outDir.string() +
                        " already exists; choose another output directory or pass --force");
    }
    const auto start = Clock::now();
    const fs::path tmp = makeTempDir(outDir);
    BinarizeStats stats;
    try {
        const uint64_t hash = std::stoull(tokenizer.hash, nullptr, 16);
        ShardWriter writer(tmp, hash, std::max<uint64_t>(1, options.maxTokensPerShard));
        const int threads =
            options.threads > 0
                ? options.threads
                : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        std::vector<std::string> languages;
        std::unordered_map<std::string, uint16_t> languageIds;
        nlohmann::json sources = nlohmann::json::array();
        uint64_t documents = 0, sentences = 0;
        auto lastReport = Clock::now();
        {
            Pipeline pipeline(tokenizer, writer, threads);
            uint64_t seq = 0;
            for (size_t i = 0; i < inputs.size(); ++i) {
                const BinarizeInput& input = inputs[i];
                const bool jsonl = !input.pairs && input.path.extension() == ".jsonl";
                sources.push_back({{"path", fs::absolute(input.path).string()},
                                   {"format", input.pairs ? "pairs"
                                              : jsonl     ? "jsonl"
                                                          : "text"}});
                InputStream stream(input, options.read);
                Chunk chunk;
                auto flush = [&] {
                    if (chunk.docs.empty()) return;
                    chunk.seq = seq++;
                    pipeline.push(std::move(chunk));
                    chunk = Chunk();
                };
                auto languageId = [&](const std::string& lang) {
                    auto [it, added] =
                        languageIds.emplace(lang, static_cast<uint16_t>(languages.size()));
                    if (added) {
                        if (languages.size() == 0xffff)
                            throw DataError("more than 65535 languages");
                        languages.push_back(lang);
                    }
                    return it->second;
                };
                Document doc;
                std::vector<std::string> sentenceLangs;
                while (stream.next(doc, sentenceLangs)) {
                    chunk.source = static_cast<uint32_t>(i);
                    chunk.lineNumbersPerSentence = !jsonl && !input.pairs;
                    for (const auto& lang : sentenceLangs)
                        chunk.sentenceLanguage.push_back(languageId(lang));
                    documents++;
                    sentences += doc.sentences.size();
                    chunk.docs.push_back(std::move(doc));
                    doc = Document();
                    if (chunk.docs.size() >= options.documentsPerChunk) flush();
                    if (progress && Clock::now() - lastReport > std::chrono::milliseconds(250)) {
                        lastReport = Clock::now();
                        if (!progress(Progress{"binarize " + input.path.string(),
                                               static_cast<int64_t>(i),
                                               static_cast<int64_t>(inputs.size()),
                                               std::to_string(documents) + " documents, " +
                                                   std::to_string(sentences) + " sentences"}))
                            throw Cancelled("binarization cancelled");
                    }
                }
                flush();
                stats.replacedBytes += stream.replacements();
            }
            pipeline.drain();
            stats.unknownTokens = pipeline.unknown();
        }
        writer.finish();
        stats.documents = documents;
        stats.sentences = sentences;
        stats.shards = writer.shards().size();
        if (stats.documents == 0) throw DataError("the input files hold no documents");

        for (size_t l = 0; l < languages.size(); ++l) {
            stats.sentencesPerLanguage[languages[l]] = writer.languageSentences(l);
            stats.tokensPerLanguage[languages[l]] = writer.languageTokens(l);
        }
        nlohmann::json shardList = writer.shards();
        nlohmann::json set = {{"format", "isomorph-shards"},
                              {"version", kFormatVersion},
                              {"tokenizer_hash", tokenizer.hash},
                              {"vocab_size", tokenizer.vocabSize},
                              {"languages", languages},
                              {"sources", sources},
                              {"shards", shardList}};
        writeFileAtomically(tmp / kSetFile, set.dump(2) + "\n");
        for (const auto& s : shardList)
            stats.tokens += s.at("tokens").get<uint64_t>();
        if (options.force && fs::exists(outDir, ec)) fs::remove_all(outDir, ec);
        fs::rename(tmp, outDir, ec);
        if (ec)
            throw DataError("cannot move the shards to " + outDir.string() + ": " + ec.message());
        syncDirectory(outDir.parent_path().empty() ? fs::path(".") : outDir.parent_path());
    } catch (...) {
        fs::remove_all(tmp, ec);
        throw;
    }
    stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return stats;
}

}  // namespace isomorph::data::shards
