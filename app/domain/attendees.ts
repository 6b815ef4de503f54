// A session's attendee list, for staff: the CSV download and the print view
// (issue: attendee export). The CSV is what Swedish Excel opens without an
// import dialog: UTF-8 with a byte-order mark (so å, ä and ö come out right),
// semicolons between fields, CRLF between rows, RFC 4180 quoting. A cell
// that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is
// prefixed with an apostrophe, so a customer's text can never become one: a
// phone number in international form too ('+46 70 123 45 67', which Excel
// would otherwise read as a formula and show as an error, or as a number
// without its '+').

import { CARD_BOOKING_TEXTS, cardPaidText } from "./cards/card-texts";
import type { CardPaid } from "./cards/card-terms";
import type { BookingDetails } from "./mail/booking";
import { dogLine } from "./mail/booking";
import { PAYMENT_TEXTS, paymentStatusLine, type PaymentView } from "./payment-status";
import { formatSheetDateTime } from "./time";

export const ATTENDEE_TEXTS = {
  csvLink: "Ladda ner deltagarlista (CSV)",
  printLink: "Skriv ut deltagarlista",
  heading: "Deltagarlista",
  printButton: "Skriv ut",
  printHint: "Skriv ut med webbläsarens utskrift (Ctrl+P eller Cmd+P).",
  back: "Tillbaka",
  none: "Inga bekräftade deltagare ännu.",
  participants: (count: number, max: number) => `${count} av ${max} platser bokade`,
  present: "Närvaro",
  notFound: "Passet finns inte",
} as const;

/** The columns, in order: the CSV's header row and the print view's table. */
export const ATTENDEE_COLUMNS = [
  "Nr",
  "Namn",
  "E-post",
  "Telefon",
  "Hund",
  "Ras",
  "Ålder",
  "Vad vill du träna?",
  "Hemadress",
  "Mötestyp",
  "Variant",
  "Pris (kr)",
  CARD_BOOKING_TEXTS.usedLabel,
  "Bokad",
  "Bokningsnummer",
] as const;

export type Attendee = Pick<
  BookingDetails,
  | "id"
  | "userName"
  | "userEmail"
  | "userPhone"
  | "dogName"
  | "dogBreed"
  | "dogAge"
  | "specialNotes"
  | "homeAddress"
  | "meetingType"
  | "variant"
  | "priceSek"
  | "createdAt"
> & {
  /** Its payment, with PAYMENTS=stripe (null: none); the CSV then has a 'Betalning' column after the price. */
  payment?: PaymentView | null;
  /** The card that paid it ('Kort': "Klippkort (…ABCD)"), or null/absent when none did. */
  card?: CardPaid | null;
};

export interface AttendeeSession {
  id: number;
  title: string;
  location: string;
  startTime: string;
  maxParticipants: number;
}

const VARIANTS = { privat: "Privat", proffs: "Proffs" } as const;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-safe, then quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The columns with PAYMENTS=stripe: 'Betalning' after the price (before 'Kort'). */
export const ATTENDEE_COLUMNS_WITH_PAYMENT = [
  ...ATTENDEE_COLUMNS.slice(0, ATTENDEE_COLUMNS.indexOf("Pris (kr)") + 1),
  PAYMENT_TEXTS.column,
  ...ATTENDEE_COLUMNS.slice(ATTENDEE_COLUMNS.indexOf("Pris (kr)") + 1),
];

export function attendeeRow(attendee: Attendee, index: number, { payments = false } = {}): Array<string | number> {
  const payment = payments ? [attendee.payment ? paymentStatusLine(attendee.payment) : ""] : [];
  return [
    index + 1,
    attendee.userName,
    attendee.userEmail,
    attendee.userPhone,
    attendee.dogName,
    attendee.dogBreed ?? "",
    attendee.dogAge ?? "",
    attendee.specialNotes ?? "",
    attendee.homeAddress ?? "",
    attendee.meetingType ?? "",
    attendee.variant ? VARIANTS[attendee.variant] : "",
    attendee.priceSek,
    ...payment,
    attendee.card ? cardPaidText(attendee.card) : "",
    formatSheetDateTime(attendee.createdAt),
    attendee.id,
  ];
}

const BOM = "\uFEFF";

/** The whole file: BOM, header row, one row per attendee, CRLF line ends; with `payments`, each one's payment. */
export function attendeesCsv(attendees: readonly Attendee[], { payments = false } = {}): string {
  const header = payments ? ATTENDEE_COLUMNS_WITH_PAYMENT : [...ATTENDEE_COLUMNS];
  const rows = [header, ...attendees.map((attendee, i) => attendeeRow(attendee, i, { payments }))];
  return BOM + rows.map((row) => row.map(csvCell).join(";")).join("\r\n") + "\r\n";
}

/** 'deltagare-agility-2026-11-24.csv': ASCII only, for any browser and file system. */
export function attendeesFileName(session: Pick<AttendeeSession, "title" | "startTime">, dayKey: string): string {
  const slug = session.title
    .toLowerCase()
    .replace(/[åä]/g, "a")
    .replace(/ö/g, "o")
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `deltagare-${slug || "pass"}-${dayKey}.csv`;
}

/** The dog as the print view shows it: 'Sigge (Labrador, 3 år)'. */
export const attendeeDog = dogLine;
