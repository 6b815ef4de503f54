/**
 * The session types staff edit on /admin/passtyper (popup_types): the list in
 * display order, one type, create, update, hide/show, move up/down and
 * delete. A session belongs to the type whose name its title contains (the
 * longest such name, as the lists match them), so renaming a type loosens its
 * sessions and a type any session uses cannot be deleted.
 *
 * Each change writes its audit row (before and after) in the same D1 batch
 * as the change. The caller purges the cached public pages afterwards.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { SessionTypeFields } from "~/domain/schemas/session-type";
import { findTypeContaining, sortTypesForDisplay } from "~/domain/session-types";
import { auditSql, auditStatement, type Actor } from "../audit/audit-log.server";
import { getDb, schema } from "../db/client.server";
import type { Env } from "../platform/env.server";

const { popupTypes, sessions } = schema;

export type SessionTypeRow = typeof popupTypes.$inferSelect;

/** A type as the admin list shows it: its row and how many sessions it holds. */
export type SessionTypeListed = SessionTypeRow & { sessionCount: number };

async function allTypes(env: Pick<Env, "DB">): Promise<SessionTypeRow[]> {
  return getDb(env).select().from(popupTypes).orderBy(asc(popupTypes.id));
}

/** Sessions per title (few distinct titles: one per type and a few made by hand). */
async function titleCounts(env: Pick<Env, "DB">): Promise<{ title: string; n: number }[]> {
  return getDb(env)
    .select({ title: sessions.title, n: sql<number>`count(*)` })
    .from(sessions)
    .groupBy(sessions.title);
}

/** How many sessions each type holds, by the lists' rule (title contains the name; longest name wins). */
function countSessionsByType(types: readonly SessionTypeRow[], titles: readonly { title: string; n: number }[]) {
  const counts = new Map<number, number>(types.map((t) => [t.id, 0]));
  for (const { title, n } of titles) {
    const type = findTypeContaining(types, title);
    if (type) counts.set(type.id, (counts.get(type.id) ?? 0) + n);
  }
  return counts;
}

/** Every type, hidden ones too, in display order, each with its session count. */
export async function listSessionTypes(env: Pick<Env, "DB">): Promise<SessionTypeListed[]> {
  const [types, titles] = await Promise.all([allTypes(env), titleCounts(env)]);
  const counts = countSessionsByType(types, titles);
  return sortTypesForDisplay(types).map((t) => ({ ...t, sessionCount: counts.get(t.id) ?? 0 }));
}

export async function loadSessionType(env: Pick<Env, "DB">, id: number): Promise<SessionTypeListed | null> {
  return (await listSessionTypes(env)).find((t) => t.id === id) ?? null;
}

/** How many sessions would leave `typeId` if it were called `newName` (those matched by its current name). */
export async function sessionsLoosenedByRename(env: Pick<Env, "DB">, typeId: number, newName: string): Promise<number> {
  const [types, titles] = await Promise.all([allTypes(env), titleCounts(env)]);
  const before = countSessionsByType(types, titles).get(typeId) ?? 0;
  const renamed = types.map((t) => (t.id === typeId ? { ...t, name: newName } : t));
  const after = countSessionsByType(renamed, titles).get(typeId) ?? 0;
  return Math.max(0, before - after);
}

function nameTaken(types: readonly SessionTypeRow[], name: string, exceptId: number | null): boolean {
  const wanted = name.toLocaleLowerCase("sv");
  return types.some((t) => t.id !== exceptId && t.name.toLocaleLowerCase("sv") === wanted);
}

/** The columns of a type worth showing in the audit log. */
function auditView(row: SessionTypeFields | SessionTypeRow) {
  const { name, description, inspiringText, imageUrl, maxParticipants, sessionType, price, appOrder, hidden } = row;
  return { name, description, inspiringText, imageUrl, maxParticipants, sessionType, price, appOrder, hidden };
}

export type SaveTypeOutcome =
  | { status: "saved"; id: number }
  | { status: "unchanged"; id: number }
  | { status: "duplicate-name" }
  | { status: "rename-needs-confirmation"; loosened: number }
  | { status: "not-found" };

