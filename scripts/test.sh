#!/usr/bin/env bash
# Set up a virtual environment with the project and its test extra, then run the whole test
# suite. The store and service tests run on SQLite and, when PostgreSQL is installed, also on
# a temporary PostgreSQL server that this script starts and stops (scripts/pg_server.sh), or
# on the server named by TEST_POSTGRES_URL. TEST_POSTGRES=off skips PostgreSQL;
# TEST_POSTGRES=required fails when it cannot be started (CI). Arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
.venv/bin/python -m pip install -q -e '.[test]'

# The shared reference material (seeds, BCDice vectors, sample sheets) sits beside the project
# (../shared). A clone made elsewhere (git clone /work/main /tmp/x) finds it beside the
# repository it was cloned from, unless SHARED_DIR names it.
if [ -z "${SHARED_DIR:-}" ] && [ ! -d ../shared ]; then
  origin=$(git config --get remote.origin.url 2>/dev/null || true)
  if [ -n "$origin" ] && [ -d "$origin/../shared" ]; then
    SHARED_DIR=$(cd "$origin/../shared" && pwd)
    export SHARED_DIR
  fi
fi

mode=${TEST_POSTGRES:-auto}
note=""
if [ -n "${TEST_POSTGRES_URL:-}" ]; then
  note="Store and service tests ran on SQLite and on PostgreSQL ($TEST_POSTGRES_URL)."
elif [ "$mode" != off ]; then
  pgdir=$(mktemp -d "${TMPDIR:-/tmp}/cocbot-pg.XXXXXX")
  chmod 755 "$pgdir"
  cleanup() { bash scripts/pg_server.sh stop "$pgdir" >/dev/null 2>&1 || true; rm -rf "$pgdir"; }
  trap cleanup EXIT
  if url=$(bash scripts/pg_server.sh start "$pgdir" 2>"$pgdir.err"); then
    export TEST_POSTGRES_URL=$url
    note="Store and service tests ran on SQLite and on a temporary PostgreSQL server ($url)."
    echo "PostgreSQL: temporary server for the tests at $url"
  else
    reason=$(tail -n 3 "$pgdir.err" | tr '\n' ' ')
    if [ "$mode" = required ]; then
      echo "PostgreSQL could not be started (TEST_POSTGRES=required): $reason" >&2
      exit 1
    fi
    note="SQLITE ONLY: PostgreSQL could not be started ($reason); install it (apt-get install postgresql) to run the PostgreSQL leg too."
  fi
  rm -f "$pgdir.err"
else
  note="SQLITE ONLY: TEST_POSTGRES=off."
fi
[ -n "$note" ] && echo "$note"

status=0
.venv/bin/python -m pytest "$@" || status=$?
echo "$note"
exit $status
