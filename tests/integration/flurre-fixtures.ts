/** What the Flurre tests compute expected answers from: the upcoming sessions in D1, as the lists say them. */
import { env } from "cloudflare:workers";
import { formatDayHeading, formatTime, stockholmDayKey } from "~/domain/time";

export type SessionRow = {
  id: number;
  title: string;
  location: string;
  start_time: string;
  end_time: string;
  pass_type: "group" | "private";
  current_participants: number;
  max_participants: number;
  price_sek: number;
};

/** The sessions of a title that have not started (by `now`) and are not cancelled, soonest first. */
export async function upcoming(title: string, now = new Date()): Promise<SessionRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, title, location, start_time, end_time, pass_type, current_participants, max_participants, price_sek
     FROM sessions WHERE title = ? AND start_time > ? AND cancelled_at IS NULL ORDER BY start_time, id`,
  )
    .bind(title, now.toISOString())
    .all<SessionRow>();
  return results;
}

/** What can still be booked, as the session list says it (a private session with a booking is full). */
export function seatsText(s: SessionRow): string {
  const left = s.max_participants - s.current_participants;
  if (left <= 0 || (s.pass_type === "private" && s.current_participants > 0)) return "Fullbokat";
  return left === 1 ? "1 plats kvar" : `${left} platser kvar`;
}

/** "onsdag 25 november 18:00–19:00 på Hundhallen Gävle: 6 platser kvar" */
export function sessionLine(s: SessionRow): string {
  const when = `${formatDayHeading(stockholmDayKey(s.start_time))} ${formatTime(s.start_time)}–${formatTime(s.end_time)}`;
  return `${when} på ${s.location}: ${seatsText(s)}`;
}
