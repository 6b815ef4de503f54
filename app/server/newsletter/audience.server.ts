/**
 * Who a wave's audience is, as SQL over `newsletter_subscribers s`: a segment
 * (subscribed members of it whose address has not bounced hard), or UNSEGMENTED_AUDIENCE (subscribed, in no
 * official segment). Shared by the start of a campaign (counting) and the
 * waves (queueing), so both always mean the same people.
 */
import { sql, type SQL } from "drizzle-orm";
import { ALL_TARGET, OFFICIAL_SEGMENTS, UNSEGMENTED_AUDIENCE } from "~/domain/newsletter/segments";

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
