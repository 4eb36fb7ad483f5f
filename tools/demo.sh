#!/usr/bin/env bash
# Starts the whole service from a fresh clone with demo data, in one terminal: `npm run demo`.
#   1. installs dependencies when node_modules is missing or older than package-lock.json;
#   2. brings up PostgreSQL, Redis and NATS JetStream and migrates the database (tools/infra-up.sh);
#   3. builds the web app and runs every app with tools/dev-all.ts (development mode, loopback
#      datasources allowed, the browser let in as the demo admin);
#   4. seeds the demo through the REST API (tools/demo/seed.ts): a sample shop database with
#      defects, its connection, two suites and a few days of run history; prints the URL and a
#      ready admin token.
# `npm run demo -- --with-peers` also starts the local S3, ADLS, Iceberg and warehouse peers
# (tools/peers/up.ts) and adds a connection and a suite on each. `--no-seed` starts the apps only.
# Other arguments go to dev-all (e.g. `npm run demo -- --ready-timeout 300`).
# Ctrl-C stops all apps (and the peers); the infrastructure keeps running. Never in production.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '[demo] %s\n' "$*"; }

if [[ "${NODE_ENV:-development}" == "production" ]]; then
  say "the demo runs in development only; refusing with NODE_ENV=production." >&2
  exit 1
fi

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

with_peers=0
seed=1
dev_args=()
for arg in "$@"; do
  case "$arg" in
    --with-peers) with_peers=1 ;;
    --no-seed) seed=0 ;;
    *) dev_args+=("$arg") ;;
  esac
done

export NODE_ENV="${NODE_ENV:-development}"
# The demo's datasources (the sample PostgreSQL, the peers) listen on this machine.
export EGRESS_ALLOW_LOOPBACK_FOR_TESTS=true

# The apps and the peers run in sessions of their own, so a Ctrl-C reaches them once, through
# this script: dev-all reads a second signal as "kill now".
children=()
stopping=0
stop_children() {
  [[ "$stopping" == "1" ]] && return
  stopping=1
  for pid in "${children[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
}
trap stop_children INT TERM EXIT
# `setsid` where the system has it (Linux); elsewhere job control gives each job its own group.
if command -v setsid >/dev/null 2>&1; then
  detached() { exec setsid "$@"; }
else
  set -m
  detached() { exec "$@"; }
fi

peers_file=""
if [[ "$with_peers" == "1" ]]; then
  mkdir -p .local
  peers_file=.local/demo-peers.out
  : >"$peers_file"
  say "starting the S3, ADLS, Iceberg and warehouse peers (tools/peers/up.ts)"
  detached node -r ./tools/register.cjs tools/peers/up.ts >"$peers_file" 2>&1 &
  peers_pid=$!
  children+=("$peers_pid")
  for _ in $(seq 1 180); do
    grep -q '^peers running' "$peers_file" && break
    kill -0 "$peers_pid" 2>/dev/null || break
    sleep 1
  done
  if grep -q '^peers running' "$peers_file"; then
    warehouse_url=$(node -e 'const t=require("fs").readFileSync(process.argv[1],"utf8");const j=JSON.parse(t.slice(t.indexOf("{"),t.lastIndexOf("}")+1));process.stdout.write(j.warehouse.runner_env.WAREHOUSE_ACCESS_URL_FOR_TESTS)' "$peers_file")
    export WAREHOUSE_ACCESS_URL_FOR_TESTS="$warehouse_url"
    say "peers up"
  else
    say "the peers could not start here, skipping them (see $peers_file):"
    tail -n 5 "$peers_file" | sed 's/^/[demo]   /'
    peers_file=""
  fi
fi

say "building the web app (Vite, into dist/apps/web-ui)"
npx vite build --config apps/web-ui/vite.config.mts --logLevel warn
# No mail server runs in the demo, so the browser at http://localhost:8080 is let in as the demo admin
# without a sign-in code (the gateway's dev-bypass, refused outside development and test).
export AUTH_DEV_BYPASS_EMAIL="${AUTH_DEV_BYPASS_EMAIL:-demo-admin@example.test}"
export WORKSPACE_ADMIN_EMAILS="${WORKSPACE_ADMIN_EMAILS:-$AUTH_DEV_BYPASS_EMAIL}"

say "starting all apps (Ctrl-C stops them)"
detached node -r ./tools/register.cjs tools/dev-all.ts "${dev_args[@]}" &
dev_pid=$!
children+=("$dev_pid")

if [[ "$seed" == "1" ]]; then
  seed_args=()
  [[ -n "$peers_file" ]] && seed_args+=(--peers "$peers_file")
  if ! node -r ./tools/register.cjs tools/demo/seed.ts "${seed_args[@]}"; then
    say "seeding failed; the apps keep running (rerun the seed with: node -r ./tools/register.cjs tools/demo/seed.ts)" >&2
  fi
fi

# Until dev-all ends (Ctrl-C, or an app exiting), then the peers.
for pid in "${children[@]}"; do
  while kill -0 "$pid" 2>/dev/null; do wait "$pid" || true; done
done
