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
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { SessionTypeFields } from "~/domain/schemas/session-type";
import { findTypeContaining, sortTypesForDisplay } from "~/domain/session-types";
import { auditStatement, type Actor } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { schema } from "../db/client.server";
import { claimStatement, type FormClaim } from "../forms/form-claim.server";
import { loadSelectableLocations } from "./site-content.server";

const { popupTypes, sessions } = schema;

export type SessionTypeRow = typeof popupTypes.$inferSelect;

/** A type as the admin list shows it: its row and how many sessions it holds. */
export type SessionTypeListed = SessionTypeRow & { sessionCount: number };

async function allTypes(context: AppLoadContext): Promise<SessionTypeRow[]> {
  return context.db.select().from(popupTypes).orderBy(asc(popupTypes.id));
}

/** Sessions per title (few distinct titles: one per type and a few made by hand). */
async function titleCounts(context: AppLoadContext): Promise<{ title: string; n: number }[]> {
  return context.db
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
export async function listSessionTypes(context: AppLoadContext): Promise<SessionTypeListed[]> {
  const [types, titles] = await Promise.all([allTypes(context), titleCounts(context)]);
  const counts = countSessionsByType(types, titles);
  return sortTypesForDisplay(types).map((t) => ({ ...t, sessionCount: counts.get(t.id) ?? 0 }));
}

export async function loadSessionType(context: AppLoadContext, id: number): Promise<SessionTypeListed | null> {
  return (await listSessionTypes(context)).find((t) => t.id === id) ?? null;
}

/** How many sessions would leave `typeId` if it were called `newName` (those matched by its current name). */
export async function sessionsLoosenedByRename(context: AppLoadContext, typeId: number, newName: string): Promise<number> {
  const [types, titles] = await Promise.all([allTypes(context), titleCounts(context)]);
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
  const { name, description, inspiringText, imageUrl, maxParticipants, sessionType, price, appOrder, hidden, defaultLocation, bookingAsk } = row;
  return { name, description, inspiringText, imageUrl, maxParticipants, sessionType, price, appOrder, hidden, defaultLocation, bookingAsk };
}

/** Whether a default location may be saved: none, a place in use, or the one the type already has (a place since made inactive). */
async function locationChoosable(context: AppLoadContext, location: string | null, current: string | null = null): Promise<boolean> {
  return location === null || (await loadSelectableLocations(context, current)).includes(location);
}

export type SaveTypeOutcome =
  | { status: "saved"; id: number }
  | { status: "unchanged"; id: number }
  | { status: "duplicate-name" }
  | { status: "rename-needs-confirmation"; loosened: number }
  | { status: "unknown-location" }
  | { status: "not-found" };

export async function createSessionType(
  context: AppLoadContext,
  actor: Actor,
  fields: SessionTypeFields,
  claim: FormClaim | null = null,
): Promise<SaveTypeOutcome> {
  const [types, choosable] = await Promise.all([allTypes(context), locationChoosable(context, fields.defaultLocation)]);
  if (nameTaken(types, fields.name, null)) return { status: "duplicate-name" };
  if (!choosable) return { status: "unknown-location" };
  // The id comes from the insert; the audit row reads it back in the same batch.
  const b = new BatchBuilder();
  const inserted = b.add<{ id: number }>(
    sql`INSERT INTO popup_types (name, description, inspiring_text, image_url, max_participants, session_type, price, app_order, hidden, default_location, booking_ask)
         SELECT ${columnValues(fields)} WHERE NOT EXISTS (SELECT 1 FROM popup_types WHERE lower(name) = lower(${fields.name}))
         RETURNING id`,
  );
  // Only a type inserted is claimed; the claims table has no rowid, so the audit row still reads the type's id.
  if (claim) b.add(claimStatement(claim, sql`last_insert_rowid()`, sql`changes() = 1`));
  b.add(
    auditStatement(
      actor,
      {
        action: "session_type.create",
        targetType: "session_type",
        targetId: sql`CAST(id AS TEXT)`,
        details: { after: auditView(fields) },
      },
      {
        from: sql`popup_types`,
        condition: sql`id = last_insert_rowid() AND changes() = 1 AND name = ${fields.name}`,
      },
    ),
  );
  const id = await runBatch(context, b.plan((results) => inserted.first(results)?.id));
  return id === undefined ? { status: "duplicate-name" } : { status: "saved", id };
}

/** The type's columns as parameters, in the order of the INSERT's column list: `?, ?, …`. */
function columnValues(f: SessionTypeFields): SQL {
  const values = [f.name, f.description, f.inspiringText, f.imageUrl, f.maxParticipants, f.sessionType, f.price, f.appOrder, f.hidden ? 1 : 0, f.defaultLocation, f.bookingAsk];
  return sql.join(values.map((v) => sql`${v}`), sql`, `);
}

export async function updateSessionType(
  context: AppLoadContext,
  actor: Actor,
  id: number,
  fields: SessionTypeFields,
  { renameConfirmed }: { renameConfirmed: boolean },
): Promise<SaveTypeOutcome> {
  const types = await allTypes(context);
  const before = types.find((t) => t.id === id);
  if (!before) return { status: "not-found" };
  if (nameTaken(types, fields.name, id)) return { status: "duplicate-name" };
  if (!(await locationChoosable(context, fields.defaultLocation, before.defaultLocation))) return { status: "unknown-location" };
  if (fields.name !== before.name && !renameConfirmed) {
    const loosened = await sessionsLoosenedByRename(context, id, fields.name);
    if (loosened > 0) return { status: "rename-needs-confirmation", loosened };
  }
  const beforeView = auditView(before);
  const afterView = auditView(fields);
  if (JSON.stringify(beforeView) === JSON.stringify(afterView)) return { status: "unchanged", id };
  const f = fields;
  const b = new BatchBuilder();
  const updated = b.add<{ id: number }>(
    sql`UPDATE popup_types SET name = ${f.name}, description = ${f.description}, inspiring_text = ${f.inspiringText}, image_url = ${f.imageUrl}, max_participants = ${f.maxParticipants},
           session_type = ${f.sessionType}, price = ${f.price}, app_order = ${f.appOrder}, hidden = ${f.hidden ? 1 : 0},
           default_location = ${f.defaultLocation}, booking_ask = ${f.bookingAsk}
         WHERE id = ${id} AND NOT EXISTS (SELECT 1 FROM popup_types WHERE lower(name) = lower(${f.name}) AND id <> ${id})
         RETURNING id`,
  );
  b.add(
    auditStatement(
      actor,
      { action: "session_type.update", targetType: "session_type", targetId: id, details: { before: beforeView, after: afterView } },
      { condition: sql`changes() = 1 AND EXISTS (SELECT 1 FROM popup_types WHERE id = ${id} AND name = ${fields.name})` },
    ),
  );
  // A renamed type keeps its klippkort: the products and the cards sold name it by its new name (after the audit, which reads changes()).
  if (fields.name !== before.name) b.addAll(renameInCards(before.name, fields.name, id));
  const saved = await runBatch(context, b.plan((results) => updated.rows(results).length > 0));
  return saved ? { status: "saved", id } : { status: "duplicate-name" };
}

/**
 * The type's old name replaced by its new one in every klippkort product and
 * card that names it (`session_types_json`, compared as card-use.ts compares
 * names: trimmed, in capitals), only once the type has its new name.
 */
function renameInCards(oldName: string, newName: string, id: number): SQL[] {
  const renamed = sql`EXISTS (SELECT 1 FROM popup_types WHERE id = ${id} AND name = ${newName})`;
  return (["card_products", "cards"] as const).map((table) => {
    const list = sql.raw(`${table}.session_types_json`);
    return sql`UPDATE ${sql.raw(table)} SET session_types_json =
        (SELECT json_group_array(CASE WHEN upper(trim(value)) = upper(trim(${oldName})) THEN ${newName} ELSE value END) FROM json_each(${list}))
      WHERE session_types_json IS NOT NULL AND ${renamed}
        AND EXISTS (SELECT 1 FROM json_each(${list}) WHERE upper(trim(value)) = upper(trim(${oldName})))`;
  });
}

/** Shows a hidden type on the start page again, or hides a shown one. */
export async function setSessionTypeHidden(
  context: AppLoadContext,
  actor: Actor,
  id: number,
  hidden: boolean,
): Promise<"done" | "not-found"> {
  const flag = hidden ? 1 : 0;
  const b = new BatchBuilder();
  const updated = b.add<{ id: number }>(sql`UPDATE popup_types SET hidden = ${flag} WHERE id = ${id} AND hidden <> ${flag} RETURNING id`);
  b.add(
    auditStatement(
      actor,
      {
        action: hidden ? "session_type.hide" : "session_type.show",
        targetType: "session_type",
        targetId: id,
        details: { before: { hidden: !hidden }, after: { hidden } },
      },
      { condition: sql`changes() = 1` },
    ),
  );
  if (await runBatch(context, b.plan((results) => updated.rows(results).length > 0))) return "done";
  const [row] = await context.db.select({ id: popupTypes.id }).from(popupTypes).where(eq(popupTypes.id, id));
  return row ? "done" : "not-found";
}

/**
 * Moves a type one step up or down the display order and numbers every type
 * 1, 2, 3… in the new order (types without an order had shared 999).
 */
export async function moveSessionType(
  context: AppLoadContext,
  actor: Actor,
  id: number,
  direction: "up" | "down",
): Promise<"moved" | "at-end" | "not-found"> {
  const ordered = sortTypesForDisplay(await allTypes(context));
  const from = ordered.findIndex((t) => t.id === id);
  if (from < 0) return "not-found";
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ordered.length) return "at-end";
  const next = [...ordered];
  [next[from], next[to]] = [next[to]!, next[from]!];
  const b = new BatchBuilder();
  b.addAll(next.map((t, index) => sql`UPDATE popup_types SET app_order = ${index + 1} WHERE id = ${t.id}`));
  b.add(
    auditStatement(actor, {
      action: "session_type.move",
      targetType: "session_type",
      targetId: id,
      details: { before: { order: ordered.map((t) => t.name) }, after: { order: next.map((t) => t.name) } },
    }),
  );
  await runBatch(context, b.plan(() => undefined));
  return "moved";
}

