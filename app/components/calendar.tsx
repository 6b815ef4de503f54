/**
 * The /boka month calendar: a real table (Monday..Sunday column headers) in
 * which each day with a free session is a link whose label names the full
 * date and the number of free sessions. Month paging and day selection are
 * plain links, so the calendar works the same with and without JavaScript.
 */
import { Link } from "@remix-run/react";
import type { CalendarDay } from "~/domain/booking-calendar";
import { BOKA_TEXTS, LEGEND } from "~/domain/page-texts/boka";

const WEEKDAYS = [
  { short: "mån", long: "måndag" },
  { short: "tis", long: "tisdag" },
  { short: "ons", long: "onsdag" },
  { short: "tor", long: "torsdag" },
  { short: "fre", long: "fredag" },
  { short: "lör", long: "lördag" },
  { short: "sön", long: "söndag" },
] as const;

export type MonthLink = { href: string; label: string } | null;

export function MonthCalendar({
  monthLabel,
  weeks,
  previous,
  next,
}: {
  monthLabel: string;
  weeks: CalendarDay[][];
  previous: MonthLink;
  next: MonthLink;
}) {
  return (
    <div className="calendar">
      <div className="calendar-nav">
        {previous ? (
          <Link
            to={previous.href}
            className="calendar-step"
            aria-label={`${BOKA_TEXTS.previousMonth}: ${previous.label}`}
            preventScrollReset
          >
            <span aria-hidden="true">‹</span>
          </Link>
        ) : (
          <span className="calendar-step" aria-hidden="true" />
        )}
        <h2 id="calendar-month" className="calendar-month" aria-live="polite">
          {monthLabel}
        </h2>
        {next ? (
          <Link
            to={next.href}
            className="calendar-step"
            aria-label={`${BOKA_TEXTS.nextMonth}: ${next.label}`}
            preventScrollReset
          >
            <span aria-hidden="true">›</span>
          </Link>
        ) : (
          <span className="calendar-step" aria-hidden="true" />
        )}
      </div>
      <table className="calendar-grid" aria-labelledby="calendar-month">
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d.short} scope="col" abbr={d.long}>
                {d.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.dayKey}>
              {week.map((day) => (
                <td
                  key={day.dayKey}
                  className={[
                    day.inMonth ? "" : "outside",
                    day.freeCount > 0 ? "has-free" : "",
                    day.isToday ? "today" : "",
                    day.isSelected ? "selected" : "",
                  ]
                    .filter(Boolean)
                    .join(" ") || undefined}
                >
                  {day.href ? (
                    <Link
                      to={day.href}
                      aria-label={day.label ?? undefined}
                      aria-current={day.isSelected ? "date" : undefined}
                      preventScrollReset
                      data-day={day.dayKey}
                    >
                      {day.dayNumber}
                    </Link>
                  ) : (
                    <span data-day={day.dayKey}>
                      {day.dayNumber}
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ColourLegend() {
  return (
    <section className="legend" aria-labelledby="legend-title">
      <h2 id="legend-title">{BOKA_TEXTS.legendTitle}</h2>
      <ul>
        {LEGEND.map((row) => (
          <li key={row.colour}>
            <span className={`badge badge-${row.colour}`}>{row.label}</span> {row.text}
          </li>
        ))}
        <li>
          <span className="legend-day" aria-hidden="true">
            12
          </span>{" "}
          En markerad dag i kalendern har minst ett pass med lediga platser.
        </li>
      </ul>
    </section>
  );
}
