/**
 * Reading what staff edit for the public pages: the places (/hitta, the
 * session form's locations), the team (/om) and the preparation checklist
 * (/preppa), each in its display order. The queries are exported so a page
 * or Flurre can put them in the batch it reads anyway (one round trip).
 */
import { asc, eq } from "drizzle-orm";
import type { Place } from "~/domain/places";
import type { PreparationItem } from "~/domain/preparation";
import type { TeamMember } from "~/domain/team";
import { getDb, schema, type Db } from "../db/client.server";
import type { Env } from "../platform/env.server";

const { places, teamMembers, preparationItems } = schema;

const placeColumns = {
  id: places.id,
  name: places.name,
  town: places.town,
  kind: places.kind,
  description: places.description,
  mapUrl: places.mapUrl,
  imageUrl: places.imageUrl,
  sortOrder: places.sortOrder,
  active: places.active,
};

/** Every place, the built-in home visit and online included, inactive ones too. */
export function placesQuery(db: Db) {
  return db.select(placeColumns).from(places).orderBy(asc(places.sortOrder), asc(places.name));
}

/** The places /hitta and Flurre show: active ones one can go to. */
export function shownPlacesQuery(db: Db) {
  return db
    .select(placeColumns)
    .from(places)
    .where(eq(places.active, true))
    .orderBy(asc(places.sortOrder), asc(places.name));
}

export function teamQuery(db: Db) {
  return db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      role: teamMembers.role,
      text: teamMembers.text,
      imageUrl: teamMembers.imageUrl,
      sortOrder: teamMembers.sortOrder,
    })
    .from(teamMembers)
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.id));
}

export function preparationQuery(db: Db) {
  return db
    .select({
      id: preparationItems.id,
      title: preparationItems.title,
      text: preparationItems.text,
      sortOrder: preparationItems.sortOrder,
    })
    .from(preparationItems)
    .orderBy(asc(preparationItems.sortOrder), asc(preparationItems.id));
}

export async function loadPlaces(env: Pick<Env, "DB">): Promise<Place[]> {
  return placesQuery(getDb(env));
}

export async function loadTeam(env: Pick<Env, "DB">): Promise<TeamMember[]> {
  return teamQuery(getDb(env));
}

export async function loadPreparation(env: Pick<Env, "DB">): Promise<PreparationItem[]> {
  return preparationQuery(getDb(env));
}

/**
 * The locations a session form offers: active places in order, then the
 * built-in home visit and online; plus `current` (an edited session's
 * place), which stays choosable after it was made inactive.
 */
export function selectableLocations(all: readonly Place[], current?: string | null): string[] {
  return all.filter((p) => p.active || p.name === current).map((p) => p.name);
}

export async function loadSelectableLocations(env: Pick<Env, "DB">, current?: string | null): Promise<string[]> {
  return selectableLocations(await loadPlaces(env), current);
}
