// The session as a visitor saw it when the booking form was rendered. The
// form carries it back; the booking's own batch books only while the session
// still is exactly this, so nobody books a time, place or price other than
// the one on their screen, and the confirmation mails can be composed before
// the booking is written.
import { z } from "zod";
import { BOOKING_ASKS } from "./constants";

export { SESSION_SNAPSHOT_FIELD } from "./session-snapshot-field";

export const SessionSnapshotSchema = z.object({
  title: z.string().min(1).max(200),
  location: z.string().min(1).max(100),
  startTime: z.string().datetime({ precision: 3 }),
  endTime: z.string().datetime({ precision: 3 }),
  passType: z.enum(["group", "private"]),
  priceSek: z.number().int().min(0),
  /** What the form asked beyond the usual fields (its type's); a form rendered before this was kept asked nothing more. */
  bookingAsk: z.enum(BOOKING_ASKS).nullable().default(null),
});

export type SessionSnapshot = z.output<typeof SessionSnapshotSchema>;

export function toSessionSnapshot(session: SessionSnapshot): SessionSnapshot {
  const { title, location, startTime, endTime, passType, priceSek, bookingAsk } = session;
  return { title, location, startTime, endTime, passType, priceSek, bookingAsk };
}

/** For the form's hidden field. */
export function encodeSessionSnapshot(session: SessionSnapshot): string {
  return JSON.stringify(toSessionSnapshot(session));
}

/** The hidden field's value, or null if it is missing or not a snapshot. */
export function decodeSessionSnapshot(value: unknown): SessionSnapshot | null {
  if (typeof value !== "string" || value.length > 2_000) return null;
  try {
    const parsed = SessionSnapshotSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
