#!/usr/bin/env bash
# npm test: the three static checks side by side (typecheck, lint, format), then the tests (test:unit: the domain
# and server projects, then the web project, so the PGlite suites never starve jsdom's).
# Each check's output is kept and shown when it fails; the total time is printed at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
start=$(date +%s)
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

names=(typecheck lint format)
cmds=("tsc -p tsconfig.json --noEmit" "eslint . --max-warnings 0" "prettier --check . --log-level warn")
pids=()
for i in "${!names[@]}"; do
  (t0=$(date +%s); ${cmds[$i]} >"$logs/${names[$i]}" 2>&1; rc=$?; echo "$(( $(date +%s) - t0 ))" >"$logs/${names[$i]}.s"; exit $rc) &
  pids+=($!)
done
failed=0
for i in "${!names[@]}"; do
  if wait "${pids[$i]}"; then
    echo "✓ ${names[$i]} ($(cat "$logs/${names[$i]}.s") s)"
  else
    echo "✗ ${names[$i]} failed:"; cat "$logs/${names[$i]}"; failed=1
  fi
done
[ "$failed" = 0 ] || exit 1

npm run -s test:unit
rc=$?
echo "npm test: $(( $(date +%s) - start )) s"
exit $rc
