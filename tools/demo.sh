#!/usr/bin/env bash
# Starts the whole service from a fresh clone, in one terminal: `npm run demo`.
#   1. installs dependencies when node_modules is missing or older than package-lock.json;
#   2. brings up PostgreSQL, Redis and NATS JetStream and migrates the database (tools/infra-up.sh);
#   3. runs every app with tools/dev-all.ts, which prints the URLs once every app answers /readyz
#      (bounded wait; extra arguments go to dev-all, e.g. `npm run demo -- --ready-timeout 300`).
# Ctrl-C stops all apps; the infrastructure keeps running.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '[demo] %s\n' "$*"; }

node_ok=$(node -e 'const [a, b] = process.versions.node.split(".").map(Number); console.log(a > 20 || (a === 20 && b >= 19) ? "yes" : "no")' 2>/dev/null || echo "missing")
if [[ "$node_ok" != "yes" ]]; then
  say "Node.js 20.19 or newer is required (found: $(node --version 2>/dev/null || echo none))." >&2
  exit 1
fi

# npm rewrites node_modules/.package-lock.json on every install, so its age is the install's age.
installed_marker=node_modules/.package-lock.json
if [[ ! -f "$installed_marker" || package-lock.json -nt "$installed_marker" ]]; then
  say "installing dependencies (npm install, at the versions package-lock.json pins)"
  npm install --no-audit --no-fund
else
  say "dependencies are up to date"
fi

if [[ ! -f tools/infra-up.sh ]]; then
  say "tools/infra-up.sh is missing: cannot start PostgreSQL, Redis and NATS." >&2
  exit 1
fi
say "starting PostgreSQL, Redis and NATS JetStream, then migrating"
bash tools/infra-up.sh

say "starting all apps (Ctrl-C stops them)"
exec node -r ./tools/register.cjs tools/dev-all.ts "$@"
