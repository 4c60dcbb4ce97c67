#!/usr/bin/env bash
# A throwaway PostgreSQL server in a folder of its own, for the tests and the benchmarks:
#
#   bash scripts/pg_server.sh start DIR   # initdb + start on a free local port, create the
#                                         # database `cocbot`; prints its DATABASE_URL
#   bash scripts/pg_server.sh stop DIR    # stop it (DIR can then be removed)
#
# Uses Debian's package (/usr/lib/postgresql/<version>/bin, the newest) or pg_ctl on PATH.
# As root it runs the server as the `postgres` user (PostgreSQL refuses to run as root).
# PG_FSYNC=off (the default for tests) trades durability of the server for speed; the
# server is thrown away anyway. Exits 3 when no PostgreSQL is installed.
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?folder}

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] && command -v pg_ctl >/dev/null; then bindir=$(dirname "$(command -v pg_ctl)"); fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "PostgreSQL is not installed (no initdb found)" >&2
  exit 3
fi

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      as_owner "$bindir/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    fsync=${PG_FSYNC:-off}
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=$fsync -c synchronous_commit=$fsync -c full_page_writes=$fsync -c max_connections=200" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres cocbot
    echo "$port" >"$dir/port"
    echo "postgresql+asyncpg://postgres@127.0.0.1:$port/cocbot"
    ;;
  stop)
    [ -f "$dir/data/postmaster.pid" ] && as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
