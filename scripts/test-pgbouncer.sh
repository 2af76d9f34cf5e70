#!/usr/bin/env bash
# `npm run test:pgbouncer`: through PgBouncer in transaction mode (scripts/pgbouncer.sh), what a pooler can break:
# the engine tests listed in scripts/test-plan.ts (POOLER_TESTS: prepared statements, transactions, locks, the job
# leases, the migrations) and the crash test (scripts/chaos.sh). `npm test` runs the same inside its one vitest run.
# TEST_DATABASE_URL goes through the pooler, TEST_DATABASE_DIRECT_URL to the server (creating databases,
# migrations, loading a dump: lib/db/testing/database.ts). Stopped on exit.
# With arguments, only those test files (vitest filters, e.g. `npm run test:pgbouncer -- lib/db`), without the crash test.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
source scripts/pgbouncer.sh

step() { printf '\n=== %s ===\n' "$*"; }

# The server itself: the one the caller gave, else the local one.
server_url="${TEST_DATABASE_DIRECT_URL:-${TEST_DATABASE_URL:-}}"
if [ -z "$server_url" ]; then server_url="$(bash scripts/ensure-postgres.sh)"; fi
trap pgbouncer_stop EXIT
pgbouncer_start "$server_url"

step "vitest (the pgbouncer project) through PgBouncer"
TEST_DATABASE_URL="$server_url" TEST_PGBOUNCER_URL="$PGBOUNCER_URL" ./node_modules/.bin/vitest run --project pgbouncer "$@"

if [ "$#" -eq 0 ]; then
  step "the crash test through PgBouncer"
  TEST_DATABASE_URL="$PGBOUNCER_URL" TEST_DATABASE_DIRECT_URL="$server_url" bash scripts/chaos.sh
fi

# Proof that the traffic went through the pooler, not around it.
transactions="$(pgbouncer_transactions)"
echo "PgBouncer served ${transactions:-0} transactions"
if [ "$#" -eq 0 ] && [ "${transactions:-0}" -lt 10000 ]; then
  echo "too few transactions went through PgBouncer: did the tests bypass it?" >&2
  exit 1
fi
step "passed through PgBouncer"
