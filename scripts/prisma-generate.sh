#!/usr/bin/env bash
# Generates every service's Prisma client (into services/<name>/src/generated, never shared).
# The Prisma CLI downloads its schema-engine binary at start, and that host is not reachable here;
# `prisma generate` never uses the engine, so we point PRISMA_SCHEMA_ENGINE_BINARY at a stub that
# exits 0. Never run migrate/db push with this stub: they would "succeed" doing nothing
# (NOTES-ENV.md). Migrations are applied by services/kit/src/db/migrate.ts instead.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
stub="$(mktemp -d)/schema-engine-stub"
printf '#!/bin/sh\nexit 0\n' > "$stub"
chmod +x "$stub"
export PRISMA_SCHEMA_ENGINE_BINARY="$stub"
export PRISMA_HIDE_UPDATE_MESSAGE=1
for schema in "$root"/services/*/prisma/schema.prisma; do
  "$root/node_modules/.bin/prisma" generate --schema "$schema" >/dev/null
  echo "prisma client generated for $(basename "$(dirname "$(dirname "$schema")")")"
done
rm -f "$stub"
