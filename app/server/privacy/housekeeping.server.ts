/**
 * Removes what has outlived its purpose: used or expired sign-in, staff
 * confirmation and newsletter confirmation tokens, expired sessions, old rate-limit windows, settled
 * mail past its retention (and the address in the provider's reports about it:
 * the report stays, so a campaign's counts do), and shared mail bodies nothing needs any more (no
 * outbox row and no campaign being sent refers to them), and card orders
 * never paid, a month on (they hold a buyer's address and a greeting, and
 * nothing was bought). Run daily by the cron worker.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { purgeSettledMailStatement } from "../email/outbox.server";

const DAY_MS = 24 * 60 * 60_000;

/** How long an order of a card that was never paid is kept (a Checkout Session lasts a day at most). */
export const UNPAID_CARD_ORDER_DAYS = 30;

/** What stands for the address in a provider's report past the mail retention (/admin/epost-status leaves these out). */
export const ANONYMIZED_RECIPIENT = "[raderad]";

export async function removeExpiredRecords(
  context: AppLoadContext,
  now = new Date(),
  { mailRetentionDays }: { mailRetentionDays: number },
) {
  const nowIso = now.toISOString();
  const dayAgoIso = new Date(now.getTime() - DAY_MS).toISOString();
  const mailCutoff = new Date(now.getTime() - mailRetentionDays * DAY_MS).toISOString();
  const b = new BatchBuilder();
  // Used tokens are kept a day so a second click still gets the right error.
  const tokens = b.add(sql`DELETE FROM sign_in_tokens WHERE expires_at < ${dayAgoIso}`);
  const staffTokens = b.add(sql`DELETE FROM staff_email_tokens WHERE expires_at < ${dayAgoIso}`);
  const newsletterTokens = b.add(sql`DELETE FROM newsletter_confirmations WHERE expires_at < ${dayAgoIso}`);
  const sessions = b.add(sql`DELETE FROM auth_sessions WHERE expires_at < ${nowIso}`);
  const windows = b.add(sql`DELETE FROM rate_limits WHERE window_start < ${now.getTime() - DAY_MS}`);
  const mail = b.add(purgeSettledMailStatement(now, mailRetentionDays));
  const unpaidOrders = b.add(
    sql`DELETE FROM card_orders WHERE card_id IS NULL AND status IN ('open', 'expired')
         AND created_at < ${new Date(now.getTime() - UNPAID_CARD_ORDER_DAYS * DAY_MS).toISOString()}`,
  );
  // After the mail purge, so the bodies only purged mail used go too.
  const bodies = b.add(
    sql`DELETE FROM email_bodies
       WHERE NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.body_id = email_bodies.id)
         AND NOT EXISTS (SELECT 1 FROM email_campaigns c WHERE c.body_id = email_bodies.id AND c.status = 'sending')`,
  );
  const events = b.add(
    sql`UPDATE email_events SET recipient = ${ANONYMIZED_RECIPIENT}, subject = NULL, detail = NULL
       WHERE received_at < ${mailCutoff} AND recipient <> ${ANONYMIZED_RECIPIENT}`,
  );
  return runBatch(
    context,
    b.plan((results) => ({
      tokens: tokens.changes(results) + staffTokens.changes(results) + newsletterTokens.changes(results),
      sessions: sessions.changes(results),
      rateLimitWindows: windows.changes(results),
      mail: mail.changes(results),
      mailBodies: bodies.changes(results),
      mailEventsAnonymized: events.changes(results),
      unpaidCardOrders: unpaidOrders.changes(results),
    })),
  );
}
