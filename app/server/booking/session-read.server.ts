/**
 * Reads for /session/{id}: the session with its image in one D1 batch (page),
 * and the bare session row (the action needs its title for the form rules).
 */
import { eq } from "drizzle-orm";
import { getDb, schema } from "../db.server";
import type { Env } from "../env.server";

const { sessions, popupTypes } = schema;

/** Positive integer ids only; "7abc", "0", "-1", "1e3" and huge numbers are refused. */
export function parseSessionId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

const sessionColumns = {
  id: sessions.id,
  title: sessions.title,
  description: sessions.description,
  location: sessions.location,
  startTime: sessions.startTime,
  endTime: sessions.endTime,
  passType: sessions.passType,
  priceSek: sessions.priceSek,
  currentParticipants: sessions.currentParticipants,
  maxParticipants: sessions.maxParticipants,
  imageUrl: sessions.imageUrl,
};

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

export async function findSession(env: Pick<Env, "DB">, id: number): Promise<SessionForBooking | null> {
  const rows = await getDb(env).select(sessionColumns).from(sessions).where(eq(sessions.id, id)).limit(1);
  return rows[0] ?? null;
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
