/**
 * Campaigns as /admin/utskick keeps them: the list (newest first), saving a
 * new campaign or a draft being edited, duplicating one as a '(Kopia)' draft
 * and deleting one (never while it is being sent). Sending, stopping and test
 * sends are campaign-sending.server.ts's; this module only stores.
 *
 * Every change that matters after the fact (delete) writes its audit row in
 * the same D1 batch as the change, under the same condition.
 */
import type { CampaignValues } from "~/domain/schemas/campaign";
import { columnsAs, schema } from "../db/client.server";
import type { Actor } from "../audit/audit-log.server";
import { auditSql, auditStatement } from "../audit/audit-log.server";

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

const VIEW_COLUMNS = [
  columnsAs(schema.emailCampaigns, VIEW_KEYS),
  eventCount("delivered"),
  eventCount("bounced"),
  eventCount("complained"),
].join(", ");

/** The newest campaigns the page lists; older ones stay in the table. */
export const CAMPAIGN_LIST_LIMIT = 100;

/** The list, newest first (ties: the later id first). */
export function listCampaignsStatement(db: D1Database): D1PreparedStatement {
  return db
    .prepare(`SELECT ${VIEW_COLUMNS} FROM email_campaigns ORDER BY created_at DESC, id DESC LIMIT ?`)
    .bind(CAMPAIGN_LIST_LIMIT);
}

export function campaignStatement(db: D1Database, id: number): D1PreparedStatement {
  return db.prepare(`SELECT ${VIEW_COLUMNS} FROM email_campaigns WHERE id = ?`).bind(id);
}

export async function listCampaigns(db: D1Database): Promise<CampaignView[]> {
  return (await listCampaignsStatement(db).all<CampaignView>()).results;
}

export async function loadCampaign(db: D1Database, id: number): Promise<CampaignView | null> {
  return campaignStatement(db, id).first<CampaignView>();
}

export type SaveCampaignOutcome =
  | { status: "saved"; id: number }
  | { status: "not-found" }
  /** The campaign is no longer a draft (it was sent meanwhile): its content stays as it went out. */
  | { status: "not-draft" };

/** The values in column order of the INSERT and UPDATE below; absent optional fields are stored as NULL. */
function columnValues(values: CampaignValues) {
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
  ];
}

/** Inserts a new draft, or updates draft `id` (only while it is a draft). */
export async function saveCampaign(
  db: D1Database,
  values: CampaignValues,
  id: number | null,
  now: Date = new Date(),
): Promise<SaveCampaignOutcome> {
  const nowIso = now.toISOString();
  if (id === null) {
    const row = await db
      .prepare(
        `INSERT INTO email_campaigns (campaign_name, subject, subheader, html_content, image_url, button_text,
           button_url, from_email, target_segment, footer_line1, footer_line2, status, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'draft', ?12, ?12) RETURNING id`,
      )
      .bind(...columnValues(values), nowIso)
      .first<{ id: number }>();
    if (!row) throw new Error("campaign insert returned no id");
    return { status: "saved", id: row.id };
  }
  const [updated, found] = await db.batch([
    db
      .prepare(
        `UPDATE email_campaigns SET campaign_name = ?1, subject = ?2, subheader = ?3, html_content = ?4,
           image_url = ?5, button_text = ?6, button_url = ?7, from_email = ?8, target_segment = ?9,
           footer_line1 = ?10, footer_line2 = ?11, updated_at = ?12
         WHERE id = ?13 AND status = 'draft' RETURNING id`,
      )
      .bind(...columnValues(values), nowIso, id),
    db.prepare("SELECT status FROM email_campaigns WHERE id = ?").bind(id),
  ]);
  if (updated?.results.length) return { status: "saved", id };
  return found?.results.length ? { status: "not-draft" } : { status: "not-found" };
}

export const COPY_SUFFIX = " (Kopia)";
const NAME_MAX = 200;

/**
 * A copy of campaign `id` as a new draft, named with ' (Kopia)' (the name
 * shortened so it still fits 200 characters), nothing sent yet. Works in any
 * status.
 */
export async function duplicateCampaign(
  db: D1Database,
  id: number,
  now: Date = new Date(),
): Promise<{ status: "done"; id: number } | { status: "not-found" }> {
  const row = await db
    .prepare(
      `INSERT INTO email_campaigns (campaign_name, subject, subheader, html_content, image_url, button_text,
         button_url, from_email, target_segment, footer_line1, footer_line2, status, sent_count, created_at, updated_at)
       SELECT rtrim(substr(campaign_name, 1, ?2)) || ?3, subject, subheader, html_content, image_url, button_text,
         button_url, from_email, target_segment, footer_line1, footer_line2, 'draft', 0, ?4, ?4
       FROM email_campaigns WHERE id = ?1 RETURNING id`,
    )
    .bind(id, NAME_MAX - COPY_SUFFIX.length, COPY_SUFFIX, now.toISOString())
    .first<{ id: number }>();
  return row ? { status: "done", id: row.id } : { status: "not-found" };
}

export type DeleteCampaignOutcome = { status: "done" } | { status: "not-found" } | { status: "sending" };

/**
 * Deletes campaign `id` unless it is being sent (stop it first). Its waves and
 * recipients ledger go with it (ON DELETE CASCADE); mail already queued or
 * sent stays in the outbox. The audit row is written in the same batch, from
 * the row as it was.
 */
export async function deleteCampaign(db: D1Database, actor: Actor, id: number): Promise<DeleteCampaignOutcome> {
  const deletable = { sql: "id = ? AND status <> 'sending'", params: [id] };
  const [, deleted, found] = await db.batch([
    auditStatement(
      db,
      actor,
      {
        action: "campaign.delete",
        targetType: "campaign",
        targetId: auditSql("CAST(id AS TEXT)"),
        details: auditSql(`json_object('before', json_object('name', campaign_name, 'subject', subject, 'status', status,
          'sentCount', sent_count), 'after', NULL)`),
      },
      { from: { sql: "email_campaigns", params: [] }, condition: deletable },
    ),
    db.prepare(`DELETE FROM email_campaigns WHERE ${deletable.sql} RETURNING id`).bind(...deletable.params),
    db.prepare("SELECT status FROM email_campaigns WHERE id = ?").bind(id),
  ]);
  if (deleted?.results.length) return { status: "done" };
  return found?.results.length ? { status: "sending" } : { status: "not-found" };
}

/** An audit row for a change made elsewhere (a send started, a send stopped). */
export async function auditCampaign(
  db: D1Database,
  actor: Actor,
  action: "campaign.send" | "campaign.stop",
  id: number,
  details: Record<string, unknown>,
): Promise<void> {
  await auditStatement(db, actor, { action, targetType: "campaign", targetId: id, details }).run();
}
