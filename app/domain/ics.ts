// A minimal iCalendar (RFC 5545) writer for one event: the .ics file attached
// to a booking confirmation. Pure; times go out in UTC ("Z" form) so no
// VTIMEZONE block is needed and every calendar shows the right local time.

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
}

const CRLF = "\r\n";
/** RFC 5545 section 3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;

/** "20260701T160000Z" from any instant. */
export function icsUtcDateTime(instant: string | Date): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${String(instant)}`);
  return date.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
}

/** TEXT value escaping (section 3.3.11): backslash, semicolon, comma and newlines. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();
const octets = (s: string) => encoder.encode(s).length;
const ASCII = /^[\x00-\x7f]*$/;

/** UTF-8 length of one code point (a string from `for … of`). */
function charOctets(char: string): number {
  const cp = char.codePointAt(0) ?? 0;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/**
 * Folds one content line (section 3.1): CRLF plus a space before every 75th
 * octet. The space counts toward the continuation line's length, and a
 * multi-byte UTF-8 character is never split.
 */
export function foldIcsLine(line: string): string {
  // A UTF-16 unit is at most 3 UTF-8 octets, and ASCII is one: most lines need no counting.
  if (line.length * 3 <= MAX_LINE_OCTETS || (line.length <= MAX_LINE_OCTETS && ASCII.test(line))) return line;
  if (octets(line) <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let currentOctets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = charOctets(char);
    if (currentOctets + size > limit) {
      parts.push(current);
      current = "";
      currentOctets = 0;
      limit = MAX_LINE_OCTETS - 1; // the leading space of the continuation
    }
    current += char;
    currentOctets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** The whole calendar file: one VEVENT, METHOD:PUBLISH, CRLF line endings. */
export function buildIcs(event: IcsEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Hundpass//Bokning//SV",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${icsUtcDateTime(event.dtstamp)}`,
    `DTSTART:${icsUtcDateTime(event.start)}`,
    `DTEND:${icsUtcDateTime(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    // URI values are not TEXT: they are written as is, only folded.
    ...(event.url ? [`URL:${event.url}`] : []),
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

/** Undoes folding; for tests and anyone reading an .ics back. */
export function unfoldIcs(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter((line) => line !== "");
}
