// What the queue form on a full session's booking page says (its heading,
// lead and button), and apart what the server writes about the queue on that
// page. The rest of the queue's words are in ./waitlist.

export const WAITLIST_TEXTS = {
  heading: "Ställ mig i kö",
  lead: "Passet är fullbokat. Ställ dig i kö, så mejlar vi dig om en plats blir ledig. Den som står först i kön får platsen reserverad i 2 timmar.",
  submit: "Ställ mig i kö",
  busy: "Skickar…",
} as const;

/**
 * What the server writes: the note on seats held for the queue (by the
 * loader), and its answers to a post of the queue form. Apart, so the page's
 * script does not carry them.
 */
export const WAITLIST_SERVER_TEXTS = {
  heldOne: "En plats är reserverad för någon i kön.",
  heldMany: (n: number) => `${n} platser är reserverade för några i kön.`,
  joinedTitle: "Du står i kön",
  joined: "Tack! Om adressen inte redan stod i kön har vi skickat ett mejl som bekräftar din plats. Blir en plats ledig hör vi av oss.",
  seatsFree: "Det finns en ledig plats på passet, så du kan boka direkt.",
  failed: "Det gick inte att ställa dig i kö just nu. Försök igen om en stund.",
} as const;
