/** Reads for /session/{id}: the session with its image in one D1 batch. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BookingAsk } from "~/domain/constants";
import { parseRowId } from "~/domain/row-id";
import { eq } from "drizzle-orm";
import { schema } from "../db/client.server";
import { sessionColumns } from "../public/sessions.server";

const { sessions, popupTypes } = schema;

/** Positive integer ids only; "7abc", "0", "-1", "1e3" and huge numbers are refused. */
export function parseSessionId(raw: string | undefined): number | null {
  return parseRowId(raw);
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
  /** Seats held for waitlist offers (taken for everyone else). */
  heldSeats: number;
  imageUrl: string | null;
  /** Set when staff cancelled the session: the page says so instead of offering the form. */
  cancelledAt: string | null;
  /** What its booking form asks beyond the usual fields (its type's). */
  bookingAsk: BookingAsk | null;
};

/** The session and the names + images of all types (for the title → image match), in one round trip. */
export async function loadSessionPage(context: AppLoadContext, id: number) {
  const { db } = context;
  const [sessionRows, types] = await db.batch([
    db
      .select({ ...sessionColumns, cancelledAt: sessions.cancelledAt })
      .from(sessions)
      .where(eq(sessions.id, id))
      .limit(1),
    db.select({ name: popupTypes.name, imageUrl: popupTypes.imageUrl }).from(popupTypes),
  ]);
  const session: SessionForBooking | undefined = sessionRows[0];
  return session ? { session, types } : null;
}
