#pragma once

// Shared by the libFuzzer targets: expected input errors are DataError; anything else escaping
// (another exception, a crash, a sanitizer report) is a finding.

#include "core/common/errors.h"

namespace isomorph::fuzz {

template <typename Fn>
void guarded(Fn&& fn) {
    try {
        fn();
    } catch (const isomorph::DataError&) {
    }
}

}  // namespace isomorph::fuzz
