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
#     (PORT defaults to 8787). PORT, CRON_PORT and STRIPE_STUB_PORT, like
#     every setting read here, come from the environment, else .dev.vars.
#     `serve` writes the address it uses to
#     .wrangler/site-url; `cron` (which only runs beside a served app) takes
#     that address unless SITE_URL or PORT tell it another;
#   - payments: with PAYMENTS=stripe (in the environment, else in .dev.vars)
#     `serve` also runs the local Stripe stub (tests/support/stripe-stub.mjs)
#     on STRIPE_STUB_PORT (else a local STRIPE_API_URL's port, else 12111), sending Stripe's signed events to
#     the served app with STRIPE_WEBHOOK_SECRET, and points the app at it
#     (STRIPE_API_URL); the stub stops when the server does. Both workers get
#     local test keys unless the environment or .dev.vars has its own. A
#     STRIPE_API_URL of https://api.stripe.com (a real account in test mode)
#     runs no stub. PAYMENTS=off, the default, changes nothing.
#   - ports: before anything is written, a port the command would listen on
#     that is taken stops it with one line naming a free one (`check` does
#     only that, for `npm start` to run before it builds).
# LOCAL_WRANGLER_DRY_RUN=1 prints the command instead of running it.
set -eu
cd "$(dirname "$0")/.."
mode="${1:-}"
[ $# -gt 0 ] && shift

export WRANGLER_REGISTRY_PATH="${WRANGLER_REGISTRY_PATH:-$PWD/.wrangler/registry}"
export WRANGLER_SEND_METRICS=false
export CLOUDFLARE_CF_FETCH_ENABLED=false
# wrangler's local trace store and data explorer write for every request: off, they
# took a page under 20 connections from 319 to 511 requests/s (p50 58 → 35 ms).
export X_LOCAL_OBSERVABILITY="${X_LOCAL_OBSERVABILITY:-false}" X_LOCAL_EXPLORER="${X_LOCAL_EXPLORER:-false}"

dev_vars_site=$(sed -n 's/^SITE_URL=//p' .dev.vars 2>/dev/null | tail -n 1)
served_rule() { echo "${SITE_URL:-${dev_vars_site:-http://localhost:${PORT:-8787}}}"; }

# A variable from .dev.vars (the last line setting it; quotes and a trailing comment left off).
dev_var() {
  sed -n "s/^$1=//p" .dev.vars 2>/dev/null | tail -n 1 |
    sed -e "s/^\"\(.*\)\"\$/\1/" -e "s/^'\(.*\)'\$/\1/" -e 's/[[:space:]][[:space:]]*#.*$//' -e 's/[[:space:]]*$//'
}
# The environment's value, else .dev.vars's.
setting() {
  eval "value=\${$1:-}"
  if [ -n "$value" ]; then echo "$value"; else dev_var "$1"; fi
}

# The script's own settings, like the worker's, come from the environment, else .dev.vars.
for name in PORT CRON_PORT STRIPE_STUB_PORT; do
  eval "value=\${$name:-}"
  [ -n "$value" ] || value=$(dev_var "$name")
  [ -z "$value" ] || eval "$name=\$value"
done

payments=$(setting PAYMENTS)
stripe_api=$(setting STRIPE_API_URL)
# The stub's port: STRIPE_STUB_PORT, else a local STRIPE_API_URL's, else 12111.
api_port=$(printf '%s\n' "$stripe_api" |
  sed -n -e 's#^http://127\.0\.0\.1:\([0-9][0-9]*\)/\{0,1\}$#\1#p' -e 's#^http://localhost:\([0-9][0-9]*\)/\{0,1\}$#\1#p')
stub_port="${STRIPE_STUB_PORT:-${api_port:-12111}}"
stub_url="http://127.0.0.1:$stub_port"
# Local test keys, used only when neither .dev.vars nor the environment gives one (the stub takes any).
stripe_key=$(setting STRIPE_SECRET_KEY); stripe_key="${stripe_key:-sk_test_hundpassLokal}"
# whsec_hundpassLokal is for local use only: it is committed here, so it signs for any local dev server.
webhook_secret=$(setting STRIPE_WEBHOOK_SECRET); webhook_secret="${webhook_secret:-whsec_hundpassLokal}"
# The stub runs unless STRIPE_API_URL names Stripe's own API.
with_stub=false
if [ "$payments" = "stripe" ]; then
  case "$stripe_api" in
    https://api.stripe.com|https://api.stripe.com/) ;;
    *) with_stub=true ;;
  esac
fi

