#!/usr/bin/env bash
# Builds the .deb with CPack, checks its contents and metadata, and runs the packaged
# isomorph-cli from an extracted copy (proves the private SentencePiece shim is found relative
# to the installed executable). Usage: package_smoke.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/out/*.deb)
echo "package: $deb ($(du -h "$deb" | cut -f1))"

dpkg-deb -c "$deb" > "$work/contents"
for f in ./usr/bin/isomorph ./usr/bin/isomorph-cli ./usr/lib/isomorph/libisomorph_spm.so \
         ./usr/share/applications/org.isomorph.Isomorph.desktop \
         ./usr/share/metainfo/org.isomorph.Isomorph.metainfo.xml \
         ./usr/share/icons/hicolor/scalable/apps/org.isomorph.Isomorph.svg \
         ./usr/share/man/man1/isomorph.1.gz ./usr/share/man/man1/isomorph-cli.1.gz; do
  grep -q " $f\$" "$work/contents" || { echo "missing from package: $f"; exit 1; }
done
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
case "$depends" in *libtorch*) ;; *) echo "Depends lacks libtorch"; exit 1 ;; esac

# The control file's long description: one paragraph, no list separators from CMake.
description=$(dpkg-deb -f "$deb" Description)
case "$description" in *";"*) echo "Description has stray ';':"; echo "$description"; exit 1 ;; esac

desktop-file-validate "$src/packaging/org.isomorph.Isomorph.desktop"
appstreamcli validate --no-net "$src/packaging/org.isomorph.Isomorph.metainfo.xml" >/dev/null

dpkg-deb -x "$deb" "$work/root"
env -u ISOMORPH_SPM_LIBRARY "$work/root/usr/bin/isomorph-cli" doctor --no-gemm --json > "$work/doctor.json"
grep -q "$work/root/usr/lib/isomorph/libisomorph_spm.so" "$work/doctor.json" \
  || { echo "packaged isomorph-cli did not load the packaged shim:"; cat "$work/doctor.json"; exit 1; }
"$work/root/usr/bin/isomorph-cli" --version
# Man pages generated from --help: a real page (title, synopsis) listing the options.
check_man() {  # PAGE TITLE OPTION
  local text
  text=$(zcat "$work/root/usr/share/man/man1/$1")
  [ -n "$text" ] || { echo "empty man page: $1"; exit 1; }
  for want in ".TH $2" ".SH SYNOPSIS" "$3"; do
    grep -qF -- "$want" <<<"$text" || { echo "man page $1 lacks '$want'"; exit 1; }
  done
}
check_man isomorph-cli.1.gz ISOMORPH-CLI 'train'
check_man isomorph.1.gz ISOMORPH 'workspace'
check_man isomorph.1.gz ISOMORPH '\-\-query'

# Every command has a section in isomorph-cli(1) holding each option its --help lists
# (`--help-all` prints every command's --help after an "@@ PATH" line, in one process).
cli="$work/root/usr/bin/isomorph-cli"
page=$(zcat "$work/root/usr/share/man/man1/isomorph-cli.1.gz" | sed 's/\\-/-/g; s/\\e/\\/g')
all=$("$cli" --help-all)
# The same text as the command's own --help.
diff <(awk '/^@@ train$/ { on = 1; next } /^@@/ { on = 0 } on' <<<"$all" | sed '$d') \
     <("$cli" train --help) >/dev/null \
  || { echo "--help-all's train section differs from 'isomorph-cli train --help'"; exit 1; }
checked=0
while IFS= read -r path; do
  section=$(awk -v head=".SS \"$path\"" '$0 == head { on = 1; next } on && /^\.SS / { exit } on' <<<"$page")
  [ -n "$section" ] || { echo "isomorph-cli(1) has no section for '$path'"; exit 1; }
  help=$(awk -v want="@@ $path" '$0 == want { on = 1; next } /^@@/ { on = 0 } on' <<<"$all")
  for opt in $(grep -oE -- '--[a-z][a-z0-9-]*' <<<"$help" | sort -u); do
    grep -qF -- "$opt" <<<"$section" || { echo "isomorph-cli(1): '$path' lacks $opt"; exit 1; }
  done
  checked=$((checked + 1))
done < <(sed -n 's/^@@ \(..*\)$/\1/p' <<<"$all")
[ "$checked" -ge 30 ] || { echo "only $checked commands in --help-all"; exit 1; }
echo "isomorph-cli(1) lists the options of all $checked commands"

# What `apt install ./isomorph_*.deb` does, short of changing this machine: apt resolves the
# package's dependencies from the archive (a simulation installs nothing).
if command -v apt-get >/dev/null; then
  apt-get install --simulate --no-install-recommends "$deb" > "$work/apt.log" 2>&1 \
    || { echo "apt cannot install $deb:"; cat "$work/apt.log"; exit 1; }
  grep -q "^Inst isomorph " "$work/apt.log" || { echo "apt would not install isomorph:"; cat "$work/apt.log"; exit 1; }
fi

echo "package smoke test passed"
