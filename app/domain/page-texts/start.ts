// The start page's texts.

import { inTowns } from "../places";

export const START_TEXTS = {
  /** Naming the towns of the places in use (townsOf in places.ts). */
  heroTitle: (towns: readonly string[]) => `Träna med din hund${inTowns(towns)}`,
  heroText:
    "Roliga och lärorika pass för dig och din hund – i grupp eller privat, utomhus, inomhus, hemma hos er eller online.",
  bookButton: "Boka pass",
  allTypesButton: "Alla våra pass",
  groupButton: "Lediga GruppUps",
  groupHeading: "Lediga GruppUps",
  groupEmpty: "Snart publiceras nästa månads grupp-pass, håll ut!",
  typesHeading: "Alla våra pass",
  askAboutType: "Fråga Flurre om Passet",
  seeTypeDates: "Se datum och boka",
  newsletterHeading: "Få koll på nästa månads pass",
  newsletterText:
    "Prenumerera på vårt nyhetsbrev så får du veta först när nya pass släpps – varje månad, direkt i din inkorg.",
} as const;

/** The start page's newsletter section (its signup form), as a link target: /#nyhetsbrev. */
export const NEWSLETTER_SECTION_ID = "nyhetsbrev";