# The --var options the payment settings add to a worker (none with payments off).
payment_vars() {
  [ -n "${PAYMENTS:-}" ] && set -- "$@" --var "PAYMENTS:$PAYMENTS"
  [ "$payments" = "stripe" ] || { printf '%s\n' "$@"; return; }
  # wrangler reads .dev.vars itself; a key from the environment is handed over, and
  # with the stub a local default stands in for one given nowhere.
  if [ -z "$(dev_var STRIPE_SECRET_KEY)" ] && { [ -n "${STRIPE_SECRET_KEY:-}" ] || [ "$with_stub" = "true" ]; }; then
    set -- "$@" --var "STRIPE_SECRET_KEY:$stripe_key"
  fi
  if [ -z "$(dev_var STRIPE_WEBHOOK_SECRET)" ] && { [ -n "${STRIPE_WEBHOOK_SECRET:-}" ] || [ "$with_stub" = "true" ]; }; then
    set -- "$@" --var "STRIPE_WEBHOOK_SECRET:$webhook_secret"
  fi
  [ "$with_stub" = "true" ] && set -- "$@" --var "STRIPE_API_URL:$stub_url"
  printf '%s\n' "$@"
}

# Stops at once, writing nothing, when one of the NAME=port arguments is taken.
# $1 is the command to name in the advice when npm did not start this one.
check_ports() {
  [ "${LOCAL_WRANGLER_DRY_RUN:-}" = "1" ] && return 0
  command="$1"; shift
  case "${npm_lifecycle_event:-}" in
    start) command="npm start" ;;
    serve|cron) command="npm run $npm_lifecycle_event" ;;
  esac
  node scripts/free-ports.mjs "$command" "$@" || exit 1
}
serve_ports() {
  if [ "$with_stub" = "true" ]; then
    check_ports "npm start" "PORT=${PORT:-8787}" "STRIPE_STUB_PORT=$stub_port"
  else
    check_ports "npm start" "PORT=${PORT:-8787}"
  fi
}

run() {
  if [ "${LOCAL_WRANGLER_DRY_RUN:-}" = "1" ]; then
    echo "WRANGLER_REGISTRY_PATH=$WRANGLER_REGISTRY_PATH $*"
  else
    exec "$@"
  fi
}

case "$mode" in
  check)
    serve_ports
    ;;
  serve)
    serve_ports
    site=$(served_rule)
    mkdir -p .wrangler
    [ "${LOCAL_WRANGLER_DRY_RUN:-}" = "1" ] || printf '%s\n' "$site" > .wrangler/site-url
    export NODE_ENV=production
    # One option a line (no value here holds a newline).
    old_ifs=$IFS; IFS='
'
    # shellcheck disable=SC2046
    set -- $(payment_vars) "$@"
    IFS=$old_ifs
    if [ "$with_stub" != "true" ]; then
      run wrangler dev --port "${PORT:-8787}" --persist-to .wrangler/state --var "SITE_URL:$site" "$@"
      exit 0
    fi
    # Stripe's events go to the app on this machine; its local checkout page is where Checkout sends the customer.
    app_local="http://localhost:${PORT:-8787}"
    stub_cmd="node tests/support/stripe-stub.mjs --port $stub_port --webhook-url $app_local/api/stripe-handelser --checkout-page-url $app_local/dev/betala --exit-with $$"
    if [ "${LOCAL_WRANGLER_DRY_RUN:-}" = "1" ]; then
      echo "WRANGLER_REGISTRY_PATH=$WRANGLER_REGISTRY_PATH wrangler dev --port ${PORT:-8787} --persist-to .wrangler/state --var SITE_URL:$site $*"
      echo "STRIPE_WEBHOOK_SECRET=… $stub_cmd"
      exit 0
    fi
    # The secret goes by the environment, not the command line.
    # shellcheck disable=SC2086
    STRIPE_WEBHOOK_SECRET="$webhook_secret" $stub_cmd &
    stub_pid=$!
    trap 'kill "$stub_pid" 2>/dev/null || true' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    sleep 1
    if ! kill -0 "$stub_pid" 2>/dev/null; then
      echo "The local Stripe stub did not start (is port $stub_port taken? STRIPE_STUB_PORT=… chooses another)." >&2
      exit 1
    fi
    wrangler dev --port "${PORT:-8787}" --persist-to .wrangler/state --var "SITE_URL:$site" "$@"
    ;;
  cron)
    check_ports "npm run cron" "CRON_PORT=${CRON_PORT:-8788}"
    if [ -n "${SITE_URL:-}" ] || [ -n "${PORT:-}" ] || [ ! -s .wrangler/site-url ]; then
      site=$(served_rule)
    else
      site=$(cat .wrangler/site-url)
    fi
    # The app's .dev.vars (wrangler would look for one beside workers/cron.wrangler.toml).
    env_file=""
    [ -f .dev.vars ] && env_file="--env-file=$PWD/.dev.vars"
    old_ifs=$IFS; IFS='
'
    # shellcheck disable=SC2046
    set -- $(payment_vars) "$@"
    IFS=$old_ifs
    run wrangler dev -c workers/cron.wrangler.toml --test-scheduled --persist-to .wrangler/state \
      --port "${CRON_PORT:-8788}" --var "SITE_URL:$site" ${env_file:+"$env_file"} "$@"
    ;;
  *)
    echo "usage: scripts/local-wrangler.sh serve|cron|check [wrangler dev options]" >&2
    exit 2
    ;;
esac
