/**
 * A card's code as the server keeps it: only a hash, the way the one-time
 * sign-in tokens are kept (SHA-256 in hex, crypto.server.ts), and the last
 * four characters for staff to tell cards apart. The hash is of the code as
 * parseCardCode reads it (capitals, no dashes), so a code typed at booking
 * later, in any case and with or without its dashes, finds its card.
 */
import { cardCodeLast4, formatCardCode, generateCardCode, type RandomBytes } from "~/domain/cards/card-code";
import { sha256Hex } from "../platform/crypto.server";

/** The hash a card is found by (cards.code_hash), of a plain code as parseCardCode gives it. */
export function hashCardCode(code: string): Promise<string> {
  return sha256Hex(code);
}

/** A fresh code: as the buyer reads it (in groups), its hash and the characters staff see. */
export async function newCardCode(random?: RandomBytes): Promise<{ display: string; hash: string; last4: string }> {
  const code = generateCardCode(random);
  return { display: formatCardCode(code), hash: await hashCardCode(code), last4: cardCodeLast4(code) };
}
