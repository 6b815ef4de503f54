// Wall-clock "HH:mm" arithmetic without a time zone, small enough for the
// browser bundle: the admin session form sets end = start + 60 min with it,
// in the browser and in its schema.

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Wall-clock "HH:mm" plus minutes, for "end = start + 60 min" in the admin form.
 * The form has a single date, so the result is capped to the same day
 * (23:59 at most, 00:00 at least) instead of wrapping past midnight.
 * DST is ignored here; stockholmToUtcIso rejects a result that falls in the gap.
 * Returns null for a malformed time.
 */
export function addMinutesToLocalTime(time: string, minutes: number): string | null {
  const match = TIME_RE.exec(time);
  if (!match) return null;
  const total = Number(match[1]) * 60 + Number(match[2]) + minutes;
  const capped = Math.min(Math.max(total, 0), 23 * 60 + 59);
  const hh = String(Math.floor(capped / 60)).padStart(2, "0");
  const mm = String(capped % 60).padStart(2, "0");
  return `${hh}:${mm}`;
}
