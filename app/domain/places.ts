// The four training places (/hitta): what the page shows and Flurre answers
// with, from one source.

export const PLACES_INTRO =
  "Vi tränar på fyra platser i Gävle och Sandviken. Hembesök sker hemma hos er och PLAN-mötena hålls online.";

export const PLACES = [
  {
    id: "hundhallen-gavle",
    name: "Hundhallen Gävle",
    kind: "Inomhus",
    text: "Vår varma och torra hall för valpkurser, privatpass och KOMBIPASS – träning året runt oavsett väder.",
    image: "/images/places/hundhallen.svg",
  },
  {
    id: "regementsparken-gavle",
    name: "Regementsparken Gävle",
    kind: "Utomhus",
    text: "Stora gräsytor och gångvägar med lagom mycket liv runt omkring – perfekt för vardagslydnad och hundmöten.",
    image: "/images/places/park.svg",
  },
  {
    id: "stadsparken-sandviken",
    name: "Stadsparken Sandviken",
    kind: "Utomhus",
    text: "Mitt i stan, med stigar längs vattnet. Här tränar vi promenader, fokus och valpkurs utomhus.",
    image: "/images/places/park.svg",
  },
  {
    id: "bronsangen-sandviken",
    name: "Bronsängen Sandviken",
    kind: "Utomhus",
    text: "En öppen äng med plats för avstånd – bra för hundar som behöver lite extra utrymme.",
    image: "/images/places/meadow.svg",
  },
] as const;

export type Place = (typeof PLACES)[number];

/** The place's 'Hitta dit' link: a map search for its name. */
export function placeMapUrl(place: string): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: "1", query: place }).toString()}`;
}
