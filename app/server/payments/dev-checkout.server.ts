/**
 * The local checkout page, /dev/betala/<Checkout Session id>: Stripe's
 * hosted page played on this machine, so the payment flow runs with no
 * network and no account. It exists only with PAYMENTS=stripe on a local
 * Stripe stub (STRIPE_API_URL), on a local site, for a local request (the
 * guard the mailbox has too); otherwise every URL of it answers 404.
 *
 * The page reads the Checkout Session from the stub through the stripe
 * library, as the app reads Stripe. Paying asks the stub's own endpoint
 * (/_stub/checkout/<id>/pay, which completes the session and sends Stripe's
 * signed events to the app's webhook) and returns to the session's
 * success_url, its {CHECKOUT_SESSION_ID} filled in; cancelling returns to
 * cancel_url and changes nothing at the stub, as on Stripe's page.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import { formatOre } from "~/domain/payment-status";
import { BUSINESS_NAME } from "~/domain/site-contact";
import { requireLocalDevPage } from "../platform/dev-pages.server";
import { PAYMENT_METHODS, type PaymentMethod, type PaymentsConfig, type StripeApiTarget } from "../platform/env.server";
import { stripeClient, stripeSettings } from "./stripe.server";

/** Where the page lives; the stub's checkoutPageUrl points here. */
export const DEV_CHECKOUT_PATH = "/dev/betala";

const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

type StubbedStripe = Extract<PaymentsConfig, { provider: "stripe" }> & { api: StripeApiTarget };

/** The Stripe settings when the page may exist for this request; a 404 Response thrown otherwise. */
function requireDevCheckout(context: AppLoadContext, request: Request, id: string): StubbedStripe {
  const settings = stripeSettings(context);
  const api = settings?.api ?? null;
  requireLocalDevPage(context, request, api !== null);
  if (!settings || !api || !CHECKOUT_SESSION_ID.test(id)) throw new Response("Not Found", { status: 404 });
  return { ...settings, api };
}

function notReachable(): Response {
  return new Response("Den lokala Stripe-stubben svarar inte (STRIPE_API_URL). Starta appen med npm start och PAYMENTS=stripe.", {
    status: 502,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

async function readSession(context: AppLoadContext, id: string): Promise<Stripe.Checkout.Session> {
  const stripe = await stripeClient(context);
  try {
    return await stripe.checkout.sessions.retrieve(id, { expand: ["line_items"] });
  } catch (error) {
    if (error instanceof Error && "statusCode" in error && error.statusCode === 404) throw new Response("Not Found", { status: 404 });
    console.error("dev checkout: reading the session from the stub failed", error);
    throw notReachable();
  }
}

/** The success_url as Stripe redirects to it: {CHECKOUT_SESSION_ID} replaced by the session's id. */
function successUrl(session: Stripe.Checkout.Session): string | null {
  return session.success_url ? session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id) : null;
}

/** What the page shows of a Checkout Session, as Stripe's page would. */
export async function loadDevCheckout(context: AppLoadContext, request: Request, id: string, now = new Date()) {
  const settings = requireDevCheckout(context, request, id);
  const session = await readSession(context, id);
  const expiresAt = new Date(session.expires_at * 1000).toISOString();
  const methods = PAYMENT_METHODS.filter((method) => session.payment_method_types.includes(method));
  return {
    id: session.id,
    businessName: BUSINESS_NAME,
    statementDescriptor: settings.statementDescriptor,
    customerEmail: session.customer_email,
    items: (session.line_items?.data ?? []).map((item) => ({
      name: item.description ?? "",
      quantity: item.quantity ?? 1,
      amount: formatOre(item.amount_total),
    })),
    total: formatOre(session.amount_total ?? 0),
    status: session.status ?? "open",
    paymentStatus: session.payment_status,
    expiresAt,
    minutesLeft: Math.max(0, Math.ceil((session.expires_at * 1000 - now.getTime()) / 60_000)),
    methods,
    // Where a session no longer open leads back to: the confirmation when paid, else the booking form.
    returnUrl: session.status === "complete" ? successUrl(session) : session.cancel_url,
  };
}

/** Where the browser goes next (a 303, as Stripe's page sends it), or what to show on the page. */
export type DevCheckoutActionResult = { redirectTo: string } | { error: string };

/**
 * The customer's choice on the page: pay by card or Swish (Swish may be told
 * to fail, to try the failed path), or cancel.
 */
export async function actOnDevCheckout(
  context: AppLoadContext,
  request: Request,
  id: string,
  form: FormData,
): Promise<DevCheckoutActionResult> {
  const settings = requireDevCheckout(context, request, id);
  const intent = form.get("intent");
  const session = await readSession(context, id);
  if (intent === "cancel") {
    if (!session.cancel_url) return { error: "Sessionen har ingen adress att gå tillbaka till (cancel_url)." };
    return { redirectTo: session.cancel_url };
  }
  const method = PAYMENT_METHODS.find((known): known is PaymentMethod => known === intent);
  if (!method || !session.payment_method_types.includes(method)) return { error: "Välj ett av betalsätten som visas." };
  if (session.status !== "open") return { error: "Betalningen går inte längre att göra: sessionen är inte öppen." };

  const outcome = method === "swish" && form.get("swish_svar") === "avvisad" ? "failed" : "succeeded";
  const { protocol, host, port } = settings.api;
  const origin = `${protocol}://${host.includes(":") ? `[${host}]` : host}:${port}`;
  let answer: Response;
  try {
    answer = await fetch(`${origin}/_stub/checkout/${encodeURIComponent(id)}/pay`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ method, outcome }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    console.error("dev checkout: paying through the stub failed", error);
    throw notReachable();
  }
  const body = (await answer.json().catch(() => null)) as { redirect_url?: string | null; error?: { message?: string } } | null;
  if (!answer.ok || !body?.redirect_url) {
    return { error: `Stripe-stubben tog inte emot betalningen: ${body?.error?.message ?? `svar ${answer.status}`}` };
  }
  return { redirectTo: body.redirect_url };
}
