// Weekly series (/admin/skapa-pass, 'Upprepa varje vecka'): N sessions on the
// same Stockholm wall time a week apart. Each date is converted on its own
// with the real time-zone rules, so 18:00 stays 18:00 across a DST change
// (16:00 UTC in summer, 17:00 UTC in winter).
// A date on which the time does not exist (the spring-forward gap) cannot be
// chosen. Pure: shared by the form (live list) and the server (which decides).

import { formatDayHeading, stockholmToUtcIso } from "./time";

/** How many weeks a series may run: from two dates to half a year. */
export const SERIES_MIN_COUNT = 2;
export const SERIES_MAX_COUNT = 26;
export const SERIES_DEFAULT_COUNT = 6;

export const SERIES_TEXTS = {
  repeatLabel: "Upprepa varje vecka",
  countLabel: "Antal gånger",
  countHint: `${SERIES_MIN_COUNT}–${SERIES_MAX_COUNT} veckor i rad, samma tid varje vecka.`,
  countRange: `Ange ett antal mellan ${SERIES_MIN_COUNT} och ${SERIES_MAX_COUNT}`,
  datesLegend: "Datum i serien",
  datesHint: "Bocka ur de datum som inte ska bli av.",
  datesPending: "Fyll i datum och tider så visas datumen här.",
  checkDates: "Kontrollera datumen nedan och tryck Skapa Pass igen.",
  datesChanged: "Datum eller tider ändrades: kontrollera listan igen och tryck Skapa Pass.",
  noDates: "Välj minst ett datum",
  inGap: "finns inte (klockan ställs fram)",
  inPast: "har redan passerat",
  tooFar: "ligger mer än fem år fram",
  successDescription: (count: number) => `${count} nya pass skapade`,
  seriesBadge: (count: number) => `Veckoserie, ${count} pass`,
  mailSeries: "Mejla hela serien",
} as const;

export interface SeriesOccurrence {
  /** The calendar date, yyyy-MM-dd. */
  date: string;
  /** 'tisdag 3 november' etc. */
  label: string;
  /** UTC instants; null when the wall time does not exist that day. */
  startTime: string | null;
  endTime: string | null;
  /** Why the date cannot be chosen, or null. */
  problem: string | null;
}

const DAY_KEY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `date` plus `weeks` weeks, as yyyy-MM-dd (calendar arithmetic, no time zone involved). */
export function addWeeks(date: string, weeks: number): string | null {
  const match = DAY_KEY_RE.exec(date);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + weeks * 7));
  return day.toISOString().slice(0, 10);
}

/**
 * The latest start a session can be given: five years from now. Nobody
 * plans a training session further ahead; a date beyond is a typo (9999).
 */
export const SESSION_MAX_DAYS_AHEAD = 5 * 366;
export function latestSessionStart(now: Date): number {
  return now.getTime() + SESSION_MAX_DAYS_AHEAD * 24 * 60 * 60_000;
}

export function isSeriesCount(count: number): boolean {
  return Number.isInteger(count) && count >= SERIES_MIN_COUNT && count <= SERIES_MAX_COUNT;
}

/**
 * The series' dates: `count` weeks from `startDate`, each at the given
 * Stockholm wall times. Empty when the input is not a valid date and count.
 */
export function seriesOccurrences(
  startDate: string,
  startTime: string,
  endTime: string,
  count: number,
  now: Date,
): SeriesOccurrence[] {
  if (!isSeriesCount(count) || !DAY_KEY_RE.test(startDate)) return [];
  const occurrences: SeriesOccurrence[] = [];
  for (let week = 0; week < count; week++) {
    const date = addWeeks(startDate, week);
    if (!date) return [];
    const start = stockholmToUtcIso(date, startTime);
    const end = stockholmToUtcIso(date, endTime);
    let problem: string | null = null;
    if (!start || !end) problem = SERIES_TEXTS.inGap;
    else if (Date.parse(start) < now.getTime()) problem = SERIES_TEXTS.inPast;
    else if (Date.parse(start) > latestSessionStart(now)) problem = SERIES_TEXTS.tooFar;
    occurrences.push({ date, label: formatDayHeading(date), startTime: start, endTime: end, problem });
  }
  return occurrences;
}

/**
 * What the list the admin saw was drawn for: the dates depend on these four
 * values only, so a post whose fingerprint differs from its own values was
 * ticked on another list and must be shown again before anything is created.
 */
export function seriesFingerprint(startDate: string, startTime: string, endTime: string, count: number): string {
  return `${startDate}|${startTime}|${endTime}|${count}`;
}
