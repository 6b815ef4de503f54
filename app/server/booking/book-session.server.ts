/**
 * The booking service behind the form on /session/{id}: takes the validated
 * form values and books the seat through the session's Durable Object, which
 * queues the two confirmation mails in the same transaction. Delivery follows
 * right after the response. Returns one outcome for the route to turn into a
 * redirect or a form error.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BookingFormValues } from "~/domain/schemas/booking";
import { variantPrice } from "~/domain/price";
import { scheduleDrain } from "../email/send-email.server";
import type { RateLimitSlot } from "../rate-limit.server";
import { seatsFor, type BookSeatResult } from "../seats/seats.server";

export type BookingOutcome = BookSeatResult;

export async function bookSession(
  context: AppLoadContext,
  sessionId: number,
  values: BookingFormValues,
  options: { expectedTitle: string; attempt: RateLimitSlot },
): Promise<BookingOutcome> {
  const result = await seatsFor(context.cloudflare.env, sessionId).book(
    {
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
    },
    options,
  );
  if (result.status !== "booked") return result;

  if (result.mailIds.length > 0) scheduleDrain(context, result.mailIds);
  return result;
}
