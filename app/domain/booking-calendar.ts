// The /boka calendar month as data: Monday-first weeks where each day knows
// how many sessions with free places it has, whether it is today or the
// selected day, the link that selects it, and the label a screen reader reads
// ("tisdag 24 november 2026, 2 lediga pass").

import { formatDayHeading, monthGrid } from "./time";

export type CalendarDay = {
  dayKey: string;
  dayNumber: number;
  inMonth: boolean;
  isToday: boolean;
  isSelected: boolean;
  /** Sessions this day that can still be booked. */
  freeCount: number;
  /** Full Swedish date plus the number of free sessions; only on linked days. */
  label: string | null;
  /** Only days in the month with at least one free session are links. */
  href: string | null;
};

/** "1 ledigt pass", "3 lediga pass" */
export function freeSessionsLabel(count: number): string {
  return count === 1 ? "1 ledigt pass" : `${count} lediga pass`;
}

/** "tisdag 24 november 2026" */
export function fullDateLabel(dayKey: string): string {
  return `${formatDayHeading(dayKey)} ${dayKey.slice(0, 4)}`;
}

/** Bookable sessions per Stockholm day. */
export function countFreeByDay(
  cards: ReadonlyArray<{ dayKey: string; availability: { bookable: boolean } }>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const card of cards) {
    if (card.availability.bookable) counts.set(card.dayKey, (counts.get(card.dayKey) ?? 0) + 1);
  }
  return counts;
}

export function buildMonthCalendar(opts: {
  year: number;
  month: number;
  freeByDay: ReadonlyMap<string, number>;
  selectedDay: string | null;
  todayDayKey: string;
  hrefForDay: (dayKey: string) => string;
}): CalendarDay[][] {
  return monthGrid(opts.year, opts.month).map((week) =>
    week.map(({ dayKey, inMonth }) => {
      const freeCount = inMonth ? (opts.freeByDay.get(dayKey) ?? 0) : 0;
      const linked = freeCount > 0;
      return {
        dayKey,
        dayNumber: Number(dayKey.slice(8, 10)),
        inMonth,
        isToday: dayKey === opts.todayDayKey,
        isSelected: inMonth && dayKey === opts.selectedDay,
        freeCount,
        label: linked ? `${fullDateLabel(dayKey)}, ${freeSessionsLabel(freeCount)}` : null,
        href: linked ? opts.hrefForDay(dayKey) : null,
      };
    }),
  );
}
