// The facts a passage states and the check that a phrased answer claims nothing else: every price, date, weekday,
// time, seat count, e-mail address and phone number in it must be one of the passages' facts, every address or path
// one of their links. Anything the check cannot place fails it, so the extractive answer is used instead.

import { isoWeekdayOf } from "../time";

/** A fact as a comparable string: "price:249", "date:2026-11-24", "time:18:00", "seats:3", "email:info@hundpass.se", "phone:0701740650". */
export type Fact = `${"price" | "date" | "time" | "seats" | "email" | "phone"}:${string}`;

export const priceFact = (kr: number): Fact => `price:${Math.round(kr)}`;
export const statesAPrice = (facts: readonly Fact[]) => facts.some((f) => f.startsWith("price:"));
/** dayKey: the Stockholm calendar day "yyyy-MM-dd". */
export const dateFact = (dayKey: string): Fact => `date:${dayKey}`;
/** hhmm: "18:00". */
export const timeFact = (hhmm: string): Fact => `time:${hhmm}`;
export const seatsFact = (count: number): Fact => `seats:${count}`;
export const emailFact = (address: string): Fact => `email:${address.trim().toLocaleLowerCase("sv-SE")}`;
/** Any way of writing a Swedish number ("070-174 06 50", "+46 70 174 06 50", "+46 (0)70 174 06 50") is the same fact. */
export const phoneFact = (number: string): Fact => `phone:${number.replace(/[^\d+]/g, "").replace(/^(?:\+46|0046)0?/, "0")}`;

export type Claim =
  | { kind: "price"; amount: number; text: string }
  | { kind: "date"; month: number; day: number; year: number | null; weekday: number | null; text: string }
  | { kind: "weekday"; weekday: number; text: string }
  | { kind: "time"; hhmm: string; text: string }
  | { kind: "seats"; count: number; text: string }
  | { kind: "link"; href: string; text: string }
  | { kind: "email"; address: string; text: string }
  | { kind: "phone"; number: string; text: string }
  /** 'idag', 'imorgon', 'på fredag nästa vecka': a day the passages never name that way. */
  | { kind: "relative-day"; text: string };

const MONTHS: Record<string, number> = {
  januari: 1, jan: 1, februari: 2, feb: 2, mars: 3, mar: 3, april: 4, apr: 4, maj: 5, juni: 6, jun: 6,
  juli: 7, jul: 7, augusti: 8, aug: 8, september: 9, sept: 9, sep: 9, oktober: 10, okt: 10,
  november: 11, nov: 11, december: 12, dec: 12,
};

/** Sunday = 0, as Date.getUTCDay. */
const WEEKDAYS: Record<string, number> = {
  söndag: 0, sön: 0, måndag: 1, mån: 1, tisdag: 2, tis: 2, onsdag: 3, ons: 3,
  torsdag: 4, tors: 4, tor: 4, fredag: 5, fre: 5, lördag: 6, lör: 6,
};

const NUMBER_WORDS: Record<string, number> = {
  inga: 0, noll: 0, en: 1, ett: 1, två: 2, tre: 3, fyra: 4, fem: 5, sex: 6, sju: 7, åtta: 8, nio: 9, tio: 10,
  elva: 11, tolv: 12,
};

// Word edges that know å, ä and ö (\b does not).
const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";

const MONTH_NAMES = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join("|");
const WEEKDAY_NAMES = Object.keys(WEEKDAYS).filter((w) => w.endsWith("dag")).join("|");
const WEEKDAY_SHORT = Object.keys(WEEKDAYS).filter((w) => !w.endsWith("dag")).join("|");
const WEEKDAY = `(?:(${WEEKDAY_NAMES})(?:en|ar|s)?|(${WEEKDAY_SHORT})\\.?)`;
/** A date's start: its weekday if it is given ('fredag den 5 december', 'fre 5/12'). */
const DATE_START = `(?:${WEEKDAY}(?:\\s+den)?\\s+)?${B}`;

