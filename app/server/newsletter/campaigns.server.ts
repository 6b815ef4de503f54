/**
 * Campaigns as /admin/utskick keeps them: the list (newest first), saving a
 * new campaign or a draft being edited, duplicating one as a '(Kopia)' draft
 * and deleting one (never while it is being sent). Sending, stopping and test
 * sends are campaign-sending.server.ts's; this module only stores.
 *
 * Every change that matters after the fact (delete) writes its audit row in
 * the same D1 batch as the change, under the same condition.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import type { CampaignValues } from "~/domain/schemas/campaign";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { columnsAs, schema } from "../db/client.server";
import type { Actor } from "../audit/audit-log.server";
import { auditStatement } from "../audit/audit-log.server";
import { claimStatement, type FormClaim } from "../forms/form-claim.server";

type CampaignRow = typeof schema.emailCampaigns.$inferSelect;

/** What the page shows of a campaign and what its form edits. */
export type CampaignView = Pick<
  CampaignRow,
  | "id"
  | "campaignName"
  | "subject"
  | "subheader"
  | "htmlContent"
  | "imageUrl"
  | "buttonText"
  | "buttonUrl"
  | "fromEmail"
  | "targetSegment"
  | "footerLine1"
  | "footerLine2"
  | "status"
  | "sentCount"
  | "createdAt"
> &
  CampaignDelivery;

/** What the provider reported back for the campaign's mail (its webhook): addresses delivered to, bounced, complained. */
export interface CampaignDelivery {
  delivered: number;
  bounced: number;
  complained: number;
}

const VIEW_KEYS = [
  "id",
  "campaignName",
  "subject",
  "subheader",
  "htmlContent",
  "imageUrl",
  "buttonText",
  "buttonUrl",
  "fromEmail",
  "targetSegment",
  "footerLine1",
  "footerLine2",
  "status",
  "sentCount",
  "createdAt",
] as const satisfies ReadonlyArray<keyof CampaignRow>;

const eventCount = (type: keyof CampaignDelivery) =>
  `(SELECT count(*) FROM email_events e WHERE e.campaign_id = email_campaigns.id AND e.type = '${type}') AS ${type}`;

// Column names and event types chosen in code.
const VIEW_COLUMNS = sql.raw(
  [
    columnsAs(schema.emailCampaigns, VIEW_KEYS),
    eventCount("delivered"),
    eventCount("bounced"),
    eventCount("complained"),
  ].join(", "),
);

/** The newest campaigns the page lists; older ones stay in the table. */
export const CAMPAIGN_LIST_LIMIT = 100;

/** The list, newest first (ties: the later id first). */
export function listCampaignsStatement(): SQL {
  return sql`SELECT ${VIEW_COLUMNS} FROM email_campaigns ORDER BY created_at DESC, id DESC LIMIT ${CAMPAIGN_LIST_LIMIT}`;
}

export function campaignStatement(id: number): SQL {
  return sql`SELECT ${VIEW_COLUMNS} FROM email_campaigns WHERE id = ${id}`;
}

export async function listCampaigns(context: AppLoadContext): Promise<CampaignView[]> {
  return context.db.all<CampaignView>(listCampaignsStatement());
}

export async function loadCampaign(context: AppLoadContext, id: number): Promise<CampaignView | null> {
  return (await context.db.get<CampaignView>(campaignStatement(id))) ?? null;
}

export type SaveCampaignOutcome =
  | { status: "saved"; id: number }
  | { status: "not-found" }
  /** The campaign is no longer a draft (it was sent meanwhile): its content stays as it went out. */
  | { status: "not-draft" };

/** The values in column order of the INSERT and UPDATE below; absent optional fields are stored as NULL. */
function columnValues(values: CampaignValues): SQL[] {
  return [
    values.campaign_name,
    values.subject,
    values.subheader ?? null,
    values.html_content,
    values.image_url ?? null,
    values.button_text ?? null,
    values.button_url ?? null,
    values.from_email,
    values.target_segment,
    values.footer_line1 ?? null,
    values.footer_line2 ?? null,
  ].map((value) => sql`${value}`);
}

