#!/usr/bin/env bash
# Brings up the local infrastructure every app and integration test expects, then migrates:
#   PostgreSQL 127.0.0.1:5432 (trust auth, user postgres), Redis 127.0.0.1:6379,
#   NATS with JetStream 127.0.0.1:4222.
# Idempotent: a service that already answers is left alone, so a second run is a fast no-op + migrate.
# Services that do not answer are started from the machine's own packages (installed with apt-get
# when missing and running as root); where a Docker engine runs, `docker compose` starts them instead.
#
# Usage: tools/infra-up.sh [--no-migrate] [--no-docker]
#   --no-migrate  do not run `npm run migrate` afterwards
#   --no-docker   never use docker compose, even when a Docker engine answers
# Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/dq), INFRA_WAIT_SECONDS (30).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MIGRATE=1
USE_DOCKER=1
WAIT_SECONDS="${INFRA_WAIT_SECONDS:-30}"
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/dq}"

for arg in "$@"; do
  case "$arg" in
    --no-migrate) MIGRATE=0 ;;
    --no-docker) USE_DOCKER=0 ;;
    -h | --help)
      sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "infra-up: unknown argument '$arg' (try --help)" >&2
      exit 2
      ;;
  esac
done

say() { echo "infra-up: $*"; }
die() {
  echo "infra-up: ERROR: $*" >&2
  exit 1
}

# --- probes: each answers 0 when the service is up and usable -------------------------------------

postgres_answers() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h 127.0.0.1 -p 5432 -t 2
  else
    timeout 2 bash -c 'exec 3<>/dev/tcp/127.0.0.1/5432' 2>/dev/null
  fi
}

redis_answers() {
  if command -v redis-cli >/dev/null 2>&1; then
    [[ "$(timeout 2 redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" == "PONG" ]]
  else
    timeout 2 bash -c 'exec 3<>/dev/tcp/127.0.0.1/6379; printf "PING\r\n" >&3; head -c 5 <&3' 2>/dev/null |
      grep -q '+PONG'
  fi
}

# NATS greets every TCP client with an INFO line; with -js it advertises "jetstream":true.
# Reading it over bash's /dev/tcp needs neither a NATS client nor the monitoring port.
nats_answers() {
  timeout 2 bash -c 'exec 3<>/dev/tcp/127.0.0.1/4222; head -n 1 <&3' 2>/dev/null | grep -q '"jetstream":true'
}

wait_for() {
  local name="$1" probe="$2" waited=0
  until "$probe"; do
    if ((waited >= WAIT_SECONDS)); then
      die "$name did not answer within ${WAIT_SECONDS}s"
    fi
    sleep 1
    waited=$((waited + 1))
  done
  say "$name answers"
}

# --- starting from the machine's packages ----------------------------------------------------------

APT_UPDATED=0
ensure_package() {
  local binary="$1" package="$2"
  if command -v "$binary" >/dev/null 2>&1 || [[ -x "$binary" ]]; then return 0; fi
  if [[ "$(id -u)" -ne 0 ]]; then
    die "$binary is missing; install it with 'sudo apt-get install -y $package', or rerun as root, or start Docker"
  fi
  if ((APT_UPDATED == 0)); then
    say "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    APT_UPDATED=1
  fi
  say "apt-get install -y $package"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
}

start_postgres() {
  local fresh=0
  if ! compgen -G '/etc/postgresql/*/main' >/dev/null; then fresh=1; fi
  ensure_package pg_ctlcluster postgresql
  local version
  version="$(ls /etc/postgresql | sort -V | tail -n 1)"
  [[ -n "$version" ]] || die "no PostgreSQL cluster under /etc/postgresql"
  if ((fresh == 1)); then
    # A cluster we just installed: local development trusts loopback, as the tests expect.
    local hba="/etc/postgresql/$version/main/pg_hba.conf"
    say "configuring trust auth on loopback in $hba (fresh local install)"
    sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' "$hba"
    sed -i -E 's/^(local\s+all\s+(all|postgres)\s+)\S+/\1trust/' "$hba"
  fi
  say "starting PostgreSQL $version: pg_ctlcluster --skip-systemctl-redirect $version main start"
  # Non-zero also when the cluster runs but did not answer yet; the wait below decides.
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || say "pg_ctlcluster start exited non-zero"
}

start_redis() {
  ensure_package redis-server redis-server
  mkdir -p /var/lib/redis /var/log/redis
  say "starting Redis: redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
}

start_nats() {
  ensure_package /usr/sbin/nats-server nats-server
  mkdir -p /var/lib/nats-server
  say "starting NATS with JetStream: nats-server -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server"
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
}

# --- main ------------------------------------------------------------------------------------------

missing=()
postgres_answers && say "PostgreSQL already answers on 127.0.0.1:5432" || missing+=(postgres)
redis_answers && say "Redis already answers on 127.0.0.1:6379" || missing+=(redis)
nats_answers && say "NATS with JetStream already answers on 127.0.0.1:4222" || missing+=(nats)

if ((${#missing[@]} > 0)); then
  if ((USE_DOCKER == 1)) && [[ -f "$ROOT/docker-compose.yml" ]] && command -v docker >/dev/null 2>&1 &&
    docker info >/dev/null 2>&1; then
    say "Docker engine found: docker compose up -d ${missing[*]}"
    (cd "$ROOT" && docker compose up -d "${missing[@]}")
  else
    for service in "${missing[@]}"; do "start_$service"; done
  fi
fi

wait_for PostgreSQL postgres_answers
wait_for Redis redis_answers
wait_for "NATS (JetStream)" nats_answers

if ((MIGRATE == 1)); then
  say "migrating $DATABASE_URL: npm run migrate"
  (cd "$ROOT" && npm run --silent migrate)
else
  say "skipping migrations (--no-migrate)"
fi
say "ready"
