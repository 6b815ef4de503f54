/**
 * Creating a session from the admin form (/admin/skapa-pass): the session
 * types the form chooses from, and the create itself. Stockholm wall time
 * becomes UTC with the real time-zone rules; a start in the spring-forward
 * gap, an end not after the start and a start already past are refused with
 * a message on the field. The session row and its audit_log row are written
 * in one D1 batch, so neither exists without the other.
 */
import { eq, sql } from "drizzle-orm";
import { CREATE_SESSION_TEXTS } from "~/domain/admin-texts";
import { SESSION_MESSAGES, type SessionFormValues } from "~/domain/schemas/session";
import { prefillFromType, typeKind, type PopupType } from "~/domain/session-types";
import { stockholmToUtcIso } from "~/domain/time";
import { getDb, schema } from "../db.server";
import type { Env } from "../env.server";
import { popupTypeColumns, typeOrder } from "../public/sessions.server";

const { popupTypes, sessions, auditLog } = schema;

/** Every type, hidden ones too, in display order (missing app_order last). */
export async function listSessionTypes(env: Pick<Env, "DB">): Promise<PopupType[]> {
  const rows = await getDb(env).select(popupTypeColumns).from(popupTypes).orderBy(...typeOrder);
  return rows.map((row) => ({
    ...row,
    id: String(row.id),
    price: typeKind(row.sessionType) === "combined" ? null : row.price,
  }));
}

export type CreateSessionOutcome =
  | { status: "created"; id: number }
  | { status: "invalid"; fieldErrors: Record<string, string[]> }
  | { status: "error" };

export type Actor = { userId: string | null; email: string };

const invalidField = (field: string, message: string): Extract<CreateSessionOutcome, { status: "invalid" }> => ({
  status: "invalid",
  fieldErrors: { [field]: [message] },
});

/**
 * The form's Stockholm wall-clock date and times as UTC instants, with the
 * real time-zone rules: a time in the spring-forward gap, an end not after
 * the start and a start already past are refused on their field. An edit
 * that keeps the start as it was (`unchangedStart`) may keep a past start.
 */
export function sessionTimes(
  values: Pick<SessionFormValues, "start_date" | "start_time" | "end_time">,
  now: Date,
  unchangedStart?: string,
): { startTime: string; endTime: string } | Extract<CreateSessionOutcome, { status: "invalid" }> {
  const startTime = stockholmToUtcIso(values.start_date, values.start_time);
  if (!startTime) return invalidField("start_time", CREATE_SESSION_TEXTS.startInGap);
  const endTime = stockholmToUtcIso(values.start_date, values.end_time);
  if (!endTime) return invalidField("end_time", CREATE_SESSION_TEXTS.endInGap);
  if (endTime <= startTime) return invalidField("end_time", SESSION_MESSAGES.endBeforeStart);
  if (startTime !== unchangedStart && Date.parse(startTime) < now.getTime()) {
    return invalidField("start_time", CREATE_SESSION_TEXTS.startInPast);
  }
  return { startTime, endTime };
}

/**
 * Creates the session the admin's form describes. With a session type, its
 * read-only fields (description, max participants, pass type, image, and the
 * price unless the type is combined) come from the type as stored, whatever
 * the post says.
 */
export async function createSessionFromForm(
  env: Pick<Env, "DB">,
  actor: Actor,
  values: SessionFormValues,
  now = new Date(),
): Promise<CreateSessionOutcome> {
  const db = getDb(env);
  let popupTypeId: number | null = null;
  let fields = {
    description: values.description ?? "",
    maxParticipants: values.max_participants,
    passType: values.pass_type,
    imageUrl: values.image_url ?? null,
    priceSek: values.price_sek,
  };
  if (values.popup_type_id) {
    const id = /^\d{1,15}$/.test(values.popup_type_id) ? Number(values.popup_type_id) : null;
    const [type] = id === null ? [] : await db.select().from(popupTypes).where(eq(popupTypes.id, id)).limit(1);
    if (!type) return invalidField("popup_type_id", CREATE_SESSION_TEXTS.unknownType);
    popupTypeId = type.id;
    const prefill = prefillFromType(type);
    fields = {
      description: prefill.description,
      maxParticipants: prefill.maxParticipants,
      passType: prefill.passType,
      imageUrl: prefill.imageUrl || null,
      priceSek: prefill.priceSek ?? values.price_sek,
    };
  }

  const times = sessionTimes(values, now);
  if ("status" in times) return times;
  const { startTime, endTime } = times;

  const session = {
    title: values.title,
    location: values.location,
    startTime,
    endTime,
    popupTypeId,
    ...fields,
  };
  try {
    const [created] = await db.batch([
      db.insert(sessions).values(session).returning({ id: sessions.id }),
      // The row just inserted, in the same transaction: its id is this connection's last rowid.
      db.insert(auditLog).values({
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action: "session.create",
        targetType: "session",
        targetId: sql`CAST(last_insert_rowid() AS TEXT)`,
        detailsJson: JSON.stringify(session),
      }),
    ]);
    const id = created[0]?.id;
    if (id === undefined) throw new Error("the insert returned no id");
    return { status: "created", id };
  } catch (error) {
    console.error("admin: could not create a session", error);
    return { status: "error" };
  }
}
