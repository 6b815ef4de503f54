/**
 * The booking form's field for a card's code: its texts on their own, so
 * that a session's page loads them and none of the staff's card texts.
 */
import { CARD_CODE_LENGTH, type CardCodeProblem } from "./card-code";

export const CARD_CODE_FIELD_TEXTS = {
  label: "Kod för klippkort eller presentkort (valfritt)",
  hint: "Har du ett kort? Skriv koden från mejlet, t.ex. ABCD-EFGH-JKMN-PQRS.",
  /** The field's name in the form's list of errors. */
  short: "Kod",
} as const;

/** What the person who types a code is told when it cannot be one (the booking form's). */
export const CARD_CODE_PROBLEMS: Record<CardCodeProblem, string> = {
  empty: "Skriv kortets kod",
  length: `Koden har ${CARD_CODE_LENGTH} tecken, t.ex. ABCD-EFGH-JKMN-PQRS. Kontrollera att du fått med alla.`,
  lookalike: "Koderna har aldrig 0, O, 1, I eller L. Kontrollera tecknet och skriv igen.",
  character: "Koden har bara bokstäver och siffror, t.ex. ABCD-EFGH-JKMN-PQRS.",
};
