#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server on a loopback port (Debian's postgresql package).
# The command sees TEST_DATABASE_URL (an admin connection; each test file creates its own database).
set -euo pipefail
PORT="${PG_TEST_PORT:-55432}"
PGBIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "with-postgres: installing PostgreSQL (apt)"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    PGBIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  else
    echo "with-postgres: PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1
  fi
fi
DIR="$(mktemp -d /tmp/portal-pg.XXXXXX)"
RUN=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home "$DIR" postgres
  chown -R postgres "$DIR"
  RUN=(runuser -u postgres --)
fi
cleanup() { "${RUN[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$DIR"; }
trap cleanup EXIT
"${RUN[@]}" "$PGBIN/initdb" -D "$DIR/data" -A trust -U postgres --no-sync >/dev/null
"${RUN[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
echo "with-postgres: PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
"$@"
