/**
 * Creating a session from the admin form (/admin/skapa-pass): the session
 * types the form chooses from, and the create itself. Stockholm wall time
 * becomes UTC with the real time-zone rules; a start in the spring-forward
 * gap, an end not after the start and a start already past are refused with
 * a message on the field. The session row and its audit_log row are written
 * in one D1 batch, so neither exists without the other; the form's one-time
 * key is claimed in that batch too (../forms/form-claim.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { CREATE_SESSION_TEXTS } from "~/domain/admin-texts";
import { SESSION_MESSAGES, type SessionFormValues } from "~/domain/schemas/session";
import { latestSessionStart, SERIES_TEXTS, seriesOccurrences } from "~/domain/series";
import { prefillFromType, typeKind, type PopupType } from "~/domain/session-types";
import { stockholmToUtcIso } from "~/domain/time";
import { loadSelectableLocations } from "../content/site-content.server";
import { auditStatement, type Actor } from "../audit/audit-log.server";
import { BatchBuilder, runBatch, type StatementRef } from "../db/batch.server";
import { schema } from "../db/client.server";
import { claimStatement, isClaimConflict, type FormClaim } from "../forms/form-claim.server";
import { popupTypeColumns, typeOrder } from "../public/sessions.server";

const { popupTypes, sessions, sessionSeries } = schema;

/** Every type, hidden ones too, in display order (missing app_order last). */
export async function listSessionTypes(context: AppLoadContext): Promise<PopupType[]> {
  const rows = await context.db.select(popupTypeColumns).from(popupTypes).orderBy(...typeOrder);
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
  if (startTime !== unchangedStart && Date.parse(startTime) > latestSessionStart(now)) {
    return invalidField("start_date", CREATE_SESSION_TEXTS.startTooFar);
  }
  return { startTime, endTime };
}

type SessionFields = {
  description: string;
  maxParticipants: number;
  passType: SessionFormValues["pass_type"];
  imageUrl: string | null;
  priceSek: number;
};

/**
 * The columns the form decides besides title, place and times. With a
 * session type, its read-only fields (description, max participants, pass
 * type, image, and the price unless the type is combined) come from the type
 * as stored, whatever the post says.
 */
async function formFields(
  context: AppLoadContext,
  values: SessionFormValues,
): Promise<{ popupTypeId: number | null; fields: SessionFields } | Extract<CreateSessionOutcome, { status: "invalid" }>> {
  const fields: SessionFields = {
    description: values.description ?? "",
    maxParticipants: values.max_participants,
    passType: values.pass_type,
    imageUrl: values.image_url ?? null,
    priceSek: values.price_sek,
  };
  const locations = await loadSelectableLocations(context);
  if (!locations.includes(values.location)) return invalidField("location", SESSION_MESSAGES.unknownLocation);
  if (!values.popup_type_id) return { popupTypeId: null, fields };
  const id = /^\d{1,15}$/.test(values.popup_type_id) ? Number(values.popup_type_id) : null;
  const [type] = id === null ? [] : await context.db.select().from(popupTypes).where(eq(popupTypes.id, id)).limit(1);
  if (!type) return invalidField("popup_type_id", CREATE_SESSION_TEXTS.unknownType);
  const prefill = prefillFromType(type);
  return {
    popupTypeId: type.id,
    fields: {
      description: prefill.description,
      maxParticipants: prefill.maxParticipants,
      passType: prefill.passType,
      imageUrl: prefill.imageUrl || null,
      priceSek: prefill.priceSek ?? values.price_sek,
    },
  };
}

/** Creates the session the admin's form describes. */
export async function createSessionFromForm(
  context: AppLoadContext,
  actor: Actor,
  values: SessionFormValues,
  now = new Date(),
  claim: FormClaim | null = null,
): Promise<CreateSessionOutcome> {
  const resolved = await formFields(context, values);
  if ("status" in resolved) return resolved;
  const times = sessionTimes(values, now);
  if ("status" in times) return times;
  const created = await insertSessions(context, actor, null, claim, [
    { title: values.title, location: values.location, ...times, popupTypeId: resolved.popupTypeId, ...resolved.fields },
  ]);
  return created.status === "created" ? { status: "created", id: created.ids[0]! } : created;
}

