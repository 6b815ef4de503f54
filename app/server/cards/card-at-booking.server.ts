/**
 * A code typed on the booking form. First it is taken at once as a
 * klippkort (klippkortAtOnce): nothing is read, and the booking's own batch
 * spends it only if it is one that pays. If that batch spent nothing, the
 * code is read (cardForBooking): the card it names (by the code's hash),
 * whether that card pays a booking of this session at this price, and how
 * much (domain/cards/card-use.ts); the booking's batch then spends it,
 * re-checking what can change (cards/card-spend.server.ts).
 *
 * Guessing is limited per client network, the way staff password attempts
 * are: every code refused (unknown, ended, used up, for another type) counts
 * on the network's bucket, and once it is full no code is even looked up
 * until its window ends. A code that pays counts nothing, so a household
 * booking with its own cards never meets the limit. An unknown code is told
 * only that it does not work.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { cardUseFor, type CardAtBooking, type CardUseDecision, type KlippkortAtOnce } from "~/domain/cards/card-use";
import { clientNetwork, countHitStatement, rateLimitSlot, rateLimitVerdict, type RateLimitRule, type RateLimitSlot } from "../platform/rate-limit.server";
import { hashCardCode } from "./card-codes.server";

const FIFTEEN_MINUTES = 15 * 60_000;

/** Refused codes a client network may type per fifteen minutes. */
export const CARD_CODE_LIMIT = { name: "card-code-ip", limit: 10, windowMs: FIFTEEN_MINUTES } satisfies RateLimitRule;

/** A code typed at booking as both ways of paying with it need it: its hash, and the client network's slot of refused codes. */
export interface TypedCode {
  codeHash: string;
  refusals: RateLimitSlot;
}

/** The code `code` (plain, as parseCardCode gives it) typed from `request`'s client network. */
export async function typedCode(context: AppLoadContext, request: Request, code: string, now = new Date()): Promise<TypedCode> {
  const [refusals, codeHash] = await Promise.all([
    rateLimitSlot(context.cloudflare.env, CARD_CODE_LIMIT, clientNetwork(request), now.getTime()),
    hashCardCode(code),
  ]);
  return { codeHash, refusals };
}

/**
 * The code taken at once as a klippkort for a booking of session
 * `sessionId` at `priceSek` (see KlippkortAtOnce): nothing is read; the
 * booking's batch spends the card only if it is one that pays.
 */
export function klippkortAtOnce(
  { codeHash, refusals }: TypedCode,
  booking: { sessionId: number; title: string; priceSek: number },
): KlippkortAtOnce {
  return {
    kind: "klippkort",
    uses: 1,
    amountSek: booking.priceSek,
    balanceBefore: null,
    codeHash,
    sessionId: booking.sessionId,
    title: booking.title,
    refusals: { key: refusals.key, windowStart: refusals.windowStart, limit: refusals.limit },
  };
}

export type CardForBooking = CardUseDecision | { ok: false; problem: "rate-limited"; retryAfterSeconds: number };

/**
 * The card a typed code names, and what it pays of a booking of session
 * `sessionId` at `priceSek`; the session's type is its popup type's name,
 * or its title when it has none.
 */
export async function cardForBooking(
  context: AppLoadContext,
  { codeHash, refusals }: TypedCode,
  booking: { sessionId: number; title: string; priceSek: number },
  now = new Date(),
): Promise<CardForBooking> {
  // One read: the network's refused codes in this window, and the card (none: every card column null).
  const row = await context.db.get<Partial<CardAtBooking> & { refused: number | null; typeName: string | null }>(
    sql`SELECT (SELECT hits FROM rate_limits WHERE key = ${refusals.key} AND window_start = ${refusals.windowStart}) AS refused,
           c.id, c.kind, c.uses_left AS usesLeft, c.balance_sek AS balanceSek, c.expires_at AS expiresAt, c.voided_at AS voidedAt,
           c.refunded_at AS refundedAt, c.session_types_json AS sessionTypesJson,
           (SELECT pt.name FROM sessions s JOIN popup_types pt ON pt.id = s.popup_type_id WHERE s.id = ${booking.sessionId}) AS typeName
         FROM (SELECT 1) LEFT JOIN cards c ON c.code_hash = ${codeHash}`,
  );
  const refused = row?.refused ?? 0;
  if (refused >= CARD_CODE_LIMIT.limit) {
    return { ok: false, problem: "rate-limited", retryAfterSeconds: rateLimitVerdict(refusals, refused, now.getTime()).retryAfterSeconds };
  }
  const card = row && row.id != null ? (row as CardAtBooking & { typeName: string | null }) : null;
  const decision: CardUseDecision = card
    ? cardUseFor(card, { priceSek: booking.priceSek, typeNames: [card.typeName ?? booking.title] }, now)
    : { ok: false, problem: "unknown" };
  // A refused code counts on the network's slot.
  if (!decision.ok) await context.db.get(countHitStatement(refusals));
  return decision;
}
