/**
 * Changing what staff keep for the public pages: places (/admin/platser), the
 * team (/admin/team) and the preparation checklist (/admin/preppa). Each
 * change writes its audit row (before/after) in the same D1 batch. A place
 * any session names cannot be deleted, only made inactive (hidden from new
 * sessions and /hitta, kept on its sessions); the built-in home visit and
 * online locations are never listed nor changed here.
 *
 * Table and column names below are constants of this module, never input.
 */
import type { Place } from "~/domain/places";
import type { PreparationItem } from "~/domain/preparation";
import type { PlaceFormValues, PreparationItemFormValues, TeamMemberFormValues } from "~/domain/schemas/site-content";
import type { TeamMember } from "~/domain/team";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { auditStatement, type Actor } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { claimStatement, isClaimConflict, type FormClaim } from "../forms/form-claim.server";
import { placesQuery, preparationQuery, teamQuery } from "./site-content.server";

type ContentTable = "places" | "team_members" | "preparation_items";

/** The audit target of each table. */
const TARGET: Record<ContentTable, string> = { places: "place", team_members: "team_member", preparation_items: "preparation_item" };

/** Only staff-edited places: the built-in locations are not rows staff touch. */
const EDITABLE_PLACE = sql.raw("kind IN ('indoor', 'outdoor')");

export type SaveOutcome = { status: "saved"; id: number } | { status: "unchanged"; id: number } | { status: "duplicate" } | { status: "not-found" };
export type DeleteOutcome = { status: "deleted" } | { status: "in-use"; sessions: number } | { status: "not-found" };

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The next order number at the end of a list. */
function endOfList(rows: readonly { sortOrder: number }[]): number {
  return rows.reduce((max, r) => Math.max(max, r.sortOrder), 0) + 1;
}

/** The values of a row's columns, as parameters: `?, ?, …`. */
const valueList = (values: readonly unknown[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * Inserts a row, and its audit row reading the new id back in the same
 * batch; with the form's claim between them (it leaves the new id for the
 * audit row to read).
 */
async function insertAudited(
  context: AppLoadContext,
  actor: Actor,
  table: ContentTable,
  columns: Record<string, string | number | null>,
  after: unknown,
  claim: FormClaim | null,
): Promise<number> {
  const names = Object.keys(columns);
  const b = new BatchBuilder();
  const inserted = b.add<{ id: number }>(
    sql`INSERT INTO ${sql.raw(table)} (${sql.raw(names.join(", "))}) VALUES (${valueList(Object.values(columns))}) RETURNING id`,
  );
  if (claim) b.add(claimStatement(claim, sql`last_insert_rowid()`));
  b.add(
    auditStatement(
      actor,
      {
        action: `${TARGET[table]}.create`,
        targetType: TARGET[table],
        targetId: sql`CAST(last_insert_rowid() AS TEXT)`,
        details: { after },
      },
      { condition: sql`changes() = 1` },
    ),
  );
  return runBatch(context, b.plan((results) => inserted.first(results)!.id));
}

async function updateAudited(
  context: AppLoadContext,
  actor: Actor,
  table: ContentTable,
  id: number,
  columns: Record<string, string | number | null>,
  before: unknown,
  after: unknown,
  extraWhere: SQL = sql`1`,
): Promise<boolean> {
  const sets = sql.join(
    Object.entries(columns).map(([c, v]) => sql`${sql.raw(c)} = ${v}`),
    sql`, `,
  );
  const b = new BatchBuilder();
  const updated = b.add<{ id: number }>(
    sql`UPDATE ${sql.raw(table)} SET ${sets}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ${id} AND ${extraWhere} RETURNING id`,
  );
  b.add(
    auditStatement(
      actor,
      { action: `${TARGET[table]}.update`, targetType: TARGET[table], targetId: id, details: { before, after } },
      { condition: sql`changes() = 1` },
    ),
  );
  return runBatch(context, b.plan((results) => updated.rows(results).length > 0));
}

/** Moves a row one step in its list and numbers the list 1, 2, 3… in the new order. */
async function moveInList(
  context: AppLoadContext,
  actor: Actor,
  table: ContentTable,
  ordered: readonly { id: number; sortOrder: number; label: string }[],
  id: number,
  direction: "up" | "down",
): Promise<"moved" | "at-end" | "not-found"> {
  const from = ordered.findIndex((r) => r.id === id);
  if (from < 0) return "not-found";
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ordered.length) return "at-end";
  const next = [...ordered];
  [next[from], next[to]] = [next[to]!, next[from]!];
  const b = new BatchBuilder();
  b.addAll(next.map((r, index) => sql`UPDATE ${sql.raw(table)} SET sort_order = ${index + 1} WHERE id = ${r.id}`));
  b.add(
    auditStatement(actor, {
      action: `${TARGET[table]}.move`,
      targetType: TARGET[table],
      targetId: id,
      details: { before: { order: ordered.map((r) => r.label) }, after: { order: next.map((r) => r.label) } },
    }),
  );
  await runBatch(context, b.plan(() => undefined));
  return "moved";
}

