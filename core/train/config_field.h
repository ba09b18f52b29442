#pragma once

// One description per run-config field (its TOML key, kind, help text and accessors), from which
// parsing, `--set` overrides, the frozen RUN/config.toml, diffs and the GUI's generated form are
// all derived. Objectives describe their own section with the same helpers
// (core/train/objective_registry.h), so a new method adds fields without touching the parser.
// Torch-free and toml-free.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace isomorph::train {

struct RunConfig;

/// A scalar as parsed from TOML or from a `--set key=value` literal.
using ConfigValue = std::variant<bool, int64_t, double, std::string>;

/// TOML literal text -> ConfigValue; bare words (paths, choices) are strings.
ConfigValue parseConfigLiteral(const std::string& text);

/// Names of an enum's values as written in TOML. Specialise with
///   template <> struct EnumNames<E> { static const std::vector<std::pair<E, const char*>>&
///   table(); };
template <class E>
struct EnumNames;

template <class E>
std::string enumName(E value) {
    for (const auto& [v, name] : EnumNames<E>::table())
        if (v == value) return name;
    return "?";
}

template <class E>
std::optional<E> enumFromName(std::string_view name) {
    for (const auto& [v, n] : EnumNames<E>::table())
        if (name == n) return v;
    return std::nullopt;
}

template <class E>
std::vector<std::string> enumNames() {
    std::vector<std::string> out;
    for (const auto& entry : EnumNames<E>::table())
        out.emplace_back(entry.second);
    return out;
}

template <class T, class = void>
struct IsConfigEnum : std::false_type {};
template <class T>
struct IsConfigEnum<T, std::void_t<decltype(EnumNames<T>::table())>> : std::true_type {};

/// A type parsed from and printed back to a string by its own static parse() and toString()
/// (e.g. model::Pooling: "cls", "mean", "layer:K").
template <class T, class = void>
struct IsConfigParsed : std::false_type {};
template <class T>
struct IsConfigParsed<T, std::void_t<decltype(T::parse(std::string_view(), std::string_view())),
                                     decltype(std::declval<const T&>().toString())>>
    : std::true_type {};

struct ConfigField {
    enum class Kind { Integer, Float, Bool, String, Choice };
    std::string key;  ///< "optimizer.lr"
    Kind kind = Kind::String;
    std::string help;                  ///< one line, with the unit
    std::vector<std::string> choices;  ///< Kind::Choice
    bool isPath = false;  ///< a file or folder, resolved against a base by resolvePaths()
    std::function<std::string(const RunConfig&)> get;  ///< value as TOML literal text
    /// Sets from a parsed value; returns an error message ("" on success).
    std::function<std::string(RunConfig&, const ConfigValue&)> assign;

    /// Sets from TOML literal text (bare words are strings); returns an error message or "".
    std::string set(RunConfig& config, const std::string& literal) const {
        return assign(config, parseConfigLiteral(literal));
    }
};

namespace config_detail {

std::string formatScalar(bool v);
std::string formatScalar(int64_t v);
std::string formatScalar(double v);
std::string formatScalar(const std::string& v);  ///< TOML basic string with escapes

std::string assignScalar(bool& out, const ConfigValue& v);
std::string assignScalar(int64_t& out, const ConfigValue& v);
std::string assignScalar(uint64_t& out, const ConfigValue& v);
std::string assignScalar(double& out, const ConfigValue& v);
std::string assignScalar(std::string& out, const ConfigValue& v);

/// Runs parse(), turning an exception into its message.
std::string tryParse(const std::function<void()>& parse);

template <class T>
std::string format(const T& v) {
    if constexpr (IsConfigEnum<T>::value)
        return formatScalar(enumName(v));
    else if constexpr (IsConfigParsed<T>::value)
        return formatScalar(v.toString());
    else if constexpr (std::is_same_v<T, bool>)
        return formatScalar(v);
    else if constexpr (std::is_integral_v<T>)
        return formatScalar(static_cast<int64_t>(v));
    else
        return formatScalar(v);
}

template <class T>
std::string assign(T& out, const ConfigValue& value, const std::string& key) {
    if constexpr (IsConfigEnum<T>::value || IsConfigParsed<T>::value) {
        std::string text;
        if (auto err = assignScalar(text, value); !err.empty()) return err;
        if constexpr (IsConfigEnum<T>::value) {
            if (auto v = enumFromName<T>(text)) return out = *v, "";
            std::string list;
            for (const auto& n : enumNames<T>())
                list += (list.empty() ? "" : ", ") + n;
            return "must be one of " + list + " (got '" + text + "')";
        } else {
            return tryParse([&] { out = T::parse(text, key); });
        }
    } else {
        return assignScalar(out, value);
    }
}

template <class T>
ConfigField::Kind kindOf() {
    if constexpr (IsConfigEnum<T>::value)
        return ConfigField::Kind::Choice;
    else if constexpr (std::is_same_v<T, bool>)
        return ConfigField::Kind::Bool;
    else if constexpr (std::is_integral_v<T>)
        return ConfigField::Kind::Integer;
    else if constexpr (std::is_floating_point_v<T>)
        return ConfigField::Kind::Float;
    else
        return ConfigField::Kind::String;
}

}  // namespace config_detail

/// Options of makeField beyond key and help.
struct FieldTraits {
    bool isPath = false;
};

/// A field whose value lives at `access(config)` (a lambda returning a reference).
template <class Access>
ConfigField makeField(std::string key, std::string help, Access access, FieldTraits traits = {}) {
    using T = std::decay_t<decltype(access(std::declval<RunConfig&>()))>;
    ConfigField f;
    f.key = std::move(key);
    f.kind = config_detail::kindOf<T>();
    f.help = std::move(help);
    f.isPath = traits.isPath;
    if constexpr (IsConfigEnum<T>::value) f.choices = enumNames<T>();
    f.get = [access](const RunConfig& c) {
        return config_detail::format(access(const_cast<RunConfig&>(c)));
    };
    f.assign = [access, key = f.key](RunConfig& c, const ConfigValue& value) {
        T parsed{};
        if (auto err = config_detail::assign(parsed, value, key); !err.empty()) return err;
        access(c) = parsed;
        return std::string();
    };
    return f;
}

}  // namespace isomorph::train
