#!/usr/bin/env bash
# Everything the full test suite needs besides Node, on Debian or Ubuntu (as root, or with sudo):
# Chromium (browser tests), PostgreSQL, NATS with JetStream and Redis (the distributed profile),
# installed when missing and started when their port is closed (no systemd needed, so it also works
# in a container). Then `npm install && npm test` runs every test instead of skipping some.
#
#   sudo bash scripts/install-test-prerequisites.sh [--trust-local-postgres]
#
# The tests connect as postgresql://postgres@127.0.0.1:5432/postgres (or TEST_DATABASE_URL).
# A fresh Debian PostgreSQL asks for a password there; --trust-local-postgres lets the postgres
# user in from 127.0.0.1 without one. Use it only on a machine kept for tests.
set -euo pipefail

trust_postgres=false
[ "${1:-}" = "--trust-local-postgres" ] && trust_postgres=true

if [ "$(id -u)" -ne 0 ]; then
  echo "Run as root: sudo bash $0 $*" >&2
  exit 1
fi

# Debian calls the browser `chromium`; Ubuntu only has `chromium-browser` (then set CHROMIUM_PATH).
chromium_package=chromium
if ! apt-cache show chromium >/dev/null 2>&1 && apt-cache show chromium-browser >/dev/null 2>&1; then
  chromium_package=chromium-browser
fi

need=()
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || need+=("$chromium_package")
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v nats-server >/dev/null 2>&1 || need+=(nats-server)
if [ ${#need[@]} -gt 0 ]; then
  echo "» apt-get install ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_port() {
  for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 0.5; done
  echo "port $1 did not open" >&2
  return 1
}

cluster_version="$(ls /etc/postgresql | sort -V | tail -n 1)"
if $trust_postgres; then
  hba="/etc/postgresql/$cluster_version/main/pg_hba.conf"
  if ! grep -q '^host all postgres 127.0.0.1/32 trust' "$hba"; then
    echo "» $hba: postgres from 127.0.0.1 without a password"
    sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
    if port_open 5432; then pg_ctlcluster "$cluster_version" main reload; fi
  fi
fi
if ! port_open 5432; then
  echo "» starting PostgreSQL $cluster_version"
  pg_ctlcluster --skip-systemctl-redirect "$cluster_version" main start
  wait_port 5432
fi
if ! port_open 6379; then
  echo "» starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/tests.log
  wait_port 6379
fi
if ! port_open 4222; then
  echo "» starting NATS (JetStream)"
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec "$(command -v nats-server)" -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  wait_port 4222
fi

if ! psql "${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}" -Atqc 'SELECT 1' >/dev/null 2>&1 </dev/null; then
  echo "PostgreSQL runs, but the tests cannot sign in as postgres from 127.0.0.1 without a password:" >&2
  echo "  set TEST_DATABASE_URL=postgresql://postgres:PASSWORD@127.0.0.1:5432/postgres, or, on a test machine," >&2
  echo "  run this script again with --trust-local-postgres." >&2
  exit 1
fi
[ -x /usr/bin/chromium ] || echo "Chromium is not at /usr/bin/chromium: set CHROMIUM_PATH=$(command -v chromium-browser || echo /path/to/chromium)"
echo "» ready: npm install && npm test"
