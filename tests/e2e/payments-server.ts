/**
 * The payment e2e tests' own server and Stripe stub, which
 * playwright.config.ts starts: the app with PAYMENTS=stripe on E2E_PORT + 2,
 * the stub on E2E_PORT + 3 sending its signed events to that app with a
 * test secret. Constants only, so the config can import them.
 */
const PORT = Number(process.env.E2E_PORT ?? 8799);
export const PAYMENTS_PORT = PORT + 2;
export const PAYMENTS_BASE_URL = `http://localhost:${PAYMENTS_PORT}`;
export const STRIPE_STUB_PORT = PORT + 3;
export const STRIPE_STUB_URL = `http://127.0.0.1:${STRIPE_STUB_PORT}`;
/** The signing secret of the payment server's Stripe endpoint: a test value, never a real one. */
export const STRIPE_E2E_WEBHOOK_SECRET = "whsec_hundpassE2eStripeEvents";
/** How long a Swish payment stays unpaid on the stub before it succeeds or fails. */
export const SWISH_DELAY_MS = 1_500;
