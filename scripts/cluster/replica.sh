#!/usr/bin/env bash
# One replica of the cluster test: `node dist/server/main.js` in the foreground (exec, so the pid written to
# $CLUSTER_DIR/replicaN.pid is the server's), output appended to $CLUSTER_DIR/replicaN.log.
# Every replica gets the same environment but PORT and DATA_DIR; nothing else leaks in (env -i), in
# particular no PORTAL_JWT_SECRET: the replicas share their signing keys through PostgreSQL.
#   bash scripts/cluster/replica.sh N [--barrier]   (--barrier: wait for $CLUSTER_DIR/go, to start at one moment)
# Started by scripts/cluster/run.sh (three at once) and by the driver (the restart after the SIGKILL).
set -euo pipefail
N="$1"
DIR="${CLUSTER_DIR:?}"
PORT_VAR="CLUSTER_REPLICA_PORT_$N"
PORT="${!PORT_VAR:?replica $N has no port}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
mkdir -p "$DIR/data$N"
echo $$ >"$DIR/replica$N.pid"
extra=()
if [ "${2:-}" = "--barrier" ]; then
  for _ in $(seq 1 3000); do [ -f "$DIR/go" ] && break; sleep 0.01; done
fi
echo "--- replica $N start $(date -u +%H:%M:%S.%3N) pid $$ port $PORT" >>"$DIR/replica$N.log"
exec env -i \
  PATH="$ROOT/node_modules/.bin:/usr/local/bin:/usr/bin:/bin" \
  HOME="${HOME:-/root}" \
  NODE_ENV=production \
  HOST=127.0.0.1 \
  PORT="$PORT" \
  PUBLIC_URL="$CLUSTER_LB_URL" \
  DATABASE_URL="$CLUSTER_DATABASE_URL" \
  AZURE_STORAGE_CONNECTION_STRING="$CLUSTER_AZURE_STORAGE_CONNECTION_STRING" \
  AZURE_STORAGE_CONTAINER=portal-cluster \
  SMTP_URL="smtp://127.0.0.1:$CLUSTER_SMTP_PORT" \
  SEED_PROJECTS="${CLUSTER_SEED_PROJECTS:-40}" \
  DATA_DIR="$DIR/data$N" \
  PORTAL_DEV_IDP=true \
  TEAMS_APP_ID=00000000-0000-4000-8000-00000000c1a5 \
  GRAPH_TENANT_ID=cluster-tenant \
  GRAPH_CLIENT_ID=cluster-client \
  GRAPH_CLIENT_SECRET=cluster-secret \
  GRAPH_BASE_URL="http://127.0.0.1:$CLUSTER_GRAPH_PORT/v1.0" \
  AUTH_AUTHORITY_HOST="http://127.0.0.1:$CLUSTER_GRAPH_PORT" \
  TRUST_PROXY=127.0.0.1 \
  RATE_LIMIT_SIGNIN_PER_MINUTE=100000 \
  RATE_LIMIT_PUBLIC_PER_MINUTE=100000 \
  LOG_LEVEL="${CLUSTER_LOG_LEVEL:-info}" \
  "${extra[@]}" \
  "$ROOT/node_modules/.bin/node" dist/server/main.js >>"$DIR/replica$N.log" 2>&1
