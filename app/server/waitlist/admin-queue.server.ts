/** The waitlist as staff see it on a session's admin page: one read. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { BatchBuilder, runBatch } from "../db/batch.server";
import type { WaitlistEntryRow } from "../db/schema.server";

export type AdminQueueRow = Pick<WaitlistEntryRow, "id" | "name" | "email" | "dogName" | "status" | "holdExpiresAt" | "createdAt">;

/** The session's held seats and its queue (every entry it has had, in queue order). */
export async function loadSessionQueue(context: AppLoadContext, sessionId: number): Promise<{ heldSeats: number; entries: AdminQueueRow[] }> {
  const b = new BatchBuilder();
  const held = b.add<{ heldSeats: number }>(sql`SELECT held_seats AS heldSeats FROM sessions WHERE id = ${sessionId}`);
  const entries = b.add<AdminQueueRow>(
    sql`SELECT id, name, email, dog_name AS dogName, status, hold_expires_at AS holdExpiresAt, created_at AS createdAt
       FROM waitlist_entries WHERE session_id = ${sessionId} ORDER BY created_at, rowid LIMIT 200`,
  );
  return runBatch(
    context,
    b.plan((results) => ({ heldSeats: held.first(results)?.heldSeats ?? 0, entries: entries.rows(results) })),
  );
}
