/**
 * /session/{id}: one session's details and the binding booking form
 * (app/components/booking-form.tsx). Works as a plain HTML form without
 * JavaScript. Seats are taken through the session's Durable Object.
 */
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AskFlurre } from "~/components/ask-flurre";
import { BookingPanel, type BookingPanelState } from "~/components/session-booking-panel";
import { FallbackImage } from "~/components/fallback-image";
import type { ToastView } from "~/domain/toast";
import { CANCELLED_AVAILABILITY, isUpcoming, publicAvailability, seatsLeft } from "~/domain/availability";
import { BOOKING_TEXTS } from "~/domain/booking-texts";
import { PAYMENT_TEXTS, paymentNote as paymentNoteFor } from "~/domain/payment-texts";
import { DEFAULT_SESSION_IMAGE, VARIANT_PRICES, type BookingAsk } from "~/domain/constants";
import { displayPriceSek, formatKr } from "~/domain/price";
import { bookingRulesFor, BOOKING_MESSAGES, type BookingFormDefaults, type BookingRules } from "~/domain/schemas/booking";
import { MESSAGES } from "~/domain/schemas/common";
import { WaitlistJoinSchema, WAITLIST_INTENT } from "~/domain/schemas/waitlist";
import { WAITLIST_SERVER_TEXTS } from "~/domain/waitlist-texts";
import { sessionQuestion } from "~/domain/session-question";
import { sessionImageUrl } from "~/domain/session-types";
import { formatDayHeading, formatSessionDate, formatTimeRange, stockholmDayKey } from "~/domain/time";
import { decodeSessionSnapshot, encodeSessionSnapshot, SESSION_SNAPSHOT_FIELD } from "~/domain/session-snapshot";
import { bookSession, cardRefusal } from "~/server/booking/book-session.server";
import { parseBookingForm } from "~/server/booking/parse-booking-form.server";
import { bookingAttemptSlot } from "~/server/booking/booking-rate-limit.server";
import { loadSessionPage, parseSessionId } from "~/server/booking/session-read.server";
import { formRenderedAt } from "~/server/forms/bot-check.server";
import { handleForm, withSchema } from "~/server/forms/form-action.server";
import { joinWaitlist } from "~/server/waitlist/join.server";
import { ownedHolds, redirectToCheckout } from "~/server/payments/hold-cookie.server";
import { unpaidBookingForm } from "~/server/payments/unpaid-form.server";
import { RATE_LIMIT_MESSAGE } from "~/server/platform/rate-limit.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { redirectToConfirmation } from "~/server/booking/confirmation.server";
import bookingStylesHref from "~/styles/booking.css?url";
import { purgeSeatLists } from "~/server/public/page-cache.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStylesHref }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: data.title }, { name: "description", content: data.description }]
    : [{ title: "Pass – Hundpass" }];

