#!/usr/bin/env python3
"""Where CUDA runs break first: a tensor factory that takes no device (issue 26).

Every torch:: tensor factory call in core/ (zeros, ones, empty, full, arange, rand*, eye, linspace,
tensor) must take its device from its inputs or options: its arguments name options, opts, a
device or `.options()`, or the call is moved at once (`torch::tensor(v).to(device)`). A tensor built on the host on purpose (a checkpoint value, a batch filled
through an accessor and moved with .to(device), a doctor measurement) says so with a `// host`
comment on one of the call's lines or the three above. The *_like factories follow their input
and are always fine.

Usage: check_device_factories.py ROOT   (checks ROOT/core; exit 1 and one line per offence)
"""
import pathlib
import re
import sys

FACTORY = re.compile(r"\btorch::(zeros|ones|empty|full|arange|rand|randn|randint|randperm|eye|"
                     r"linspace|tensor)\(")
DEVICE = re.compile(r"device|options|Options|opts|Opts")


def call_span(text, start):
    """Index just past the parenthesis that closes the call opened at text[start - 1]."""
    depth = 1
    i = start
    while i < len(text) and depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    return i


def offences(path):
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    for m in FACTORY.finditer(text):
        end = call_span(text, m.end())
        args = text[m.end():end - 1]
        if DEVICE.search(args) or re.match(r"\s*\.to\(", text[end:]):
            continue
        first = text.count("\n", 0, m.start())
        last = text.count("\n", 0, end)
        window = lines[max(0, first - 3):last + 1]
        if any("// host" in l for l in window):
            continue
        yield first + 1, f"torch::{m.group(1)}({args.strip()[:50]})"


def main():
    root = pathlib.Path(sys.argv[1])
    bad = []
    for path in sorted((root / "core").rglob("*")):
        if path.suffix in (".cpp", ".h"):
            for line, call in offences(path):
                bad.append(f"{path.relative_to(root)}:{line}: {call} takes no device; pass "
                           f"options with the device of its inputs, or mark it `// host` if it "
                           f"is built on the CPU on purpose")
    print("\n".join(bad) if bad else "device factories: every tensor factory in core/ takes a "
          "device or is marked // host")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
