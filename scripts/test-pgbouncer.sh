#!/usr/bin/env bash
# `npm run test:pgbouncer`: the integration suite (vitest's node project) and the crash test (scripts/chaos.sh)
# through PgBouncer in transaction mode, as managed PostgreSQL is usually reached. Debian's pgbouncer (installed
# when missing, as root) listens on a free loopback port in front of the test server (scripts/ensure-postgres.sh):
# TEST_DATABASE_URL goes through it, TEST_DATABASE_DIRECT_URL to the server (creating databases, migrations,
# loading a dump: lib/db/testing.ts). Stopped on exit.
# With arguments, only those test files (vitest filters, e.g. `npm run test:pgbouncer -- lib/db`), without the crash test.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n=== %s ===\n' "$*"; }

PGBOUNCER=/usr/sbin/pgbouncer
if [ ! -x "$PGBOUNCER" ]; then
  step "installing Debian's pgbouncer"
  if [ "$(id -u)" != "0" ]; then echo "pgbouncer is missing and this is not root: cannot install it (apt-get install pgbouncer)" >&2; exit 1; fi
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer) >/dev/null
fi

# The server itself: the one the caller gave (npm test exports it), else the local one.
server_url="${TEST_DATABASE_DIRECT_URL:-${TEST_DATABASE_URL:-}}"
if [ -z "$server_url" ]; then server_url="$(bash scripts/ensure-postgres.sh)"; fi

# user, password, host and port of the server; a free loopback port for the pooler.
read -r db_user db_password db_host db_port pooler_port < <(
  node -e '
    const net = require("node:net");
    const url = new URL(process.argv[1]);
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => console.log([url.username, decodeURIComponent(url.password), url.hostname, url.port || "5432", port].join(" ")));
    });' "$server_url"
)
pooler_url="$(node -e 'const url = new URL(process.argv[1]); url.hostname = "127.0.0.1"; url.port = process.argv[2]; console.log(url.toString())' \
  "$server_url" "$pooler_port")"

run_dir="$(mktemp -d /tmp/pgbouncer-test.XXXXXX)"
cat >"$run_dir/pgbouncer.ini" <<EOF
[databases]
; Any database name, so that the tests' fresh databases need no entry of their own.
* = host=$db_host port=$db_port

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $pooler_port
unix_socket_dir =
pool_mode = transaction
auth_type = scram-sha-256
auth_file = $run_dir/userlist.txt
admin_users = $db_user
; Many test files at once, each with a pool of up to 20 clients, and server instances of their own.
max_client_conn = 3000
default_pool_size = 20
; Below the server's max_connections (400, scripts/ensure-postgres.sh), leaving room for direct connections.
max_user_connections = 250
logfile = $run_dir/pgbouncer.log
pidfile = $run_dir/pgbouncer.pid
EOF
printf '"%s" "%s"\n' "$db_user" "$db_password" >"$run_dir/userlist.txt"
chmod 600 "$run_dir/userlist.txt"

# PgBouncer does not run as root: as root it runs as the postgres user.
as_user=()
if [ "$(id -u)" = "0" ]; then
  chown -R postgres: "$run_dir"
  as_user=(-u postgres)
fi
stop_pooler() {
  if [ -f "$run_dir/pgbouncer.pid" ]; then kill "$(cat "$run_dir/pgbouncer.pid")" 2>/dev/null || true; fi
  sleep 0.2
  rm -rf "$run_dir"
}
trap stop_pooler EXIT
"$PGBOUNCER" -d "${as_user[@]}" "$run_dir/pgbouncer.ini"

psql_bin="$(ls /usr/lib/postgresql/*/bin/psql | sort -V | tail -n 1)"
for _ in $(seq 1 40); do
  "$psql_bin" -qtAc 'SELECT 1' "$pooler_url" >/dev/null 2>&1 && break
  sleep 0.25
done
# The admin console (the database named pgbouncer) answers SHOW commands about the pooler itself.
admin_url="$(node -e 'const url = new URL(process.argv[1]); url.pathname = "/pgbouncer"; console.log(url.toString())' "$pooler_url")"
answer="$("$psql_bin" -qtAc 'SHOW CONFIG' "$admin_url" 2>&1 | awk -F'|' '$1 == "pool_mode" {print $2}')" || true
if [ "$answer" != "transaction" ]; then
  echo "PgBouncer did not start in transaction mode (pool_mode: '$answer'); its log:" >&2
  cat "$run_dir/pgbouncer.log" >&2 || true
  exit 1
fi
echo "PgBouncer $("$PGBOUNCER" --version | head -n 1 | awk '{print $2}') in transaction mode on 127.0.0.1:$pooler_port, in front of $db_host:$db_port"

export TEST_DATABASE_URL="$pooler_url" TEST_DATABASE_DIRECT_URL="$server_url"

step "vitest (node project) through PgBouncer"
./node_modules/.bin/vitest run --project node "$@"

if [ "$#" -eq 0 ]; then
  step "the crash test through PgBouncer"
  bash scripts/chaos.sh
fi

# Proof that the traffic went through the pooler, not around it.
transactions="$("$psql_bin" -qtAc 'SHOW TOTALS' "$admin_url" |
  awk -F'|' '$1 == "total_xact_count" {print $2}')"
echo "PgBouncer served ${transactions:-0} transactions"
if [ "$#" -eq 0 ] && [ "${transactions:-0}" -lt 10000 ]; then
  echo "too few transactions went through PgBouncer: did the tests bypass it?" >&2
  exit 1
fi
step "passed through PgBouncer"
