#!/usr/bin/env bash
# `npm run test:chaos`: two instances on one PostgreSQL server, a SIGKILL mid-load,
# then the invariants (see scripts/chaos.chaos.ts); and the same behind Debian's nginx running
# deploy/nginx.conf (scripts/load-balancer.chaos.ts, needs /usr/sbin/nginx: `npm test` installs it).
# Loopback only; a hard stop at 5 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
if [ -z "${TEST_DATABASE_URL:-}" ]; then TEST_DATABASE_URL="$(bash scripts/ensure-postgres.sh)"; fi
export TEST_DATABASE_URL
if [ ! -f "${NEXT_DIST_DIR:-.next}/BUILD_ID" ]; then ./node_modules/.bin/next build; fi
exec timeout --kill-after=10 300 ./node_modules/.bin/vitest run --config vitest.chaos.config.mts