/** Inserts a new draft (with its form's claim, when given), or updates draft `id` (only while it is a draft). */
export async function saveCampaign(
  context: AppLoadContext,
  values: CampaignValues,
  id: number | null,
  now: Date = new Date(),
  claim: FormClaim | null = null,
): Promise<SaveCampaignOutcome> {
  const nowIso = now.toISOString();
  const v = columnValues(values);
  if (id === null) {
    const b = new BatchBuilder();
    const inserted = b.add<{ id: number }>(
      sql`INSERT INTO email_campaigns (campaign_name, subject, subheader, html_content, image_url, button_text,
           button_url, from_email, target_segment, footer_line1, footer_line2, status, created_at, updated_at)
         VALUES (${sql.join(v, sql`, `)}, 'draft', ${nowIso}, ${nowIso}) RETURNING id`,
    );
    // The new campaign form's one-time key, claimed with the row it created.
    if (claim) b.add(claimStatement(claim, sql`last_insert_rowid()`));
    const row = await runBatch(context, b.plan((results) => inserted.first(results)));
    if (!row) throw new Error("campaign insert returned no id");
    return { status: "saved", id: row.id };
  }
  const b = new BatchBuilder();
  const updated = b.add(
    sql`UPDATE email_campaigns SET campaign_name = ${v[0]}, subject = ${v[1]}, subheader = ${v[2]}, html_content = ${v[3]},
           image_url = ${v[4]}, button_text = ${v[5]}, button_url = ${v[6]}, from_email = ${v[7]}, target_segment = ${v[8]},
           footer_line1 = ${v[9]}, footer_line2 = ${v[10]}, updated_at = ${nowIso}
         WHERE id = ${id} AND status = 'draft' RETURNING id`,
  );
  const found = b.add(sql`SELECT status FROM email_campaigns WHERE id = ${id}`);
  return runBatch(
    context,
    b.plan((results): SaveCampaignOutcome => {
      if (updated.rows(results).length) return { status: "saved", id };
      return found.rows(results).length ? { status: "not-draft" } : { status: "not-found" };
    }),
  );
}

export const COPY_SUFFIX = " (Kopia)";
const NAME_MAX = 200;

/**
 * A copy of campaign `id` as a new draft, named with ' (Kopia)' (the name
 * shortened so it still fits 200 characters), nothing sent yet. Works in any
 * status.
 */
export async function duplicateCampaign(
  context: AppLoadContext,
  id: number,
  now: Date = new Date(),
  claim: FormClaim | null = null,
): Promise<{ status: "done"; id: number } | { status: "not-found" }> {
  const nowIso = now.toISOString();
  const b = new BatchBuilder();
  const inserted = b.add<{ id: number }>(
    sql`INSERT INTO email_campaigns (campaign_name, subject, subheader, html_content, image_url, button_text,
         button_url, from_email, target_segment, footer_line1, footer_line2, status, sent_count, created_at, updated_at)
       SELECT rtrim(substr(campaign_name, 1, ${NAME_MAX - COPY_SUFFIX.length})) || ${COPY_SUFFIX}, subject, subheader, html_content, image_url, button_text,
         button_url, from_email, target_segment, footer_line1, footer_line2, 'draft', 0, ${nowIso}, ${nowIso}
       FROM email_campaigns WHERE id = ${id} RETURNING id`,
  );
  // The 'Duplicera' post's one-time key, claimed only when a copy was made.
  if (claim) b.add(claimStatement(claim, sql`last_insert_rowid()`, sql`changes() = 1`));
  const row = await runBatch(context, b.plan((results) => inserted.first(results)));
  return row ? { status: "done", id: row.id } : { status: "not-found" };
}

export type DeleteCampaignOutcome = { status: "done" } | { status: "not-found" } | { status: "sending" };

/**
 * Deletes campaign `id` unless it is being sent (stop it first). Its waves and
 * recipients ledger go with it (ON DELETE CASCADE); mail already queued or
 * sent stays in the outbox. The audit row is written in the same batch, from
 * the row as it was.
 */
export async function deleteCampaign(context: AppLoadContext, actor: Actor, id: number): Promise<DeleteCampaignOutcome> {
  const deletable = sql`id = ${id} AND status <> 'sending'`;
  const b = new BatchBuilder();
  b.add(
    auditStatement(
      actor,
      {
        action: "campaign.delete",
        targetType: "campaign",
        targetId: sql`CAST(id AS TEXT)`,
        details: sql`json_object('before', json_object('name', campaign_name, 'subject', subject, 'status', status,
          'sentCount', sent_count), 'after', NULL)`,
      },
      { from: sql`email_campaigns`, condition: deletable },
    ),
  );
  const deleted = b.add(sql`DELETE FROM email_campaigns WHERE ${deletable} RETURNING id`);
  const found = b.add(sql`SELECT status FROM email_campaigns WHERE id = ${id}`);
  return runBatch(
    context,
    b.plan((results): DeleteCampaignOutcome => {
      if (deleted.rows(results).length) return { status: "done" };
      return found.rows(results).length ? { status: "sending" } : { status: "not-found" };
    }),
  );
}

/** An audit row for a change made elsewhere (a send started, a send stopped). */
export async function auditCampaign(
  context: AppLoadContext,
  actor: Actor,
  action: "campaign.send" | "campaign.stop",
  id: number,
  details: Record<string, unknown>,
): Promise<void> {
  await context.db.run(auditStatement(actor, { action, targetType: "campaign", targetId: id, details }));
}
