#!/usr/bin/env bash
# Prints a help2man include file (--include) with a COMMANDS section: the --help of every
# command of PROGRAM ("train", "corpus build-demo", ...), as `PROGRAM --help-all` prints them
# after "@@ PATH" lines, so the man page lists each command's options exactly as the program
# does. Usage: man-subcommands.sh PROGRAM
set -euo pipefail
program=$1
help=$("$program" --help-all)

printf '[COMMANDS]\nEvery command with its options, as %s COMMAND --help prints them.\n' \
  "$(basename "$program")"
# Each "@@ PATH" starts a subsection of verbatim text: backslashes escaped, lines starting with
# . or ' protected; the program's own help (a bare "@@") is the man page's body already.
awk '
  function close_section() { if (open) { print ".fi"; open = 0 } }
  /^@@/ {
    close_section()
    path = substr($0, 4)
    skip = (path == "")
    if (!skip) { printf ".SS \"%s\"\n.nf\n", path; open = 1 }
    next
  }
  skip { next }
  {
    gsub(/\\/, "\\e")
    if ($0 ~ /^[.'"'"']/) $0 = "\\&" $0
    print
  }
  END { close_section() }
' <<<"$help"
