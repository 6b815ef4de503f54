/**
 * Which payment holds belong to this browser: a signed, HttpOnly cookie
 * written when a hold's Checkout Session is opened, naming the booking and
 * its Checkout Session. A hold is the browser's that made it, not the
 * address's: only this browser is sent back to its Checkout page when it
 * books the same session again, and only this browser (or the cancel link
 * Stripe's page holds, signed for the booking) may cancel it.
 */
import { redirectDocument, type AppLoadContext, type TypedResponse } from "@remix-run/cloudflare";
import { z } from "zod";
import { getCookies, readCookie } from "../platform/cookies.server";
import { hmacSha256Hex, timingSafeEqual } from "../platform/crypto.server";

/** The most holds one browser keeps (the newest): more than anyone pays for at once. */
const MAX_HOLDS = 5;

const HoldsSchema = z.array(z.object({ b: z.string().max(64), cs: z.string().max(255) })).max(MAX_HOLDS);

export type OwnedHold = { bookingId: string; checkoutSessionId: string };

/** The holds this browser made, newest first (none for a missing or tampered cookie). */
export async function ownedHolds(context: AppLoadContext, request: Request): Promise<OwnedHold[]> {
  const raw = await readCookie(getCookies(context.config).holds, request.headers.get("Cookie"));
  const parsed = HoldsSchema.safeParse(raw);
  return parsed.success ? parsed.data.map(({ b, cs }) => ({ bookingId: b, checkoutSessionId: cs })) : [];
}

/** The Set-Cookie header that adds `hold` to this browser's holds. */
export async function ownHoldCookie(context: AppLoadContext, request: Request, hold: OwnedHold): Promise<string> {
  const kept = (await ownedHolds(context, request)).filter((h) => h.bookingId !== hold.bookingId);
  const holds = [hold, ...kept].slice(0, MAX_HOLDS).map(({ bookingId, checkoutSessionId }) => ({ b: bookingId, cs: checkoutSessionId }));
  return getCookies(context.config).holds.serialize(holds);
}

/** Whether this browser made the hold of `bookingId` whose Checkout Session is `checkoutSessionId`. */
export async function ownsHold(context: AppLoadContext, request: Request, bookingId: string, checkoutSessionId: string | null): Promise<boolean> {
  if (!checkoutSessionId) return false;
  return (await ownedHolds(context, request)).some((h) => h.bookingId === bookingId && h.checkoutSessionId === checkoutSessionId);
}

/**
 * The proof a hold's cancel link carries (`t` in the Checkout Session's
 * cancel_url): signed for the booking, whose one Checkout Session is made
 * once (its idempotency key is the booking's). Only Stripe's page, shown to
 * the browser that made the hold, knows it.
 */
export async function holdCancelToken(context: AppLoadContext, bookingId: string): Promise<string> {
  return (await hmacSha256Hex(context.config.SESSION_SECRET, `hold-cancel:${bookingId}`)).slice(0, 32);
}

export async function validHoldCancelToken(context: AppLoadContext, bookingId: string, token: unknown): Promise<boolean> {
  return typeof token === "string" && token.length === 32 && timingSafeEqual(token, await holdCancelToken(context, bookingId));
}

/** Off to a hold's Checkout page (Stripe's is on another origin: a full navigation, with JavaScript too), the hold noted as this browser's. */
export async function redirectToCheckout(
  context: AppLoadContext,
  request: Request,
  checkout: { url: string; bookingId: string; checkoutSessionId: string },
): Promise<TypedResponse<never>> {
  const cookie = await ownHoldCookie(context, request, { bookingId: checkout.bookingId, checkoutSessionId: checkout.checkoutSessionId });
  return redirectDocument(checkout.url, { status: 303, headers: { "Set-Cookie": cookie } });
}
