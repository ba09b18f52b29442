#pragma once

#include <stdexcept>
#include <string>

namespace isomorph {

/// Base of every error the engine throws for bad input or a failed operation. Messages name the
/// file, line, field, flag or tensor shape that is wrong and say what to do about it; front ends
/// print them as they are (no stack traces). Programming errors use std::logic_error instead.
class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// A configuration value, command-line flag or device choice is invalid.
class ConfigError : public Error {
  public:
    using Error::Error;
};

/// Input data (a corpus, a model file, a workspace folder) is missing, unreadable or malformed.
class DataError : public Error {
  public:
    using Error::Error;
};

/// A checkpoint cannot be written or read back.
class CheckpointError : public Error {
  public:
    using Error::Error;
};

/// Training produced NaN/Inf values.
class Diverged : public Error {
  public:
    using Error::Error;
};

/// Long work was stopped because the caller asked for it.
class Cancelled : public Error {
  public:
    using Error::Error;
};

}  // namespace isomorph
