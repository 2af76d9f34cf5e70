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
# Huge pages for the shared buffers, as PostgreSQL's documentation advises for large ones: with 4 kB pages, each
# server connection maps every shared buffer it reads for the first time, page by page (on a virtual machine about
# 20 µs a buffer: the first search of a connection through 40,000 matches took 400 ms instead of 70). The kernel's
# pool is sized to what the server asks for (shared_memory_size_in_huge_pages), once; the server's default
# huge_pages=try takes them at its next start, and falls back to ordinary pages where none can be had.
needed=$(su postgres -c "psql -qtAc 'SHOW shared_memory_size_in_huge_pages'" 2>/dev/null || echo 0)
if [ "${needed:-0}" -gt 0 ] && [ -w /proc/sys/vm/nr_hugepages ]; then
  reserved() { awk '/^HugePages_(Total|Free|Rsvd):/ {v[$1] = $2} END {print v["HugePages_Total:"] - v["HugePages_Free:"] + v["HugePages_Rsvd:"]}' /proc/meminfo; }
  raised=0
  if [ "$(cat /proc/sys/vm/nr_hugepages)" -lt "$needed" ]; then
    echo "$needed" > /proc/sys/vm/nr_hugepages 2>/dev/null && raised=1 || true
  fi
  # Restart only when this call gave the kernel the pages and the running server does not hold them: a server that
  # will not take them (huge_pages = off, a container's limit) is then restarted once, never on every call.
  if [ "$raised" = 1 ] && [ "$(cat /proc/sys/vm/nr_hugepages)" -ge "$needed" ] && [ "$(reserved)" -lt "$needed" ]; then
    pg_ctlcluster --skip-systemctl-redirect "$version" main restart >&2
    for _ in $(seq 1 30); do su postgres -c "psql -qtAc 'SELECT 1'" >/dev/null 2>&1 && break; sleep 0.5; done
  fi
fi
echo "postgres://postgres:${PASSWORD}@127.0.0.1:5432/postgres"
