#!/bin/sh
# Exports the D1 database DB to one SQL file that a fresh database takes back
# with `wrangler d1 execute DB --file <file>`:
#   sh scripts/d1-export.sh backup.sql --local             (this checkout's .wrangler/state)
#   sh scripts/d1-export.sh backup.sql --remote --env production
# Other options go to `wrangler d1 export` as they are (-c <config> for another config).
#
# Why two exports: `wrangler d1 export` writes each table's schema and rows in
# the order SQLite lists the tables, and a table rebuilt by a later migration
# (sessions, email_campaigns, newsletter_subscriber_segments) comes after
# tables whose foreign keys point at it; importing that file stops at the
# first row of such a table ("no such table: main.sessions"). All the schema
# first, then all the rows (under the export's own PRAGMA defer_foreign_keys),
# imports cleanly. Virtual tables (FTS) would not export; the schema has none.
set -eu
out="${1:-}"
if [ -z "$out" ]; then
  echo "usage: sh scripts/d1-export.sh <file.sql> --local|--remote [wrangler d1 export options]" >&2
  exit 2
fi
shift
export WRANGLER_SEND_METRICS=false
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
npx wrangler d1 export DB "$@" --no-data --output "$tmp/schema.sql" >/dev/null
npx wrangler d1 export DB "$@" --no-schema --output "$tmp/data.sql" >/dev/null
cat "$tmp/schema.sql" "$tmp/data.sql" > "$out"
echo "Exported DB to $out"
