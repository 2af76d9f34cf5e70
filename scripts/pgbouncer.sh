# PgBouncer in transaction mode in front of the test server, as managed PostgreSQL is usually reached. Sourced by
# scripts/test.sh and scripts/test-pgbouncer.sh (not run alone):
#   pgbouncer_start SERVER_URL   installs Debian's pgbouncer when missing (as root), starts it on a free loopback
#                                port and sets PGBOUNCER_URL (queries through it) and PGBOUNCER_ADMIN_URL;
#   pgbouncer_transactions       how many transactions it has served (proof the traffic went through it);
#   pgbouncer_stop               stops it (the caller puts this in its EXIT trap).

pgbouncer_install() {
  if [ -x /usr/sbin/pgbouncer ]; then return 0; fi
  if [ "$(id -u)" != "0" ]; then echo "pgbouncer is missing and this is not root: cannot install it (apt-get install pgbouncer)" >&2; return 1; fi
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer) >/dev/null
}

pgbouncer_start() {
  local server_url="$1" db_user db_password db_host db_port pooler_port
  pgbouncer_install
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
  PGBOUNCER_URL="$(node -e 'const url = new URL(process.argv[1]); url.hostname = "127.0.0.1"; url.port = process.argv[2]; console.log(url.toString())' \
    "$server_url" "$pooler_port")"
  PGBOUNCER_RUN_DIR="$(mktemp -d /tmp/pgbouncer-test.XXXXXX)"
  cat >"$PGBOUNCER_RUN_DIR/pgbouncer.ini" <<INI
[databases]
; Any database name, so that the tests' fresh databases need no entry of their own.
* = host=$db_host port=$db_port

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $pooler_port
unix_socket_dir =
pool_mode = transaction
auth_type = scram-sha-256
auth_file = $PGBOUNCER_RUN_DIR/userlist.txt
admin_users = $db_user
; Many test files at once, each with a pool of up to 20 clients, and server instances of their own.
max_client_conn = 3000
default_pool_size = 20
; Below the server's max_connections (400, scripts/ensure-postgres.sh), leaving room for direct connections.
max_user_connections = 250
logfile = $PGBOUNCER_RUN_DIR/pgbouncer.log
pidfile = $PGBOUNCER_RUN_DIR/pgbouncer.pid
INI
  printf '"%s" "%s"\n' "$db_user" "$db_password" >"$PGBOUNCER_RUN_DIR/userlist.txt"
  chmod 600 "$PGBOUNCER_RUN_DIR/userlist.txt"
  # PgBouncer does not run as root: as root it runs as the postgres user.
  local as_user=()
  if [ "$(id -u)" = "0" ]; then
    chown -R postgres: "$PGBOUNCER_RUN_DIR"
    as_user=(-u postgres)
  fi
  /usr/sbin/pgbouncer -d "${as_user[@]}" "$PGBOUNCER_RUN_DIR/pgbouncer.ini"

  PGBOUNCER_PSQL="$(ls /usr/lib/postgresql/*/bin/psql | sort -V | tail -n 1)"
  for _ in $(seq 1 40); do
    "$PGBOUNCER_PSQL" -qtAc 'SELECT 1' "$PGBOUNCER_URL" >/dev/null 2>&1 && break
    sleep 0.25
  done
  # The admin console (the database named pgbouncer) answers SHOW commands about the pooler itself.
  PGBOUNCER_ADMIN_URL="$(node -e 'const url = new URL(process.argv[1]); url.pathname = "/pgbouncer"; console.log(url.toString())' "$PGBOUNCER_URL")"
  local answer
  answer="$("$PGBOUNCER_PSQL" -qtAc 'SHOW CONFIG' "$PGBOUNCER_ADMIN_URL" 2>&1 | awk -F'|' '$1 == "pool_mode" {print $2}')" || true
  if [ "$answer" != "transaction" ]; then
    echo "PgBouncer did not start in transaction mode (pool_mode: '$answer'); its log:" >&2
    cat "$PGBOUNCER_RUN_DIR/pgbouncer.log" >&2 || true
    return 1
  fi
  echo "PgBouncer $(/usr/sbin/pgbouncer --version | head -n 1 | awk '{print $2}') in transaction mode on 127.0.0.1:$pooler_port, in front of $db_host:$db_port"
}

pgbouncer_transactions() {
  "$PGBOUNCER_PSQL" -qtAc 'SHOW TOTALS' "$PGBOUNCER_ADMIN_URL" | awk -F'|' '$1 == "total_xact_count" {print $2}'
}

pgbouncer_stop() {
  if [ -z "${PGBOUNCER_RUN_DIR:-}" ]; then return 0; fi
  if [ -f "$PGBOUNCER_RUN_DIR/pgbouncer.pid" ]; then kill "$(cat "$PGBOUNCER_RUN_DIR/pgbouncer.pid")" 2>/dev/null || true; fi
  sleep 0.2
  rm -rf "$PGBOUNCER_RUN_DIR"
  PGBOUNCER_RUN_DIR=""
}