const PRICE_RE = new RegExp(`${B}(\\d{1,3}(?:[ \\u00a0\\u202f]\\d{3})+|\\d+)(?:[,.]00)?\\s*(?:kr${E}\\.?|kronor${E}|sek${E}|:-)`, "giu");
const ISO_DATE_RE = new RegExp(`${B}(\\d{4})-(\\d{2})-(\\d{2})${E}`, "gu");
const NAMED_DATE_RE = new RegExp(`${DATE_START}(\\d{1,2})(?::?e|:a)?\\s+(${MONTH_NAMES})${E}\\.?(?:\\s+(\\d{4})${E})?`, "giu");
const NUMERIC_DATE_RE = new RegExp(`${DATE_START}(\\d{1,2})/(\\d{1,2})(?:[/-](\\d{2}|\\d{4}))?${E}`, "giu");
const WEEKDAY_RE = new RegExp(`${B}${WEEKDAY}${E}`, "giu");
const TIME_RE = new RegExp(`${B}(?:kl(?:ockan|\\.)?\\s*)?([01]?\\d|2[0-3])[:.]([0-5]\\d)${E}`, "giu");
const HOUR_RE = new RegExp(`${B}(?:kl\\.?|klockan)\\s*([01]?\\d|2[0-3])${E}(?![:.]\\d)`, "giu");
const SEATS_RE = new RegExp(
  `${B}(\\d+|${Object.keys(NUMBER_WORDS).join("|")})\\s+(?:(?:lediga\\s+|fria\\s+)?(?:platser|plats)|kvar)${E}`,
  "giu",
);
const FULL_RE = new RegExp(`${B}fullbok(?:at|ad|ade)${E}`, "giu");
const RELATIVE_DAY_RE = new RegExp(`${B}(?:i\\s*dag|idag|i\\s*morgon|imorgon|i\\s*övermorgon|iövermorgon|i\\s*kväll|ikväll|nästa\\s+vecka|i\\s+helgen)${E}`, "giu");
/** "fyra platser i Stad": places, not seats (case-sensitive, so not under the i flag above). */
const PLACE_NAME_AFTER_RE = /^\s+(?:i|på)\s+\p{Lu}/u;
const EMAIL_RE = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
/** A Swedish number: 0 or +46/0046 and 6–12 more digits, spaced or dashed as people write them. */
const PHONE_RE = /(?<![\p{L}\p{N}+])(?:\+46|0046|0)[\s-]?(?:\(0\)[\s-]?)?\d(?:[\s-]?\d){5,11}(?![\p{L}\p{N}])/gu;
const URL_RE = /https?:\/\/[^\s<>"'()\]]+/giu;
const BARE_DOMAIN_RE = new RegExp(`${B}(?:www\\.)?[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.(?:se|com|nu|org|net|io|app)${E}(?:/[^\\s<>"'()]*)?`, "giu");
const PATH_RE = /(?<![\p{L}\p{N}/.:@])\/[\p{L}\p{N}][\p{L}\p{N}\-_.~%/?#=&+]*/gu;

function weekdayOf(match: string | undefined, short: string | undefined): number | null {
  const name = (match ?? short)?.toLocaleLowerCase("sv-SE");
  return name === undefined ? null : (WEEKDAYS[name] ?? null);
}

function trimTrailing(text: string): string {
  return text.replace(/[.,;:!?)\]]+$/u, "");
}

/** A named or numeric date: its weekday in groups 1–2 (long or short), the day in 3, the year in 5 ('25' is 2025). */
function dateClaim(m: RegExpMatchArray, month: number): Claim {
  const year = m[5] ? Number(m[5].length === 2 ? `20${m[5]}` : m[5]) : null;
  return { kind: "date", day: Number(m[3]), month, year, weekday: weekdayOf(m[1], m[2]), text: m[0] };
}

/**
 * How each kind of claim is read, in this order: addresses, links and phone numbers first, so their digits are not read
 * again as something else; then dates, times, prices and seats. `free`: read even where an earlier claim stands; `keeps`:
 * leaves its span for later readers.
 */
