/**
 * /session/{id}/betalning/{bookingId}: where Stripe's Checkout sends the
 * booker back (PAYMENTS=stripe). Reads the payment's state and shows it
 * (app/server/payments/return-page.server.ts); it never confirms a booking.
 * While the payment is processing the page asks again every few seconds:
 * with JavaScript by revalidating, without it by a meta refresh (in
 * <noscript>, so it never reloads the document under a visitor with
 * JavaScript).
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { BOOKING_TEXTS } from "~/domain/booking-texts";
import { PAYMENT_TEXTS } from "~/domain/payment-texts";
import type { PageHandle } from "~/domain/page-handle";
import { tokenPageHeaders, tokenPageMeta } from "~/domain/token-page";
import { parseSessionId } from "~/server/booking/session-read.server";
import { paymentReturn } from "~/server/payments/return-page.server";
import { purgeSeatLists } from "~/server/public/page-cache.server";
import { redirectWithToast } from "~/server/platform/toast.server";

/** Seconds between reloads while the payment is processing. */
const REFRESH_SECONDS = 3;

const TITLES = {
  broken: PAYMENT_TEXTS.brokenTitle,
  processing: PAYMENT_TEXTS.processingTitle,
  ended: PAYMENT_TEXTS.endedTitle,
  refunded: PAYMENT_TEXTS.refundedTitle,
} as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => tokenPageMeta(TITLES[data?.state ?? "broken"]);

export const handle: PageHandle = {
  refreshWithoutScript: (data) => ((data as { state?: string } | undefined)?.state === "processing" ? REFRESH_SECONDS : null),
};

// The Checkout Session's id is in this page's URL: never send it on, never cache the page.
export const headers: HeadersFunction = () => tokenPageHeaders();

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const sessionId = parseSessionId(params.id);
  const found = sessionId === null ? ({ state: "broken" } as const) : await paymentReturn(context, sessionId, params.bookingId ?? "", new URL(request.url));
  switch (found.state) {
    case "paid":
      // The booking confirmation, as a booking without payment shows it.
      return redirectWithToast(context, "/mina-bokningar", {
        type: "success",
        title: BOOKING_TEXTS.successTitle,
        description: BOOKING_TEXTS.successMailQueued,
      });
    case "cancelled":
      purgeSeatLists(request, context.cloudflare.ctx);
      return redirectWithToast(context, `/session/${sessionId}`, { type: "info", title: PAYMENT_TEXTS.cancelledTitle, description: PAYMENT_TEXTS.cancelled }, { status: 303 });
    default:
      return data({ ...found, sessionId }, { status: found.state === "broken" ? 404 : 200, headers: tokenPageHeaders() });
  }
}

export default function PaymentReturnPage() {
  const page = useLoaderData<typeof loader>();
  const { revalidate, state } = useRevalidator();
  const processing = page.state === "processing";
  // With JavaScript the page asks again on the same beat (the meta refresh is for pages without it).
  useEffect(() => {
    if (!processing || state !== "idle") return;
    const timer = window.setTimeout(revalidate, REFRESH_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [processing, state, revalidate]);

  return (
    <section className="booking-panel card payment-return" aria-labelledby="page-heading" data-testid={`payment-${page.state}`}>
      <h1 id="page-heading">{TITLES[page.state]}</h1>
      {page.state === "processing" ? (
        <>
          <p className="session-facts-line">
            <strong>{page.title}</strong>, {page.when}
          </p>
          <p role="status">{PAYMENT_TEXTS.processing}</p>
          <p>{PAYMENT_TEXTS.processingSwish}</p>
        </>
      ) : (
        <p role={page.state === "broken" ? "alert" : "status"}>{PAYMENT_TEXTS[page.state]}</p>
      )}
      <p>
        {page.state === "broken" || page.sessionId === null ? (
          <Link to="/alla-popups" className="button">
            Visa alla pass
          </Link>
        ) : (
          <Link to={`/session/${page.sessionId}`} className="button">
            {PAYMENT_TEXTS.toSession}
          </Link>
        )}
      </p>
    </section>
  );
}