async function deleteAudited(
  context: AppLoadContext,
  actor: Actor,
  table: ContentTable,
  id: number,
  before: unknown,
  extraWhere: SQL = sql`1`,
): Promise<boolean> {
  const b = new BatchBuilder();
  const deleted = b.add<{ id: number }>(sql`DELETE FROM ${sql.raw(table)} WHERE id = ${id} AND ${extraWhere} RETURNING id`);
  b.add(
    auditStatement(
      actor,
      { action: `${TARGET[table]}.delete`, targetType: TARGET[table], targetId: id, details: { before } },
      { condition: sql`changes() = 1` },
    ),
  );
  return runBatch(context, b.plan((results) => deleted.rows(results).length > 0));
}

// ---- Places ---------------------------------------------------------------

export type AdminPlace = Place & { upcomingSessions: number; sessions: number };

/** The places staff edit, in order, each with how many sessions (and upcoming ones) name it. */
export async function listPlacesForAdmin(context: AppLoadContext, now = new Date()): Promise<AdminPlace[]> {
  const [places, counts] = await Promise.all([
    placesQuery(context),
    context.db.all<{ location: string; sessions: number; upcoming: number }>(
      sql`SELECT location, count(*) AS sessions, sum(start_time > ${now.toISOString()} AND cancelled_at IS NULL) AS upcoming
       FROM sessions GROUP BY location`,
    ),
  ]);
  const byName = new Map(counts.map((c) => [c.location, c]));
  return places
    .filter((p) => p.kind === "indoor" || p.kind === "outdoor")
    .map((p) => ({ ...p, sessions: byName.get(p.name)?.sessions ?? 0, upcomingSessions: byName.get(p.name)?.upcoming ?? 0 }));
}

function placeColumns(values: PlaceFormValues, sortOrder: number) {
  return {
    name: values.name,
    town: values.town,
    kind: values.kind,
    description: values.description ?? "",
    map_url: values.map_url ?? null,
    image_url: values.image_url ?? null,
    sort_order: sortOrder,
    active: values.active === "on" ? 1 : 0,
  };
}

function placeAudit(p: Pick<Place, "name" | "town" | "kind" | "description" | "mapUrl" | "imageUrl" | "sortOrder" | "active">) {
  return { name: p.name, town: p.town, kind: p.kind, description: p.description, mapUrl: p.mapUrl, imageUrl: p.imageUrl, sortOrder: p.sortOrder, active: p.active };
}

function columnsAudit(c: ReturnType<typeof placeColumns>) {
  return placeAudit({
    name: c.name,
    town: c.town,
    kind: c.kind,
    description: c.description,
    mapUrl: c.map_url,
    imageUrl: c.image_url,
    sortOrder: c.sort_order,
    active: c.active === 1,
  });
}

function nameTaken(all: readonly Place[], name: string, exceptId: number | null) {
  const wanted = name.toLocaleLowerCase("sv");
  return all.some((p) => p.id !== exceptId && p.name.toLocaleLowerCase("sv") === wanted);
}

