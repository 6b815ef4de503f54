/** The waitlist as staff see it on a session's admin page: one read. */
import type { Env } from "../platform/env.server";
import type { WaitlistEntryRow } from "../db/schema.server";

export type AdminQueueRow = Pick<WaitlistEntryRow, "id" | "name" | "email" | "dogName" | "status" | "holdExpiresAt" | "createdAt">;

/** The session's held seats and its queue (every entry it has had, in queue order). */
export async function loadSessionQueue(env: Pick<Env, "DB">, sessionId: number): Promise<{ heldSeats: number; entries: AdminQueueRow[] }> {
  const [held, entries] = await env.DB.batch([
    env.DB.prepare("SELECT held_seats AS heldSeats FROM sessions WHERE id = ?").bind(sessionId),
    env.DB.prepare(
      `SELECT id, name, email, dog_name AS dogName, status, hold_expires_at AS holdExpiresAt, created_at AS createdAt
       FROM waitlist_entries WHERE session_id = ? ORDER BY created_at, rowid LIMIT 200`,
    ).bind(sessionId),
  ]);
  return {
    heldSeats: (held?.results[0] as { heldSeats: number } | undefined)?.heldSeats ?? 0,
    entries: (entries?.results ?? []) as AdminQueueRow[],
  };
}
