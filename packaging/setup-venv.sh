#!/usr/bin/env bash
# The Python virtual environment for the PyPI tools Isomorph works with (never the system
# Python): TensorBoard, to watch runs (every run writes TensorBoard event files) and for the test
# that opens them with TensorBoard's own reader. Idempotent; prints the environment's folder.
# Usage: packaging/setup-venv.sh   Environment: ISOMORPH_VENV (default ~/.cache/isomorph/venv),
# PYTHON (the interpreter that creates it; default python3).
set -euo pipefail
venv=${ISOMORPH_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/isomorph/venv}
py=${PYTHON:-python3}
tensorboard=tensorboard==2.21.0
log() { echo "setup-venv: $*" >&2; }

if [ ! -x "$venv/bin/python" ]; then
  log "creating $venv"
  "$py" -m venv "$venv" || { log "$py -m venv failed (on Debian: apt-get install python3-venv)"; exit 1; }
fi
if ! "$venv/bin/python" -c 'import tensorboard' 2>/dev/null; then
  log "installing $tensorboard from PyPI"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$tensorboard" ||
    { log "pip could not install $tensorboard (is PyPI reachable?)"; exit 1; }
fi
echo "$venv"
