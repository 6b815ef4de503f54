/**
 * /ko/{token}: the hold link of a waitlist offer. A GET shows the booking
 * form with the queue entry's name, address (fixed) and dog filled in and
 * the time the seat is held until; its POST books the held seat through the
 * session's object. `?svar=nej` shows the 'Jag vill inte ha platsen' button,
 * whose POST passes the seat on. A GET never changes anything; a lapsed,
 * used or unknown link gets a page that says so.
 */
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BookingForm } from "~/components/booking-form";
import { BOOKING_TEXTS } from "~/domain/booking-texts";
import { PAYMENT_TEXTS, paymentNote as paymentNoteFor } from "~/domain/payment-texts";
import { bookingRulesFor, BOOKING_MESSAGES } from "~/domain/schemas/booking";
import { decodeSessionSnapshot, encodeSessionSnapshot, SESSION_SNAPSHOT_FIELD } from "~/domain/session-snapshot";
import { formatSessionDate, formatTimeRange } from "~/domain/time";
import { tokenPageHeaders, tokenPageMeta } from "~/domain/token-page";
import { HOLD_TEXTS } from "~/domain/waitlist";
import { formRenderedAt } from "~/server/forms/bot-check.server";
import { parseBookingForm } from "~/server/booking/parse-booking-form.server";
import { cardRefusal } from "~/server/booking/book-session.server";
import { HoldLinkSchema } from "~/domain/schemas/link";
import { handleForm, handleLinkForm } from "~/server/forms/form-action.server";
import { purgeSeatLists } from "~/server/public/page-cache.server";
import { RATE_LIMIT_MESSAGE } from "~/server/platform/rate-limit.server";
import { redirectToConfirmation } from "~/server/booking/confirmation.server";
import { bookHeldSeat, declineHold, findHold } from "~/server/waitlist/hold.server";
import { redirectToCheckout } from "~/server/payments/hold-cookie.server";
import bookingStylesHref from "~/styles/booking.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStylesHref }];

export const meta: MetaFunction = () => tokenPageMeta(HOLD_TEXTS.title);

// The token is in this page's URL: never send it on, never cache the page.
export const headers: HeadersFunction = ({ actionHeaders }) => ({ ...tokenPageHeaders(), ...Object.fromEntries(actionHeaders) });

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const declining = new URL(request.url).searchParams.get("svar") === "nej";
  const hold = await findHold(context, token);
  if (hold.status !== "active") return data({ state: hold.status, declining } as const, { status: hold.status === "gone" ? 410 : 404 });
  const { session, entry } = hold;
  return {
    state: "active" as const,
    declining,
    session: {
      title: session.title,
      location: session.location,
      when: `${formatSessionDate(session.startTime)} (${formatTimeRange(session.startTime, session.endTime)})`,
      isGroup: session.passType === "group",
    },
    until: formatSessionDate(hold.holdExpiresAt),
    email: entry.email,
    defaults: { user_name: entry.name, dog_name: entry.dogName },
    rules: bookingRulesFor(session.bookingAsk),
    snapshot: encodeSessionSnapshot(session),
    renderedAt: await formRenderedAt(context.config),
    idempotencyKey: crypto.randomUUID(),
    paymentNote: context.config.payments.provider === "stripe" ? paymentNoteFor(context.config.payments.methods) : null,
    // A session with a price takes a card's code, as its own page does.
    cardCode: session.priceSek > 0,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const gone = () => data({ declined: false, gone: true }, { status: 410 });
  return handleLinkForm(args, {
    schema: HoldLinkSchema,
    refused: gone,
    async run({ token, intent }) {
      if (intent === "decline") {
        const result = await declineHold(context, token);
        if (result.status === "left") purgeSeatLists(request, context.cloudflare.ctx);
        return data({ declined: result.status === "left", gone: result.status !== "left" }, { status: result.status === "left" ? 200 : 410 });
      }
      return bookHold(args, token);
    },
  });
}

