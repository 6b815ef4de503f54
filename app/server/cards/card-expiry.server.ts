/**
 * The end of a card's validity (the cron's 'cards' job, every five minutes):
 *
 * - **Reminder**: a card with something left gets one mail CARD_REMINDER_DAYS
 *   before it expires, to whoever has its code (the recipient of a gift once
 *   it has been sent, else the buyer). Queued and marked in one batch, only
 *   while the card is still open, unreminded and as read; under the key
 *   `card-expiry-reminder:<card id>`, so two runs queue one mail. Not for a
 *   card sold less than a week before the reminder would be due (its issue
 *   mail says its last day), nor an address erased.
 * - **Expiry**: once past its last day, what is left is taken off by an
 *   'expiry' ledger row and the kept balance goes to zero, in one batch, for
 *   every card that has ended and still holds something. A card ends once
 *   (card_ledger_one_end), so a run that overlaps another writes nothing
 *   twice. The code in the stored copy of its mail is blanked by the mail's
 *   own expiry (the secret expires with the card).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { CARD_REMINDER_DAYS, CARD_REMINDER_QUIET_DAYS, cardLastDay, type CardKind } from "~/domain/cards/card-terms";
import { CARD_LEDGER_NOTES } from "~/domain/cards/card-texts";
import { cardReminderMail, cardReminderMailKey } from "~/domain/mail/card";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { outboxInsertStatements, toOutboxRow } from "../email/outbox.server";
import { cardCodeHolder, cardOpenAt } from "./card-conditions.server";

/** Cards reminded per run at most; the next run takes the rest. */
export const CARD_REMINDERS_PER_RUN = 50;
/** Cards expired per run at most. */
export const CARD_EXPIRIES_PER_RUN = 200;

const DAY_MS = 86_400_000;

const holdsSomething = sql`(coalesce(c.uses_left, 0) > 0 OR coalesce(c.balance_sek, 0) > 0)`;

type DueCard = {
  id: number;
  kind: CardKind;
  productName: string;
  usesLeft: number | null;
  balanceSek: number | null;
  expiresAt: string;
  codeLast4: string;
  to: string;
};

export async function findCardsToRemind(context: AppLoadContext, now: Date, limit = CARD_REMINDERS_PER_RUN): Promise<DueCard[]> {
  const nowIso = now.toISOString();
  const horizon = new Date(now.getTime() + CARD_REMINDER_DAYS * DAY_MS).toISOString();
  return context.db.all<DueCard>(
    sql`SELECT c.id, c.kind, p.name AS productName, c.uses_left AS usesLeft, c.balance_sek AS balanceSek,
           c.expires_at AS expiresAt, c.code_last4 AS codeLast4, ${cardCodeHolder(nowIso)} AS "to"
         FROM cards c JOIN card_products p ON p.id = c.product_id
         WHERE c.expires_at <= ${horizon} AND c.expiry_reminded_at IS NULL AND ${holdsSomething} AND ${cardOpenAt(nowIso)}
           AND c.issued_at <= strftime('%Y-%m-%dT%H:%M:%fZ', c.expires_at, ${`-${CARD_REMINDER_DAYS + CARD_REMINDER_QUIET_DAYS} days`})
           AND ${cardCodeHolder(nowIso)} <> '[raderad]'
         ORDER BY c.expires_at, c.id
         LIMIT ${limit}`,
  );
}

/** Queues each card's reminder while it still holds what the mail says, and marks it; one batch per card. */
export async function remindExpiringCards(context: AppLoadContext, now: Date): Promise<{ reminded: number }> {
  const { config } = context;
  const nowIso = now.toISOString();
  let reminded = 0;
  for (const card of await findCardsToRemind(context, now)) {
    const mail = toOutboxRow(
      cardReminderMail({ siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL }, card.to, { ...card, lastDay: cardLastDay(card.expiresAt) }),
      { from: config.EMAIL_FROM },
      nowIso,
    );
    const asRead = sql`EXISTS (SELECT 1 FROM cards c WHERE c.id = ${card.id} AND c.expiry_reminded_at IS NULL AND ${cardOpenAt(nowIso)}
      AND c.uses_left IS ${card.usesLeft} AND c.balance_sek IS ${card.balanceSek} AND c.expires_at = ${card.expiresAt})`;
    const b = new BatchBuilder();
    b.addAll(outboxInsertStatements(mail, { condition: asRead }));
    const mark = b.add(
      sql`UPDATE cards SET expiry_reminded_at = ${nowIso}
           WHERE id = ${card.id} AND expiry_reminded_at IS NULL
             AND EXISTS (SELECT 1 FROM email_outbox WHERE idempotency_key = ${cardReminderMailKey(card.id)})`,
    );
    reminded += await runBatch(context, b.plan((results) => mark.changes(results)));
  }
  return { reminded };
}

/** Takes what is left off every card past its last day, with its ledger row; returns how many. */
export async function expireCards(context: AppLoadContext, now: Date): Promise<{ expired: number }> {
  const nowIso = now.toISOString();
  const b = new BatchBuilder();
  const rows = b.add<{ cardId: number }>(
    sql`INSERT INTO card_ledger (card_id, kind, uses_delta, amount_delta_sek, note, created_at)
         SELECT c.id, 'expiry', -coalesce(c.uses_left, 0), -coalesce(c.balance_sek, 0), ${CARD_LEDGER_NOTES.expired}, ${nowIso}
         FROM cards c
         WHERE c.expires_at <= ${nowIso} AND c.voided_at IS NULL AND c.refunded_at IS NULL AND ${holdsSomething}
           AND NOT EXISTS (SELECT 1 FROM card_ledger e WHERE e.card_id = c.id AND e.kind IN ('expiry', 'refund', 'void'))
         ORDER BY c.expires_at, c.id
         LIMIT ${CARD_EXPIRIES_PER_RUN}
         RETURNING card_id AS cardId`,
  );
  // The kept balance follows its ledger row, in the same batch.
  b.add(
    sql`UPDATE cards SET uses_left = CASE WHEN kind = 'klippkort' THEN 0 END, balance_sek = CASE WHEN kind = 'presentkort' THEN 0 END
         WHERE id IN (SELECT card_id FROM card_ledger WHERE kind = 'expiry' AND created_at = ${nowIso})
           AND (coalesce(uses_left, 0) > 0 OR coalesce(balance_sek, 0) > 0)`,
  );
  return runBatch(context, b.plan((results) => ({ expired: rows.rows(results).length })));
}

/** The cron job: expire what has ended, then remind what soon will. */
export async function runCardJobs(context: AppLoadContext, now: Date): Promise<{ expired: number; reminded: number }> {
  const { expired } = await expireCards(context, now);
  const { reminded } = await remindExpiringCards(context, now);
  return { expired, reminded };
}
