// /admin/epost-status: mail that could not be delivered, in staff's words.
import { MAIL_STATUS_PAGE } from "./admin-pages";
import { formatDateTime } from "./time";

export const MAIL_STATUS_TEXTS = {
  title: MAIL_STATUS_PAGE.title,
  intro:
    "Mejl som inte kom fram: de som e-posttjänsten inte tog emot efter flera försök, och de som studsade eller markerades som skräppost hos mottagaren. Nyast först.",
  empty: "Inga olevererade mejl. Allt som skickats har tagits emot.",
  recipient: "Mottagare",
  subject: "Ämne",
  why: "Varför",
  when: "När",
  kinds: {
    dead: "Kunde inte skickas",
    bounced: "Studsade",
    complained: "Markerat som skräppost",
  },
  resend: "Skicka igen",
  resending: "Skickar…",
  linkExpired: "Länken i mejlet har gått ut; det skickas inte igen.",
  hardBounce: "Adressen får inga fler nyhetsbrev.",
  complaintEffect: "Adressen avprenumererades från nyhetsbrevet.",
  toasts: {
    resent: { type: "success", title: "Framgång", description: "Mejlet köades för ett nytt försök." },
    gone: { type: "error", title: "Fel", description: "Mejlet finns inte längre bland de olevererade (det kan redan ha skickats igen)." },
    expired: { type: "error", title: "Fel", description: "Länken i mejlet har gått ut; skicka inte mejlet igen." },
    failed: { type: "error", title: "Fel", description: "Det gick inte att köa mejlet igen. Försök igen." },
  },
  /** On a session's admin page, beside a booking whose confirmation never arrived. */
  bookingBadge: "Bekräftelsen kom inte fram",
} as const;

export type UndeliveredKind = keyof typeof MAIL_STATUS_TEXTS.kinds;

export interface UndeliveredRow {
  kind: UndeliveredKind;
  /** The outbox row (dead letters) or the event id (bounces, complaints). */
  id: string;
  recipient: string;
  subject: string;
  why: string | null;
  at: string;
  /** Dead letters only: whether 'Skicka igen' may queue it (its link, if any, still lives). */
  canResend: boolean;
  /** Bounces only: a hard one (the address takes no more newsletters). */
  hardBounce: boolean;
}

export interface UndeliveredView extends UndeliveredRow {
  label: string;
  atLabel: string;
}

export function toUndeliveredView(row: UndeliveredRow): UndeliveredView {
  return { ...row, label: MAIL_STATUS_TEXTS.kinds[row.kind], atLabel: formatDateTime(row.at) };
}

/** An outbox row's id as the page's form sends it: a UUID, or null. */
export function parseMailId(value: unknown): string | null {
  return typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : null;
}
