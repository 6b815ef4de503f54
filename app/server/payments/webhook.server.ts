/**
 * Stripe's signed webhook (POST STRIPE_EVENTS_PATH), answered only with
 * PAYMENTS=stripe; off, the endpoint does not exist (404). Stripe signs each
 * delivery with the endpoint's whsec_ secret (Stripe-Signature: t=…,v1=an
 * HMAC-SHA256 of "t.body"); the library's verifier checks it with WebCrypto
 * and refuses a timestamp older than 5 minutes, and stripe.server.ts one
 * more than 5 minutes ahead.
 *
 * - The Checkout events (checkout-events.server.ts) are stored once per event
 *   id and handed to onCheckoutEvent, or, for a card bought online, to
 *   onCardOrderEvent (cards/card-order-events.server.ts): 200, and a replayed id answers 200 and
 *   changes nothing; an event for a Checkout Session we have no payment for
 *   (one another integration on the same Stripe account made, say) answers
 *   200 "Ignored" and stores nothing: a 404 would have Stripe send it again
 *   for three days. Our own Checkout Session's id is stored before its
 *   address is handed to the visitor, so none of ours is unknown.
 * - `refund.failed` (a refund Stripe accepted failed afterwards) is stored
 *   once and hands its payment back to the refund retries
 *   (refunds.server.ts, onRefundFailed): 200; a refund we did not make
 *   answers 200 "Ignored" and stores its id, so Stripe stops sending it.
 * - A forged, stale, unsigned or wrongly keyed call answers 401, a malformed
 *   one 400, a body larger than any event 413; none changes anything. Other
 *   event types are acknowledged (200) and not stored.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { onCardOrderEvent } from "../cards/card-order-events.server";
import { onCardRefundFailed } from "../cards/card-refunds.server";
import { readWebhookText, webhookAnswer } from "../forms/request-body.server";
import { CHECKOUT_EVENT_TYPES, onCheckoutEvent, type CheckoutEvent } from "./checkout-events.server";
import { onRefundFailed, type RefundFailedEvent } from "./refunds.server";
import { stripeSettings, verifyWebhookEvent } from "./stripe.server";

/** Where Stripe posts its events (the endpoint set up in the Stripe dashboard). */
export const STRIPE_EVENTS_PATH = "/api/stripe-handelser";

/** The largest event body read; a Checkout Session event is a few kB. */
export const MAX_STRIPE_EVENT_BYTES = 256 * 1024;

const stripeId = (prefix: string) =>
  z
    .string()
    .max(255)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`));

const eventSchema = z.object({
  id: stripeId("evt"),
  object: z.literal("event"),
  type: z.string().min(1).max(100),
  data: z.object({ object: z.object({}).passthrough() }),
});

const checkoutSessionSchema = z.object({
  id: stripeId("cs"),
  object: z.literal("checkout.session"),
  payment_status: z.enum(["paid", "unpaid", "no_payment_required"]),
  payment_intent: z
    .union([stripeId("pi"), z.object({ id: stripeId("pi") }).passthrough()])
    .nullable()
    .optional(),
  payment_method_types: z.array(z.string().max(100)).max(50).optional(),
});

const refundSchema = z.object({
  id: stripeId("re"),
  object: z.literal("refund"),
  failure_reason: z.string().max(200).nullable().optional(),
});

/** A verified `refund.failed` event, or null for any other type; "malformed" when it does not read as one. */
function refundFailedEvent(payload: unknown): RefundFailedEvent | null | "malformed" {
  const event = eventSchema.safeParse(payload);
  if (!event.success) return "malformed";
  if (event.data.type !== "refund.failed") return null;
  const refund = refundSchema.safeParse(event.data.data.object);
  if (!refund.success) return "malformed";
  return { id: event.data.id, refundId: refund.data.id, failureReason: refund.data.failure_reason ?? null };
}

/** A verified event's Checkout part, or null when it is not one of the Checkout events; "malformed" when it does not read as one. */
function checkoutEvent(payload: unknown): CheckoutEvent | null | "malformed" {
  const event = eventSchema.safeParse(payload);
  if (!event.success) return "malformed";
  const type = CHECKOUT_EVENT_TYPES.find((known) => known === event.data.type);
  if (!type) return null;
  const session = checkoutSessionSchema.safeParse(event.data.data.object);
  if (!session.success) return "malformed";
  const intent = session.data.payment_intent;
  return {
    id: event.data.id,
    type,
    session: {
      id: session.data.id,
      paymentStatus: session.data.payment_status,
      paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
      paymentMethodTypes: session.data.payment_method_types ?? [],
    },
  };
}

export async function handleStripeEvent(context: AppLoadContext, request: Request, now = new Date()): Promise<Response> {
  const settings = stripeSettings(context);
  // Payments off: as if the endpoint did not exist.
  if (!settings) return webhookAnswer(404, "Not found");
  if (request.method !== "POST") return webhookAnswer(405, "Use POST");
  const body = await readWebhookText(request, MAX_STRIPE_EVENT_BYTES);
  if (body === null) return webhookAnswer(413, "Too large");

  const verified = await verifyWebhookEvent(settings, body, request.headers.get("stripe-signature") ?? "", now);
  if (!verified.ok) return verified.reason === "malformed" ? webhookAnswer(400, "Malformed event") : webhookAnswer(401, "Not verified");
  const refundFailed = refundFailedEvent(verified.event);
  if (refundFailed === "malformed") return webhookAnswer(400, "Malformed event");
  if (refundFailed) {
    const outcome = await onRefundFailed(context, refundFailed, now);
    // Not a booking's refund: perhaps a card's (cards/card-refunds.server.ts).
    if (outcome === "unknown-refund" && (await onCardRefundFailed(context, refundFailed.refundId, refundFailed.failureReason, now))) {
      return webhookAnswer(200, "Stored");
    }
    return webhookAnswer(200, outcome === "repeat" ? "Already stored" : outcome === "unknown-refund" ? "Ignored" : "Stored");
  }
  const event = checkoutEvent(verified.event);
  if (event === "malformed") return webhookAnswer(400, "Malformed event");
  if (event === null) return webhookAnswer(200, "Ignored");

  // A booking's payment, else a card order (cards/card-order-events.server.ts).
  let outcome = await onCheckoutEvent(context, event, now);
  if (outcome === "unknown-session") outcome = await onCardOrderEvent(context, event, now);
  if (outcome === "unknown-session") return webhookAnswer(200, "Ignored");
  return webhookAnswer(200, outcome === "repeat" ? "Already stored" : "Stored");
}
