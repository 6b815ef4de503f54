/**
 * The booking service behind the form on /session/{id}: composes the two
 * confirmation mails from the session as the visitor saw it (the form's
 * snapshot) and hands them with the booking to the session's Durable Object,
 * which writes booking, seat and mails in one transaction, or nothing.
 * Delivery follows right after the response. Returns one outcome for the
 * route to turn into a redirect or a form error.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { BOOKING_TEXTS } from "~/domain/booking-texts";
import { CARD_BOOKING_PROBLEMS } from "~/domain/cards/card-texts";
import { CARD_LEFT_PLACEHOLDER, type BookingCardSpend, type CardUseProblem } from "~/domain/cards/card-use";
import { bookingMails, PARTICIPANTS_PLACEHOLDER, type BookingDetails } from "~/domain/mail/booking";
import { variantPrice } from "~/domain/price";
import type { BookingFormValues, BookingRules } from "~/domain/schemas/booking";
import type { SessionSnapshot } from "~/domain/session-snapshot";
import { cardForBooking, klippkortAtOnce, typedCode } from "../cards/card-at-booking.server";
import { recipientSlot, toOutboxRow } from "../email/outbox.server";
import { scheduleDrain } from "../email/send-email.server";
import type { RateLimitSlot } from "../platform/rate-limit.server";
import type { OwnedHold } from "../payments/hold-cookie.server";
import { holdAndCheckout, paysAtBooking, type PaymentHoldOutcome } from "../payments/pay-booking.server";
import { seatsFor, type BookingMail, type BookSeatInput, type BookSeatOptions, type BookSeatResult } from "../seats/seats.server";

/**
 * A booking's outcome; with payments on, a priced booking is held and
 * answered with its Checkout (or why not); a typed code that does not pay
 * says why (`card`; nothing booked).
 */
export type BookingOutcome = BookSeatResult | PaymentHoldOutcome | { status: "card"; problem: CardUseProblem; retryAfterSeconds?: number };

/** What pays a booking with a card: the spend, and the rest of its price paid as any booking's. */
export type BookingCard = { spend: BookingCardSpend; restSek: number };

/** The form's values as a booking: the extra fields only where the form asks for them. */
export function toBookSeatInput(values: BookingFormValues, rules: BookingRules): BookSeatInput {
  const variant = rules.requiresVariant ? (values.variant ?? null) : null;
  return {
    userName: values.user_name,
    // Stored as typed (trimmed); uniqueness and look-ups ignore case.
    userEmail: values.user_email,
    userPhone: values.user_phone,
    dogName: values.dog_name,
    dogBreed: values.dog_breed ?? null,
    dogAge: values.dog_age ?? null,
    specialNotes: values.special_notes ?? null,
    homeAddress: rules.requiresHomeAddress ? (values.home_address ?? null) : null,
    meetingType: rules.requiresMeetingType ? (values.meeting_type ?? null) : null,
    variant,
    priceSek: variant ? variantPrice(variant) : null,
    idempotencyKey: values.idempotency_key,
  };
}

/**
 * Books `input` on the session the visitor saw (`snapshot`), with its two
 * confirmation mails in the same transaction. The admin mail's participant
 * count is filled in by that transaction, from the session as it leaves it.
 */
export async function bookWithConfirmations(
  context: AppLoadContext,
  sessionId: number,
  input: BookSeatInput,
  snapshot: SessionSnapshot,
  /** `hold`: book the seat a waitlist offer holds (the /ko/{token} page); `card`: paid (in part) with a card, the rest on the spot. */
  options: { attempt?: RateLimitSlot; hold?: BookSeatOptions["hold"]; card?: BookingCard } = {},
): Promise<BookSeatResult> {
  const { config } = context;
  const now = new Date();
  const id = crypto.randomUUID();
  const { card, ...seatOptions } = options;
  const details: BookingDetails = {
    ...input,
    id,
    priceSek: input.priceSek ?? snapshot.priceSek,
    createdAt: now.toISOString(),
    card: card && {
      kind: card.spend.kind,
      amountSek: card.spend.amountSek,
      // A klippkort's count is filled in by the batch that spends it; a presentkort is spent only at the balance read.
      left: card.spend.kind === "klippkort" ? CARD_LEFT_PLACEHOLDER : (card.spend.balanceBefore ?? 0) - card.spend.amountSek,
      restOnSpotSek: card.restSek,
    },
  };
  const [customer, admin] = bookingMails(
    { siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL },
    { id: sessionId, ...snapshot },
    details,
    now,
  );
  const mails: BookingMail[] = await Promise.all(
    [customer, admin].map(async (message) => ({
      row: toOutboxRow(message, { from: config.EMAIL_FROM }, now.toISOString()),
      recipientSlot: await recipientSlot(config, message.to, message.kind, now.getTime()),
      participantsPlaceholder: message === admin ? PARTICIPANTS_PLACEHOLDER : undefined,
      cardLeftPlaceholder: card?.spend.kind === "klippkort" ? CARD_LEFT_PLACEHOLDER : undefined,
    })),
  );
  const result = await seatsFor(context, sessionId).book({ ...input, id }, { snapshot, mails, ...seatOptions, card: card?.spend });
  if (result.status === "booked" && result.mailIds.length > 0) scheduleDrain(context, result.mailIds);
  return result;
}

