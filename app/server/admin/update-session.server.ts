/**
 * Editing a session (/admin/pass/{id}, and the edit dialog on the lists):
 * every field of the create form, checked the same way (Stockholm wall time
 * with the real DST rules; a start already past is refused unless it is the
 * start the session already has). Max participants below the seats already
 * booked is refused, by the session's SessionSeats object, which owns that
 * count.
 *
 * Moving a session (time or place) mails each customer with an active
 * booking the change and the booking's calendar event again, same UID,
 * SEQUENCE raised to the session's new revision. The caller composes those
 * mails from what it read; the object's batch writes the change only if the
 * session is still as read and nobody booked since without a mail (then it
 * reads again and composes again), and queues each mail only with the
 * change. A repeat of the same edit changes nothing and mails nobody.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { EDIT_SESSION_TEXTS } from "~/domain/admin-texts";
import { isMove, sessionChangeMail, type SessionPlace } from "~/domain/mail/session-change";
import { SESSION_MESSAGES, type SessionFormValues } from "~/domain/schemas/session";
import { formatTime, stockholmDayKey } from "~/domain/time";
import { loadSelectableLocations } from "../content/site-content.server";
import { columnsAs, schema } from "../db/client.server";
import { toOutboxRow } from "../email/outbox.server";
import { scheduleDrain } from "../email/send-email.server";
import { purgeSeatLists } from "../public/page-cache.server";
import { seatsFor, type SessionEdit, type StaffChangeExtras } from "../seats/seats.server";
import type { Actor } from "../audit/audit-log.server";
import { sessionTimes } from "./create-session.server";
import { readSessionAndBookings } from "./session-actions.server";

/** A session as the edit form shows it. */
export interface SessionForEdit extends SessionEdit {
  id: number;
  currentParticipants: number;
  cancelledAt: string | null;
  revision: number;
}

const EDIT_COLUMNS = sql.raw(columnsAs(schema.sessions, [
  "id",
  "title",
  "description",
  "location",
  "startTime",
  "endTime",
  "maxParticipants",
  "priceSek",
  "passType",
  "imageUrl",
  "currentParticipants",
  "cancelledAt",
  "revision",
]));

export async function loadSessionForEdit(context: AppLoadContext, sessionId: number): Promise<SessionForEdit | null> {
  return (await context.db.get<SessionForEdit>(sql`SELECT ${EDIT_COLUMNS} FROM sessions WHERE id = ${sessionId}`)) ?? null;
}

/** The form's values for a stored session: Stockholm wall-clock date and times, numbers as text. */
export function editFormValues(session: SessionForEdit) {
  return {
    session_id: String(session.id),
    title: session.title,
    description: session.description,
    location: session.location,
    start_date: stockholmDayKey(session.startTime),
    start_time: formatTime(session.startTime),
    end_time: formatTime(session.endTime),
    max_participants: String(session.maxParticipants),
    price_sek: String(session.priceSek),
    pass_type: session.passType,
    image_url: session.imageUrl ?? "",
  };
}

export type EditFormValues = ReturnType<typeof editFormValues>;

/**
 * A short mark of the session as an edit form shows it (FNV-1a over its
 * values, twice): the form sends it back, and a save is refused when the
 * session has changed since (another tab's, or another person's, edit).
 */
export function editedFromMark(values: EditFormValues): string {
  const text = JSON.stringify(values);
  const fnv = (seed: number) => {
    let hash = seed;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    return (hash >>> 0).toString(16).padStart(8, "0");
  };
  return fnv(0x811c9dc5) + fnv(0x050c5d1f);
}

export type UpdateSessionOutcome =
  /** `mailed`: the customers told about a move. */
  | { status: "saved"; mailed: number }
  | { status: "invalid"; fieldErrors: Record<string, string[]> }
  | { status: "session-cancelled" }
  | { status: "not-found" }
  /** The session changed since the form was shown: nothing changed, the form is shown again. */
  | { status: "changed" }
  /** Kept changing under the edit (or the write failed): nothing changed. */
  | { status: "error" };

