// The mail each confirmed customer gets when staff move a session they
// booked (new time or place): what it was, what it is now, and the booking's
// calendar event again under its own UID with SEQUENCE = the session's new
// revision, so a calendar that took the confirmation's file moves the event
// instead of adding a second one. Pure.
import { formatSessionDate, formatTimeRange } from "../time";
import { bookingIcs, type BookedSession, type BookingDetails } from "./booking";
import { MailLayout } from "./components/layout";
import { renderMailDocument } from "./components/render";
import { BookingClosing, bookingClosingText, Paragraph, UrlLink } from "./components/text";
import { colors } from "./components/theme";
import type { MailMessage, MailSite } from "./message";

/** Where and when a session is: the part of it a move changes. */
export interface SessionPlace {
  title: string;
  location: string;
  startTime: string;
  endTime: string;
}

/** One mail per booking and revision: a repeat of the same change queues nothing. */
export const sessionChangeMailKey = (bookingId: string, revision: number) => `session-changed:${bookingId}:${revision}`;

/** "Agility, lör 5 dec (10:00–11:00), Ridhuset" */
function placeLine(place: SessionPlace): string {
  return `${place.title}, ${formatSessionDate(place.startTime)} (${formatTimeRange(place.startTime, place.endTime)}), ${place.location}`;
}

/** True when the time or the place differs: what customers are told about. */
export function isMove(before: SessionPlace, after: SessionPlace): boolean {
  return before.startTime !== after.startTime || before.endTime !== after.endTime || before.location !== after.location;
}

export function sessionChangeMail(
  site: MailSite & { adminEmail: string },
  booking: BookingDetails,
  before: SessionPlace,
  after: BookedSession,
  revision: number,
  now: Date,
): MailMessage {
  const subject = `Ändrat pass: ${after.title} ${formatSessionDate(after.startTime)}`;
  const lead = "Vi har ändrat tid eller plats för passet du har bokat. Din bokning gäller det ändrade passet.";
  const was = `Tidigare: ${placeLine(before)}`;
  const is = `Nu: ${placeLine(after)}`;
  const calendar = "Den bifogade kalenderfilen (.ics) flyttar passet i din kalender om du lagt in det där.";
  const question = "Passar det inte längre? Svara på det här mejlet så hjälper vi dig.";
  const myBookings = new URL("/mina-bokningar", site.siteUrl).toString();
  const text = [
    `Hej ${booking.userName}!`,
    "",
    lead,
    "",
    was,
    is,
    "",
    calendar,
    question,
    `Dina bokningar hittar du på ${myBookings}`,
    ...bookingClosingText(booking.id),
  ].join("\n");
  const html = renderMailDocument(
    <MailLayout title={subject} preview={is}>
      <Paragraph>Hej {booking.userName}!</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Paragraph>
        <s style={{ color: colors.muted }}>{was}</s>
        <br />
        <strong>{is}</strong>
      </Paragraph>
      <Paragraph>{calendar}</Paragraph>
      <Paragraph>
        {question} Dina bokningar hittar du på <UrlLink href={myBookings} />.
      </Paragraph>
      <BookingClosing bookingId={booking.id} />
    </MailLayout>,
  );
  return {
    kind: "session-changed",
    to: booking.userEmail,
    replyTo: site.adminEmail,
    subject,
    text,
    html,
    attachments: [
      {
        filename: "bokning.ics",
        content: bookingIcs(after, booking, site, now, revision),
        contentType: "text/calendar; method=PUBLISH; charset=utf-8",
      },
    ],
    idempotencyKey: sessionChangeMailKey(booking.id, revision),
  };
}
