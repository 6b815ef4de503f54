/**
 * The booking service behind the form on /session/{id}: takes the validated
 * form values, books the seat through the session's Durable Object and, once
 * the booking exists, queues the two mails. Returns one outcome for the route
 * to turn into a redirect or a form error.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BookingFormValues } from "~/domain/schemas/booking";
import { variantPrice } from "~/domain/price";
import { seatsFor, type BookingRecord, type SeatSession } from "../seats/seats.server";
import { sendBookingEmails } from "./booking-emails.server";

export type BookingOutcome =
  | { status: "booked"; booking: BookingRecord; session: SeatSession; replayed: boolean; customerMailQueued: boolean }
  | { status: "full" | "duplicate" | "not-found" | "past" | "error" };

/** How long to wait before trying once more to queue a confirmation that failed. */
const MAIL_RETRY_DELAY_MS = 1_000;

export async function bookSession(
  context: AppLoadContext,
  sessionId: number,
  values: BookingFormValues,
): Promise<BookingOutcome> {
  const result = await seatsFor(context.cloudflare.env, sessionId).book({
    userName: values.user_name,
    // Stored as typed (trimmed); uniqueness and look-ups ignore case.
    userEmail: values.user_email,
    userPhone: values.user_phone,
    dogName: values.dog_name,
    dogBreed: values.dog_breed ?? null,
    dogAge: values.dog_age ?? null,
    specialNotes: values.special_notes ?? null,
    homeAddress: values.home_address ?? null,
    meetingType: values.meeting_type ?? null,
    variant: values.variant ?? null,
    priceSek: values.variant ? variantPrice(values.variant) : null,
    idempotencyKey: values.idempotency_key,
  });
  if (result.status !== "booked") return result;

  // A replay queues nothing new (same idempotency keys) but does fill in
  // mail that a crashed first attempt never queued.
  const mail = await sendBookingEmails(context, result.session, result.booking);
  if (!mail.customerQueued) {
    context.cloudflare.ctx.waitUntil(
      new Promise((resolve) => setTimeout(resolve, MAIL_RETRY_DELAY_MS)).then(() =>
        sendBookingEmails(context, result.session, result.booking),
      ),
    );
  }
  return { ...result, customerMailQueued: mail.customerQueued };
}
