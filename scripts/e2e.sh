#!/usr/bin/env bash
# End-to-end tests: Playwright driving Debian's Chromium through the real server (fresh data dir).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "e2e: installing Chromium (apt)"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "e2e: Chromium not found; apt-get install chromium" >&2; exit 1
  fi
fi
export E2E_DATA_DIR="${E2E_DATA_DIR:-$(mktemp -d /tmp/portal-e2e.XXXXXX)}"
[ -n "${E2E_SKIP_BUILD:-}" ] || { npx vite build --logLevel warn && npm run --silent build:server; }
npx playwright test "$@"
