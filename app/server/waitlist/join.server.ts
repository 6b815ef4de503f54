/**
 * Joining a full session's queue from its page: composes the confirmation
 * mail (with the entry's own leave link) and hands entry and mail to the
 * session's object, which stores both in one batch or neither. Limited like
 * the booking form: attempts per client, and the recipient's mail budget.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { waitlistJoinedMail } from "~/domain/mail/waitlist";
import type { WaitlistJoinValues } from "~/domain/schemas/waitlist";
import { bookingAttemptSlot } from "../booking/booking-rate-limit.server";
import { randomToken, sha256Hex } from "../platform/crypto.server";
import { recipientSlot, toOutboxRow } from "../email/outbox.server";
import { scheduleDrain } from "../email/send-email.server";
import { seatsFor, type WaitlistJoinResult } from "../seats/seats.server";

export type WaitlistSessionFacts = { id: number; title: string; location: string; startTime: string; endTime: string };

export async function joinWaitlist(
  context: AppLoadContext,
  request: Request,
  session: WaitlistSessionFacts,
  values: WaitlistJoinValues,
): Promise<WaitlistJoinResult> {
  const { config } = context;
  const env = context.cloudflare.env;
  const now = new Date();
  const id = crypto.randomUUID();
  const leaveToken = randomToken();
  const person = { name: values.waitlist_name, email: values.waitlist_email, dogName: values.waitlist_dog_name };
  const message = waitlistJoinedMail({ siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL }, session, person, id, leaveToken);
  const [attempt, slot, leaveTokenHash] = await Promise.all([
    bookingAttemptSlot(env, request, now.getTime()),
    recipientSlot(config, person.email, message.kind, now.getTime()),
    sha256Hex(leaveToken),
  ]);
  const result = await seatsFor(context, session.id).joinWaitlist(
    { id, ...person, leaveTokenHash },
    { attempt, mail: { row: toOutboxRow(message, { from: config.EMAIL_FROM }, now.toISOString()), recipientSlot: slot } },
  );
  if (result.status === "joined") scheduleDrain(context, result.mailIds);
  return result;
}
