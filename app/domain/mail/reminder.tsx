// The reminder each confirmed customer gets about 24 h before a session:
// when (Stockholm time), where (a map link for the training places, the
// customer's own address for a home visit, the meeting type online), what to
// bring (the /preppa checklist), and the booking's calendar event again under
// the confirmation's UID with SEQUENCE = the session's current revision, so a
// calendar that took an earlier file keeps one event. Pure.
import { Link } from "@react-email/link";
import { HOME_VISIT_LOCATION, ONLINE_LOCATION, placeMapUrl } from "../places";
import { preparationHome, preparationOnline, type PreparationItem } from "../preparation";
import { formatDayHeading, formatSessionDate, formatTime, formatTimeRange, stockholmDayKey, todayKey } from "../time";
import { bookingIcs, dogLine, type BookedSession, type BookingDetails } from "./booking";
import { MailLayout } from "./components/layout";
import { renderMailDocument } from "./components/render";
import { BookingClosing, bookingClosingText, Paragraph, UrlLink } from "./components/text";
import { link } from "./components/theme";
import type { MailMessage, MailSite } from "./message";

/** The session as it is now; `revision` is the SEQUENCE of its calendar file. */
export type RemindedSession = BookedSession & { revision: number };

/** One reminder per booking, ever: a second run (or a concurrent one) queues nothing. */
export const reminderMailKey = (bookingId: string) => `reminder:${bookingId}`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Stockholm calendar day after `dayKey` ("2026-10-24" → "2026-10-25"); day keys carry no time, so DST cannot shift it. */
function nextDayKey(dayKey: string): string {
  return new Date(Date.parse(`${dayKey}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** 'i dag' or 'i morgon' when the session starts on that Stockholm day as seen at `now`; otherwise null. */
export function reminderDayWord(startIso: string, now: Date): "i dag" | "i morgon" | null {
  const today = todayKey(now);
  const day = stockholmDayKey(startIso);
  if (day === today) return "i dag";
  if (day === nextDayKey(today)) return "i morgon";
  return null;
}

/** "Påminnelse: AGILITY i morgon kl. 18:00", or with the date when the session is not today or tomorrow. */
export function reminderSubject(session: Pick<BookedSession, "title" | "startTime">, now: Date): string {
  const word = reminderDayWord(session.startTime, now);
  const when = word ? `${word} kl. ${formatTime(session.startTime)}` : formatSessionDate(session.startTime);
  return `Påminnelse: ${session.title} ${when}`;
}

export type ReminderPlace =
  /** One of the training places (or any address staff typed): where it is and a map link. */
  | { kind: "place"; name: string; mapUrl: string }
  /** A home visit: the address the customer gave. */
  | { kind: "home"; name: string; address: string | null }
  /** An online session: how they meet. */
  | { kind: "online"; name: string; meetingType: string | null };

/** Where the customer goes, as the reminder states it. */
export function reminderPlace(
  session: Pick<BookedSession, "location">,
  booking: Pick<BookingDetails, "homeAddress" | "meetingType">,
): ReminderPlace {
  const name = session.location;
  // A home visit's booking holds the address and an online session's the meeting type (the booking form asks for them).
  if (booking.homeAddress || name === HOME_VISIT_LOCATION) {
    return { kind: "home", name, address: booking.homeAddress };
  }
  if (booking.meetingType || name === ONLINE_LOCATION) {
    return { kind: "online", name, meetingType: booking.meetingType };
  }
  return { kind: "place", name, mapUrl: placeMapUrl(name) };
}

/** "lördag 24 oktober 2026" */
function longDate(iso: string): string {
  const dayKey = stockholmDayKey(iso);
  return `${formatDayHeading(dayKey)} ${dayKey.slice(0, 4)}`;
}

type Row = [label: string, value: string];

function placeRows(place: ReminderPlace): Row[] {
  switch (place.kind) {
    case "place":
      return [["Plats", place.name]];
    case "home":
      return [["Plats", place.name], ...(place.address ? ([["Hemadress", place.address]] as Row[]) : [])];
    case "online":
      return [["Plats", place.name], ...(place.meetingType ? ([["Mötestyp", place.meetingType]] as Row[]) : [])];
  }
}

const BRING_HEADING = "Det här tar du med dig:";
const CALENDAR_NOTE = "Den bifogade kalenderfilen (.ics) har passets aktuella tid och plats.";
const QUESTIONS = "Har du frågor? Svara på det här mejlet.";

export function reminderMail(
  site: MailSite & { adminEmail: string },
  session: RemindedSession,
  booking: BookingDetails,
  now: Date,
  /** The checklist as staff keep it on /admin/preppa. */
  preparation: readonly Pick<PreparationItem, "title" | "text">[],
): MailMessage {
  const subject = reminderSubject(session, now);
  const word = reminderDayWord(session.startTime, now);
  const lead = `Snart är det dags för ${session.title} med ${booking.dogName}${word ? ` ${word}` : ""}. Här är det viktigaste inför passet.`;
  const place = reminderPlace(session, booking);
  const rows: Row[] = [
    ["Pass", session.title],
    ["Datum", longDate(session.startTime)],
    ["Tid", formatTimeRange(session.startTime, session.endTime)],
    ...placeRows(place),
    ["Hund", dogLine(booking)],
  ];
  // The checklist is for the training places; online and at home the page's note on that type says what is needed.
  const checklist = place.kind === "place" ? preparation : [];
  // The page's note on that kind of session, naming the booked one.
  const typeNote = place.kind === "home" ? preparationHome([session.title]) : preparationOnline([session.title]);
  const prepareUrl = new URL("/preppa", site.siteUrl).toString();
  const myBookings = new URL("/mina-bokningar", site.siteUrl).toString();

  const text = [
    `Hej ${booking.userName}!`,
    "",
    lead,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(place.kind === "place" ? [`Hitta dit: ${place.mapUrl}`] : []),
    "",
    ...(checklist.length > 0
      ? [BRING_HEADING, ...checklist.map((item) => `- ${item.title} ${item.text}`), "", `Mer om hur du förbereder dig: ${prepareUrl}`]
      : [typeNote]),
    "",
    CALENDAR_NOTE,
    `${QUESTIONS} Dina bokningar hittar du på ${myBookings}`,
    "",
    "Vi ses!",
    ...bookingClosingText(booking.id),
  ].join("\n");

  const html = renderMailDocument(
    <MailLayout title={subject} preview={lead}>
      <Paragraph>Hej {booking.userName}!</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Paragraph>
        {rows.map(([label, value], i) => (
          <span key={label}>
            {i > 0 ? <br /> : null}
            <strong>{label}:</strong> {value}
          </span>
        ))}
        {place.kind === "place" ? (
          <>
            <br />
            <Link href={place.mapUrl} style={link}>
              Hitta dit
            </Link>
          </>
        ) : null}
      </Paragraph>
      {checklist.length > 0 ? (
        <>
          <Paragraph style={{ marginBottom: "4px" }}>
            <strong>{BRING_HEADING}</strong>
          </Paragraph>
          <ul style={{ margin: "0 0 16px", paddingLeft: "20px", fontSize: "16px", lineHeight: "24px" }}>
            {checklist.map((item) => (
              <li key={item.title}>
                <strong>{item.title}</strong> {item.text}
              </li>
            ))}
          </ul>
          <Paragraph>
            Mer om hur du förbereder dig: <UrlLink href={prepareUrl} />
          </Paragraph>
        </>
      ) : (
        <Paragraph>{typeNote}</Paragraph>
      )}
      <Paragraph>{CALENDAR_NOTE}</Paragraph>
      <Paragraph>
        {QUESTIONS} Dina bokningar hittar du på <UrlLink href={myBookings} />.
      </Paragraph>
      <Paragraph>Vi ses!</Paragraph>
      <BookingClosing bookingId={booking.id} />
    </MailLayout>,
  );

  return {
    kind: "booking-reminder",
    to: booking.userEmail,
    replyTo: site.adminEmail,
    subject,
    text,
    html,
    attachments: [
      {
        filename: "bokning.ics",
        content: bookingIcs(session, booking, site, now, session.revision),
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
      },
    ],
    idempotencyKey: reminderMailKey(booking.id),
  };
}
