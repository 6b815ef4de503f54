/**
 * Cards for the integration tests that need one as it would be after a sale
 * (its issue row in the ledger) without going through /admin/kort, a booking
 * paid with one through the real booking form, and the check that every
 * card's kept balance is its ledger's sum.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { cardCodeLast4, formatCardCode, generateCardCode } from "~/domain/cards/card-code";
import { hashCardCode } from "~/server/cards/card-codes.server";
import { bookingForm, postBooking } from "./booking-fixtures";

const DAY = 24 * 60 * 60_000;

/** A klippkort product (5 uses, VALPKURS) and a presentkort product, named after `tag`; their ids. */
export async function insertCardProducts(tag: string): Promise<{ klippkort: number; presentkort: number }> {
  const klipp = await env.DB.prepare(
    `INSERT INTO card_products (kind, name, uses, price_sek, session_types_json, validity_months) VALUES ('klippkort', ?, 5, 1000, '["VALPKURS"]', 6) RETURNING id`,
  )
    .bind(`5-kort ${tag}`)
    .first<{ id: number }>();
  const gift = await env.DB.prepare(`INSERT INTO card_products (kind, name, amounts_json, validity_months) VALUES ('presentkort', ?, '[200, 500]', 12) RETURNING id`)
    .bind(`Presentkort ${tag}`)
    .first<{ id: number }>();
  return { klippkort: klipp!.id, presentkort: gift!.id };
}

export type TestCardOptions = {
  uses?: number;
  balanceSek?: number;
  holder?: string;
  recipient?: string;
  /** When a gift is sent to its recipient (ISO); none: sent. */
  sendAt?: string;
  soldVia?: "counter" | "online";
  expiresInMs?: number;
  issuedAt?: string;
};

/** A card sold of `productId`, as a sale leaves it (its issue row in the ledger); its id, code as mailed and last four. */
export async function sellTestCard(productId: number, kind: "klippkort" | "presentkort", o: TestCardOptions = {}) {
  const code = generateCardCode();
  const issuedAt = o.issuedAt ?? new Date(Date.now() - DAY).toISOString();
  const klipp = kind === "klippkort";
  const uses = klipp ? (o.uses ?? 3) : null;
  const balance = klipp ? null : (o.balanceSek ?? 200);
  const online = o.soldVia === "online";
  const row = await env.DB.prepare(
    `INSERT INTO cards (product_id, kind, code_hash, code_last4, holder_email, recipient_email, send_at, sold_via, stripe_checkout_session_id,
       paid_sek, session_types_json, uses_left, balance_sek, issued_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      productId,
      kind,
      await hashCardCode(code),
      cardCodeLast4(code),
      o.holder ?? "innehavare@example.se",
      o.recipient ?? null,
      o.sendAt ?? null,
      online ? "online" : "counter",
      online ? `cs_test_${crypto.randomUUID()}` : null,
      klipp ? 1000 : (balance ?? 0),
      klipp ? '["VALPKURS"]' : null,
      uses,
      balance,
      issuedAt,
      new Date(Date.now() + (o.expiresInMs ?? 90 * DAY)).toISOString(),
    )
    .first<{ id: number }>();
  await env.DB.prepare(`INSERT INTO card_ledger (card_id, kind, uses_delta, amount_delta_sek, note, created_at) VALUES (?, 'issue', ?, ?, 'Sålt i kassan', ?)`)
    .bind(row!.id, uses ?? 0, balance ?? 0, issuedAt)
    .run();
  return { id: row!.id, code: formatCardCode(code), last4: cardCodeLast4(code) };
}

/** Books `sessionId` through the form with `code` for `email`; the answer and the booking id when it was booked. */
export async function bookWithCode(sessionId: number, code: string, email = `kort-${crypto.randomUUID().slice(0, 8)}@example.se`, name = "Anna Andersson") {
  const res = await postBooking(sessionId, await bookingForm({ user_name: name, user_email: email, user_email_confirm: email, card_code: code }));
  const row = await env.DB.prepare("SELECT id FROM bookings WHERE user_email = ? AND session_id = ?").bind(email, sessionId).first<{ id: string }>();
  return { res, bookingId: row?.id ?? null, email };
}

/** Every card whose kept balance is not the sum of its ledger rows (none, ever). */
export async function balancesOffTheLedger() {
  const { results } = await env.DB.prepare(
    `SELECT c.id, c.kind, c.uses_left, c.balance_sek,
       (SELECT sum(uses_delta) FROM card_ledger l WHERE l.card_id = c.id) AS uses,
       (SELECT sum(amount_delta_sek) FROM card_ledger l WHERE l.card_id = c.id) AS amount
     FROM cards c`,
  ).all<{ id: number; kind: string; uses_left: number | null; balance_sek: number | null; uses: number | null; amount: number | null }>();
  expect(results.length).toBeGreaterThan(0);
  return results.filter((c) => (c.kind === "klippkort" ? c.uses_left !== c.uses || c.amount !== 0 : c.balance_sek !== c.amount || c.uses !== 0));
}
