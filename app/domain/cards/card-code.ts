// A card's code: the bearer credential of a klippkort or presentkort (issue
// 48). Sixteen characters from an alphabet without the lookalikes 0/O and
// 1/I/L, drawn with crypto.getRandomValues and shown in groups of four
// (ABCD-EFGH-JKMN-PQRS), so it is easy to read aloud, copy from a mail and
// type. 16 × log2(31) ≈ 79 bits; staff see the last four characters, so the
// twelve nobody sees still carry ≈ 59 bits. The server stores only a hash of
// the code as parseCardCode gives it (app/server/cards/card-codes.server.ts).
// Pure apart from the random source, which a caller may hand in.

/** 23 capital letters (no I, L, O) and the digits 2–9. */
export const CARD_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CARD_CODE_LENGTH = 16;
export const CARD_CODE_GROUP = 4;
/** How many characters of a code staff see (cards.code_last4). */
export const CARD_CODE_SHOWN = 4;

/** The code's entropy in bits, and what is left of it once the shown characters are known. */
export const CARD_CODE_BITS = CARD_CODE_LENGTH * Math.log2(CARD_CODE_ALPHABET.length);
export const CARD_CODE_HIDDEN_BITS = (CARD_CODE_LENGTH - CARD_CODE_SHOWN) * Math.log2(CARD_CODE_ALPHABET.length);

/** Random bytes, as crypto.getRandomValues gives them. */
export type RandomBytes = (count: number) => Uint8Array;

const cryptoBytes: RandomBytes = (count) => crypto.getRandomValues(new Uint8Array(count));

/**
 * The largest multiple of the alphabet's size a byte can hold: bytes at or
 * above it are drawn again, so every character is equally likely.
 */
const BYTE_LIMIT = 256 - (256 % CARD_CODE_ALPHABET.length);

/** A new code, plain (no dashes): CARD_CODE_LENGTH characters of the alphabet, each uniformly drawn. */
export function generateCardCode(random: RandomBytes = cryptoBytes): string {
  let code = "";
  while (code.length < CARD_CODE_LENGTH) {
    for (const byte of random(CARD_CODE_LENGTH * 2)) {
      if (byte >= BYTE_LIMIT) continue;
      code += CARD_CODE_ALPHABET[byte % CARD_CODE_ALPHABET.length];
      if (code.length === CARD_CODE_LENGTH) break;
    }
  }
  return code;
}

/** "ABCDEFGHJKMNPQRS" → "ABCD-EFGH-JKMN-PQRS". */
export function formatCardCode(code: string): string {
  return code.match(new RegExp(`.{1,${CARD_CODE_GROUP}}`, "g"))?.join("-") ?? code;
}

/** The characters staff see of a plain code. */
export function cardCodeLast4(code: string): string {
  return code.slice(-CARD_CODE_SHOWN);
}

/**
 * Why a typed code cannot be one of ours: nothing typed, the wrong number of
 * characters, a lookalike no code has (0, O, 1, I, L), or another character.
 */
export type CardCodeProblem = "empty" | "length" | "lookalike" | "character";

export type ParsedCardCode = { ok: true; code: string } | { ok: false; problem: CardCodeProblem };

/** Spaces, dashes of every width and dots people type or paste between the groups. */
const SEPARATORS = /[\s\-‐‑‒–—―_.]/gu;
const LOOKALIKES = /[0O1IL]/;

/**
 * A code as someone typed or pasted it: any case, with or without spaces,
 * dashes or dots between the groups. A typed 0, O, 1, I or L is refused, not
 * read as another character: no code has them, and a guess at what was meant
 * could turn one person's typo into another person's card.
 */
export function parseCardCode(typed: string): ParsedCardCode {
  const code = typed.normalize("NFKC").replace(SEPARATORS, "").toUpperCase();
  if (code === "") return { ok: false, problem: "empty" };
  if (LOOKALIKES.test(code)) return { ok: false, problem: "lookalike" };
  if ([...code].some((c) => !CARD_CODE_ALPHABET.includes(c))) return { ok: false, problem: "character" };
  if (code.length !== CARD_CODE_LENGTH) return { ok: false, problem: "length" };
  return { ok: true, code };
}