/**
 * A booking as the forms make it: with payments on and a price, the seat is
 * held and the booker sent to pay (payments/pay-booking.server.ts; the mails
 * wait for the payment); otherwise bookWithConfirmations.
 */
export function bookOrHold(
  context: AppLoadContext,
  sessionId: number,
  input: BookSeatInput,
  snapshot: SessionSnapshot,
  /** `owned`: the holds this browser made (its hold cookie), for a hold only; `card`: paid (in part) with a card. */
  options: { attempt?: RateLimitSlot; hold?: BookSeatOptions["hold"]; owned?: OwnedHold[]; card?: BookingCard } = {},
): Promise<BookingOutcome> {
  const { owned, ...bookOptions } = options;
  // With a card, only its rest is paid at booking: a booking the card pays whole needs no Checkout.
  if (paysAtBooking(context, options.card ? options.card.restSek : (input.priceSek ?? snapshot.priceSek))) {
    const { card, ...holdOptions } = options;
    return holdAndCheckout(context, sessionId, { ...input, id: crypto.randomUUID() }, snapshot, { ...holdOptions, card: card?.spend });
  }
  return bookWithConfirmations(context, sessionId, input, snapshot, bookOptions);
}

/**
 * The form's booking: bookOrHold for validated form values. A code typed
 * is first taken at once as a klippkort (KlippkortAtOnce: no read of its
 * own); if the batch does not spend it, nothing was booked and the code is
 * read (`request`: the client network its guesses count on) and decided: a
 * presentkort books then, and a code that does not pay says why.
 */
export async function bookSession(
  context: AppLoadContext,
  request: Request,
  sessionId: number,
  values: BookingFormValues,
  rules: BookingRules,
  snapshot: SessionSnapshot,
  /** `hold`: a waitlist hold the booking takes (its seat is held for the entry). */
  options: { attempt?: RateLimitSlot; owned?: OwnedHold[]; hold?: BookSeatOptions["hold"] } = {},
): Promise<BookingOutcome> {
  const input = toBookSeatInput(values, rules);
  if (!values.card_code) return bookOrHold(context, sessionId, input, snapshot, options);
  const priceSek = input.priceSek ?? snapshot.priceSek;
  // A free session needs no card, and its code is not looked up (nor counted as a guess).
  if (priceSek <= 0) return { status: "card", problem: "free" };
  const booking = { sessionId, title: snapshot.title, priceSek };
  const code = await typedCode(context, request, values.card_code);
  const taken = await bookOrHold(context, sessionId, input, snapshot, { ...options, card: { spend: klippkortAtOnce(code, booking), restSek: 0 } });
  if (taken.status !== "card") return taken;
  // Nothing was written but the attempt, which that batch counted (and let through): it is not counted twice.
  const { attempt: _counted, ...then } = options;
  const found = await cardForBooking(context, code, booking);
  if (!found.ok && found.problem === "rate-limited") return { status: "card", ...found };
  if (!found.ok) {
    // The same form again (a double submit) after its booking spent the card's last use: answer with that booking.
    const earlier = await context.db.get<{ id: string }>(sql`SELECT id FROM bookings WHERE idempotency_key = ${input.idempotencyKey}`);
    return earlier ? bookOrHold(context, sessionId, input, snapshot, then) : { status: "card", problem: found.problem };
  }
  return bookOrHold(context, sessionId, input, snapshot, { ...then, card: { spend: found.spend, restSek: found.restSek } });
}

/** The form's answer to a code that did not pay the booking: said beside its field and as a toast (nothing booked). */
export function cardRefusal({ problem, retryAfterSeconds }: { problem: CardUseProblem; retryAfterSeconds?: number }) {
  const message = CARD_BOOKING_PROBLEMS[problem];
  return {
    fieldErrors: { card_code: [message] },
    status: problem === "rate-limited" ? 429 : 409,
    toast: { type: "error" as const, title: BOOKING_TEXTS.errorTitle, description: message },
    headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined,
  };
}
