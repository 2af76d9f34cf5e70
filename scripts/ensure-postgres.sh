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
# Many test databases run at once: raise the connection limit once.
if [ "$(su postgres -c "psql -qtAc 'SHOW max_connections'")" -lt 300 ]; then
  su postgres -c "psql -qtAc 'ALTER SYSTEM SET max_connections = 400'" >/dev/null
  pg_ctlcluster --skip-systemctl-redirect "$version" main restart >&2
  for _ in $(seq 1 30); do su postgres -c "psql -qtAc 'SELECT 1'" >/dev/null 2>&1 && break; sleep 0.5; done
fi
echo "postgres://postgres:${PASSWORD}@127.0.0.1:5432/postgres"
