/**
 * Reads for /session/{id}: the session with its image in one D1 batch (page),
 * and the session the booking action validates against (remembered briefly).
 */
import { eq } from "drizzle-orm";
import { getDb, schema } from "../db.server";
import type { Env } from "../env.server";
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

/** How long the booking action trusts what it read of a session; the Durable Object checks the title anyway. */
const SESSION_MEMORY_MS = 30_000;
const MAX_REMEMBERED_SESSIONS = 500;
const remembered = new Map<number, { session: SessionForBooking; until: number }>();

/**
 * The session a booking form was posted to, for its title (which picks the
 * form's rules). Remembered per isolate for SESSION_MEMORY_MS, so a rush of
 * bookings does not read the same row again and again: the booking itself
 * is refused as "changed" if the title in D1 differs, and the action then
 * forgets it and reads again.
 */
export async function sessionForBooking(
  env: Pick<Env, "DB">,
  id: number,
  now = Date.now(),
): Promise<SessionForBooking | null> {
  const hit = remembered.get(id);
  if (hit && hit.until > now) return hit.session;
  const [session]: SessionForBooking[] = await getDb(env)
    .select(sessionColumns)
    .from(sessions)
    .where(eq(sessions.id, id))
    .limit(1);
  remembered.delete(id);
  if (!session) return null;
  remembered.set(id, { session, until: now + SESSION_MEMORY_MS });
  if (remembered.size > MAX_REMEMBERED_SESSIONS) {
    const oldest = remembered.keys().next().value;
    if (oldest !== undefined) remembered.delete(oldest);
  }
  return session;
}

/** Drops what sessionForBooking remembers of the session (it was found changed). */
export function forgetSessionForBooking(id: number): void {
  remembered.delete(id);
}

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
