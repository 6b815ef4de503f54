// The two mails a booking sends (spec section 7: send-customer-confirmation
// and notify-admin): the customer's as text and HTML (React Email), the
// admin's as text.
// Pure: the booking's own batch queues them. Times are shown in Stockholm
// time; the .ics and the Google Calendar link carry UTC.
import { BOOKING_TEXTS } from "../booking-texts";
import { CARD_BOOKING_TEXTS } from "../cards/card-texts";
import { cardUsedLine } from "../cards/card-use";
import type { CardKind } from "../cards/card-terms";
import { googleCalendarUrl } from "../calendar-links";
import { buildIcs } from "../ics";
import { GROUP_RULE } from "../participant-texts";
import { paidLine } from "../payment-texts";
import { formatKr } from "../price";
import { formatDateTime, formatDayHeading, formatSessionDate, formatTimeRange, stockholmDayKey } from "../time";
import { Heading } from "@react-email/heading";
import { ButtonRow } from "./components/button";
import { MailLayout } from "./components/layout";
import { renderMailDocument } from "./components/render";
import { Paragraph, Signature, UrlLink } from "./components/text";
import { colors, heading } from "./components/theme";
import { icsOrganizer, type ComposedMail, type MailMessage, type MailSite } from "./message";

/**
 * Stands in the admin mail for "N av M" participants when the mail is
 * composed before the booking is written: the batch that writes the booking
 * fills it in from the session as that batch leaves it.
 */
export const PARTICIPANTS_PLACEHOLDER = "{{deltagare}}";

export interface BookedSession {
  id: number;
  title: string;
  location: string;
  startTime: string;
  endTime: string;
  passType: "group" | "private";
  /** Counts after the booking; without them the admin mail carries PARTICIPANTS_PLACEHOLDER. */
  currentParticipants?: number;
  maxParticipants?: number;
}

export interface BookingDetails {
  id: string;
  userName: string;
  userEmail: string;
  userPhone: string;
  dogName: string;
  dogBreed: string | null;
  dogAge: string | null;
  specialNotes: string | null;
  homeAddress: string | null;
  meetingType: string | null;
  variant: "privat" | "proffs" | null;
  priceSek: number;
  createdAt: string;
  /** Paid at booking (PAYMENTS=stripe): the amount in öre and how; the mails say so. */
  paid?: { amountOre: number; method: "card" | "swish" | null };
  /**
   * Paid (in part) with a klippkort or presentkort: what the card paid and
   * what is left on it (a klippkort's mail carries CARD_LEFT_PLACEHOLDER,
   * filled by the booking's batch); `restOnSpotSek`, what is paid on the spot
   * (payments off) beside it.
   */
  card?: { kind: CardKind; amountSek: number; left: number | string; restOnSpotSek: number };
}

const VARIANT_LABELS = { privat: "Privat", proffs: "Proffs" } as const;

export const BINDING_TERMS_REMINDER = BOOKING_TEXTS.bindingReminder;

function siteLink(site: MailSite, path: string): string {
  return new URL(path, site.siteUrl).toString();
}

/** "lördag 21 november 2026" */
function longDate(iso: string): string {
  const dayKey = stockholmDayKey(iso);
  return `${formatDayHeading(dayKey)} ${dayKey.slice(0, 4)}`;
}

/** "Flurre (Tax, 2 år)", or the name alone: in mails and on the admin's booking info. */
export function dogLine(b: Pick<BookingDetails, "dogName" | "dogBreed" | "dogAge">): string {
  const extra = [b.dogBreed, b.dogAge].filter(Boolean).join(", ");
  return extra ? `${b.dogName} (${extra})` : b.dogName;
}

function priceLine(b: BookingDetails): string | null {
  if (b.variant) return `${VARIANT_LABELS[b.variant]}, ${formatKr(b.priceSek)}`;
  return b.priceSek > 0 ? formatKr(b.priceSek) : null;
}

type Row = [label: string, value: string | null | undefined];

function present(rows: Row[]): Array<[string, string]> {
  return rows.filter((r): r is [string, string] => typeof r[1] === "string" && r[1] !== "");
}

function textRows(rows: Row[]): string {
  return present(rows)
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
}