// Each render carries a fresh idempotency key and form stamp: never cache it publicly.
const NO_STORE = { "Cache-Control": "private, no-store" };

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(loaderHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

const LOAD_ERROR_TOAST = { type: "error", title: BOOKING_TEXTS.loadErrorTitle, description: BOOKING_TEXTS.loadError } as const;

const CLOSED_TEXTS = {
  full: BOOKING_TEXTS.full,
  past: BOOKING_TEXTS.started,
  "session-cancelled": BOOKING_TEXTS.cancelledPage,
} as const;

/** Where an unknown session sends the visitor (which in turn shows the list). */
const LOAD_ERROR_REDIRECT = "/alla-popup";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseSessionId(params.id);
  let page: Awaited<ReturnType<typeof loadSessionPage>> = null;
  let refill: BookingFormDefaults | null = null;
  if (id !== null) {
    try {
      // Back from a payment that ended unpaid, the form starts from what this browser sent (payments on only).
      [page, refill] = await Promise.all([loadSessionPage(context, id), unpaidBookingForm(context, request, id)]);
    } catch (error) {
      console.error(`session ${id}: load failed`, error);
    }
  }
  const now = new Date();
  if (!page || !isUpcoming(page.session.endTime, now)) {
    throw await redirectWithToast(context, LOAD_ERROR_REDIRECT, LOAD_ERROR_TOAST);
  }
  const { session, types } = page;
  const rules = bookingRulesFor(session.bookingAsk);
  // A cancelled session shows no seats on offer beside "Det här passet är inställt."
  const availability = session.cancelledAt !== null ? CANCELLED_AVAILABILITY : publicAvailability(session);
  return data(
    {
      session,
      imageUrl: session.imageUrl || sessionImageUrl(types, session.title),
      panel: panelState(session.cancelledAt !== null, availability.bookable, Date.parse(session.startTime) <= now.getTime()),
      // Stockholm date and times, written on the server: the page ships no date library.
      when: {
        day: formatDayHeading(stockholmDayKey(session.startTime)),
        time: formatTimeRange(session.startTime, session.endTime),
      },
      // The page's title and description.
      title: `${session.title} ${formatSessionDate(session.startTime)} – Boka – Hundpass`,
      description: session.description || `Boka ${session.title} på ${session.location}.`,
      flurreQuestion: sessionQuestion(session),
      // The badge, the seats left (and those held for the queue) and the price, also worked out here.
      availability,
      isGroup: session.passType === "group",
      seatsText: seatsText(seatsLeft(session)),
      heldNote: session.heldSeats > 0 ? (session.heldSeats === 1 ? WAITLIST_SERVER_TEXTS.heldOne : WAITLIST_SERVER_TEXTS.heldMany(session.heldSeats)) : null,
      price: priceText(session, rules),
      rules,
      snapshot: encodeSessionSnapshot(session),
      renderedAt: await formRenderedAt(context.config),
      idempotencyKey: crypto.randomUUID(),
      paymentNote: context.config.payments.provider === "stripe" ? paymentNoteFor(context.config.payments.methods) : null,
      refill,
    },
    { headers: NO_STORE },
  );
}

function bookingErrorToast(description: string): ToastView {
  return { type: "error", title: BOOKING_TEXTS.errorTitle, description };
}

/**
 * One straight line on the one form flow: bot check → parse with the rules of
 * the session the form showed (its snapshot) → one call to the session's
 * object, which books or refuses in one transaction. If the session changed
 * since the page was rendered, the visitor is told once and sends the
 * refreshed form again (its idempotency key makes that safe).
 */