export async function createSessionType(
  env: Pick<Env, "DB">,
  actor: Actor,
  fields: SessionTypeFields,
): Promise<SaveTypeOutcome> {
  const types = await allTypes(env);
  if (nameTaken(types, fields.name, null)) return { status: "duplicate-name" };
  const db = env.DB;
  // The id comes from the insert; the audit row reads it back in the same batch.
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO popup_types (name, description, inspiring_text, image_url, max_participants, session_type, price, app_order, hidden)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM popup_types WHERE lower(name) = lower(?))
         RETURNING id`,
      )
      .bind(...columnValues(fields), fields.name),
    auditStatement(
      db,
      actor,
      {
        action: "session_type.create",
        targetType: "session_type",
        targetId: auditSql("CAST(id AS TEXT)"),
        details: { after: auditView(fields) },
      },
      {
        from: { sql: "popup_types", params: [] },
        condition: { sql: "id = last_insert_rowid() AND changes() = 1 AND name = ?", params: [fields.name] },
      },
    ),
  ]);
  const id = (inserted?.results[0] as { id: number } | undefined)?.id;
  return id === undefined ? { status: "duplicate-name" } : { status: "saved", id };
}

function columnValues(f: SessionTypeFields) {
  return [f.name, f.description, f.inspiringText, f.imageUrl, f.maxParticipants, f.sessionType, f.price, f.appOrder, f.hidden ? 1 : 0] as const;
}

export async function updateSessionType(
  env: Pick<Env, "DB">,
  actor: Actor,
  id: number,
  fields: SessionTypeFields,
  { renameConfirmed }: { renameConfirmed: boolean },
): Promise<SaveTypeOutcome> {
  const types = await allTypes(env);
  const before = types.find((t) => t.id === id);
  if (!before) return { status: "not-found" };
  if (nameTaken(types, fields.name, id)) return { status: "duplicate-name" };
  if (fields.name !== before.name && !renameConfirmed) {
    const loosened = await sessionsLoosenedByRename(env, id, fields.name);
    if (loosened > 0) return { status: "rename-needs-confirmation", loosened };
  }
  const beforeView = auditView(before);
  const afterView = auditView(fields);
  if (JSON.stringify(beforeView) === JSON.stringify(afterView)) return { status: "unchanged", id };
  const db = env.DB;
  const [updated] = await db.batch([
    db
      .prepare(
        `UPDATE popup_types SET name = ?, description = ?, inspiring_text = ?, image_url = ?, max_participants = ?,
           session_type = ?, price = ?, app_order = ?, hidden = ?
         WHERE id = ? AND NOT EXISTS (SELECT 1 FROM popup_types WHERE lower(name) = lower(?) AND id <> ?)
         RETURNING id`,
      )
      .bind(...columnValues(fields), id, fields.name, id),
    auditStatement(
      db,
      actor,
      { action: "session_type.update", targetType: "session_type", targetId: id, details: { before: beforeView, after: afterView } },
      { condition: { sql: "changes() = 1 AND EXISTS (SELECT 1 FROM popup_types WHERE id = ? AND name = ?)", params: [id, fields.name] } },
    ),
  ]);
  return (updated?.results.length ?? 0) > 0 ? { status: "saved", id } : { status: "duplicate-name" };
}

/** Shows a hidden type on the start page again, or hides a shown one. */
export async function setSessionTypeHidden(
  env: Pick<Env, "DB">,
  actor: Actor,
  id: number,
  hidden: boolean,
): Promise<"done" | "not-found"> {
  const db = env.DB;
  const [updated] = await db.batch([
    db.prepare("UPDATE popup_types SET hidden = ? WHERE id = ? AND hidden <> ? RETURNING id").bind(hidden ? 1 : 0, id, hidden ? 1 : 0),
    auditStatement(
      db,
      actor,
      {
        action: hidden ? "session_type.hide" : "session_type.show",
        targetType: "session_type",
        targetId: id,
        details: { before: { hidden: !hidden }, after: { hidden } },
      },
      { condition: { sql: "changes() = 1", params: [] } },
    ),
  ]);
  if ((updated?.results.length ?? 0) > 0) return "done";
  const [row] = await getDb(env).select({ id: popupTypes.id }).from(popupTypes).where(eq(popupTypes.id, id));
  return row ? "done" : "not-found";
}

/**
 * Moves a type one step up or down the display order and numbers every type
 * 1, 2, 3… in the new order (types without an order had shared 999).
 */
export async function moveSessionType(
  env: Pick<Env, "DB">,
  actor: Actor,
  id: number,
  direction: "up" | "down",
): Promise<"moved" | "at-end" | "not-found"> {
  const ordered = sortTypesForDisplay(await allTypes(env));
  const from = ordered.findIndex((t) => t.id === id);
  if (from < 0) return "not-found";
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ordered.length) return "at-end";
  const next = [...ordered];
  [next[from], next[to]] = [next[to]!, next[from]!];
  const db = env.DB;
  await db.batch([
    ...next.map((t, index) => db.prepare("UPDATE popup_types SET app_order = ? WHERE id = ?").bind(index + 1, t.id)),
    auditStatement(db, actor, {
      action: "session_type.move",
      targetType: "session_type",
      targetId: id,
      details: { before: { order: ordered.map((t) => t.name) }, after: { order: next.map((t) => t.name) } },
    }),
  ]);
  return "moved";
}

export type DeleteTypeOutcome = { status: "deleted" } | { status: "in-use"; sessionCount: number } | { status: "not-found" };

/** Deletes a type no session uses (by the lists' rule); a type in use can only be hidden. */
export async function deleteSessionType(env: Pick<Env, "DB">, actor: Actor, id: number): Promise<DeleteTypeOutcome> {
  const type = await loadSessionType(env, id);
  if (!type) return { status: "not-found" };
  if (type.sessionCount > 0) return { status: "in-use", sessionCount: type.sessionCount };
  const db = env.DB;
  // The name check inside the delete: a session titled after the type since the count above keeps it.
  const [deleted] = await db.batch([
    db
      .prepare(
        `DELETE FROM popup_types WHERE id = ? AND name = ?
           AND NOT EXISTS (SELECT 1 FROM sessions WHERE instr(lower(title), lower(?)) > 0)
         RETURNING id`,
      )
      .bind(id, type.name, type.name),
    auditStatement(
      db,
      actor,
      { action: "session_type.delete", targetType: "session_type", targetId: id, details: { before: auditView(type) } },
      { condition: { sql: "changes() = 1 AND NOT EXISTS (SELECT 1 FROM popup_types WHERE id = ?)", params: [id] } },
    ),
  ]);
  if ((deleted?.results.length ?? 0) > 0) return { status: "deleted" };
  const again = await loadSessionType(env, id);
  return again ? { status: "in-use", sessionCount: Math.max(1, again.sessionCount) } : { status: "not-found" };
}
