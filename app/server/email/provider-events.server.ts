/**
 * What the provider tells us after taking a mail: its signed webhook
 * (POST MAIL_EVENTS_PATH). Resend signs the Svix / Standard Webhooks way
 * (svix-id, svix-timestamp, svix-signature: an HMAC-SHA256 of
 * "id.timestamp.body" under the whsec_ secret); the standardwebhooks library
 * checks the signature and refuses a timestamp more than 5 minutes off.
 *
 * - email.delivered, email.bounced, email.complained are stored, one row per
 *   event id (a repeat is answered 200 and changes nothing), with the outbox
 *   row and campaign they belong to, for the campaign's counts, the day-4
 *   report and /admin/epost-status.
 * - What a hard bounce (bounce type Permanent) or a complaint means for the
 *   address beyond this mail is the caller's to say (`addressEvents`: the
 *   Worker hands in the newsletter's, which marks the address undeliverable
 *   or unsubscribes it at once); its statements join the event's batch, so
 *   email/ knows no list.
 * - An authentic event about a mail we do not know (purged after its
 *   retention, or sent by another system on the same provider account) is
 *   stored without an address and answered 200 "Ignored": the provider
 *   disables an endpoint whose deliveries keep failing, and then no bounce
 *   or complaint would arrive at all. The one exception is a fresh event
 *   (created within MAIL_EVENT_RETRY_MS) while a mail is being sent, whose
 *   provider id may not be recorded yet: that one is answered 409 so the
 *   provider tries again (5 s, then 5 min later), and stored as above once
 *   the window has passed.
 * - A repeated event id answers 200 "Already stored" and changes nothing (the
 *   words Stripe's endpoint uses).
 * - A forged, stale or unsigned call answers 401, a malformed one 400, and
 *   neither changes anything. Other event types (sent, opened, delayed, …)
 *   are acknowledged and not stored.
 *
 * Everything an event changes is one D1 batch, written before the 200.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { readWebhookText, webhookAnswer } from "../forms/request-body.server";
import { ANONYMIZED_RECIPIENT } from "../privacy/housekeeping.server";

/**
 * A hard bounce or a complaint about one address, for whoever keeps lists of
 * addresses. `stored` holds only in the call that stored this event, so
 * statements guarded by it do nothing on a repeat.
 */
export type AddressEvent = {
  kind: "hard-bounce" | "complaint";
  address: string;
  /** Why the mail bounced, in a line for staff (null for a complaint). */
  detail: string | null;
  now: string;
  stored: SQL;
};
/** The statements an address event adds to the event's batch. */
export type AddressEventStatements = (event: AddressEvent) => SQL[];

export type MailEventOptions = { addressEvents?: AddressEventStatements; now?: Date };

/** Where the provider posts its events (configured in its dashboard). */
export const MAIL_EVENTS_PATH = "/api/epost-handelser";

/** The largest event body read; Resend's are a few hundred bytes. */
const MAX_EVENT_BYTES = 64 * 1024;

/**
 * How long after its creation an event about a mail we cannot find yet is
 * sent back for a retry, while some mail is being sent (its provider id is
 * recorded once the provider has answered the send).
 */
export const MAIL_EVENT_RETRY_MS = 15 * 60 * 1000;

const STORED_TYPES = {
  "email.delivered": "delivered",
  "email.bounced": "bounced",
  "email.complained": "complained",
} as const;

const eventSchema = z.object({
  type: z.string().min(1).max(100),
  created_at: z.string().max(100).optional(),
  data: z
    .object({
      email_id: z.string().min(1).max(200),
      subject: z.string().max(1000).optional(),
      bounce: z
        .object({
          type: z.string().max(100).optional(),
          subType: z.string().max(100).optional(),
          message: z.string().max(2000).optional(),
        })
        .passthrough()
        .optional(),
    })
    .passthrough(),
});

/** Why a bounce happened, in a line for staff. */
function bounceDetail(bounce: { type?: string; subType?: string; message?: string } | undefined): string | null {
  if (!bounce) return null;
  return [bounce.type, bounce.subType, bounce.message].filter(Boolean).join(" · ").slice(0, 1000) || null;
}

/** A hard bounce: the provider says the address will never take mail (Resend: bounce.type "Permanent"). */
function isHardBounce(bounce: { type?: string } | undefined): boolean {
  return (bounce?.type ?? "").toLowerCase() === "permanent";
}

