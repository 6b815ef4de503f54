// Stockholm time (spec section 9): formatting UTC instants for display in
// Swedish, converting admin-entered local date + time to UTC with the real
// time-zone rules, and the Monday-first month grid of the booking calendar.
// Instants are UTC ISO strings; "day keys" are calendar dates "yyyy-MM-dd";
// months are numbered 1–12.
// Every format writes the day without a leading zero and weekday and month
// names in lower case, as Swedish does ('tis 3 nov. 18:00'); only a heading
// that opens with one capitalises it (public.css, ::first-letter), never a
// card's or a list's value.

import { formatInTimeZone, getTimezoneOffset } from "date-fns-tz";
import { sv } from "date-fns/locale";
import { TIME_ZONE } from "./constants";

export type DayCell = { dayKey: string; inMonth: boolean };
export type YearMonth = { year: number; month: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_KEY_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MONTH_PARAM_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * Formatting through Intl is the costly part of a page or a mail, and the
 * same few session times are formatted again and again: remember the last
 * results (pure: same instant and pattern, same text).
 */
const FORMAT_MEMORY_SIZE = 2_000;
const formatted = new Map<string, string>();

function formatStockholm(instant: Date | number | string, pattern: string): string {
  const key = `${pattern}|${instant instanceof Date ? instant.getTime() : instant}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  const date = instant instanceof Date ? instant : new Date(instant);
  const text = formatInTimeZone(date, TIME_ZONE, pattern, { locale: sv });
  if (formatted.size >= FORMAT_MEMORY_SIZE) formatted.clear();
  formatted.set(key, text);
  return text;
}

/** Noon UTC is the same calendar day in Stockholm, so it is safe for day-level formats. */
function noonUtc(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/** "ons 1 juli 18:00" */
export function formatSessionDate(iso: string): string {
  return formatStockholm(iso, "EEE d MMM HH:mm");
}

/** "18:00" */
export function formatTime(iso: string): string {
  return formatStockholm(iso, "HH:mm");
}

/** "18:00–19:00" (en dash) */
export function formatTimeRange(startIso: string, endIso: string): string {
  return `${formatTime(startIso)}–${formatTime(endIso)}`;
}

/** "november 2026" */
export function formatMonth(year: number, month: number): string {
  return formatStockholm(noonUtc(year, month, 1), "MMMM yyyy");
}

/**
 * "1 juli 2026 18:00" (admin and general dates). The day without a leading
 * zero, as every other date on the site writes it ('2 nov.' beside '15 nov.').
 */
export function formatDateTime(iso: string): string {
  return formatStockholm(iso, "d MMM yyyy HH:mm");
}

/** "den 24 december kl. 07:00" (Stockholm): when something is sent. */
export function formatSendMoment(iso: string): string {
  return formatStockholm(iso, "'den' d MMMM 'kl.' HH:mm");
}

/** "2026-11-21 18:00" (Stockholm): what a spreadsheet reads as a date and time. */
export function formatSheetDateTime(iso: string): string {
  return formatStockholm(iso, "yyyy-MM-dd HH:mm");
}

/** "lördag 21 november" for the day key "2026-11-21". */
export function formatDayHeading(dayKey: string): string {
  return formatStockholm(`${dayKey}T12:00:00Z`, "EEEE d MMMM");
}

/** "5 december 2027" for the day key "2027-12-05": a date with its year, as a card's last valid day. */
export function formatLongDate(dayKey: string): string {
  return formatStockholm(`${dayKey}T12:00:00Z`, "d MMMM yyyy");
}

/** The Stockholm calendar day of a UTC instant, "yyyy-MM-dd". */
export function stockholmDayKey(iso: string): string {
  return formatStockholm(iso, "yyyy-MM-dd");
}

/** The ISO weekday (1 Monday … 7 Sunday) of a day key. */
export function isoWeekdayOf(dayKey: string): number {
  return ((new Date(`${dayKey}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The day key a number of days after (or, negative, before) a day key. */
export function shiftDayKey(dayKey: string, days: number): string {
  return new Date(Date.parse(`${dayKey}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** "tisdag" for the ISO weekday 2. */
export function weekdayName(isoWeekday: number): string {
  // 2024-01-01 was a Monday.
  return formatStockholm(`2024-01-0${isoWeekday}T12:00:00Z`, "EEEE");
}

export function todayKey(now: Date): string {
  return formatStockholm(now, "yyyy-MM-dd");
}

/**
 * Admin-entered Stockholm date ("yyyy-MM-dd") and time ("HH:mm") to a UTC ISO
 * string, using the tz database rather than a fixed +1/+2 rule.
 *
 * - A time that does not exist (the spring-forward gap, e.g. 2026-03-29 02:30)
 *   returns null, so the form can reject it instead of silently moving it.
 * - A time that occurs twice (the autumn fall-back, e.g. 2026-10-25 02:30)
 *   resolves to the earlier instant, in summer time.
 * - Malformed input or impossible dates (2026-02-30) return null.
 *
 * fromZonedTime alone would move gap times and pick winter time for repeated
 * times, so we check both candidate offsets ourselves.
 */
export function stockholmToUtcIso(date: string, time: string): string | null {
  if (!DAY_KEY_RE.test(date) || !TIME_RE.test(time)) return null;
  const wallClock = `${date} ${time}`;
  const wallAsUtc = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wallAsUtc)) return null;
  // A day either side lies on each side of any DST change on this date.
  const candidates = [wallAsUtc - DAY_MS, wallAsUtc + DAY_MS].map(
    (probe) => wallAsUtc - getTimezoneOffset(TIME_ZONE, new Date(probe)),
  );
  const matching = candidates.filter(
    (instant) => formatStockholm(instant, "yyyy-MM-dd HH:mm") === wallClock,
  );
  if (matching.length === 0) return null;
  return new Date(Math.min(...matching)).toISOString();
}

export { addMinutesToLocalTime } from "./wall-clock";

/**
 * The calendar for a month: whole weeks Monday..Sunday, with the days of the
 * neighbouring months that fill the first and last week marked inMonth false.
 */
export function monthGrid(year: number, month: number): DayCell[][] {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`month must be 1–12, got ${month}`);
  }
  const first = new Date(Date.UTC(year, month - 1, 1));
  const daysBefore = (first.getUTCDay() + 6) % 7; // getUTCDay: Sunday is 0
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const weekCount = Math.ceil((daysBefore + daysInMonth) / 7);

  const weeks: DayCell[][] = [];
  for (let w = 0; w < weekCount; w++) {
    const week: DayCell[] = [];
    for (let d = 0; d < 7; d++) {
      const day = new Date(Date.UTC(year, month - 1, 1 - daysBefore + w * 7 + d));
      week.push({
        dayKey: day.toISOString().slice(0, 10),
        inMonth: day.getUTCMonth() === month - 1,
      });
    }
    weeks.push(week);
  }
  return weeks;
}

export function shiftMonth(year: number, month: number, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  const newYear = Math.floor(index / 12);
  return { year: newYear, month: index - newYear * 12 + 1 };
}

/** "2026-11" (the calendar's month URL parameter) or null when malformed. */
export function parseMonthParam(param: string | null | undefined): YearMonth | null {
  const match = MONTH_PARAM_RE.exec(param ?? "");
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 1970) return null;
  return { year, month: Number(match[2]) };
}

export function formatMonthParam(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}
