/**
 * The booking service behind the form on /session/{id}: composes the two
 * confirmation mails from the session as the visitor saw it (the form's
 * snapshot) and hands them with the booking to the session's Durable Object,
 * which writes booking, seat and mails in one transaction, or nothing.
 * Delivery follows right after the response. Returns one outcome for the
 * route to turn into a redirect or a form error.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { bookingMails, PARTICIPANTS_PLACEHOLDER, type BookingDetails } from "~/domain/mail/booking";
import { variantPrice } from "~/domain/price";
import type { BookingFormValues, BookingRules } from "~/domain/schemas/booking";
import type { SessionSnapshot } from "~/domain/session-snapshot";
import { recipientSlot, toOutboxRow } from "../email/outbox.server";
import { scheduleDrain } from "../email/send-email.server";
import type { RateLimitSlot } from "../platform/rate-limit.server";
import type { OwnedHold } from "../payments/hold-cookie.server";
import { holdAndCheckout, paysAtBooking, type PaymentHoldOutcome } from "../payments/pay-booking.server";
import { seatsFor, type BookingMail, type BookSeatInput, type BookSeatOptions, type BookSeatResult } from "../seats/seats.server";

/** A booking's outcome; with payments on, a priced booking is held and answered with its Checkout (or why not). */
export type BookingOutcome = BookSeatResult | PaymentHoldOutcome;

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
  /** `hold`: book the seat a waitlist offer holds (the /ko/{token} page). */
  options: { attempt?: RateLimitSlot; hold?: BookSeatOptions["hold"] } = {},
): Promise<BookSeatResult> {
  const { config } = context;
  const now = new Date();
  const id = crypto.randomUUID();
  const details: BookingDetails = { ...input, id, priceSek: input.priceSek ?? snapshot.priceSek, createdAt: now.toISOString() };
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
    })),
  );
  const result = await seatsFor(context, sessionId).book({ ...input, id }, { snapshot, mails, ...options });
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
  /** `owned`: the holds this browser made (its hold cookie), for a hold only. */
  options: { attempt?: RateLimitSlot; hold?: BookSeatOptions["hold"]; owned?: OwnedHold[] } = {},
): Promise<BookingOutcome> {
  const { owned, ...bookOptions } = options;
  if (paysAtBooking(context, input.priceSek ?? snapshot.priceSek)) {
    return holdAndCheckout(context, sessionId, { ...input, id: crypto.randomUUID() }, snapshot, options);
  }
  return bookWithConfirmations(context, sessionId, input, snapshot, bookOptions);
}

/** The form's booking: bookOrHold for validated form values. */
export function bookSession(
  context: AppLoadContext,
  sessionId: number,
  values: BookingFormValues,
  rules: BookingRules,
  snapshot: SessionSnapshot,
  options: { attempt?: RateLimitSlot; owned?: OwnedHold[] } = {},
): Promise<BookingOutcome> {
  return bookOrHold(context, sessionId, toBookSeatInput(values, rules), snapshot, options);
}