export async function createPlace(
  context: AppLoadContext,
  actor: Actor,
  values: PlaceFormValues,
  claim: FormClaim | null = null,
): Promise<SaveOutcome> {
  const all = await placesQuery(context);
  if (nameTaken(all, values.name, null)) return { status: "duplicate" };
  const columns = placeColumns(values, values.sort_order ?? endOfList(all.filter((p) => p.kind === "indoor" || p.kind === "outdoor")));
  try {
    return { status: "saved", id: await insertAudited(context, actor, "places", columns, columnsAudit(columns), claim) };
  } catch (error) {
    // The unique index decides a race between two saves of the same name (a claimed form key is its caller's).
    if (String(error).includes("UNIQUE") && !isClaimConflict(error)) return { status: "duplicate" };
    throw error;
  }
}

/** Saves a place; a new name renames the location of every session there (the foreign key cascades). */
export async function updatePlace(context: AppLoadContext, actor: Actor, id: number, values: PlaceFormValues): Promise<SaveOutcome> {
  const all = await placesQuery(context);
  const before = all.find((p) => p.id === id && (p.kind === "indoor" || p.kind === "outdoor"));
  if (!before) return { status: "not-found" };
  if (nameTaken(all, values.name, id)) return { status: "duplicate" };
  const columns = placeColumns(values, values.sort_order ?? before.sortOrder);
  if (sameJson(placeAudit(before), columnsAudit(columns))) return { status: "unchanged", id };
  try {
    const saved = await updateAudited(context, actor, "places", id, columns, placeAudit(before), columnsAudit(columns), EDITABLE_PLACE);
    return saved ? { status: "saved", id } : { status: "not-found" };
  } catch (error) {
    if (String(error).includes("UNIQUE")) return { status: "duplicate" };
    throw error;
  }
}

export async function setPlaceActive(context: AppLoadContext, actor: Actor, id: number, active: boolean): Promise<"done" | "not-found"> {
  const b = new BatchBuilder();
  const updated = b.add<{ id: number }>(
    sql`UPDATE places SET active = ${active ? 1 : 0}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ${id} AND ${EDITABLE_PLACE} RETURNING id`,
  );
  b.add(
    auditStatement(
      actor,
      {
        action: active ? "place.activate" : "place.deactivate",
        targetType: "place",
        targetId: id,
        details: { before: { active: !active }, after: { active } },
      },
      { condition: sql`changes() = 1` },
    ),
  );
  return runBatch(context, b.plan((results) => (updated.rows(results).length > 0 ? "done" : "not-found")));
}

export async function movePlace(context: AppLoadContext, actor: Actor, id: number, direction: "up" | "down") {
  const places = await listPlacesForAdmin(context);
  return moveInList(context, actor, "places", places.map((p) => ({ id: p.id, sortOrder: p.sortOrder, label: p.name })), id, direction);
}

/** Deletes a place no session names (past ones included: their history keeps its place). */
export async function deletePlace(context: AppLoadContext, actor: Actor, id: number): Promise<DeleteOutcome> {
  const place = (await listPlacesForAdmin(context)).find((p) => p.id === id);
  if (!place) return { status: "not-found" };
  if (place.sessions > 0) return { status: "in-use", sessions: place.sessions };
  try {
    const deleted = await deleteAudited(context, actor, "places", id, placeAudit(place), EDITABLE_PLACE);
    return deleted ? { status: "deleted" } : { status: "not-found" };
  } catch (error) {
    // A session created there since the count: the foreign key keeps the place.
    if (String(error).includes("FOREIGN KEY")) return { status: "in-use", sessions: 1 };
    throw error;
  }
}

// ---- Team -----------------------------------------------------------------

function memberColumns(values: TeamMemberFormValues, sortOrder: number) {
  return { name: values.name, role: values.role ?? "", text: values.text ?? "", image_url: values.image_url ?? null, sort_order: sortOrder };
}
const memberAudit = (m: { name: string; role: string; text: string; imageUrl?: string | null; image_url?: string | null; sortOrder?: number; sort_order?: number }) => ({
  name: m.name,
  role: m.role,
  text: m.text,
  imageUrl: m.imageUrl ?? m.image_url ?? null,
  sortOrder: m.sortOrder ?? m.sort_order ?? 0,
});