export function action(args: ActionFunctionArgs) {
  const { request, params, context } = args;
  const id = parseSessionId(params.id);
  if (id === null) return redirectWithToast(context, LOAD_ERROR_REDIRECT, LOAD_ERROR_TOAST);
  // The queue form of a full session posts to ?ko (the booking form, the hot path, needs no second parse).
  if (new URL(request.url).searchParams.has("ko")) return joinQueueAction(args, id);
  return handleForm(args, {
    parse(formData) {
      const snapshot = decodeSessionSnapshot(formData.get(SESSION_SNAPSHOT_FIELD));
      const rules = bookingRulesFor(snapshot?.bookingAsk);
      return { submission: parseBookingForm(formData, rules), snapshot, rules };
    },
    // The e-mail mismatch is said as a toast too (spec section 5).
    invalid: (submission) => ({
      toast:
        submission.status === "error" && submission.error?.user_email_confirm?.includes(MESSAGES.emailMismatch)
          ? { type: "error", title: MESSAGES.emailMismatch }
          : null,
    }),
    async run(values, { snapshot, rules }) {
      if (!snapshot) return { formErrors: [BOOKING_MESSAGES.idempotencyKey], status: 400 };
      // Every booking sends e-mail, so attempts per client are limited (generously);
      // the session's object counts the attempt in the booking's own batch.
      const attempt = await bookingAttemptSlot(context.cloudflare.env, request);
      const outcome = await bookSession(context, request, id, values, rules, snapshot, { attempt, owned: await ownedHolds(context, request) });
      switch (outcome.status) {
        case "booked":
          purgeSeatLists(request, context.cloudflare.ctx);
          return redirectToConfirmation(context, request, outcome.booking.id);
        case "checkout":
          purgeSeatLists(request, context.cloudflare.ctx);
          return redirectToCheckout(context, request, outcome);
        case "payment-failed":
          return { formErrors: [PAYMENT_TEXTS.checkoutFailed], status: 502, toast: bookingErrorToast(PAYMENT_TEXTS.checkoutFailed) };
        case "changed":
          // The page's data is read again (see shouldRevalidate): the form now shows the session as it is.
          return { formErrors: [BOOKING_TEXTS.changed], status: 409, toast: bookingErrorToast(BOOKING_TEXTS.changed) };
        case "rate-limited":
          return {
            formErrors: [RATE_LIMIT_MESSAGE],
            status: 429,
            headers: { "Retry-After": String(outcome.retryAfterSeconds) },
          };
        case "not-found":
          return redirectWithToast(context, LOAD_ERROR_REDIRECT, LOAD_ERROR_TOAST);
        case "full":
        case "past":
        case "session-cancelled":
          // The form is of no use any more: show the page again (now without it) and say why.
          return redirectWithToast(context, `/session/${id}`, bookingErrorToast(CLOSED_TEXTS[outcome.status]), {
            status: 303,
          });
        case "duplicate":
          return { formErrors: [BOOKING_TEXTS.duplicate], status: 409, toast: bookingErrorToast(BOOKING_TEXTS.duplicate) };
        case "card":
          return cardRefusal(outcome);
        // A public booking carries no hold.
        case "hold-invalid":
        case "error":
          return { formErrors: [BOOKING_TEXTS.failed], status: 500, toast: bookingErrorToast(BOOKING_TEXTS.failed) };
      }
    },
  });
}

/**
 * 'Ställ mig i kö': bot check → parse → the session's object stores the
 * entry and its confirmation mail, only while the session has no free seat.
 * Someone already in the queue hears exactly what a newcomer hears.
 */
function joinQueueAction(args: ActionFunctionArgs, id: number) {
  const { request, context } = args;
  const back = `/session/${id}`;
  return handleForm(args, {
    parse: withSchema(WaitlistJoinSchema),
    // It mails the queue's confirmation: one post per drawn form.
    stampOnce: true,
    async run(values) {
      const page = await loadSessionPage(context, id);
      if (!page) return redirectWithToast(context, LOAD_ERROR_REDIRECT, LOAD_ERROR_TOAST);
      const outcome = await joinWaitlist(context, request, page.session, values);
      switch (outcome.status) {
        case "joined":
        case "already-queued":
          return redirectWithToast(context, back, { type: "success", title: WAITLIST_SERVER_TEXTS.joinedTitle, description: WAITLIST_SERVER_TEXTS.joined }, { status: 303 });
        case "seats-free":
          // The page now shows the booking form.
          return redirectWithToast(context, back, { type: "success", title: WAITLIST_SERVER_TEXTS.seatsFree }, { status: 303 });
        case "rate-limited":
          return { formErrors: [RATE_LIMIT_MESSAGE], status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } };
        case "past":
        case "session-cancelled":
          return redirectWithToast(context, back, bookingErrorToast(CLOSED_TEXTS[outcome.status]), { status: 303 });
        case "not-found":
          return redirectWithToast(context, LOAD_ERROR_REDIRECT, LOAD_ERROR_TOAST);
        case "error":
          return { formErrors: [WAITLIST_SERVER_TEXTS.failed], status: 500 };
      }
    },
  });
}

