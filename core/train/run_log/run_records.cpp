#include "core/train/run_log/run_records.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "core/common/errors.h"

namespace isomorph::train {

using json = nlohmann::json;

namespace {

constexpr const char* kKindTrain = "train";
constexpr const char* kKindEval = "eval";
constexpr const char* kKindEvent = "event";
constexpr const char* kKindSchema = "schema";

/// Fields every record has; a train or eval record's other numbers are its values.
bool isHeaderField(const std::string& key) {
    return key == "kind" || key == "step" || key == "time";
}

/// "step": 0 when missing; throws when present but not a number.
int64_t stepOf(const json& o) {
    const auto it = o.find("step");
    if (it == o.end()) return 0;
    if (it->is_number_integer()) return it->get<int64_t>();
    if (it->is_number_float()) return static_cast<int64_t>(std::llround(it->get<double>()));
    throw DataError(std::string("\"step\" is a JSON ") + it->type_name() + ", expected a number");
}

/// "time": 0 when missing; throws when present but not a number.
double timeOf(const json& o) {
    const auto it = o.find("time");
    if (it == o.end()) return 0;
    if (it->is_number()) return it->get<double>();
    throw DataError(std::string("\"time\" is a JSON ") + it->type_name() + ", expected a number");
}

/// A string field: empty when missing; throws when present but not a string.
std::string stringOf(const json& o, const char* name) {
    const auto it = o.find(name);
    if (it == o.end()) return {};
    if (it->is_string()) return it->get<std::string>();
    throw DataError(std::string("\"") + name + "\" is a JSON " + it->type_name() +
                    ", expected a string");
}

/// A declaration's text field: tolerant, a later writer may add structure.
std::string textOf(const json& o, const char* name) {
    const auto it = o.find(name);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

void readValues(const json& o, ScalarRecord& r) {
    r.step = stepOf(o);
    r.time = timeOf(o);
    for (const auto& [key, value] : o.items()) {
        // null (NaN or Inf when written) and non-numbers are not values; NaN can only come from
        // an object that was never written.
        if (!value.is_number() || isHeaderField(key)) continue;
        if (const double v = value.get<double>(); std::isfinite(v)) r.values.emplace(key, v);
    }
}

EventRecord readEvent(const json& o) {
    EventRecord e;
    e.step = stepOf(o);
    e.time = timeOf(o);
    e.event = stringOf(o, "event");
    e.message = stringOf(o, "message");
    for (const auto& [key, value] : o.items())
        if (!isHeaderField(key) && key != "event" && key != "message") e.details[key] = value;
    return e;
}

SchemaRecord readSchema(const json& o) {
    SchemaRecord s;
    s.step = stepOf(o);
    s.time = timeOf(o);
    const auto metrics = o.find("metrics");
    if (metrics == o.end() || !metrics->is_array())
        throw DataError("a schema record without a \"metrics\" array");
    for (const auto& m : *metrics) {
        if (!m.is_object()) continue;
        MetricDeclaration d;
        d.key = textOf(m, "key");
        if (d.key.empty()) continue;
        d.title = textOf(m, "title");
        d.unit = textOf(m, "unit");
        d.group = textOf(m, "group");
        d.objective = textOf(m, "objective");
        d.better = textOf(m, "better");
        d.kind = textOf(m, "kind");
        d.definition = textOf(m, "definition");
        const auto scale = m.find("scale");
        if (scale != m.end() && scale->is_number()) {
            const double v = scale->get<double>();
            if (std::isfinite(v) && v != 0.0) d.scale = v;
        }
        s.metrics.push_back(std::move(d));
    }
    return s;
}

UnknownRecord readUnknown(const json& o, std::string kind) {
    UnknownRecord u;
    u.kind = std::move(kind);
    // A later writer's record: only what every kind has, and that only when it looks familiar.
    try {
        u.step = stepOf(o);
        u.time = timeOf(o);
    } catch (const DataError&) {
    }
    return u;
}

json encodeValues(const char* kind, const ScalarRecord& r) {
    json j = json::object();
    for (const auto& [key, value] : r.values) {
        if (isCountKey(key) && std::isfinite(value))
            j[key] = static_cast<int64_t>(std::llround(value));
        else
            j[key] = value;  // NaN and Inf dump as null
    }
    j["kind"] = kind;
    j["step"] = r.step;
    j["time"] = r.time;
    return j;
}

json encodeEvent(const EventRecord& e) {
    json j = e.details.is_object() ? e.details : json::object();
    j["kind"] = kKindEvent;
    j["event"] = e.event;
    j["message"] = e.message;
    j["step"] = e.step;
    j["time"] = e.time;
    return j;
}

json encodeSchema(const SchemaRecord& s) {
    json list = json::array();
    for (const auto& m : s.metrics) {
        json d = {{"key", m.key},     {"title", m.title},         {"unit", m.unit},
                  {"group", m.group}, {"objective", m.objective}, {"better", m.better},
                  {"kind", m.kind}};
        if (m.scale != 1) d["scale"] = m.scale;
        if (!m.definition.empty()) d["definition"] = m.definition;
        list.push_back(std::move(d));
    }
    return {{"kind", kKindSchema}, {"step", s.step}, {"time", s.time}, {"metrics", list}};
}

std::string where(const std::filesystem::path& file, int64_t lineNumber) {
    return file.string() + ":" + std::to_string(lineNumber) + ": ";
}

}  // namespace

bool isCountKey(std::string_view key) {
    return key == record_keys::kSkipped || key == record_keys::kBitextPairs;
}

double ScalarRecord::value(std::string_view key, double fallback) const {
    const auto it = values.find(key);
    return it == values.end() ? fallback : it->second;
}

bool MetricDeclaration::operator==(const MetricDeclaration& o) const {
    return key == o.key && title == o.title && unit == o.unit && group == o.group &&
           objective == o.objective && better == o.better && kind == o.kind && scale == o.scale &&
           definition == o.definition;
}

json encodeRunRecord(const RunRecord& record) {
    struct Encoder {
        json operator()(const TrainRecord& r) const { return encodeValues(kKindTrain, r); }
        json operator()(const EvalRecord& r) const { return encodeValues(kKindEval, r); }
        json operator()(const EventRecord& r) const { return encodeEvent(r); }
        json operator()(const SchemaRecord& r) const { return encodeSchema(r); }
        json operator()(const UnknownRecord& r) const {
            throw std::invalid_argument("encodeRunRecord: cannot write a record of unknown kind '" +
                                        r.kind + "'");
        }
    };
    return std::visit(Encoder{}, record);
}

RunRecord decodeRunRecord(const json& object) {
    if (!object.is_object())
        throw DataError(std::string("a JSON ") + object.type_name() + ", expected an object");
    const auto kindField = object.find("kind");
    if (kindField == object.end()) {  // not the trainer's: numbers of a step, at best
        TrainRecord r;
        readValues(object, r);
        return r;
    }
    if (!kindField->is_string())
        throw DataError(std::string("\"kind\" is a JSON ") + kindField->type_name() +
                        ", expected a string");
    const std::string kind = kindField->get<std::string>();
    if (kind == kKindTrain) {
        TrainRecord r;
        readValues(object, r);
        return r;
    }
    if (kind == kKindEval) {
        EvalRecord r;
        readValues(object, r);
        return r;
    }
    if (kind == kKindEvent) return readEvent(object);
    if (kind == kKindSchema) return readSchema(object);
    return readUnknown(object, kind);
}

RunRecord parseRunRecord(std::string_view line, const std::filesystem::path& file,
                         int64_t lineNumber) {
    const json j = json::parse(line, nullptr, false);
    if (j.is_discarded()) throw DataError(where(file, lineNumber) + "not valid JSON");
    try {
        return decodeRunRecord(j);
    } catch (const DataError& e) {
        throw DataError(where(file, lineNumber) + e.what());
    }
}

void appendRunRecord(MetricsLog& log, const RunRecord& record) {
    log.append(encodeRunRecord(record));
}

RunRecords decodeRunRecords(const MetricsLines& lines) {
    RunRecords out;
    out.badLines = lines.badLines;
    for (size_t i = 0; i < lines.records.size(); ++i) {
        try {
            out.records.push_back(decodeRunRecord(lines.records[i]));
        } catch (const DataError& e) {
            const int64_t line = i < lines.recordLines.size() ? lines.recordLines[i] : 0;
            out.badLines.push_back({line, e.what()});
        }
    }
    return out;
}

RunRecords readRunRecords(const std::filesystem::path& path) {
    return decodeRunRecords(readMetricsLines(path));
}

std::optional<TrainRecord> lastTrainRecord(const std::filesystem::path& path, uint64_t tailBytes) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return std::nullopt;
    const auto size = static_cast<uint64_t>(std::max<std::streamoff>(0, in.tellg()));
    // One byte before the tail tells whether its first line is whole or a fragment.
    const uint64_t from = size > tailBytes ? size - tailBytes - 1 : 0;
    in.seekg(static_cast<std::streamoff>(from));
    std::string tail((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return std::nullopt;
    if (from > 0) {
        const size_t firstLine = tail.find('\n');
        tail.erase(0, firstLine == std::string::npos ? tail.size() : firstLine + 1);
    }
    // Only complete lines count: the last one may be half written by the run.
    size_t end = tail.rfind('\n');
    while (end != std::string::npos && end > 0) {
        const size_t begin = tail.rfind('\n', end - 1);
        const size_t start = begin == std::string::npos ? 0 : begin + 1;
        const json j = json::parse(tail.begin() + static_cast<std::ptrdiff_t>(start),
                                   tail.begin() + static_cast<std::ptrdiff_t>(end), nullptr, false);
        if (j.is_object()) {
            try {
                RunRecord r = decodeRunRecord(j);
                if (auto* train = std::get_if<TrainRecord>(&r)) return std::move(*train);
            } catch (const DataError&) {
                // a malformed record is no progress to report
            }
        }
        end = begin;
    }
    return std::nullopt;
}

}  // namespace isomorph::train
