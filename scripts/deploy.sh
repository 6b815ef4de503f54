#!/bin/sh
# Builds and deploys both workers to Cloudflare's production environment: the
# app (wrangler.toml) and the Cron Trigger worker (workers/cron.wrangler.toml).
# Options go to both `wrangler deploy` calls: `npm run deploy -- --dry-run`
# bundles both without an account or the network and uploads nothing.
set -eu
cd "$(dirname "$0")/.."
export WRANGLER_SEND_METRICS=false
npm run build
npx wrangler deploy --env production "$@"
npx wrangler deploy -c workers/cron.wrangler.toml --env production "$@"
