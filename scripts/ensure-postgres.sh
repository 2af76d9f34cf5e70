#!/usr/bin/env bash
# Makes a local PostgreSQL server available for the tests that need a real server:
# installs Debian's package when missing (as root), starts the cluster, sets a
# password for TCP, and prints the TEST_DATABASE_URL to use.
set -euo pipefail
PASSWORD="${PGTEST_PASSWORD:-postgres}"
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  if [ "$(id -u)" != "0" ]; then echo "PostgreSQL is missing and this is not root: cannot install it" >&2; exit 1; fi
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | awk '{print $4}' | grep -q online; then
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2
fi
for _ in $(seq 1 30); do
  su postgres -c "psql -qtAc 'SELECT 1'" >/dev/null 2>&1 && break
  sleep 0.5
done
su postgres -c "psql -qtAc \"ALTER USER postgres PASSWORD '$PASSWORD'\"" >/dev/null
# Once: many test databases run at once, so a higher connection limit; and shared buffers that hold the benchmarks'
# million contacts with their search indexes (under 300 MB), as a production server's hold its working set
# (PostgreSQL's default, 128 MB, is sized for a small machine: bench:search then reads each match of a long fragment
# from the operating system, about 3 times slower; the README's search section gives both figures).
connections=$(su postgres -c "psql -qtAc 'SHOW max_connections'")
buffers_mb=$(su postgres -c "psql -qtAc \"SELECT setting::bigint * 8 / 1024 FROM pg_settings WHERE name = 'shared_buffers'\"")
if [ "$connections" -lt 300 ] || [ "$buffers_mb" -lt 512 ]; then
  su postgres -c "psql -qtAc 'ALTER SYSTEM SET max_connections = 400'" >/dev/null
  su postgres -c "psql -qtAc \"ALTER SYSTEM SET shared_buffers = '512MB'\"" >/dev/null
  pg_ctlcluster --skip-systemctl-redirect "$version" main restart >&2
  for _ in $(seq 1 30); do su postgres -c "psql -qtAc 'SELECT 1'" >/dev/null 2>&1 && break; sleep 0.5; done
fi
echo "postgres://postgres:${PASSWORD}@127.0.0.1:5432/postgres"
