/**
 * The one way the app talks to Stripe: the official `stripe` library, made
 * per context from its validated config (PAYMENTS=stripe), calling through
 * fetch (Workers have no Node http) on the API version this code was written
 * against. With STRIPE_API_URL the library is pointed at a local stub by its
 * host, port and protocol options (tests, `npm start`); otherwise it calls
 * api.stripe.com.
 *
 * The library (about 0.7 MB of the Worker's script) is loaded on first use,
 * so a Worker with PAYMENTS=off never evaluates it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import type { PaymentsConfig } from "../platform/env.server";

/** The API version every call and every webhook event is read as (the library's own, pinned here). */
export const STRIPE_API_VERSION = "2026-11-18.endive" satisfies typeof Stripe.API_VERSION;

/** The Stripe settings, when payments are on; null with PAYMENTS=off. */
export function stripeSettings(context: Pick<AppLoadContext, "config">): Extract<PaymentsConfig, { provider: "stripe" }> | null {
  const { payments } = context.config;
  return payments.provider === "stripe" ? payments : null;
}

/** The library's class, loaded once, on first use. */
async function stripeLibrary(): Promise<typeof Stripe> {
  return (await import("stripe")).default;
}

/** A Stripe client for this context; only called with PAYMENTS=stripe (throws otherwise). */
export async function stripeClient(context: Pick<AppLoadContext, "config">): Promise<Stripe> {
  const settings = stripeSettings(context);
  if (!settings) throw new Error("Stripe is not configured (PAYMENTS is off)");
  const Stripe = await stripeLibrary();
  return new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    httpClient: Stripe.createFetchHttpClient(),
    // The library retries a network error, a 409 or a 5xx once, under the
    // same idempotency key (it gives every POST one), so a retry doubles
    // nothing; each try waits at most 10 s, as the visitor does.
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(settings.api ?? {}),
  });
}

/** How far a webhook's timestamp may be from now, either way, in seconds (the library's tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type VerifiedEvent = { ok: true; event: unknown } | { ok: false; reason: "signature" | "malformed" };

/**
 * A webhook body checked against its Stripe-Signature header with the
 * library's Workers-ready verifier (constructEventAsync and WebCrypto): the
 * HMAC-SHA256 of "t.body" under the endpoint's secret, and a timestamp no
 * older than the tolerance. The library accepts any timestamp in the future;
 * one more than the tolerance ahead is refused here too, so a signature
 * cannot be made to last longer than five minutes. A signed body that is not
 * JSON is "malformed"; anything unsigned, forged or stale is "signature".
 */
export async function verifyWebhookEvent(
  settings: Extract<PaymentsConfig, { provider: "stripe" }>,
  body: string,
  signatureHeader: string,
  now: Date,
): Promise<VerifiedEvent> {
  if (signedAhead(signatureHeader, now)) return { ok: false, reason: "signature" };
  const Stripe = await stripeLibrary();
  try {
    const event: unknown = await Stripe.webhooks.constructEventAsync(
      body,
      signatureHeader,
      settings.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
      Stripe.createSubtleCryptoProvider(),
      now.getTime(),
    );
    return { ok: true, event };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return { ok: false, reason: "signature" };
    // Signed, but not JSON, or not a snapshot event (the library refuses a "thin" v2 notification).
    if (error instanceof SyntaxError || (error instanceof Error && /thin event/.test(error.message))) {
      return { ok: false, reason: "malformed" };
    }
    throw error;
  }
}

/** True when the header's timestamp (its last t=, as the library reads it) is more than the tolerance ahead of now. */
function signedAhead(signatureHeader: string, now: Date): boolean {
  let timestamp: number | null = null;
  for (const item of signatureHeader.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") timestamp = Number.parseInt(value ?? "", 10);
  }
  return timestamp !== null && timestamp - Math.floor(now.getTime() / 1000) > WEBHOOK_TOLERANCE_SECONDS;
}
