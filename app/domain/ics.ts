// The .ics file attached to booking mails (confirmation, change,
// cancellation): one event, written by ical-generator (escaping, folding at
// 75 octets, METHOD, SEQUENCE, STATUS). Pure; times go out in UTC ("Z" form)
// so no VTIMEZONE block is needed and every calendar shows the right local
// time. An update or a cancellation keeps the event's UID and raises its
// SEQUENCE, so calendars replace the event instead of adding one.
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

export interface IcsEvent {
  /** Globally unique and stable for the event, e.g. "booking-<id>@hundpass.se". */
  uid: string;
  /** When the file was made (UTC ISO or Date). */
  dtstamp: string | Date;
  start: string | Date;
  end: string | Date;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  /** PUBLISH for a confirmation or a change (the default), CANCEL for a cancellation. */
  method?: "PUBLISH" | "CANCEL";
  /** 0 for the first version; raised by each later change of the same event. */
  sequence?: number;
  /**
   * Who runs the event: the business, at the address replies go to. RFC 5546
   * requires it on a CANCEL (Outlook ignores a cancellation without it), and
   * it is written on every version so each one names the same organizer.
   */
  organizer: { name: string; email: string };
}

const CRLF = "\r\n";

function toDate(instant: string | Date): Date {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${String(instant)}`);
  return date;
}

/** "20260701T160000Z" from any instant (also for calendar links). */
export function icsUtcDateTime(instant: string | Date): string {
  return toDate(instant).toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
}

/** The whole calendar file: one VEVENT, CRLF line endings (the last line too). */
export function buildIcs(event: IcsEvent): string {
  const cancel = event.method === "CANCEL";
  const calendar = ical({
    prodId: { company: "Hundpass", product: "Bokning", language: "SV" },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence ?? 0,
    stamp: toDate(event.dtstamp),
    start: toDate(event.start),
    end: toDate(event.end),
    summary: event.summary,
    location: event.location || null,
    description: event.description || null,
    url: event.url || null,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: event.organizer,
  });
  return calendar.toString() + CRLF;
}

/** Undoes folding; for tests and anyone reading an .ics back. */
export function unfoldIcs(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter((line) => line !== "");
}
