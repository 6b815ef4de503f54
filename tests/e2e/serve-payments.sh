#!/usr/bin/env bash
# Serves the built worker for the payment e2e tests: a server of its own
# (its own port, local D1 and dev registry) with PAYMENTS=stripe, pointed at
# the local Stripe stub that playwright.config.ts starts beside it (which
# sends Stripe's signed events back to this server). The other e2e tests keep
# their server, with payments off.
#   bash tests/e2e/serve-payments.sh <port> <stub port> <turnstile stub port>
# The webhook secret comes from STRIPE_WEBHOOK_SECRET (a test value).
set -euo pipefail
PORT="$1"
STUB_PORT="$2"
export E2E_TURNSTILE_PORT="$3"
# The same folder as PAYMENTS_STATE in playwright.config.ts, which has serve.sh
# fill it with a copy of the other server's fresh database (E2E_STATE_PREPARED).
export E2E_STATE=".wrangler/e2e-payments-state"
export E2E_REGISTRY="$PWD/.wrangler/e2e-payments-registry"
exec bash tests/e2e/serve.sh "$PORT" "" \
  --var "PAYMENTS:stripe" --var "STRIPE_SECRET_KEY:sk_test_hundpassE2e" \
  --var "STRIPE_WEBHOOK_SECRET:$STRIPE_WEBHOOK_SECRET" --var "STRIPE_API_URL:http://127.0.0.1:$STUB_PORT"