/** After a refusal for a changed session the page's data is stale: read it again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

// ---------------------------------------------------------------------------

export default function SessionPage() {
  const { session, when, flurreQuestion, availability, isGroup, seatsText, heldNote, price, imageUrl, panel, rules, snapshot, renderedAt, idempotencyKey, paymentNote, refill } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The booking form's answer, or the queue form's (told apart by the queue form's hidden intent, which an empty
  // submission carries too: its empty fields are not in the answer's values).
  const isWaitlistResult = actionData?.result?.initialValue?.intent === WAITLIST_INTENT;
  const bookingResult = actionData?.result && !isWaitlistResult ? actionData.result : undefined;
  const waitlistResult = actionData?.result && isWaitlistResult ? actionData.result : undefined;

  return (
    <article className="session-page">
      <p className="session-back">
        <Link to="/alla-popups">← Tillbaka till alla pass</Link>
      </p>
      <div className="session-layout">
        <section className="session-details card" aria-labelledby="session-title">
          <FallbackImage className="session-image" src={imageUrl} fallbackSrc={DEFAULT_SESSION_IMAGE} alt="" width={640} height={360} />
          <div className="session-body">
            <p className="session-badges">
              <span className={`badge badge-${availability.colour}`} data-testid="availability">
                {availability.label}
              </span>{" "}
              <span className="badge session-kind">{isGroup ? "Grupp-pass" : "Privatpass"}</span>
            </p>
            <h1 id="session-title">{session.title}</h1>
            {availability.note ? <p className="session-note">{availability.note}</p> : null}
            <dl className="session-facts">
              <div>
                <dt>Datum</dt>
                <dd>{when.day}</dd>
              </div>
              <div>
                <dt>Tid</dt>
                <dd>{when.time}</dd>
              </div>
              <div>
                <dt>Plats</dt>
                <dd>{session.location}</dd>
              </div>
              {price ? (
                <div>
                  <dt>Pris</dt>
                  <dd>{price}</dd>
                </div>
              ) : null}
              {isGroup && availability.bookable ? (
                <div>
                  <dt>Platser</dt>
                  <dd data-testid="seats-left">
                    {seatsText}
                    {heldNote ? <span className="seats-held"> ({heldNote})</span> : null}
                  </dd>
                </div>
              ) : null}
            </dl>
            {session.description ? <p className="session-description">{session.description}</p> : null}
            <AskFlurre question={flurreQuestion} page={`/session/${session.id}`}>
              Frågor om passet? Fråga Flurre
            </AskFlurre>
          </div>
        </section>
        <section className="booking-panel card" aria-labelledby="booking-heading">
          <BookingPanel
            state={panel}
            heldNote={heldNote}
            sessionId={session.id}
            isGroup={isGroup}
            bookingResult={bookingResult}
            waitlistResult={waitlistResult}
            toast={actionData?.toast}
            rules={rules}
            snapshot={snapshot}
            renderedAt={renderedAt}
            idempotencyKey={idempotencyKey}
            paymentNote={paymentNote}
            refill={refill}
            cardCode={price !== null}
          />
        </section>
      </div>
    </article>
  );
}

/** What the booking panel shows: the form, the queue, or why the session cannot be booked. */
function panelState(cancelled: boolean, bookable: boolean, started: boolean): BookingPanelState {
  if (cancelled) return "cancelled";
  if (bookable) return started ? "started" : "open";
  return started ? "full-started" : "full";
}

function seatsText(left: number): string {
  return `${left} ${left === 1 ? "plats" : "platser"} kvar`;
}

function priceText(session: { bookingAsk: BookingAsk | null; priceSek: number }, rules: BookingRules): string | null {
  if (rules.requiresVariant) {
    return `Privat ${formatKr(VARIANT_PRICES.privat)} · Proffs ${formatKr(VARIANT_PRICES.proffs)}`;
  }
  const price = displayPriceSek(session);
  return price > 0 ? formatKr(price) : null;
}