const EDIT_KEYS = [
  "title",
  "description",
  "location",
  "startTime",
  "endTime",
  "maxParticipants",
  "priceSek",
  "passType",
  "imageUrl",
] as const satisfies ReadonlyArray<keyof SessionEdit>;

/** The columns that differ, before and after: the audit row's details. */
function differences(before: SessionEdit, after: SessionEdit) {
  const changed = EDIT_KEYS.filter((key) => before[key] !== after[key]);
  const pick = (from: SessionEdit) => Object.fromEntries(changed.map((key) => [key, from[key]]));
  return { changed, before: pick(before), after: pick(after) };
}

const readForUpdate = (context: AppLoadContext, sessionId: number) =>
  readSessionAndBookings<SessionForEdit>(context, sessionId, EDIT_COLUMNS);

/** Tries this many reads and writes while bookings keep arriving; then gives up, having changed nothing. */
const ROUNDS = 3;

export async function updateSessionAsStaff(
  context: AppLoadContext,
  request: Request,
  actor: Actor,
  sessionId: number,
  values: SessionFormValues,
  now = new Date(),
): Promise<UpdateSessionOutcome> {
  const { config } = context;
  const site = { siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL };
  for (let round = 0; round < ROUNDS; round++) {
    const read = await readForUpdate(context, sessionId);
    if (!read) return { status: "not-found" };
    const { session, active } = read;
    if (session.cancelledAt !== null) return { status: "session-cancelled" };
    if (values.edited_from !== undefined && values.edited_from !== editedFromMark(editFormValues(session))) return { status: "changed" };
    // An inactive place stays this session's to keep, not anyone's to choose.
    if (!(await loadSelectableLocations(context, session.location)).includes(values.location)) {
      return { status: "invalid", fieldErrors: { location: [SESSION_MESSAGES.unknownLocation] } };
    }
    const times = sessionTimes(values, now, session.startTime);
    if ("status" in times) return times;
    const fields: SessionEdit = {
      title: values.title,
      description: values.description ?? "",
      location: values.location,
      startTime: times.startTime,
      endTime: times.endTime,
      maxParticipants: values.max_participants,
      priceSek: values.price_sek,
      passType: values.pass_type,
      imageUrl: values.image_url ?? null,
    };
    if (fields.maxParticipants < session.currentParticipants) {
      return belowCurrent(session.currentParticipants);
    }
    const diff = differences(session, fields);
    if (diff.changed.length === 0) return { status: "saved", mailed: 0 };

    const before: SessionPlace = session;
    const moved = isMove(before, fields);
    const revision = session.revision + (moved ? 1 : 0);
    const mails: NonNullable<StaffChangeExtras["mails"]> = moved
      ? active.map((booking) => ({
          bookingId: booking.id,
          row: toOutboxRow(
            sessionChangeMail(site, booking, before, { id: session.id, ...fields }, revision, now),
            { from: config.EMAIL_FROM },
            now.toISOString(),
          ),
        }))
      : [];
    const result = await seatsFor(context, sessionId).updateSession(
      { fields, expectedRevision: session.revision, moved, mailedBookingIds: active.map((b) => b.id) },
      {
        mails,
        audit: {
          actor,
          entry: {
            action: "session.update",
            targetType: "session",
            targetId: String(sessionId),
            details: { before: diff.before, after: diff.after, mailed: mails.map((m) => m.bookingId) },
          },
        },
      },
    );
    switch (result.status) {
      case "updated":
        scheduleDrain(
          context,
          mails.map((m) => m.row.id),
        );
        purgeSeatLists(request, context.cloudflare.ctx);
        return { status: "saved", mailed: mails.length };
      case "below-current":
        return belowCurrent(result.session.currentParticipants);
      case "session-cancelled":
      case "not-found":
        return { status: result.status };
      case "stale":
        continue;
    }
  }
  console.error(`admin: session ${sessionId} kept changing during an edit; nothing saved`);
  return { status: "error" };
}

function belowCurrent(booked: number): UpdateSessionOutcome {
  return { status: "invalid", fieldErrors: { max_participants: [EDIT_SESSION_TEXTS.belowCurrent(booked)] } };
}
