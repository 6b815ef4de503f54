/**
 * When a campaign's mail goes out (spec sections 3 and 9).
 *
 * Target "alla" (every subscriber, each once):
 * - wave 1, at once: vip-utskick and live-utskick;
 * - wave 2, the next day at 08:00 Stockholm time: slut-utskick;
 * - wave 3, the day after at 08:00: everyone subscribed who is in no official
 *   segment (signups from the website, who have not been sorted yet);
 * - the report to the admin on day 4 at 08:00.
 * Any other target (one segment) goes out at once, in one wave, with no report.
 *
 * 08:00 is Stockholm wall-clock time in summer and in winter: the instants are
 * computed with the tz database, and the cron worker's five-minute trigger
 * sends a wave on the first run at or after its instant.
 */
import { stockholmDayKey, stockholmToUtcIso } from "../time";
import { ALL_TARGET, ALL_TARGET_AUDIENCES, UNSEGMENTED_AUDIENCE } from "./segments";

export { UNSEGMENTED_AUDIENCE };
/** Wall-clock time of the day-2 and day-3 waves and the day-4 report. */
export const WAVE_TIME = "08:00";

export type WaveNumber = 1 | 2 | 3;

export interface PlannedWave {
  wave: WaveNumber;
  /** A segment name, or UNSEGMENTED_AUDIENCE. */
  audience: string;
  /** UTC ISO instant from which the cron may send it. */
  dueAt: string;
}

export interface WavePlan {
  waves: PlannedWave[];
  /** When the day-4 report is due, or null (single-segment targets). */
  reportDueAt: string | null;
}

/** The Stockholm calendar day `days` after the day of `instant`, at WAVE_TIME, as UTC ISO. */
export function stockholmMorningAfter(instant: Date, days: number): string {
  const [year, month, day] = stockholmDayKey(instant.toISOString()).split("-").map(Number) as [
    number,
    number,
    number,
  ];
  // Date.UTC rolls over month and year ends; noon keeps the calendar day.
  const target = new Date(Date.UTC(year, month - 1, day + days, 12)).toISOString().slice(0, 10);
  const iso = stockholmToUtcIso(target, WAVE_TIME);
  // 08:00 exists on every day in Europe/Stockholm (changes happen at 02:00/03:00).
  if (iso === null) throw new Error(`no ${WAVE_TIME} on ${target} in Stockholm`);
  return iso;
}

export function planWaves(target: string, sentAt: Date): WavePlan {
  const now = sentAt.toISOString();
  if (target !== ALL_TARGET) {
    return { waves: [{ wave: 1, audience: target, dueAt: now }], reportDueAt: null };
  }
  const [vip, live, slut, unsegmented] = ALL_TARGET_AUDIENCES;
  return {
    waves: [
      { wave: 1, audience: vip, dueAt: now },
      { wave: 1, audience: live, dueAt: now },
      { wave: 2, audience: slut, dueAt: stockholmMorningAfter(sentAt, 1) },
      { wave: 3, audience: unsegmented, dueAt: stockholmMorningAfter(sentAt, 2) },
    ],
    reportDueAt: stockholmMorningAfter(sentAt, 3),
  };
}
