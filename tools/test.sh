#!/usr/bin/env bash
# The one test command (`npm test`): the local services, then every quality gate and test tier.
# Ends with one summary line, "N passed, N failed", summed over every Jest run.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false

log=$(mktemp)
trap 'rm -f "$log"' EXIT

bash tools/infra-up.sh
# The Python datasource peers (moto, fakesnow, pyiceberg) in their own venv; a no-op when current.
echo "== datasource peers venv: $(bash tools/peers/venv.sh)"

echo "== format"
npx prettier --check .
echo "== lint, typecheck, unit tests"
npx nx run-many -t lint typecheck test --parallel=2 --outputStyle=stream 2>&1 | tee -a "$log"
# After the Nx run, so the project graph the boundary rule reads is cached.
echo "== workspace tools and benchmarks (not Nx projects)"
npx tsc -p tools/tsconfig.json --noEmit
npx tsc -p bench/tsconfig.json --noEmit
npx eslint --max-warnings 0 tools bench
echo "== integration tests (real PostgreSQL, Redis, NATS)"
npx nx run-many -t integration --parallel=2 --outputStyle=stream 2>&1 | tee -a "$log"
echo "== end-to-end tests (booted apps)"
npx nx run-many -t e2e --parallel=1 --outputStyle=stream 2>&1 | tee -a "$log"

# Jest prints "Tests: [N failed, ][N skipped, ]N passed, N total" per run; sum them.
sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E 'Tests: ' | awk '
  { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
  END { printf "%d passed, %d failed\n", p, f }'
