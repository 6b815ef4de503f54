/**
 * "Registrera sålt kort": a card paid for over the counter, issued for the
 * buyer's address. One D1 batch writes the card (with the balance it
 * carries), its ledger's 'issue' row, the mail with its code (through the
 * one outbox writer, within the address's mail budget), the form's claim and
 * the audit row, or nothing at all: the card is inserted only while its
 * product is still sold and unchanged since the mail was composed, and while
 * the address's budget has room for the mail, and everything else only if
 * the card was written.
 *
 * The plain code is in the mail alone: the card keeps its hash and last
 * four characters, the audit row neither. The mail carries the code as its
 * secret (app/domain/mail/card.tsx), as a sign-in link carries its token.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { CARD_LEDGER_NOTES } from "~/domain/cards/card-texts";
import { cardExpiry, saleAmount, type CardKind, type SaleAmount } from "~/domain/cards/card-terms";
import type { RegisterCardValues } from "~/domain/cards/card-schemas";
import { cardIssuedMail } from "~/domain/mail/card";
import { auditStatement, type Actor } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { outboxInsertStatements, recipientSlot, toOutboxRow } from "../email/outbox.server";
import { scheduleDrain } from "../email/send-email.server";
import { claimStatement, type FormClaim } from "../forms/form-claim.server";
import { withinBudget } from "../platform/rate-limit.server";
import { newCardCode } from "./card-codes.server";
import { loadCardProduct } from "./card-products.server";

export type SellCardOutcome =
  | { status: "issued"; cardId: number; last4: string; email: string }
  /** The product is gone or hidden (not sold). */
  | { status: "product-gone" }
  /** The product was edited between reading it and writing the card. */
  | { status: "product-changed" }
  | { status: "amount"; problem: Extract<SaleAmount, { ok: false }>["problem"]; product: { amounts: number[]; freeMinSek: number | null; freeMaxSek: number | null } }
  /** The address has had all the mail it may get for now: no card without its mail. */
  | { status: "over-mail-budget" };

export async function sellCardAtCounter(
  context: AppLoadContext,
  actor: Actor,
  values: RegisterCardValues,
  claim: FormClaim | null,
  now = new Date(),
): Promise<SellCardOutcome> {
  const { config } = context;
  const product = await loadCardProduct(context, values.product_id);
  if (!product || product.hidden) return { status: "product-gone" };
  const sale = saleAmount(product, values.amount_sek);
  if (!sale.ok) {
    return { status: "amount", problem: sale.problem, product: { amounts: product.amounts, freeMinSek: product.freeMinSek, freeMaxSek: product.freeMaxSek } };
  }
  const email = values.email.trim().toLowerCase();
  const nowIso = now.toISOString();
  const code = await newCardCode();
  const { lastDay, expiresAt } = cardExpiry(now, product.validityMonths);
  const kind: CardKind = product.kind;
  const sessionTypes = kind === "klippkort" ? product.sessionTypes : [];
  const mail = toOutboxRow(
    cardIssuedMail(
      { siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL },
      email,
      { kind, productName: product.name, code: code.display, uses: sale.usesLeft, sessionTypes, amountSek: sale.balanceSek, lastDay, expiresAt },
      code.hash,
    ),
    { from: config.EMAIL_FROM },
    nowIso,
  );
  const slot = await recipientSlot(config, email, mail.kind, now.getTime());

  const cardWritten = sql`EXISTS (SELECT 1 FROM cards WHERE code_hash = ${code.hash})`;
  const cardId = sql`(SELECT id FROM cards WHERE code_hash = ${code.hash})`;
  const b = new BatchBuilder();
  const inserted = b.add<{ id: number }>(
    sql`INSERT INTO cards (product_id, kind, code_hash, code_last4, holder_email, sold_via, paid_sek, session_types_json,
           uses_left, balance_sek, issued_at, expires_at)
         SELECT p.id, p.kind, ${code.hash}, ${code.last4}, ${email}, 'counter', ${sale.paidSek},
           ${kind === "klippkort" ? JSON.stringify(sessionTypes) : null}, ${sale.usesLeft}, ${sale.balanceSek}, ${nowIso}, ${expiresAt}
         FROM card_products p
         WHERE p.id = ${product.id} AND p.hidden = 0 AND p.kind = ${kind} AND p.updated_at = ${product.updatedAt}
           ${slot ? sql`AND ${withinBudget(slot)}` : sql``}
         RETURNING id`,
  );
  if (claim) b.add(claimStatement(claim, cardId, cardWritten));
  b.add(
    sql`INSERT INTO card_ledger (card_id, kind, uses_delta, amount_delta_sek, note, created_at)
         SELECT id, 'issue', coalesce(uses_left, 0), coalesce(balance_sek, 0), ${CARD_LEDGER_NOTES.soldAtCounter}, ${nowIso}
         FROM cards WHERE code_hash = ${code.hash}`,
  );
  b.addAll(outboxInsertStatements(mail, { condition: cardWritten, recipientSlot: slot }));
  b.add(
    auditStatement(
      actor,
      {
        action: "card.issue",
        targetType: "card",
        targetId: sql`CAST(${cardId} AS TEXT)`,
        details: {
          productId: product.id,
          product: product.name,
          kind,
          codeEndsWith: code.last4,
          soldVia: "counter",
          paidSek: sale.paidSek,
          usesLeft: sale.usesLeft,
          balanceSek: sale.balanceSek,
          expiresAt,
        },
      },
      { condition: cardWritten, createdAt: nowIso },
    ),
  );
  const state = b.add<{ sold: number; updatedAt: string | null }>(
    sql`SELECT (hidden = 0) AS sold, updated_at AS updatedAt FROM card_products WHERE id = ${product.id}`,
  );
  const outcome = await runBatch(
    context,
    b.plan((results): SellCardOutcome => {
      const card = inserted.first(results);
      if (card) return { status: "issued", cardId: card.id, last4: code.last4, email };
      const found = state.first(results);
      if (!found || found.sold !== 1) return { status: "product-gone" };
      if (found.updatedAt !== product.updatedAt) return { status: "product-changed" };
      return { status: "over-mail-budget" };
    }),
  );
  if (outcome.status === "issued") scheduleDrain(context, [mail.id]);
  return outcome;
}