/** The booking form of a held seat: the booking's one form flow, for the entry's own address. */
async function bookHold(args: ActionFunctionArgs, token: string) {
  const { request, context } = args;
  const hold = await findHold(context, token);
  if (hold.status !== "active") return data({ declined: false, gone: true }, { status: 410 });
  const rules = bookingRulesFor(hold.session.bookingAsk);
  return handleForm(args, {
    parse(formData) {
      // The seat is held for the entry's address: the booking uses it whatever was posted.
      formData.set("user_email", hold.entry.email);
      formData.set("user_email_confirm", hold.entry.email);
      const snapshot = decodeSessionSnapshot(formData.get(SESSION_SNAPSHOT_FIELD));
      return { submission: parseBookingForm(formData, rules), snapshot };
    },
    async run(values, { snapshot }) {
      if (!snapshot) return { formErrors: [BOOKING_MESSAGES.idempotencyKey], status: 400 };
      const outcome = await bookHeldSeat(context, request, hold, values, rules, snapshot);
      switch (outcome.status) {
        case "booked":
          purgeSeatLists(request, context.cloudflare.ctx);
          return redirectToConfirmation(context, request, outcome.booking.id);
        case "checkout":
          purgeSeatLists(request, context.cloudflare.ctx);
          return redirectToCheckout(context, request, outcome);
        case "payment-failed":
          return { formErrors: [PAYMENT_TEXTS.checkoutFailed], status: 502 };
        case "changed":
          return { formErrors: [BOOKING_TEXTS.changed], status: 409 };
        case "duplicate":
          return { formErrors: [BOOKING_TEXTS.duplicate], status: 409 };
        case "rate-limited":
          return { formErrors: [RATE_LIMIT_MESSAGE], status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } };
        case "hold-invalid":
        case "full":
        case "past":
        case "session-cancelled":
        case "not-found":
          return { formErrors: [HOLD_TEXTS.gone], status: 410 };
        case "card":
          return cardRefusal(outcome);
        case "error":
          return { formErrors: [BOOKING_TEXTS.failed], status: 500 };
      }
    },
  });
}

export default function HoldPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";

  let body;
  if (answer && "declined" in answer && answer.declined) {
    body = (
      <>
        <h1 id="page-heading">{HOLD_TEXTS.declinedTitle}</h1>
        <p role="status">{HOLD_TEXTS.declined}</p>
      </>
    );
  } else if (page.state !== "active" || (answer && "gone" in answer && answer.gone)) {
    const unknown = page.state === "unknown";
    body = (
      <>
        <h1 id="page-heading">{unknown ? HOLD_TEXTS.unknownTitle : HOLD_TEXTS.goneTitle}</h1>
        <p role="alert">{unknown ? HOLD_TEXTS.unknown : HOLD_TEXTS.gone}</p>
        <p>
          <Link to="/alla-popups" className="button">
            Visa alla pass
          </Link>
        </p>
      </>
    );
  } else if (page.declining) {
    body = (
      <>
        <h1 id="page-heading">{HOLD_TEXTS.declineTitle}</h1>
        <p>
          {page.session.title}, {page.session.when}, {page.session.location}
        </p>
        <p>{HOLD_TEXTS.decline}</p>
        <Form method="post" replace>
          <input type="hidden" name="intent" value="decline" />
          <button type="submit" className="primary" disabled={busy}>
            {HOLD_TEXTS.declineButton}
          </button>
        </Form>
        <p>
          <Link to="?">Jag vill ha platsen – till bokningen</Link>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <h1 id="page-heading">{HOLD_TEXTS.title}</h1>
        <p className="session-facts-line">
          <strong>{page.session.title}</strong>, {page.session.when}, {page.session.location}
        </p>
        <p className="booking-lead" data-testid="hold-until">
          {HOLD_TEXTS.lead(page.until)}
        </p>
        <BookingForm
          lastResult={answer && "result" in answer ? answer.result : undefined}
          toast={answer && "toast" in answer ? answer.toast : undefined}
          rules={page.rules}
          snapshot={page.snapshot}
          renderedAt={page.renderedAt}
          idempotencyKey={page.idempotencyKey}
          isGroup={page.session.isGroup}
          defaultValue={page.defaults}
          fixedEmail={page.email}
          paymentNote={page.paymentNote}
          cardCode={page.cardCode}
        />
        <p>
          <Link to="?svar=nej">{HOLD_TEXTS.declineButton}</Link>
        </p>
      </>
    );
  }
  return (
    <section className="booking-panel card hold-page" aria-labelledby="page-heading">
      {body}
    </section>
  );
}
