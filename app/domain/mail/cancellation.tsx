// The mails a staff cancellation sends each customer who held a seat (spec
// section 7: send-cancellation-email, one per booking, for 'Avboka' and
// 'Släpp till försäljning'; send-session-cancelled-email for 'Ställ in pass').
// Each carries a METHOD:CANCEL calendar file under the booking's own UID, so
// a calendar that took the confirmation's file drops the event. Pure.
import { buildIcs } from "../ics";
import { customerEventLocation } from "./booking";
import { cardBackLine } from "../cards/card-use";
import type { CardKind } from "../cards/card-terms";
import { refundSentence, type PaymentMethodName } from "../payment-status";
import { formatSessionDate, formatTimeRange } from "../time";
import { MailLayout } from "./components/layout";
import { renderMailDocument } from "./components/render";
import { BookingClosing, bookingClosingText, Paragraph, UrlLink } from "./components/text";
import { icsOrganizer, type MailMessage, type MailSite } from "./message";

/** A booking as stored: who booked, and the session as it was booked. */
export interface CancelledBooking {
  id: string;
  userName: string;
  userEmail: string;
  sessionId: number | null;
  sessionTitle: string;
  sessionLocation: string;
  sessionStartTime: string;
  sessionEndTime: string;
  /** A home visit's address, where the customer's calendar has the event. */
  homeAddress?: string | null;
}

export type CancellationReason = "booking" | "session";

/** A paid booking's money, refunded in full with the cancellation (PAYMENTS=stripe only). */
export interface CancellationRefund {
  amountOre: number;
  method: PaymentMethodName | null;
}

/**
 * What a card paid of the booking, given back with the cancellation: a
 * klippkort's `left` may be CARD_LEFT_PLACEHOLDER, filled by the cancel's batch.
 * `ended`: the card had ended since (expired or voided), and nothing comes back to it.
 */
export interface CancellationCardBack {
  kind: CardKind;
  amountSek: number;
  left: number | string;
  ended?: boolean;
}

/** One cancellation mail per booking, whatever cancelled it: a repeat or a second reason queues nothing. */
export const cancellationMailKey = (bookingId: string) => `booking-cancelled:${bookingId}`;

/** The booking's calendar event, cancelled; `sequence` must exceed every version sent before (the confirmation is 0). */
export function cancellationIcs(
  booking: CancelledBooking,
  site: MailSite & { adminEmail: string },
  now: Date,
  sequence: number,
): string {
  const host = new URL(site.siteUrl).hostname;
  return buildIcs({
    uid: `booking-${booking.id}@${host}`,
    dtstamp: now,
    start: booking.sessionStartTime,
    end: booking.sessionEndTime,
    summary: `${booking.sessionTitle} – Hundpass`,
    location: customerEventLocation(booking.sessionLocation, booking.homeAddress),
    method: "CANCEL",
    sequence,
    organizer: icsOrganizer(site),
  });
}

const NOTHING_TO_DO = "Du behöver inte göra något. Har du lagt in passet i din kalender tar den bifogade kalenderfilen (.ics) bort det.";
/** A booking cancelled while its payment was still open. */
const UNPAID_SENTENCE = "Betalningen hann inte bli klar, så inget har dragits.";

export function cancellationMail(
  site: MailSite & { adminEmail: string },
  booking: CancelledBooking,
  reason: CancellationReason,
  now: Date,
  sequence = 1,
  refund: CancellationRefund | null = null,
  /** The booking was still being paid for (PAYMENTS=stripe): never confirmed, never in a calendar, nothing charged. */
  unpaid = false,
  /** Paid (in part) with a card: what comes back to it. */
  cardBack: CancellationCardBack | null = null,
): MailMessage {
  const when = formatSessionDate(booking.sessionStartTime);
  const subject =
    reason === "session" ? `Inställt: ${booking.sessionTitle} ${when}` : `Avbokning: ${booking.sessionTitle} ${when}`;
  const what = `${booking.sessionTitle}, ${when} (${formatTimeRange(booking.sessionStartTime, booking.sessionEndTime)}), ${booking.sessionLocation}`;
  const lead =
    reason === "session"
      ? `Tyvärr har vi ställt in passet ${what}. Din bokning är därför avbokad.`
      : `Vi har avbokat din bokning av passet ${what}.`;
  const myBookings = new URL("/mina-bokningar", site.siteUrl).toString();
  const money = refund ? refundSentence(refund.amountOre, refund.method) : unpaid ? UNPAID_SENTENCE : null;
  const card = cardBack ? cardBackLine(cardBack, cardBack.left) : null;
  const nothingToDo = unpaid ? "Du behöver inte göra något." : NOTHING_TO_DO;
  const text = [
    `Hej ${booking.userName}!`,
    "",
    lead,
    "",
    ...(card ? [card, ""] : []),
    ...(money ? [money, ""] : []),
    nothingToDo,
    `Har du frågor? Svara på det här mejlet. Dina bokningar hittar du på ${myBookings}`,
    ...bookingClosingText(booking.id),
  ].join("\n");
  const html = renderMailDocument(
    <MailLayout title={subject} preview={lead}>
      <Paragraph>Hej {booking.userName}!</Paragraph>
      <Paragraph>{lead}</Paragraph>
      {card ? <Paragraph>{card}</Paragraph> : null}
      {money ? <Paragraph>{money}</Paragraph> : null}
      <Paragraph>{nothingToDo}</Paragraph>
      <Paragraph>
        Har du frågor? Svara på det här mejlet. Dina bokningar hittar du på <UrlLink href={myBookings} />.
      </Paragraph>
      <BookingClosing bookingId={booking.id} />
    </MailLayout>,
  );
  return {
    kind: reason === "session" ? "session-cancelled" : "booking-cancelled",
    to: booking.userEmail,
    replyTo: site.adminEmail,
    subject,
    text,
    html,
    // A booking never confirmed was never sent a calendar event to remove.
    attachments: unpaid
      ? []
      : [{ filename: "avbokning.ics", content: cancellationIcs(booking, site, now, sequence), contentType: "text/calendar; method=CANCEL; charset=utf-8" }],
    idempotencyKey: cancellationMailKey(booking.id),
  };
}
