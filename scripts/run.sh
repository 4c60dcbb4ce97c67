#!/usr/bin/env bash
# Set up a virtual environment with the project (again only when pyproject.toml changes),
# then start the bot: `bash scripts/run.sh [console|migrate|sync …]` (python -m bot …).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
  echo "準備中（初回のみ数十秒かかります）… / Installing…" >&2
  .venv/bin/python -m pip install -q -e . >/dev/null
  rm -f .venv/.installed-* && touch "$stamp"
fi
exec .venv/bin/python -m bot "$@"
