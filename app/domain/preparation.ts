// How to prepare for a session (/preppa): the checklist's shape as staff keep
// it in D1 (`preparation_items`, edited on /admin/preppa), and the note on
// online sessions and home visits, shown by the page and used by Flurre, and
// its half for the booked type in the reminder mail.

import { joinSwedish, type Place } from "./places";

export type PreparationItem = {
  id: number;
  title: string;
  text: string;
  sortOrder: number;
};

/**
 * The session types held away from the training places, by name: those whose
 * sessions take place online, and those at the customer's home (a type's
 * default place, set by staff). The texts below name them.
 */
export type RemoteTypeNames = { online: readonly string[]; home: readonly string[] };

const named = (names: readonly string[]) => (names.length > 0 ? ` (${joinSwedish(names)})` : "");

/** What an online session needs: "Online-pass (…) kräver bara en lugn plats…". */
export function preparationOnline(names: readonly string[]): string {
  return `Online-pass${named(names)} kräver bara en lugn plats, en dator eller telefon och gärna hunden i närheten.`;
}

/** What a home visit needs: "På hembesök (…) tränar vi där utmaningarna finns…". */
export function preparationHome(names: readonly string[]): string {
  return `På hembesök${named(names)} tränar vi där utmaningarna finns – ni behöver inte förbereda något särskilt.`;
}

/** The paragraph under the checklist: the online sessions and the home visits. */
export function preparationOnlineAndHome(types: RemoteTypeNames): string {
  return `${preparationOnline(types.online)} ${preparationHome(types.home)}`;
}

/** Of the types given, those whose default place is online and those whose default place is the customer's home, in their order. */
export function remoteTypeNames(
  types: readonly { name: string; defaultLocation?: string | null }[],
  places: readonly Pick<Place, "name" | "kind">[],
): RemoteTypeNames {
  const kindOf = new Map(places.map((p) => [p.name, p.kind]));
  const ofKind = (kind: Place["kind"]) => types.filter((t) => t.defaultLocation && kindOf.get(t.defaultLocation) === kind).map((t) => t.name);
  return { online: ofKind("online"), home: ofKind("home") };
}
