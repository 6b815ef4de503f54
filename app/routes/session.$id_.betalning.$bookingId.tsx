/**
 * /session/{id}/betalning/{bookingId}: where Stripe's Checkout sends the
 * booker back (PAYMENTS=stripe). Reads the payment's state and shows it
 * (app/server/payments/return-page.server.ts); it never confirms a booking.
 * Stripe's cancel link (?avbruten=1) only shows a button: its POST, with
 * proof that this browser made the hold, releases the seat.
 * While the payment is processing the page asks again every few seconds:
 * with JavaScript by revalidating, without it by a meta refresh (in
 * <noscript>, so it never reloads the document under a visitor with
 * JavaScript).
 */
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { useRefreshWhile } from "~/components/use-refresh-while";
import { PAYMENT_TEXTS } from "~/domain/payment-texts";
import type { PageHandle } from "~/domain/page-handle";
import { tokenPageHeaders, tokenPageMeta } from "~/domain/token-page";
import { parseSessionId } from "~/server/booking/session-read.server";
import { handleLinkForm } from "~/server/forms/form-action.server";
import { cancelPaymentHold, paymentReturn, type PaymentReturn } from "~/server/payments/return-page.server";
import { purgeSeatLists } from "~/server/public/page-cache.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { redirectToConfirmation } from "~/server/booking/confirmation.server";

/** Seconds between reloads while the payment is processing. */
const REFRESH_SECONDS = 3;

const TITLES = {
  broken: PAYMENT_TEXTS.brokenTitle,
  processing: PAYMENT_TEXTS.processingTitle,
  ended: PAYMENT_TEXTS.endedTitle,
  refused: PAYMENT_TEXTS.endedTitle,
  refunded: PAYMENT_TEXTS.refundedTitle,
  cancel: PAYMENT_TEXTS.cancelAskTitle,
} as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => tokenPageMeta(TITLES[data?.state ?? "broken"]);

export const handle: PageHandle = {
  refreshWithoutScript: (data) => ((data as { state?: string } | undefined)?.state === "processing" ? REFRESH_SECONDS : null),
};

// The Checkout Session's id is in this page's URL: never send it on, never cache the page.
export const headers: HeadersFunction = () => tokenPageHeaders();

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const sessionId = parseSessionId(params.id);
  const found = sessionId === null ? ({ state: "broken" } as const) : await paymentReturn(context, sessionId, params.bookingId ?? "", request);
  return answer(context, request, sessionId, found);
}

/** The cancel button's fields: the link's signed token (empty when the browser's hold cookie is the proof). */
const CancelHoldSchema = z.object({ t: z.string().max(64).default("") });

export async function action(args: ActionFunctionArgs) {
  const { params, request, context } = args;
  const sessionId = parseSessionId(params.id);
  const broken = () => answer(context, request, sessionId, { state: "broken" });
  if (sessionId === null) return broken();
  return handleLinkForm(args, {
    schema: CancelHoldSchema,
    refused: broken,
    run: async ({ t }) => answer(context, request, sessionId, await cancelPaymentHold(context, sessionId, params.bookingId ?? "", request, t)),
  });
}

async function answer(context: LoaderFunctionArgs["context"], request: Request, sessionId: number | null, found: PaymentReturn) {
  switch (found.state) {
    case "paid":
      // The booking confirmation, as a booking without payment shows it (the one that stays, for the hold's own browser).
      return redirectToConfirmation(context, request, found.bookingId);
    case "cancelled":
      purgeSeatLists(request, context.cloudflare.ctx);
      return redirectWithToast(context, `/session/${sessionId}`, { type: "info", title: PAYMENT_TEXTS.cancelledTitle, description: PAYMENT_TEXTS.cancelled }, { status: 303 });
    default:
      return data({ ...found, sessionId }, { status: found.state === "broken" ? 404 : 200, headers: tokenPageHeaders() });
  }
}

export default function PaymentReturnPage() {
  // After the cancel button's POST, its answer (processing: paid in another tab) is the page.
  const loaded = useLoaderData<typeof loader>();
  const page = useActionData<typeof action>() ?? loaded;
  const processing = page.state === "processing";
  const busy = useNavigation().state !== "idle";
  useRefreshWhile(processing, REFRESH_SECONDS);

  return (
    <section className="booking-panel card payment-return" aria-labelledby="page-heading" data-testid={`payment-${page.state}`}>
      <h1 id="page-heading">{TITLES[page.state]}</h1>
      {page.state === "cancel" ? (
        <>
          <p className="session-facts-line">
            <strong>{page.title}</strong>, {page.when}
          </p>
          <p>{PAYMENT_TEXTS.cancelAsk}</p>
          <Form method="post" replace>
            <input type="hidden" name="t" value={page.token} />
            <button type="submit" className="primary" disabled={busy}>
              {busy ? PAYMENT_TEXTS.cancelBusy : PAYMENT_TEXTS.cancelButton}
            </button>
          </Form>
        </>
      ) : page.state === "processing" ? (
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
