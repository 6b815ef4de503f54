// The texts of the session cards (the start page, /alla-popups, /boka) and of
// the session list (/alla-popups), and the toast of a list that could not be
// loaded.
import { GROUP_RULE } from "../group-rule-texts";

/** A session card's button on /boka (BOKA_TEXTS.bookNow): the cards load it without the rest of /boka's words. */
export const BOOK_NOW = "Boka nu";

export const SESSION_LIST_TEXTS = {
  title: "Alla PopUp's",
  subtitle: "Välj ett pass att boka",
  loading: "Laddar sessioner...",
  empty: "Inga kommande sessioner just nu",
  book: "Visa & Boka",
  full: "Fullbokat",
  /** A full session's card links to its queue (the queue form's own heading says the same). */
  queue: "Ställ mig i kö",
  infoTitle: "Info om GruppUps",
  infoText: `${GROUP_RULE} Annars blir passet av precis som det står i din bokningsbekräftelse.`,
} as const;

export const LOAD_FAILURE_TOAST = {
  title: "Fel",
  description: "Kunde inte hämta sessioner. Försök igen senare.",
} as const;
