#!/usr/bin/env bash
# The one test command (`npm test`): the local services, then every quality gate and test tier.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false

bash tools/infra-up.sh

echo "== format"
npx prettier --check .
echo "== workspace tools (not an Nx project)"
npx tsc -p tools/tsconfig.json --noEmit
npx eslint --max-warnings 0 tools
echo "== lint, typecheck, unit tests"
npx nx run-many -t lint typecheck test --parallel=2 --outputStyle=stream
echo "== integration tests (real PostgreSQL, Redis, NATS)"
npx nx run-many -t integration --parallel=2 --outputStyle=stream
echo "== end-to-end tests (booted apps)"
npx nx run-many -t e2e --parallel=1 --outputStyle=stream
