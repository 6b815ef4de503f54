// The customer's download of their own data (mina-uppgifter.json), as the
// customer reads it: every status and code in Swedish words, every time in
// Swedish time, and the file named by today's date in Stockholm. The rows
// come from app/server/privacy/my-data.server.ts with Swedish column names;
// this module only turns their values into words. Pure, no I/O.
import { auditActionLabel } from "./audit";
import { PAYMENT_METHOD_WORDS, paymentStatusLabel, type PaymentStatus } from "./payment-status";
import { BOOKING_STATUS_LABEL } from "./my-bookings";
import { CONSENT_TEXTS } from "./newsletter/consent";
import { formatSheetDateTime, todayKey } from "./time";
import { WAITLIST_STATUS_LABELS } from "./waitlist";

export const MY_DATA_EXPORT_TEXTS = {
  about: "Allt Hundpass har sparat om din e-postadress, när filen skapades. Tider i svensk tid (Europe/Stockholm).",
} as const;

/** "hundpass-mina-uppgifter-2026-11-29.json": the day in Stockholm, which is not always the day in UTC. */
export function myDataFileName(now: Date): string {
  return `hundpass-mina-uppgifter-${todayKey(now)}.json`;
}

const YES_NO: Readonly<Record<string, string>> = { yes: "ja", no: "nej", "1": "ja", "0": "nej", true: "ja", false: "nej" };
const WHO: Readonly<Record<string, string>> = { customer: "kund", admin: "personal", staff: "personal" };
const PAYMENT_STATUSES: readonly PaymentStatus[] = ["open", "paid", "expired", "cancelled", "refund_pending", "refunded", "refund_failed"];

type Labels = Readonly<Record<string, string>> | ((value: string) => string);

/**
 * The columns whose values are codes, by export section (the exportKey of
 * personal-data.server.ts) and column (its Swedish name), with their words.
 * A code without a word is left as it is.
 */
const LABELS: Readonly<Record<string, Readonly<Record<string, Labels>>>> = {
  bokningar: { status: BOOKING_STATUS_LABEL },
  konton: { personal: YES_NO },
  inloggningslankar: { typ: WHO },
  inloggningar: { typ: WHO },
  nyhetsbrev: {
    // The spec's words for a subscriber's status.
    status: { subscribed: "Aktiv", unsubscribed: "Inaktiv" },
    kalla: CONSENT_TEXTS.sources,
    samtycke_hur: CONSENT_TEXTS.methods,
  },
  problemrapporter: { vill_ha_hjalp: YES_NO },
  koplatser: { status: WAITLIST_STATUS_LABELS },
  mejl_vi_har_skickat: { status: { queued: "Väntar på att skickas", sending: "Skickas", sent: "Skickat", failed: "Kunde inte skickas" } },
  leveransbesked_for_mejl: { handelse: { delivered: "Levererat", bounced: "Studsade", complained: "Markerat som skräppost" } },
  andringsloggen: { andring: auditActionLabel },
  kort: { sort: { klippkort: "Klippkort", presentkort: "Presentkort" } },
  kortkop_pa_webben: {
    sort: { klippkort: "Klippkort", presentkort: "Presentkort" },
    status: { open: "Väntar på betalning", paid: "Betalt", expired: "Blev inte av" },
    aterbetalning: { pending: "På väg tillbaka", refunded: "Återbetald", failed: "Försöker igen" },
  },
  betalningar: {
    status: Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, paymentStatusLabel({ status, method: null })])),
    satt: PAYMENT_METHOD_WORDS,
    aterbetalning_orsak: {
      "staff-cancel": "Personalen avbokade bokningen",
      "session-cancelled": "Passet ställdes in",
      decision: "Passet ställdes in för att det fick för få deltagare",
      "late-payment": "Betalningen kom efter att platsen hade släppts",
    },
  },
};

/** A UTC instant as the database stores it ("2026-11-28T23:30:00.000Z"). */
const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** One value as the customer reads it: a UTC instant in Stockholm time, a code in words. */
function readable(value: unknown, labels: Labels | undefined): unknown {
  if (typeof value === "string" && UTC_INSTANT.test(value)) return formatSheetDateTime(value);
  if (labels === undefined || value === null || value === undefined || typeof value === "object") return value;
  const code = String(value);
  return typeof labels === "function" ? labels(code) : (labels[code] ?? value);
}

/** A row of an export section with its values in Swedish words and Swedish time. */
export function swedishRow(section: string, row: Record<string, unknown>): Record<string, unknown> {
  const labels = LABELS[section] ?? {};
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [column, readable(value, labels[column])]));
}

/** "2026-11-29 00:30": when the file was made, in Stockholm. */
export function exportTime(now: Date): string {
  return formatSheetDateTime(now.toISOString());
}
