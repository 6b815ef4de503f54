/**
 * Reading what staff edit for the public pages: the places (/hitta, the
 * session form's locations), the team (/om) and the preparation checklist
 * (/preppa), each in its display order. The queries are exported so a page
 * or Flurre can put them in the batch it reads anyway (one round trip).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import type { Place } from "~/domain/places";
import type { PreparationItem } from "~/domain/preparation";
import type { TeamMember } from "~/domain/team";
import { schema } from "../db/client.server";

const { places, teamMembers, preparationItems } = schema;

/** What these reads need of the load context: drizzle (a caller not yet given a context hands in just that). */
type ContentReader = Pick<AppLoadContext, "db">;

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
export function placesQuery(context: ContentReader) {
  return context.db.select(placeColumns).from(places).orderBy(asc(places.sortOrder), asc(places.name));
}

/** The places /hitta and Flurre show: active ones one can go to. */
export function shownPlacesQuery(context: ContentReader) {
  return context.db
    .select(placeColumns)
    .from(places)
    .where(eq(places.active, true))
    .orderBy(asc(places.sortOrder), asc(places.name));
}

export function teamQuery(context: ContentReader) {
  return context.db
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

export function preparationQuery(context: ContentReader) {
  return context.db
    .select({
      id: preparationItems.id,
      title: preparationItems.title,
      text: preparationItems.text,
      sortOrder: preparationItems.sortOrder,
    })
    .from(preparationItems)
    .orderBy(asc(preparationItems.sortOrder), asc(preparationItems.id));
}

export async function loadPlaces(context: ContentReader): Promise<Place[]> {
  return placesQuery(context);
}

export async function loadTeam(context: ContentReader): Promise<TeamMember[]> {
  return teamQuery(context);
}

export async function loadPreparation(context: ContentReader): Promise<PreparationItem[]> {
  return preparationQuery(context);
}

/**
 * The locations a session form offers: active places in order, then the
 * built-in home visit and online; plus `current` (an edited session's
 * place), which stays choosable after it was made inactive.
 */
export function selectableLocations(all: readonly Place[], current?: string | null): string[] {
  return all.filter((p) => p.active || p.name === current).map((p) => p.name);
}

export async function loadSelectableLocations(context: ContentReader, current?: string | null): Promise<string[]> {
  return selectableLocations(await loadPlaces(context), current);
}
