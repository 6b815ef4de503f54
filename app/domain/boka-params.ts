// The /boka screen's state lives in its URL so that back/forward, reload,
// sharing a link and browsing without JavaScript all work: step (steg),
// pass type (typ), one session type by name (passtyp), view (vy), calendar
// month (manad) and selected day (dag).
// Parsing is forgiving: anything unknown falls back to a sensible default
// instead of an error page.

import type { PassType } from "./constants";
import { SESSION_TYPE_NAME_MAX_LENGTH } from "./schemas/session-type";
import type { YearMonth } from "./time";
import { formatMonthParam, parseMonthParam, shiftMonth } from "./time";

export const BOKA_PATH = "/boka";

export const BOKA_PARAMS = {
  step: "steg",
  type: "typ",
  sessionType: "passtyp",
  view: "vy",
  month: "manad",
  day: "dag",
} as const;

export const BOKA_TYPES = ["grupp", "privat", "alla"] as const;
export type BokaType = (typeof BOKA_TYPES)[number];

export const BOKA_VIEWS = ["kalender", "lista"] as const;
export type BokaView = (typeof BOKA_VIEWS)[number];

/** The calendar is the default view (spec: "a view mode defaulting to calendar"). */
export const DEFAULT_BOKA_VIEW: BokaView = "kalender";

/** How far ahead the calendar lets a visitor page. */
export const CALENDAR_MONTHS_AHEAD = 12;

export type BokaStepOne = { step: 1 };
export type BokaStepTwo = {
  step: 2;
  type: BokaType;
  /**
   * One session type's sessions only, by the type's name (which its sessions
   * carry as their title): the start page's type cards link here. Null: all.
   */
  sessionType?: string | null;
  view: BokaView;
  /** Null: the month of `day`, else the current month. */
  month: YearMonth | null;
  day: string | null;
};
export type BokaState = BokaStepOne | BokaStepTwo;

const DAY_KEY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date "yyyy-MM-dd" (rejects 2026-02-30). */
export function isDayKey(value: string | null | undefined): value is string {
  const match = DAY_KEY_RE.exec(value ?? "");
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((v) => v === value) ?? null;
}

/**
 * Step 2 needs a known type; without one the visitor starts at step 1.
 * A missing `steg` with a valid type still opens step 2, so short shared
 * links like /boka?typ=grupp work.
 */
export function parseBokaParams(params: URLSearchParams): BokaState {
  const type = oneOf(BOKA_TYPES, params.get(BOKA_PARAMS.type));
  if (!type || params.get(BOKA_PARAMS.step) === "1") return { step: 1 };
  const view = oneOf(BOKA_VIEWS, params.get(BOKA_PARAMS.view)) ?? DEFAULT_BOKA_VIEW;
  const dayParam = params.get(BOKA_PARAMS.day);
  const sessionType = parseSessionTypeParam(params.get(BOKA_PARAMS.sessionType));
  return {
    step: 2,
    type,
    // Only when one is named, so a link without it reads as before.
    ...(sessionType ? { sessionType } : {}),
    view,
    month: parseMonthParam(params.get(BOKA_PARAMS.month)),
    day: isDayKey(dayParam) ? dayParam : null,
  };
}

/** A type name as staff can save one; anything longer names no type. */
function parseSessionTypeParam(value: string | null): string | null {
  const name = value?.trim() ?? "";
  return name && name.length <= SESSION_TYPE_NAME_MAX_LENGTH ? name : null;
}

/** /boka showing one session type's dates, as a list: the start page's "Se datum och boka". */
export function bokaHrefForSessionType(name: string): string {
  return bokaHref({ step: 2, type: "alla", sessionType: name, view: "lista", month: null, day: null });
}

/** The URL of a /boka state. Parameters are written in a fixed order so equal states give equal URLs. */
export function bokaHref(state: BokaState): string {
  if (state.step === 1) return BOKA_PATH;
  const params = new URLSearchParams();
  params.set(BOKA_PARAMS.step, "2");
  params.set(BOKA_PARAMS.type, state.type);
  if (state.sessionType) params.set(BOKA_PARAMS.sessionType, state.sessionType);
  params.set(BOKA_PARAMS.view, state.view);
  if (state.view === "kalender") {
    if (state.month) params.set(BOKA_PARAMS.month, formatMonthParam(state.month.year, state.month.month));
    if (state.day) params.set(BOKA_PARAMS.day, state.day);
  }
  return `${BOKA_PATH}?${params.toString()}`;
}

/** The sessions.pass_type a /boka type filters on; null means all sessions. */
export function passTypeFor(type: BokaType): PassType | null {
  if (type === "grupp") return "group";
  if (type === "privat") return "private";
  return null;
}

function monthIndex(ym: YearMonth): number {
  return ym.year * 12 + ym.month - 1;
}

function monthOfDay(dayKey: string): YearMonth {
  return { year: Number(dayKey.slice(0, 4)), month: Number(dayKey.slice(5, 7)) };
}

export type CalendarPosition = {
  month: YearMonth;
  /** The selected day, only when it lies in `month`. */
  day: string | null;
  previous: YearMonth | null;
  next: YearMonth | null;
};

/**
 * Which month the calendar shows and whether it may page back or on. Months
 * before the current one hold nothing bookable, so the calendar stays within
 * [current month, current month + CALENDAR_MONTHS_AHEAD]; a day outside the
 * shown month is dropped rather than shown under the wrong month.
 */
export function resolveCalendarPosition(
  state: Pick<BokaStepTwo, "month" | "day">,
  todayDayKey: string,
): CalendarPosition {
  const current = monthOfDay(todayDayKey);
  const wanted = state.month ?? (state.day ? monthOfDay(state.day) : current);
  const lowest = monthIndex(current);
  const highest = lowest + CALENDAR_MONTHS_AHEAD;
  const clamped = Math.min(Math.max(monthIndex(wanted), lowest), highest);
  const month = shiftMonth(current.year, current.month, clamped - lowest);
  const day = state.day && monthIndex(monthOfDay(state.day)) === clamped ? state.day : null;
  return {
    month,
    day,
    previous: clamped > lowest ? shiftMonth(month.year, month.month, -1) : null,
    next: clamped < highest ? shiftMonth(month.year, month.month, 1) : null,
  };
}
