#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server from Debian's `postgresql` package, as a
# deployment would use one: installed if missing, started as its own user on 127.0.0.1 and a
# free port, stopped by its own pid afterwards. The command sees TEST_DATABASE_URL.
#   bash scripts/with-system-postgres.sh npm run test:api
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

BIN=$(find_bin || true)
if [ -z "$BIN" ] || [ ! -x "$BIN/pg_ctl" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's postgresql package..."
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    BIN=$(find_bin)
  else
    echo "PostgreSQL server binaries not found: install Debian's 'postgresql' package (apt-get install postgresql)." >&2
    exit 1
  fi
fi

RUN_USER=pgci
if [ "$(id -u)" = 0 ]; then
  id -u "$RUN_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$RUN_USER"
  as_user() { runuser -u "$RUN_USER" -- "$@"; }
else
  as_user() { "$@"; }
fi

DIR=$(mktemp -d /tmp/pgci.XXXXXX)
chmod 755 "$DIR"
mkdir -p "$DIR/data" "$DIR/sock"
[ "$(id -u)" = 0 ] && chown -R "$RUN_USER" "$DIR"
PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

cleanup() {
  if [ -f "$DIR/data/postmaster.pid" ]; then
    PID=$(head -n 1 "$DIR/data/postmaster.pid")
    kill -INT "$PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$DIR"
}
trap cleanup EXIT

as_user "$BIN/initdb" --no-sync -U app --auth=trust -E UTF8 -D "$DIR/data" >/dev/null
as_user "$BIN/pg_ctl" -w -D "$DIR/data" -l "$DIR/server.log" \
  -o "-p $PORT -k $DIR/sock -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100" start >/dev/null
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"

export TEST_DATABASE_URL="postgresql://app@127.0.0.1:$PORT/postgres"
"$@"
