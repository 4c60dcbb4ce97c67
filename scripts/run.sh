#!/usr/bin/env bash
# Set up a virtual environment with the project, then start the bot (python -m bot ...).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q -e . >/dev/null
exec .venv/bin/python -m bot "$@"
