#!/usr/bin/env bash
# Serves the built worker for the e2e tests on a fresh local D1 with demo data.
# Expects `npm run build` to have run (npm test does it first).
# Options after the first two go to wrangler dev (serve-payments.sh adds its own
# variables, with its own E2E_STATE, E2E_REGISTRY and E2E_TURNSTILE_PORT).
set -euo pipefail
PORT="${1:-8799}"
# The mail provider's event signing secret for this server (tests/e2e/webhook-secret.ts): a test value.
WEBHOOK_SECRET="${2:-}"
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
STATE="${E2E_STATE:-.wrangler/e2e-state}"
export XDG_CONFIG_HOME="${XDG_CONFIG_HOME:-$PWD/.wrangler/config}"
export WRANGLER_SEND_METRICS=false
# A dev registry of its own (wrangler's default is machine-wide, and ~/.wrangler
# wins over XDG_CONFIG_HOME), apart from a served app's and another checkout's.
export WRANGLER_REGISTRY_PATH="${E2E_REGISTRY:-$PWD/.wrangler/e2e-registry}"
# No network: the placeholder Request.cf object is fine locally.
export CLOUDFLARE_CF_FETCH_ENABLED=false
# wrangler's local trace store and data explorer write for every request: off, they
# took a page under 20 connections from 319 to 511 requests/s (p50 58 → 35 ms).
export X_LOCAL_OBSERVABILITY=false X_LOCAL_EXPLORER=false
# E2E_STATE_PREPARED=1: another server of the run has just built this folder
# (see E2E_STATE_COPY below); otherwise build it here.
if [ "${E2E_STATE_PREPARED:-}" != 1 ] || [ ! -d "$STATE" ]; then
  rm -rf "$STATE"
  # The empty database with every migration applied is kept between runs, by
  # the migrations' names and content, wrangler.toml and wrangler's version:
  # it is the same database each time. A change to any of them makes a new
  # one (scripts/migrate-local.mjs: all in one go, a few seconds). The demo
  # data is seeded fresh each run (its dates are relative to now).
  MIGRATED_KEY="$(cd migrations && ls && cat -- *.sql && cat ../wrangler.toml ../node_modules/wrangler/package.json)"
  MIGRATED_DIR=".wrangler/e2e-migrated"
  MIGRATED="$MIGRATED_DIR/$(printf '%s' "$MIGRATED_KEY" | sha256sum | cut -c1-16)"
  if [ ! -d "$MIGRATED" ]; then
    # Made under a name of its own, then renamed: a folder with the key's name is always whole.
    mkdir -p "$MIGRATED_DIR"
    node scripts/migrate-local.mjs "$MIGRATED.tmp$$" >/dev/null
    mv -T "$MIGRATED.tmp$$" "$MIGRATED" 2>/dev/null || rm -rf "$MIGRATED.tmp$$"
    # Older keys' databases (and what a stopped run left half made) are of no more use.
    find "$MIGRATED_DIR" -mindepth 1 -maxdepth 1 ! -name "$(basename "$MIGRATED")" ! -name "*.tmp$$" -mmin +60 -exec rm -rf {} + 2>/dev/null || true
  fi
  cp -a "$MIGRATED" "$STATE"
  npx tsx tests/fixtures/seed.ts --persist-to "$STATE" >/dev/null
fi
# E2E_STATE_COPY: a second server's folder, given the same fresh database
# and demo data: copied whole before this server opens it, so the copy is a
# closed database.
if [ -n "${E2E_STATE_COPY:-}" ]; then
  rm -rf "$E2E_STATE_COPY"
  cp -a "$STATE" "$E2E_STATE_COPY"
fi
# FORM_MIN_FILL_MS: the bot check's fill time, shortened for this local server
# only (the tests pause a little longer than this before each form they send).
# TURNSTILE_VERIFY_URL: the local siteverify stub (tests/e2e/turnstile-stub.mjs,
# started by playwright.config.ts on the port 10 below the server's).
exec env NODE_ENV=production npx wrangler dev --port "$PORT" --persist-to "$STATE" \
  --var "SITE_URL:http://localhost:$PORT" --var "FORM_MIN_FILL_MS:500" \
  --var "TURNSTILE_VERIFY_URL:http://127.0.0.1:${E2E_TURNSTILE_PORT:-$((PORT - 10))}/siteverify" \
  ${WEBHOOK_SECRET:+--var "RESEND_WEBHOOK_SECRET:$WEBHOOK_SECRET"} --log-level warn "$@"
