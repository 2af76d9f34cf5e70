#!/usr/bin/env bash
# Regenerates drizzle/ from lib/db/schema: the schema-derived migrations, then the
# hand-written SQL of lib/db/custom/*.sql (triggers, functions) as custom migrations.
# Run it as `npm run db:generate -- <name>` after changing lib/db/schema/*.ts or lib/db/custom/*.sql
# (scripts/db-generate.test.ts runs it on a copy of the project).
set -euo pipefail
cd "$(dirname "$0")/.."
npx drizzle-kit generate --name "${1:-schema}"
for f in lib/db/custom/*.sql; do
  [ -e "$f" ] || continue
  name=$(basename "$f" .sql)
  # Already a migration: one of its own name, or one that took its first statement in (0014 holds the
  # security log's table and its insert-only triggers).
  first=$(grep -m 1 '^CREATE' "$f" || true)
  if grep -q "\"tag\": \"[0-9]*_${name}\"" drizzle/meta/_journal.json || { [ -n "$first" ] && grep -qF -- "$first" drizzle/*.sql; }; then
    continue
  fi
  npx drizzle-kit generate --custom --name "$name"
  out=$(ls drizzle/*_"${name}".sql | tail -n 1)
  cp "$f" "$out"
done