export type DeleteTypeOutcome = { status: "deleted" } | { status: "in-use"; sessionCount: number } | { status: "not-found" };

/** Deletes a type no session uses (by the lists' rule); a type in use can only be hidden. */
export async function deleteSessionType(context: AppLoadContext, actor: Actor, id: number): Promise<DeleteTypeOutcome> {
  const type = await loadSessionType(context, id);
  if (!type) return { status: "not-found" };
  if (type.sessionCount > 0) return { status: "in-use", sessionCount: type.sessionCount };
  // The name check inside the delete: a session titled after the type since the count above keeps it.
  const b = new BatchBuilder();
  const deleted = b.add<{ id: number }>(
    sql`DELETE FROM popup_types WHERE id = ${id} AND name = ${type.name}
           AND NOT EXISTS (SELECT 1 FROM sessions WHERE instr(lower(title), lower(${type.name})) > 0)
         RETURNING id`,
  );
  b.add(
    auditStatement(
      actor,
      { action: "session_type.delete", targetType: "session_type", targetId: id, details: { before: auditView(type) } },
      { condition: sql`changes() = 1 AND NOT EXISTS (SELECT 1 FROM popup_types WHERE id = ${id})` },
    ),
  );
  if (await runBatch(context, b.plan((results) => deleted.rows(results).length > 0))) return { status: "deleted" };
  const again = await loadSessionType(context, id);
  return again ? { status: "in-use", sessionCount: Math.max(1, again.sessionCount) } : { status: "not-found" };
}
