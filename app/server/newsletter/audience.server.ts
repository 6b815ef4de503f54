/**
 * Who a wave's audience is, as SQL over `newsletter_subscribers s`: a segment
 * (subscribed members of it whose address has not bounced hard), or UNSEGMENTED_AUDIENCE (subscribed, in no
 * official segment). Shared by the start of a campaign (counting), the send
 * step's counts and the waves (queueing), so all three always mean the same
 * people.
 */
import { sql, type SQL } from "drizzle-orm";
import { ALL_TARGET, OFFICIAL_SEGMENTS, UNSEGMENTED_AUDIENCE, targetAudiences } from "~/domain/newsletter/segments";

/** Subscribed, and no hard bounce since (provider-events.server.ts). */
const MAILABLE = sql.raw("s.status = 'subscribed' AND s.undeliverable_at IS NULL");

// The official segments are constants of the code, never input.
const OFFICIAL_LIST = sql.raw(OFFICIAL_SEGMENTS.map((s) => `'${s}'`).join(", "));

/** Subscribed members of `audience`; ALL_TARGET means every subscribed subscriber. */
export function audienceCondition(audience: string): SQL {
  if (audience === ALL_TARGET) return sql`${MAILABLE}`;
  if (audience === UNSEGMENTED_AUDIENCE) {
    return sql`${MAILABLE} AND NOT EXISTS (
        SELECT 1 FROM newsletter_subscriber_segments g
        WHERE g.subscriber_id = s.id AND g.segment_name IN (${OFFICIAL_LIST}))`;
  }
  return sql`${MAILABLE} AND EXISTS (
      SELECT 1 FROM newsletter_subscriber_segments g WHERE g.subscriber_id = s.id AND g.segment_name = ${audience})`;
}

/** Not yet in the campaign's ledger: nobody gets one campaign twice. */
export function notYetRecipient(campaignId: number): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM email_campaign_recipients r WHERE r.campaign_id = ${campaignId} AND r.subscriber_id = s.id)`;
}

/**
 * How many a start of campaign `campaignId` to `target` would reach now (one
 * row, `n`): the very statement the start counts with, so the number the
 * send step shows is the number the send uses.
 */
export function recipientCountStatement(campaignId: number, target: string): SQL {
  return sql`SELECT count(*) AS n FROM newsletter_subscribers s WHERE ${audienceCondition(target)} AND ${notYetRecipient(campaignId)}`;
}

/** Which of `audiences` campaign `campaignId` has already gone to (rows of `audience`, in the order given). */
export function sentAudiencesStatement(campaignId: number, audiences: readonly string[]): SQL {
  return sql`SELECT a.value AS audience FROM json_each(${JSON.stringify(audiences)}) a
    WHERE EXISTS (SELECT 1 FROM email_campaign_recipients r WHERE r.campaign_id = ${campaignId} AND r.segment_name = a.value)
    ORDER BY a.key`;
}

/** Holds while campaign `campaignId` has gone to none of `target`'s audiences: a first send there. */
export function notSentBefore(campaignId: number, target: string): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM email_campaign_recipients r
    WHERE r.campaign_id = ${campaignId} AND r.segment_name IN (SELECT value FROM json_each(${JSON.stringify(targetAudiences(target))})))`;
}
