// The training places (/hitta, the session form's location list, Flurre):
// their shape as staff keep them in D1 (`places`, edited on /admin/platser),
// the intro line /hitta and Flurre open with, and the map links.

export const PLACE_KINDS = ["indoor", "outdoor"] as const;
/** indoor/outdoor are places staff edit; home and online are the built-in locations. */
export type PlaceKind = (typeof PLACE_KINDS)[number] | "home" | "online";

export const PLACE_KIND_LABEL: Record<PlaceKind, string> = {
  indoor: "Inomhus",
  outdoor: "Utomhus",
  home: "Hembesök",
  online: "Online",
};

/** The two locations that are no place on a map: a home visit and an online session. */
export const HOME_VISIT_LOCATION = "Hembesök";
export const ONLINE_LOCATION = "Online";
export const BUILT_IN_LOCATIONS: readonly string[] = [HOME_VISIT_LOCATION, ONLINE_LOCATION];

export type Place = {
  id: number;
  name: string;
  town: string;
  kind: PlaceKind;
  description: string;
  mapUrl: string | null;
  imageUrl: string | null;
  sortOrder: number;
  active: boolean;
};

/** A place one can go to (not a home visit or an online session). */
export function isVisitable(place: Pick<Place, "kind">): boolean {
  return place.kind === "indoor" || place.kind === "outdoor";
}

/** The towns trained in: those of the active places one can go to, each once, in the places' order. */
export function trainingTowns(places: readonly Pick<Place, "town" | "kind" | "active">[]): string[] {
  return townsOf(places.filter((p) => p.active && isVisitable(p)));
}

const NUMBER_WORDS = ["", "en", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio", "elva", "tolv"];

/** A count from one to twelve in words ("två"), a larger one in digits. */
export const numberInWords = (n: number): string => NUMBER_WORDS[n] ?? String(n);

/** "a, b och c" */
export function joinSwedish(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} och ${items.at(-1)}`;
}

/** The towns of the places given, each once, in their order. */
export function townsOf(places: readonly Pick<Place, "town">[]): string[] {
  return [...new Set(places.map((p) => p.town).filter(Boolean))];
}

/** " i Ockelbo och Hofors" for the towns trained in, or nothing when none is known. */
export function inTowns(towns: readonly string[]): string {
  return towns.length > 0 ? ` i ${joinSwedish(towns)}` : "";
}

/**
 * /hitta's and Flurre's first line, from the places shown (active, visitable,
 * in order) and the names of the types held online (a type's default place).
 */
export function placesIntro(places: readonly Pick<Place, "town">[], onlineTypes: readonly string[]): string {
  const count = places.length === 1 ? "en plats" : `${numberInWords(places.length)} platser`;
  const where = inTowns(townsOf(places));
  const online = onlineTypes.length > 0 ? `${joinSwedish(onlineTypes)}-mötena` : "online-passen";
  return `Vi tränar på ${count}${where}. Hembesök sker hemma hos er och ${online} hålls online.`;
}

/** A map search for a place's name: the link when staff gave none. */
export function placeMapUrl(place: string): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: "1", query: place }).toString()}`;
}

/** The place's 'Hitta dit' link: the one staff gave, else a map search for its name. */
export function mapUrlOf(place: Pick<Place, "name" | "mapUrl">): string {
  return place.mapUrl ?? placeMapUrl(place.name);
}