const READERS: { re: RegExp; free?: boolean; keeps?: boolean; claim: (m: RegExpMatchArray, text: string) => Claim | null }[] = [
  { re: EMAIL_RE, free: true, claim: (m) => ({ kind: "email", address: m[0], text: m[0] }) },
  ...[URL_RE, BARE_DOMAIN_RE, PATH_RE].map((re) => ({ re, claim: (m: RegExpMatchArray): Claim => ({ kind: "link", href: trimTrailing(m[0]), text: m[0] }) })),
  { re: PHONE_RE, claim: (m) => ({ kind: "phone", number: m[0], text: m[0] }) },
  { re: ISO_DATE_RE, free: true, claim: (m) => ({ kind: "date", year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), weekday: null, text: m[0] }) },
  { re: NAMED_DATE_RE, claim: (m) => dateClaim(m, MONTHS[m[4]!.toLocaleLowerCase("sv-SE")] ?? 0) },
  { re: NUMERIC_DATE_RE, claim: (m) => dateClaim(m, Number(m[4])) },
  {
    re: WEEKDAY_RE,
    keeps: true,
    claim: (m) => {
      const weekday = weekdayOf(m[1], m[2]);
      return weekday === null ? null : { kind: "weekday", weekday, text: m[0] };
    },
  },
  { re: TIME_RE, claim: (m) => ({ kind: "time", hhmm: `${m[1]!.padStart(2, "0")}:${m[2]}`, text: m[0] }) },
  { re: HOUR_RE, claim: (m) => ({ kind: "time", hhmm: `${m[1]!.padStart(2, "0")}:00`, text: m[0] }) },
  { re: PRICE_RE, claim: (m) => ({ kind: "price", amount: Number(m[1]!.replace(/\D/g, "")), text: m[0] }) },
  {
    re: SEATS_RE,
    keeps: true,
    claim: (m, text) => {
      if (PLACE_NAME_AFTER_RE.test(text.slice(m.index! + m[0].length))) return null;
      const word = m[1]!.toLocaleLowerCase("sv-SE");
      return { kind: "seats", count: /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? -1), text: m[0] };
    },
  },
  { re: FULL_RE, free: true, keeps: true, claim: (m) => ({ kind: "seats", count: 0, text: m[0] }) },
  { re: RELATIVE_DAY_RE, free: true, keeps: true, claim: (m) => ({ kind: "relative-day", text: m[0] }) },
];

/** Every checkable claim in a text, in the order the text makes them. */
export function extractClaims(input: string): Claim[] {
  const text = input.normalize("NFC");
  const found: [number, Claim][] = [];
  // Spans already read as a claim (see READERS).
  const taken: [number, number][] = [];
  for (const reader of READERS) {
    for (const m of text.matchAll(reader.re)) {
      const [start, end] = [m.index!, m.index! + m[0].length];
      if (!reader.free && taken.some(([s, e]) => start < e && end > s)) continue;
      const claim = reader.claim(m, text);
      if (!claim) continue;
      found.push([start, claim]);
      if (!reader.keeps) taken.push([start, end]);
    }
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, claim]) => claim);
}

export type FactCheckResult = { ok: true } | { ok: false; unsupported: Claim[] };

/**
 * Whether every claim in `text` is backed by `facts` and `links`. Dates must match day and month (and the year and
 * weekday when the text gives them); a weekday on its own must be the weekday of one of the dates.
 */
export function checkFacts(
  text: string,
  allowed: { facts: Iterable<string>; links: Iterable<string> },
): FactCheckResult {
  const facts = new Set(allowed.facts);
  const links = new Set(allowed.links);
  const dayKeys = [...facts].filter((f) => f.startsWith("date:")).map((f) => f.slice("date:".length));
  const unsupported = extractClaims(text).filter((claim) => !supported(claim, facts, links, dayKeys));
  return unsupported.length === 0 ? { ok: true } : { ok: false, unsupported };
}

function supported(claim: Claim, facts: ReadonlySet<string>, links: ReadonlySet<string>, dayKeys: readonly string[]): boolean {
  switch (claim.kind) {
    case "price":
      return facts.has(priceFact(claim.amount));
    case "time":
      return facts.has(timeFact(claim.hhmm));
    case "seats":
      return claim.count >= 0 && facts.has(seatsFact(claim.count));
    case "weekday":
      return dayKeys.some((key) => isoWeekdayOf(key) % 7 === claim.weekday);
    case "date":
      return dayKeys.some((key) => {
        const [year, month, day] = key.split("-").map(Number);
        if (month !== claim.month || day !== claim.day) return false;
        if (claim.year !== null && claim.year !== year) return false;
        return claim.weekday === null || isoWeekdayOf(key) % 7 === claim.weekday;
      });
    case "link":
      return linkAllowed(claim.href, links);
    case "email":
      return facts.has(emailFact(claim.address));
    case "phone":
      return facts.has(phoneFact(claim.number));
    case "relative-day":
      // The passages give dates; 'imorgon' depends on a day the model does not know.
      return false;
  }
}

/** A link the text names must be one of the passages' own; a bare host only as part of one. */
function linkAllowed(href: string, links: ReadonlySet<string>): boolean {
  if (links.has(href)) return true;
  if (href.startsWith("/") || /^https?:\/\//i.test(href)) return false;
  const bare = href.toLocaleLowerCase("sv-SE");
  return [...links].some((link) => link.toLocaleLowerCase("sv-SE").replace(/^https?:\/\//, "").startsWith(bare));
}
