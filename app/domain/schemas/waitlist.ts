// The 'Ställ mig i kö' form on a full session's page: who waits, and for which dog.
import { z } from "zod";
import { BOOKING_MESSAGES } from "./booking";
import { emailField, NAME_MAX_LENGTH, requiredLine } from "./common";

/** The hidden field that says which form of the session page was posted. */
export const WAITLIST_INTENT = "waitlist";

export const WaitlistJoinSchema = z.object({
  intent: z.literal(WAITLIST_INTENT),
  waitlist_name: requiredLine(BOOKING_MESSAGES.name, NAME_MAX_LENGTH),
  waitlist_email: emailField(BOOKING_MESSAGES.email),
  waitlist_dog_name: requiredLine(BOOKING_MESSAGES.dogName, NAME_MAX_LENGTH),
});

export type WaitlistJoinValues = z.output<typeof WaitlistJoinSchema>;