/** Label and value side by side; a value keeps the line breaks the customer typed. */
function DetailsTable({ rows }: { rows: Row[] }) {
  return (
    <table role="presentation" cellSpacing={0} cellPadding={0} border={0} style={{ borderCollapse: "collapse", margin: "0 0 16px" }}>
      <tbody>
        {present(rows).map(([label, value]) => (
          <tr key={label}>
            <th
              align="left"
              style={{ verticalAlign: "top", padding: "4px 12px 4px 0", color: colors.muted, fontWeight: 600, fontSize: "15px", lineHeight: "22px" }}
            >
              {label}
            </th>
            <td style={{ verticalAlign: "top", padding: "4px 0", whiteSpace: "pre-wrap", fontSize: "15px", lineHeight: "22px" }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function sessionRows(session: BookedSession, booking: BookingDetails): Row[] {
  return [["Pass", session.title], ...whenAndWhatRows(session, booking)];
}

/** When, where and for how much: the rows after the session's name. */
function whenAndWhatRows(session: BookedSession, booking: BookingDetails): Row[] {
  return [
    ["Datum", longDate(session.startTime)],
    ["Tid", formatTimeRange(session.startTime, session.endTime)],
    ["Plats", session.location],
    ["Pris", priceLine(booking)],
    [CARD_BOOKING_TEXTS.usedLabel, booking.card ? cardUsedLine(booking.card, booking.card.left) : null],
    ["Betalt", booking.paid ? paidLine(booking.paid.amountOre, booking.paid.method) : null],
    [CARD_BOOKING_TEXTS.restLabel, booking.card && booking.card.restOnSpotSek > 0 ? formatKr(booking.card.restOnSpotSek) : null],
    ["Mötestyp", booking.meetingType],
    ["Hemadress", booking.homeAddress],
  ];
}

/** The confirmation's facts as the mail shows them, after the session's name (for the page that confirms a booking too). */
export function bookedFacts(session: BookedSession, booking: BookingDetails): Array<[label: string, value: string]> {
  return present(whenAndWhatRows(session, booking));
}

function calendarDetails(booking: BookingDetails, site: MailSite): string {
  return [
    `Bokning för ${booking.userName} med ${booking.dogName}.`,
    BINDING_TERMS_REMINDER,
    `Dina bokningar: ${siteLink(site, "/mina-bokningar")}`,
  ].join("\n");
}

/**
 * Where the customer's calendar event is: a home visit is at the address the
 * customer gave (what the mails tell them), anything else at the session's
 * place. Customer calendars only; staff's feed never carries an address.
 */
export function customerEventLocation(location: string, homeAddress: string | null | undefined): string {
  const address = homeAddress?.trim();
  return address ? address : location;
}

/**
 * The .ics attachment: one event, stable UID per booking so a re-import
 * updates it. `sequence` is 0 for the confirmation and the session's
 * revision for a change of time or place.
 */
export function bookingIcs(
  session: BookedSession,
  booking: BookingDetails,
  site: MailSite & { adminEmail: string },
  now: Date,
  sequence = 0,
): string {
  const host = new URL(site.siteUrl).hostname;
  return buildIcs({
    uid: `booking-${booking.id}@${host}`,
    dtstamp: now,
    start: session.startTime,
    end: session.endTime,
    summary: `${session.title} – Hundpass`,
    location: customerEventLocation(session.location, booking.homeAddress),
    description: calendarDetails(booking, site),
    url: siteLink(site, `/session/${session.id}`),
    sequence,
    organizer: icsOrganizer(site),
  });
}

export function bookingGoogleCalendarUrl(
  session: BookedSession,
  booking: BookingDetails,
  site: MailSite,
): string {
  return googleCalendarUrl({
    title: `${session.title} – Hundpass`,
    start: session.startTime,
    end: session.endTime,
    location: customerEventLocation(session.location, booking.homeAddress),
    details: calendarDetails(booking, site),
  });
}

export function customerConfirmationMail(
  session: BookedSession,
  booking: BookingDetails,
  site: MailSite,
): Required<ComposedMail> {
  const subject = `Bokningsbekräftelse: ${session.title} ${formatSessionDate(session.startTime)}`;
  const calendarUrl = bookingGoogleCalendarUrl(session, booking, site);
  const myBookings = siteLink(site, "/mina-bokningar");
  const rows: Row[] = [
    ...sessionRows(session, booking),
    ["Hund", dogLine(booking)],
    ["Vad vill du träna?", booking.specialNotes],
    ["Bokningsnummer", booking.id],
  ];
  const groupNote =
    session.passType === "group"
      ? `${GROUP_RULE} Annars genomförs passet som det står i den här bekräftelsen.`
      : null;

  const text = [
    `Hej ${booking.userName}!`,
    "",
    "Tack för din bokning – här är din bekräftelse.",
    "",
    textRows(rows),
    "",
    BINDING_TERMS_REMINDER,
    ...(groupNote ? ["", groupNote] : []),
    "",
    "Lägg in passet i din kalender med den bifogade kalenderfilen (.ics) eller i Google Kalender:",
    calendarUrl,
    "",
    `Dina bokningar hittar du på ${myBookings}`,
    "",
    "Vi ses!",
    "Hälsningar,",
    "Hundpass",
  ].join("\n");

  const html = renderMailDocument(
    <MailLayout title={subject} preview={`${session.title}, ${longDate(session.startTime)}`}>
      <Heading as="h1" style={{ ...heading, margin: "0 0 8px" }}>
        Tack för din bokning, {booking.userName}!
      </Heading>
      <Paragraph>Här är din bekräftelse.</Paragraph>
      <DetailsTable rows={rows} />
      <Paragraph
        style={{
          padding: "12px",
          backgroundColor: colors.warningBackground,
          color: colors.warningText,
          borderRadius: "8px",
          fontWeight: 600,
        }}
      >
        {BINDING_TERMS_REMINDER}
      </Paragraph>
      {groupNote ? <Paragraph muted>{groupNote}</Paragraph> : null}
      <ButtonRow href={calendarUrl}>Lägg till i Google Kalender</ButtonRow>
      <Paragraph muted>Använder du en annan kalender? Öppna den bifogade filen (.ics).</Paragraph>
      <Paragraph>
        Dina bokningar hittar du på <UrlLink href={myBookings} />.
      </Paragraph>
      <Signature lines={["Vi ses!", "Hälsningar,", "Hundpass"]} />
    </MailLayout>,
  );
  return { subject, text, html };
}

export function adminNotificationMail(
  session: BookedSession,
  booking: BookingDetails,
  site: MailSite,
): ComposedMail {
  const subject = `Ny bokning: ${session.title} ${formatSessionDate(session.startTime)} – ${booking.userName}`;
  const rows: Row[] = [
    ...sessionRows(session, booking),
    [
      "Deltagare",
      session.currentParticipants === undefined || session.maxParticipants === undefined
        ? PARTICIPANTS_PLACEHOLDER
        : `${session.currentParticipants} av ${session.maxParticipants}`,
    ],
    ["Namn", booking.userName],
    ["E-post", booking.userEmail],
    ["Telefon", booking.userPhone],
    ["Hund", booking.dogName],
    ["Ras", booking.dogBreed],
    ["Ålder", booking.dogAge],
    ["Vad vill du träna?", booking.specialNotes],
    ["Bokningsnummer", booking.id],
    ["Bokad", formatDateTime(booking.createdAt)],
    ["Pass-id", String(session.id)],
  ];
  const sessionUrl = siteLink(site, `/session/${session.id}`);
  const text = [`Ny bokning på ${session.title}.`, "", textRows(rows), "", `Passet: ${sessionUrl}`].join("\n");
  // Plain text only: it is read by staff, and every byte is stored, sent and marked sent again.
  return { subject, text };
}

export const bookingMailKeys = (bookingId: string) => ({
  customer: `booking-confirmation:${bookingId}`,
  admin: `booking-admin-notification:${bookingId}`,
});

/** "agility-2026-11-21.ics": the calendar file's name, in the mail and as a download. */
export function icsFilename(session: Pick<BookedSession, "title" | "startTime">): string {
  const slug = session.title
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  // The session's day in Stockholm: a session just after midnight is not dated the day before.
  return `${slug || "pass"}-${stockholmDayKey(session.startTime)}.ics`;
}

/** The booking's two messages, addressed, with keys from the booking id. */
export function bookingMails(
  site: MailSite & { adminEmail: string },
  session: BookedSession,
  booking: BookingDetails,
  now: Date,
): [customer: MailMessage, admin: MailMessage] {
  const keys = bookingMailKeys(booking.id);
  return [
    {
      kind: "booking-confirmation",
      to: booking.userEmail,
      ...customerConfirmationMail(session, booking, site),
      attachments: [
        {
          filename: icsFilename(session),
          content: bookingIcs(session, booking, site, now),
          contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        },
      ],
      idempotencyKey: keys.customer,
    },
    {
      kind: "booking-admin-notification",
      to: site.adminEmail,
      replyTo: booking.userEmail,
      ...adminNotificationMail(session, booking, site),
      idempotencyKey: keys.admin,
    },
  ];
}
