#!/usr/bin/env bash
# Runs a command with a throwaway Azurite blob service (the Azure Blob Storage emulator from the `azurite`
# npm package) on a loopback port. The command sees TEST_AZURE_STORAGE_CONNECTION_STRING (Azurite's
# well-known development account). Without this script the files test starts its own Azurite.
#   bash scripts/with-azurite.sh npx vitest run tests/server/adapters/files.test.ts
#   AZURITE_BLOB_PORT=10100 bash scripts/with-azurite.sh …   (a fixed port; default: a free one)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$PATH"
BIN="$ROOT/node_modules/.bin/azurite-blob"
if [ ! -x "$BIN" ]; then echo "with-azurite: $BIN not found (npm install)" >&2; exit 1; fi
PORT="${AZURITE_BLOB_PORT:-0}"
DIR="$(mktemp -d /tmp/portal-azurite.XXXXXX)"
PID=""
cleanup() {
  if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then
    kill "$PID" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$PID" 2>/dev/null || true
  fi
  rm -rf "$DIR"
}
trap cleanup EXIT
(cd "$DIR" && exec "$BIN" --blobHost 127.0.0.1 --blobPort "$PORT" --location "$DIR/data" \
  --skipApiVersionCheck --loose --silent --disableTelemetry) >"$DIR/log" 2>&1 &
PID=$!
URL=""
for _ in $(seq 1 300); do
  URL="$(sed -n 's/.*successfully listens on \(http:\/\/[^[:space:]]*\).*/\1/p' "$DIR/log" | head -n 1)"
  [ -n "$URL" ] && break
  if ! kill -0 "$PID" 2>/dev/null; then echo "with-azurite: Azurite did not start:" >&2; cat "$DIR/log" >&2; exit 1; fi
  sleep 0.1
done
if [ -z "$URL" ]; then echo "with-azurite: Azurite did not listen within 30 s:" >&2; cat "$DIR/log" >&2; exit 1; fi
echo "with-azurite: Azurite blob service on $URL"
ACCOUNT=devstoreaccount1
KEY='Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='
export TEST_AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=$ACCOUNT;AccountKey=$KEY;BlobEndpoint=$URL/$ACCOUNT;"
"$@"