export async function handleMailEvent(
  context: AppLoadContext,
  request: Request,
  { addressEvents = () => [], now = new Date() }: MailEventOptions = {},
): Promise<Response> {
  const { config } = context;
  // Not configured: as if the endpoint did not exist.
  if (!config.RESEND_WEBHOOK_SECRET) return webhookAnswer(404, "Not found");
  if (request.method !== "POST") return webhookAnswer(405, "Use POST");
  const body = await readWebhookText(request, MAX_EVENT_BYTES);
  if (body === null) return webhookAnswer(413, "Too large");

  let payload: unknown;
  try {
    payload = new Webhook(config.RESEND_WEBHOOK_SECRET).verify(body, {
      "webhook-id": request.headers.get("svix-id") ?? "",
      "webhook-timestamp": request.headers.get("svix-timestamp") ?? "",
      "webhook-signature": request.headers.get("svix-signature") ?? "",
    });
  } catch (error) {
    if (error instanceof WebhookVerificationError || error instanceof SyntaxError) {
      return webhookAnswer(error instanceof SyntaxError ? 400 : 401, "Not verified");
    }
    throw error;
  }
  const eventId = request.headers.get("svix-id") ?? "";
  const parsed = eventSchema.safeParse(payload);
  if (!parsed.success || eventId.length > 200) return webhookAnswer(400, "Malformed event");
  const event = parsed.data;
  const type = STORED_TYPES[event.type as keyof typeof STORED_TYPES];
  if (!type) return webhookAnswer(200, "Ignored");

  const nowIso = now.toISOString();
  const mail = await context.db.get<{ id: string; recipient: string; subject: string; campaignId: number | null }>(
    sql`SELECT o.id, o.to_address AS recipient, o.subject, r.campaign_id AS campaignId
       FROM email_outbox o LEFT JOIN email_campaign_recipients r ON r.outbox_id = o.id
       WHERE o.provider_message_id = ${event.data.email_id} LIMIT 1`,
  );
  // A repeat changes nothing, whether or not its mail is still kept.
  if (await context.db.get(sql`SELECT 1 FROM email_events WHERE event_id = ${eventId}`)) {
    return webhookAnswer(200, "Already stored");
  }
  if (!mail) return unknownMail(context, eventId, type, event, now);

  const detail = type === "bounced" ? bounceDetail(event.data.bounce) : null;
  const b = new BatchBuilder();
  b.add(
    sql`INSERT INTO email_events (event_id, type, provider_message_id, outbox_id, campaign_id, recipient, subject, detail,
         occurred_at, received_at)
       VALUES (${eventId}, ${type}, ${event.data.email_id}, ${mail.id}, ${mail.campaignId}, ${mail.recipient}, ${mail.subject}, ${detail},
         ${event.created_at ?? null}, ${nowIso})
       ON CONFLICT (event_id) DO NOTHING`,
  );
  // Each effect holds only for the event stored by this very call (a repeat changes nothing).
  const stored: SQL = sql`EXISTS (SELECT 1 FROM email_events WHERE event_id = ${eventId} AND received_at = ${nowIso})`;
  const kind = type === "complained" ? "complaint" : type === "bounced" && isHardBounce(event.data.bounce) ? "hard-bounce" : null;
  if (kind) {
    for (const statement of addressEvents({ kind, address: mail.recipient, detail, now: nowIso, stored })) b.add(statement);
  }
  await runBatch(context, b.plan(() => undefined));
  return webhookAnswer(200, "Stored");
}

/**
 * An authentic event about a mail the outbox does not hold: sent back once
 * or twice while it may be a send not yet recorded, otherwise stored without
 * an address (so a repeat is known) and acknowledged.
 */
async function unknownMail(
  context: AppLoadContext,
  eventId: string,
  type: (typeof STORED_TYPES)[keyof typeof STORED_TYPES],
  event: z.infer<typeof eventSchema>,
  now: Date,
): Promise<Response> {
  const created = Date.parse(event.created_at ?? "");
  if (Number.isFinite(created) && Math.abs(now.getTime() - created) <= MAIL_EVENT_RETRY_MS) {
    const sending = await context.db.get(sql`SELECT 1 FROM email_outbox WHERE status = 'sending' LIMIT 1`);
    if (sending) return webhookAnswer(409, "Not recorded yet");
  }
  await context.db.run(
    sql`INSERT INTO email_events (event_id, type, provider_message_id, outbox_id, campaign_id, recipient, subject, detail,
         occurred_at, received_at)
       VALUES (${eventId}, ${type}, ${event.data.email_id}, NULL, NULL, ${ANONYMIZED_RECIPIENT}, NULL, NULL,
         ${event.created_at ?? null}, ${now.toISOString()})
       ON CONFLICT (event_id) DO NOTHING`,
  );
  console.log(`mail event ${eventId} (${type}) about a mail not in the outbox: stored without an address`);
  return webhookAnswer(200, "Ignored");
}
