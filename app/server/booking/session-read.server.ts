/**
 * Reads for /session/{id}: the session with its image in one D1 batch (page),
 * and the session row with the attempt counted (the action needs the title
 * for the form rules).
 */
import { eq } from "drizzle-orm";
import { getDb, schema } from "../db.server";
import type { Env } from "../env.server";
import type { RateLimitResult } from "../rate-limit.server";
import type { AttemptCounter } from "./booking-rate-limit.server";
import { sessionColumns } from "../public/sessions.server";

const { sessions, popupTypes } = schema;

/** Positive integer ids only; "7abc", "0", "-1", "1e3" and huge numbers are refused. */
export function parseSessionId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}


export type SessionForBooking = {
  id: number;
  title: string;
  description: string;
  location: string;
  startTime: string;
  endTime: string;
  passType: "group" | "private";
  priceSek: number;
  currentParticipants: number;
  maxParticipants: number;
  imageUrl: string | null;
};

/**
 * The booking action's one round trip before the seat: the session (its title
 * picks the form's rules) and, in the same batch, the attempt counted on the
 * address's booking limit.
 */
export async function readSessionCountingAttempt(
  env: Pick<Env, "DB">,
  id: number,
  counter: AttemptCounter,
): Promise<{ session: SessionForBooking | null; limit: RateLimitResult }> {
  const [sessionRows, counted] = await env.DB.batch([
    env.DB.prepare(
      `SELECT id, title, description, location, start_time, end_time, pass_type, price_sek,
         current_participants, max_participants, image_url
       FROM sessions WHERE id = ?`,
    ).bind(id),
    counter.statement,
  ]);
  const row = sessionRows?.results[0] as SessionRow | undefined;
  const hits = (counted?.results[0] as { hits: number } | undefined)?.hits;
  return {
    session: row
      ? {
          id: row.id,
          title: row.title,
          description: row.description,
          location: row.location,
          startTime: row.start_time,
          endTime: row.end_time,
          passType: row.pass_type,
          priceSek: row.price_sek,
          currentParticipants: row.current_participants,
          maxParticipants: row.max_participants,
          imageUrl: row.image_url,
        }
      : null,
    limit: counter.verdict(hits),
  };
}

type SessionRow = {
  id: number;
  title: string;
  description: string;
  location: string;
  start_time: string;
  end_time: string;
  pass_type: "group" | "private";
  price_sek: number;
  current_participants: number;
  max_participants: number;
  image_url: string | null;
};

/** The session and the names + images of all types (for the title → image match), in one round trip. */
export async function loadSessionPage(env: Pick<Env, "DB">, id: number) {
  const db = getDb(env);
  const [sessionRows, types] = await db.batch([
    db.select(sessionColumns).from(sessions).where(eq(sessions.id, id)).limit(1),
    db.select({ name: popupTypes.name, imageUrl: popupTypes.imageUrl }).from(popupTypes),
  ]);
  const session: SessionForBooking | undefined = sessionRows[0];
  return session ? { session, types } : null;
}