export type CreateSeriesOutcome =
  | { status: "created"; ids: number[]; seriesId: string }
  | { status: "invalid"; fieldErrors: Record<string, string[]> }
  | { status: "error" };

/**
 * 'Upprepa varje vecka': one session per ticked date of the weekly list the
 * form's values give (each at the same Stockholm wall time, converted per
 * date), with their series row and audit rows, in one D1 batch: all or none.
 * A ticked date the list does not hold, or one that cannot be chosen (the
 * time does not exist that day, or has passed), refuses the whole post.
 */
export async function createSeriesFromForm(
  context: AppLoadContext,
  actor: Actor,
  values: SessionFormValues,
  series: { count: number; dates: readonly string[] },
  now = new Date(),
  claim: FormClaim | null = null,
): Promise<CreateSeriesOutcome> {
  const resolved = await formFields(context, values);
  if ("status" in resolved) return resolved;
  const endTime = values.end_time;
  const occurrences = seriesOccurrences(values.start_date, values.start_time, endTime, series.count, now);
  const ticked = new Set(series.dates);
  const chosen = occurrences.filter((o) => ticked.has(o.date));
  if (chosen.length !== ticked.size) return invalidField("series_dates", SERIES_TEXTS.datesChanged);
  if (chosen.length === 0) return invalidField("series_dates", SERIES_TEXTS.noDates);
  const refused = chosen.filter((o) => o.problem !== null);
  if (refused.length > 0) {
    return {
      status: "invalid",
      fieldErrors: { series_dates: refused.map((o) => `${o.label} ${o.problem}`) },
    };
  }
  const seriesId = crypto.randomUUID();
  const rows = chosen.map((o) => ({
    title: values.title,
    location: values.location,
    startTime: o.startTime!,
    endTime: o.endTime!,
    popupTypeId: resolved.popupTypeId,
    ...resolved.fields,
  }));
  const created = await insertSessions(context, actor, { id: seriesId, title: values.title }, claim, rows);
  return created.status === "created" ? { ...created, seriesId } : created;
}

type NewSession = typeof sessions.$inferInsert;

/** The number of sessions a weekly series holds (what its create said), for a repeated post of its form. */
export async function countSeriesSessions(context: AppLoadContext, seriesId: string): Promise<number> {
  const [row] = await context.db.select({ n: sql<number>`count(*)` }).from(sessions).where(eq(sessions.seriesId, seriesId));
  return row?.n ?? 0;
}

/**
 * The sessions, each followed by its audit row, and their series row first
 * when there is one: one D1 batch, so no session exists without its audit
 * row (nor a series without its sessions). The form's claim names the series,
 * or the one session.
 */
async function insertSessions(
  context: AppLoadContext,
  actor: Actor,
  series: { id: string; title: string } | null,
  claim: FormClaim | null,
  rows: readonly NewSession[],
): Promise<{ status: "created"; ids: number[] } | { status: "error" }> {
  const { db } = context;
  const b = new BatchBuilder();
  if (series) {
    b.add(db.insert(sessionSeries).values({ id: series.id, title: series.title, createdBy: actor.email }));
    if (claim) b.add(claimStatement(claim, series.id));
  }
  const inserted: Array<StatementRef<{ id: number }>> = rows.map((row) => {
    const session = { ...row, seriesId: series?.id ?? null };
    const insert = b.add<{ id: number }>(db.insert(sessions).values(session).returning({ id: sessions.id }));
    // Right after the insert; the claims table has no rowid, so the audit row below still reads the session's.
    if (claim && !series) b.add(claimStatement(claim, sql`last_insert_rowid()`));
    // The row just inserted, in the same transaction: its id is this connection's last rowid.
    b.add(
      auditStatement(actor, {
        action: "session.create",
        targetType: "session",
        targetId: sql`CAST(last_insert_rowid() AS TEXT)`,
        details: session,
      }),
    );
    return insert;
  });
  try {
    const ids = await runBatch(
      context,
      b.plan((results) => inserted.map((insert) => insert.first(results)?.id)),
    );
    if (ids.some((id) => id === undefined)) throw new Error("an insert returned no id");
    return { status: "created", ids: ids as number[] };
  } catch (error) {
    // Another post of the same form got there first: its caller answers as that post did.
    if (isClaimConflict(error)) throw error;
    console.error("admin: could not create sessions", error);
    return { status: "error" };
  }
}