export async function createTeamMember(
  context: AppLoadContext,
  actor: Actor,
  values: TeamMemberFormValues,
  claim: FormClaim | null = null,
): Promise<SaveOutcome> {
  const team = await teamQuery(context);
  const columns = memberColumns(values, values.sort_order ?? endOfList(team));
  return { status: "saved", id: await insertAudited(context, actor, "team_members", columns, memberAudit(columns), claim) };
}

export async function updateTeamMember(context: AppLoadContext, actor: Actor, id: number, values: TeamMemberFormValues): Promise<SaveOutcome> {
  const before = (await teamQuery(context)).find((m) => m.id === id);
  if (!before) return { status: "not-found" };
  const columns = memberColumns(values, values.sort_order ?? before.sortOrder);
  if (sameJson(memberAudit(before), memberAudit(columns))) return { status: "unchanged", id };
  const saved = await updateAudited(context, actor, "team_members", id, columns, memberAudit(before), memberAudit(columns));
  return saved ? { status: "saved", id } : { status: "not-found" };
}

export async function moveTeamMember(context: AppLoadContext, actor: Actor, id: number, direction: "up" | "down") {
  const team: TeamMember[] = await teamQuery(context);
  return moveInList(context, actor, "team_members", team.map((m) => ({ id: m.id, sortOrder: m.sortOrder, label: m.name })), id, direction);
}

export async function deleteTeamMember(context: AppLoadContext, actor: Actor, id: number): Promise<DeleteOutcome> {
  const member = (await teamQuery(context)).find((m) => m.id === id);
  if (!member) return { status: "not-found" };
  return (await deleteAudited(context, actor, "team_members", id, memberAudit(member))) ? { status: "deleted" } : { status: "not-found" };
}

// ---- Preparation checklist ------------------------------------------------

function itemColumns(values: PreparationItemFormValues, sortOrder: number) {
  return { title: values.title, text: values.text ?? "", sort_order: sortOrder };
}
const itemAudit = (i: { title: string; text: string; sortOrder?: number; sort_order?: number }) => ({
  title: i.title,
  text: i.text,
  sortOrder: i.sortOrder ?? i.sort_order ?? 0,
});

export async function createPreparationItem(
  context: AppLoadContext,
  actor: Actor,
  values: PreparationItemFormValues,
  claim: FormClaim | null = null,
): Promise<SaveOutcome> {
  const items = await preparationQuery(context);
  const columns = itemColumns(values, values.sort_order ?? endOfList(items));
  return { status: "saved", id: await insertAudited(context, actor, "preparation_items", columns, itemAudit(columns), claim) };
}

export async function updatePreparationItem(
  context: AppLoadContext,
  actor: Actor,
  id: number,
  values: PreparationItemFormValues,
): Promise<SaveOutcome> {
  const before = (await preparationQuery(context)).find((i) => i.id === id);
  if (!before) return { status: "not-found" };
  const columns = itemColumns(values, values.sort_order ?? before.sortOrder);
  if (sameJson(itemAudit(before), itemAudit(columns))) return { status: "unchanged", id };
  const saved = await updateAudited(context, actor, "preparation_items", id, columns, itemAudit(before), itemAudit(columns));
  return saved ? { status: "saved", id } : { status: "not-found" };
}

export async function movePreparationItem(context: AppLoadContext, actor: Actor, id: number, direction: "up" | "down") {
  const items: PreparationItem[] = await preparationQuery(context);
  return moveInList(context, actor, "preparation_items", items.map((i) => ({ id: i.id, sortOrder: i.sortOrder, label: i.title })), id, direction);
}

export async function deletePreparationItem(context: AppLoadContext, actor: Actor, id: number): Promise<DeleteOutcome> {
  const item = (await preparationQuery(context)).find((i) => i.id === id);
  if (!item) return { status: "not-found" };
  return (await deleteAudited(context, actor, "preparation_items", id, itemAudit(item))) ? { status: "deleted" } : { status: "not-found" };
}
