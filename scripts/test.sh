#!/usr/bin/env bash
# `npm test`: everything CI checks, on a fresh Debian machine with Node 20 (after `npm ci`).
#  1. the code checks, `npm run lint`: ESLint (with the layering rules), Prettier in check mode, knip (dead code);
#     they need nothing else installed and take a minute, so a finding fails the run before anything slow;
#  2. installs what the tests need and is missing: Debian's Chromium, PostgreSQL;
#  3. builds the app (the multi-instance and browser tests run the production build) and prints each route's first-load
#     JavaScript (scripts/route-js.mjs), failing past 200 kB gzip;
#  4. vitest on the embedded database (PGlite), then the same suite on PostgreSQL, then the node tests and the crash
#     test through PgBouncer in transaction mode (scripts/test-pgbouncer.sh, which installs Debian's pgbouncer);
#  5. Playwright (API and browser projects) against `npm start` (scripts/start.mjs) on a fresh data dir.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export CI="${CI:-1}"

step() { printf '\n=== %s ===\n' "$*"; }

step "lint: eslint, prettier --check, knip"
npm run --silent lint

if [ ! -x /usr/bin/chromium ]; then
  step "installing Debian's Chromium"
  if [ "$(id -u)" = "0" ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null
  else
    echo "warning: /usr/bin/chromium is missing and this is not root; browser tests will fail" >&2
  fi
fi

step "PostgreSQL for the tests that need a real server"
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  TEST_DATABASE_URL="$(bash scripts/ensure-postgres.sh)"
fi

step "next build"
./node_modules/.bin/next build

step "JavaScript per route"
node scripts/route-js.mjs --budget

step "vitest on PGlite (embedded)"
env -u TEST_DATABASE_URL ./node_modules/.bin/vitest run

step "vitest on PostgreSQL ($TEST_DATABASE_URL)"
TEST_DATABASE_URL="$TEST_DATABASE_URL" ./node_modules/.bin/vitest run

step "through PgBouncer in transaction mode: vitest (node) and the crash test"
TEST_DATABASE_DIRECT_URL="$TEST_DATABASE_URL" bash scripts/test-pgbouncer.sh

if [ -f playwright.config.ts ] && ls e2e/*.spec.ts >/dev/null 2>&1; then
  step "Playwright (Debian's Chromium)"
  ./node_modules/.bin/playwright test
fi

step "all tests passed"
