#!/usr/bin/env bash
# `npm test`: everything CI checks, on a fresh Debian machine with Node 20 (after `npm ci`). docs/testing.md says
# which test runs where and why. In order:
#  1. Debian's Chromium headless shell, pgbouncer, nginx, openssl and PostgreSQL when missing (as root), in the background
#     from the start;
#  2. the code checks (`npm run lint`: ESLint with the layering rules, Prettier in check mode, knip) beside the
#     production build (`next build`, which the browser, multi-instance and crash tests all run), then each route's
#     first-load JavaScript (scripts/route-js.mjs), failing past 200 kB gzip;
#  3. one vitest run (vitest.config.mts): the tests that touch no database once, the engine tests on PGlite and on
#     PostgreSQL, what a pooler can break through PgBouncer in transaction mode, the components in jsdom;
#  4. the crash test (scripts/chaos.sh) on the server directly, then through PgBouncer; on the direct run also behind
#     nginx (scripts/load-balancer.chaos.ts);
#  5. Playwright (API and browser projects) against `npm start` (scripts/start.mjs) on a fresh data dir;
#  6. a table of where the time went: each step, its minutes and test count, the five slowest files of each runner.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export CI="${CI:-1}"

TIMINGS=.test-data/timings
rm -rf "$TIMINGS"
mkdir -p "$TIMINGS"
source scripts/pgbouncer.sh
TEST_STARTED_MS="$(($(date +%s%N) / 1000000))"

step() { printf '\n=== %s ===\n' "$*"; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }
# record NAME START_MS STATUS [REPORT]: one row of the table printed at the end.
record() { printf '%s\t%s\t%s\t%s\n' "$1" "$(($(now_ms) - $2))" "$3" "${4:-}" >>"$TIMINGS/steps.tsv"; }
# run_step NAME [REPORT] -- COMMAND…: runs it under a heading and records how long it took.
run_step() {
  local name="$1" report="" started status=0
  shift
  if [ "$1" != "--" ]; then report="$1"; shift; fi
  shift
  step "$name"
  started="$(now_ms)"
  "$@" || status=$?
  record "$name" "$started" "$status" "$report"
  return "$status"
}

background=()
finish() {
  local status=$?
  for pid in "${background[@]}"; do kill "$pid" 2>/dev/null || true; done
  pgbouncer_stop
  node scripts/test-summary.mjs "$TIMINGS" "${CI_STARTED_MS:-$TEST_STARTED_MS}" || true
  exit "$status"
}
trap finish EXIT

# .ci/run measured its own set-up (PostgreSQL, npm ci) before calling this; it goes first in the table.
if [ -n "${CI_SETUP_MS:-}" ]; then printf 'set-up before npm test (.ci/run: PostgreSQL, npm ci)\t%s\t0\t\n' "$CI_SETUP_MS" >>"$TIMINGS/steps.tsv"; fi

# 1. Packages, then the PostgreSQL server, in the background: apt and the server's start wait on the disk and the
#    network, not on the cores that lint and the build use.
missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
# nginx and openssl (its certificate) for the crash test behind a load balancer. Installing nginx may start Debian's own
# nginx on port 80; the test runs its own on free loopback ports and needs nothing from that one.
[ -x /usr/sbin/nginx ] || missing+=(nginx)
[ -x /usr/bin/openssl ] || missing+=(openssl)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql)
(
  started="$(now_ms)"
  status=0
  if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" = "0" ]; then
      (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}") >"$TIMINGS/packages.log" 2>&1 || status=$?
    else
      echo "missing and this is not root, so not installed: ${missing[*]} (apt-get install ${missing[*]})" >"$TIMINGS/packages.log"
      status=1
    fi
  fi
  if [ "$status" = 0 ] && [ -z "${TEST_DATABASE_URL:-}" ]; then
    bash scripts/ensure-postgres.sh >"$TIMINGS/database-url" 2>>"$TIMINGS/packages.log" || status=$?
  fi
  record "Debian packages (${missing[*]:-none missing}) and PostgreSQL, beside lint and build" "$started" "$status"
  exit "$status"
) &
packages_pid=$!
background+=("$packages_pid")

# 2. Lint beside the build: both use the cores, but neither uses both all the time. Lint's report is printed
#    once it ends; a finding fails the run as soon as the build is done.
(
  started="$(now_ms)"
  status=0
  npm run --silent lint >"$TIMINGS/lint.log" 2>&1 || status=$?
  record "lint: eslint, prettier --check, knip (beside the build)" "$started" "$status"
  exit "$status"
) &
lint_pid=$!
background+=("$lint_pid")

run_step "next build" -- ./node_modules/.bin/next build
run_step "JavaScript per route" -- node scripts/route-js.mjs --budget

step "lint: eslint, prettier --check, knip"
lint_status=0
wait "$lint_pid" || lint_status=$?
cat "$TIMINGS/lint.log"
if [ "$lint_status" != 0 ]; then
  echo "lint failed" >&2
  exit "$lint_status"
fi
echo "lint passed"

step "Debian packages and PostgreSQL"
packages_status=0
wait "$packages_pid" || packages_status=$?
background=()
cat "$TIMINGS/packages.log" 2>/dev/null || true
if [ "$packages_status" != 0 ]; then
  echo "installing the packages or starting PostgreSQL failed" >&2
  exit "$packages_status"
fi
if [ -z "${TEST_DATABASE_URL:-}" ]; then TEST_DATABASE_URL="$(cat "$TIMINGS/database-url")"; fi
export TEST_DATABASE_URL
echo "PostgreSQL: $TEST_DATABASE_URL"
pgbouncer_start "$TEST_DATABASE_URL"

# 3. Every vitest project in one run (projects: unit, pglite, postgres, pgbouncer, components).
TEST_PGBOUNCER_URL="$PGBOUNCER_URL" run_step "vitest: unit, pglite, postgres, pgbouncer, components" "$TIMINGS/vitest.json" -- \
  ./node_modules/.bin/vitest run

# 4. The crash test, on the server (and behind nginx: scripts/load-balancer.chaos.ts) and through the pooler.
# Each run writes chaos.json (vitest.chaos.config.mts); the table reads each run's under its own name.
chaos() { bash scripts/chaos.sh && mv "$TIMINGS/chaos.json" "$TIMINGS/$1.json"; }
run_step "crash test on PostgreSQL" "$TIMINGS/chaos-postgres.json" -- chaos chaos-postgres
TEST_DATABASE_DIRECT_URL="$TEST_DATABASE_URL" TEST_DATABASE_URL="$PGBOUNCER_URL" \
  run_step "crash test through PgBouncer" "$TIMINGS/chaos-pgbouncer.json" -- chaos chaos-pgbouncer
# Proof that the pooler's traffic went through it, not around it.
transactions="$(pgbouncer_transactions)"
echo "PgBouncer served ${transactions:-0} transactions"
if [ "${transactions:-0}" -lt 10000 ]; then
  echo "too few transactions went through PgBouncer: did the tests bypass it?" >&2
  exit 1
fi
pgbouncer_stop

# 5. The browser.
run_step "Playwright (Debian's Chromium headless shell)" "$TIMINGS/playwright.json" -- ./node_modules/.bin/playwright test

step "all tests passed"
