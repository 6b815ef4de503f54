#!/bin/sh
# `wrangler dev` for this checkout, the one way `npm run serve` and
# `npm run cron` start it:
#   - no network, no account: Cloudflare's request metadata is not fetched,
#     usage metrics are off;
#   - the dev registry (how the cron worker finds the app's Durable Object)
#     lives in this checkout, so two checkouts on one machine never see each
#     other's workers;
#   - SITE_URL, the address links in pages and mail point at: SITE_URL from
#     the environment, else SITE_URL in .dev.vars, else http://localhost:$PORT
#     (PORT defaults to 8787). `serve` writes the address it uses to
#     .wrangler/site-url; `cron` (which only runs beside a served app) takes
#     that address unless SITE_URL or PORT tell it another.
# LOCAL_WRANGLER_DRY_RUN=1 prints the command instead of running it.
set -eu
cd "$(dirname "$0")/.."
mode="${1:-}"
[ $# -gt 0 ] && shift

export WRANGLER_REGISTRY_PATH="${WRANGLER_REGISTRY_PATH:-$PWD/.wrangler/registry}"
export WRANGLER_SEND_METRICS=false
export CLOUDFLARE_CF_FETCH_ENABLED=false

dev_vars_site=$(sed -n 's/^SITE_URL=//p' .dev.vars 2>/dev/null | tail -n 1)
served_rule() { echo "${SITE_URL:-${dev_vars_site:-http://localhost:${PORT:-8787}}}"; }

run() {
  if [ "${LOCAL_WRANGLER_DRY_RUN:-}" = "1" ]; then
    echo "WRANGLER_REGISTRY_PATH=$WRANGLER_REGISTRY_PATH $*"
  else
    exec "$@"
  fi
}

case "$mode" in
  serve)
    site=$(served_rule)
    mkdir -p .wrangler
    [ "${LOCAL_WRANGLER_DRY_RUN:-}" = "1" ] || printf '%s\n' "$site" > .wrangler/site-url
    export NODE_ENV=production
    run wrangler dev --port "${PORT:-8787}" --persist-to .wrangler/state --var "SITE_URL:$site" "$@"
    ;;
  cron)
    if [ -n "${SITE_URL:-}" ] || [ -n "${PORT:-}" ] || [ ! -s .wrangler/site-url ]; then
      site=$(served_rule)
    else
      site=$(cat .wrangler/site-url)
    fi
    # The app's .dev.vars (wrangler would look for one beside workers/cron.wrangler.toml).
    env_file=""
    [ -f .dev.vars ] && env_file="--env-file=$PWD/.dev.vars"
    run wrangler dev -c workers/cron.wrangler.toml --test-scheduled --persist-to .wrangler/state \
      --port "${CRON_PORT:-8788}" --var "SITE_URL:$site" ${env_file:+"$env_file"} "$@"
    ;;
  *)
    echo "usage: scripts/local-wrangler.sh serve|cron [wrangler dev options]" >&2
    exit 2
    ;;
esac
