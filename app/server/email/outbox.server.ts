/**
 * The email_outbox table: queuing mail (outboxInsertStatements, the one
 * statement every writer queues through), claiming due rows for delivery
 * and settling them (sent, retry later, dead letter). Every state change is a
 * conditional UPDATE so concurrent drains (a request's waitUntil and the cron)
 * never deliver one row twice.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { MailAttachment, MailMessage } from "~/domain/mail/message";
import { BLANKED_CODE, CODE_MAIL_KINDS, SCRUBBED_CODE, SCRUBBED_LINK, scrubTokenLinks } from "~/domain/mail/token-links";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { schema } from "../db/client.server";
import type { Config } from "../platform/env.server";
import {
  countHitIfStatement,
  rateLimitSlot,
  withinBudget,
  type RateLimitRule,
  type RateLimitSlot,
} from "../platform/rate-limit.server";
import type { OutboxRow } from "../db/schema.server";

const { emailOutbox } = schema;

/** Messages are composed by the templates in app/domain/mail/. */
export type EmailMessage = MailMessage;
export type EmailAttachment = MailAttachment;

/** What a used or dead link's token becomes in the stored copy of its mail. */
export const BLANKED_LINK = "[länken har använts eller gått ut]";
/** What the secret becomes: a link's token, or the code of a card that ended (CODE_MAIL_KINDS). */
const blankedSecret = sql`CASE WHEN kind IN (SELECT value FROM json_each(${JSON.stringify(CODE_MAIL_KINDS)})) THEN ${BLANKED_CODE} ELSE ${BLANKED_LINK} END`;
/** Blanks the token in both bodies and forgets it, at `nowIso`. */
const blankSecretSet = (nowIso: string): SQL =>
  sql`text_body = replace(text_body, secret, ${blankedSecret}), html_body = replace(html_body, secret, ${blankedSecret}),
  secret = NULL, redacted_at = ${nowIso}`;

export type { OutboxRow };

/** Delays before attempt 2, 3, 4, 5 and 6; a failed 6th attempt is final. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * While a row is 'sending', next_attempt_at holds the claim's expiry: a drain
 * that died mid-send leaves the row there, and after this long it is queued again.
 */
export const SENDING_LEASE_MS = 10 * 60_000;
const MAX_ERROR_LENGTH = 1000;

const plus = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

export type NewOutboxRow = Omit<typeof emailOutbox.$inferInsert, "status" | "attempts"> & {
  id: string;
  idempotencyKey: string;
};

/** A row ready to queue (toOutboxRow). */
export type OutboxRowToQueue = NewOutboxRow & { nextAttemptAt: string; createdAt: string };

/** The row that queues `message` now (a fresh id; the key defaults to it). */
export function toOutboxRow(
  message: EmailMessage,
  defaults: { from: string },
  now: string,
): OutboxRowToQueue {
  const id = crypto.randomUUID();
  return {
    id,
    idempotencyKey: message.idempotencyKey ?? id,
    kind: message.kind,
    toAddress: message.to,
    fromAddress: message.from ?? defaults.from,
    replyTo: message.replyTo ?? null,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    attachmentsJson: message.attachments?.length ? JSON.stringify(message.attachments) : null,
    headersJson: message.headers && Object.keys(message.headers).length ? JSON.stringify(message.headers) : null,
    secret: message.secret?.token ?? null,
    expiresAt: message.secret?.expiresAt ?? null,
    nextAttemptAt: now,
    createdAt: now,
  };
}

/**
 * Mail we send one address because of something done with it: booking
 * confirmations, waitlist offers, cancellations, reminders, staff mail. At
 * most 10 an hour, so our forms cannot be used to flood an inbox.
 */
export const RECIPIENT_MAIL_LIMIT: RateLimitRule = { name: "mail-to", limit: 10, windowMs: 60 * 60_000 };

/**
 * Mail anyone can have sent to any address by typing it into a form (a
 * sign-in link, a staff sign-up's confirmation, a newsletter confirmation or
 * welcome, a queue place's confirmation). It has a small budget of its own,
 * so a stranger who spends it can never hold back the mail that follows the
 * address owner's own act (their booking's confirmation, their offer).
 */
export const UNASKED_MAIL_LIMIT: RateLimitRule = { name: "mail-to-unasked", limit: 5, windowMs: 60 * 60_000 };

export const UNASKED_MAIL_KINDS: ReadonlySet<string> = new Set([
  "sign-in-link",
  "staff-confirmation",
  "account-exists",
  "newsletter-confirmation",
  "newsletter-welcome",
  "waitlist-joined",
]);

/** The budget a mail of `kind` to `to` counts on, or null for ADMIN_EMAIL. */
export async function recipientSlot(
  config: Pick<Config, "ADMIN_EMAIL" | "SESSION_SECRET">,
  to: string,
  kind: string,
  now = Date.now(),
): Promise<RateLimitSlot | null> {
  if (to.trim().toLowerCase() === config.ADMIN_EMAIL.trim().toLowerCase()) return null;
  return rateLimitSlot(config, UNASKED_MAIL_KINDS.has(kind) ? UNASKED_MAIL_LIMIT : RECIPIENT_MAIL_LIMIT, to, now);
}

/** The columns a writer sets, by the name a row gives them. */
const QUEUED_COLUMNS = {
  id: "id",
  idempotencyKey: "idempotency_key",
  kind: "kind",
  toAddress: "to_address",
  fromAddress: "from_address",
  replyTo: "reply_to",
  subject: "subject",
  textBody: "text_body",
  htmlBody: "html_body",
  attachmentsJson: "attachments_json",
  secret: "secret",
  expiresAt: "expires_at",
  nextAttemptAt: "next_attempt_at",
  createdAt: "created_at",
  headersJson: "headers_json",
  bodyId: "body_id",
  varsJson: "vars_json",
} as const;

type QueuedColumn = keyof typeof QUEUED_COLUMNS;
type RequiredColumn = "id" | "idempotencyKey" | "kind" | "toAddress" | "fromAddress" | "subject" | "textBody" | "nextAttemptAt" | "createdAt";

/**
 * Many rows queued by one statement, projected from a SELECT (a campaign's
 * page of recipients from json_each, joined to its ledger): each column an
 * SQL expression over `from`, its values interpolated where they appear.
 */
export interface OutboxRowsSelect {
  select: Record<RequiredColumn, SQL> & Partial<Record<Exclude<QueuedColumn, RequiredColumn>, SQL>>;
  /** What follows FROM: the source and its joins. */
  from: SQL;
  where?: SQL;
}

/** Options of a single row (OutboxRowToQueue). */
export interface OutboxInsertOptions {
  /**
   * Queue only if it holds when the statement runs, e.g.
   * sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${id})` after the booking's
   * INSERT (a transactional outbox).
   */
  condition?: SQL;
  /**
   * The recipient's mail budget (recipientSlot()); the row is queued only
   * while the budget has room, and counts on it once queued.
   */
  recipientSlot?: RateLimitSlot | null;
  /** Replaces `placeholder` in the text (and the HTML) with the value of a scalar SQL expression, as the batch finds it; or several. */
  fill?: MailFill | MailFill[];
}

/** A placeholder in a queued mail and the scalar SQL expression whose value replaces it. */
export interface MailFill {
  placeholder: string;
  sql: SQL;
}

/** `body` with every fill's placeholder replaced, as the statement runs. */
function filled(body: string, fill: MailFill | MailFill[]): SQL {
  return (Array.isArray(fill) ? fill : [fill]).reduce<SQL>((acc, f) => sql`replace(${acc}, ${f.placeholder}, (${f.sql}))`, sql`${body}`);
}

/**
 * The INSERT every queued row goes through. The WHERE is always there: it
 * keeps SQLite from reading ON CONFLICT as a join's ON. A row whose
 * idempotency key exists already is skipped, never an error.
 */
function insertSql(values: ReadonlyArray<readonly [column: QueuedColumn, value: SQL]>, from: SQL | null, where: SQL): SQL {
  // The column names are QUEUED_COLUMNS' own, chosen in code.
  return sql`INSERT INTO email_outbox (${sql.raw(values.map(([column]) => QUEUED_COLUMNS[column]).join(", "))})
       SELECT ${sql.join(values.map(([, value]) => value), sql`, `)}${from === null ? sql`` : sql` FROM ${from}`}
       WHERE ${where}
       ON CONFLICT (idempotency_key) DO NOTHING`;
}

/**
 * The one outbox writer: the statements that queue mail, for any batch.
 * Every row in the outbox was queued by a statement from here: one row
 * (`row`, with `options`), or many projected from a SELECT (OutboxRowsSelect).
 * A row whose idempotency key exists already queues nothing (and counts
 * nothing on a budget).
 */
export function outboxInsertStatements(row: OutboxRowToQueue, options?: OutboxInsertOptions): SQL[];
export function outboxInsertStatements(rows: OutboxRowsSelect): SQL[];
export function outboxInsertStatements(rows: OutboxRowToQueue | OutboxRowsSelect, options: OutboxInsertOptions = {}): SQL[] {
  if ("select" in rows) {
    const values = (Object.keys(rows.select) as QueuedColumn[]).map((column) => [column, rows.select[column]!] as const);
    return [insertSql(values, rows.from, rows.where ?? sql`1`)];
  }
  const row = rows;
  const { condition, recipientSlot, fill } = options;
  const guards: SQL[] = [...(condition ? [condition] : []), ...(recipientSlot ? [withinBudget(recipientSlot)] : [])];
  const values: Array<[QueuedColumn, SQL]> = [
    ["id", sql`${row.id}`],
    ["idempotencyKey", sql`${row.idempotencyKey}`],
    ["kind", sql`${row.kind}`],
    ["toAddress", sql`${row.toAddress}`],
    ["fromAddress", sql`${row.fromAddress}`],
    ["replyTo", sql`${row.replyTo ?? null}`],
    ["subject", sql`${row.subject}`],
    ["textBody", fill ? filled(row.textBody, fill) : sql`${row.textBody}`],
    ["htmlBody", fill && row.htmlBody ? filled(row.htmlBody, fill) : sql`${row.htmlBody ?? null}`],
    ["attachmentsJson", sql`${row.attachmentsJson ?? null}`],
    ["secret", sql`${row.secret ?? null}`],
    ["expiresAt", sql`${row.expiresAt ?? null}`],
    ["nextAttemptAt", sql`${row.nextAttemptAt}`],
    ["createdAt", sql`${row.createdAt}`],
    ["headersJson", sql`${row.headersJson ?? null}`],
  ];
  const insert = insertSql(
    values,
    null,
    guards.length > 0 ? sql.join(guards.map((g) => sql`(${g})`), sql` AND `) : sql`1`,
  );
  if (!recipientSlot) return [insert];
  return [insert, countHitIfStatement(recipientSlot, sql`EXISTS (SELECT 1 FROM email_outbox WHERE id = ${row.id})`)];
}

/** The id of the row that holds `idempotencyKey` (one row, `id`), for the batch that just queued it. */
export function outboxIdStatement(idempotencyKey: string): SQL {
  return sql`SELECT id FROM email_outbox WHERE idempotency_key = ${idempotencyKey}`;
}

/**
 * Puts rows whose 'sending' claim expired back in the queue (or, out of
 * attempts, into the dead letter). Returns how many became 'failed'.
 */
export async function releaseExpiredClaims(context: AppLoadContext, now: Date): Promise<number> {
  const released = await context.db
    .update(emailOutbox)
    .set({
      status: sql`CASE WHEN ${emailOutbox.attempts} >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'queued' END`,
      lastError: "Delivery was interrupted (drain stopped while sending)",
    })
    .where(and(eq(emailOutbox.status, "sending"), lte(emailOutbox.nextAttemptAt, now.toISOString())))
    .returning({ status: emailOutbox.status });
  return released.filter((r) => r.status === "failed").length;
}

/**
 * Claims due rows for delivery in one statement: oldest due first, or just
 * the given ids. The status check inside the UPDATE means a row is claimed by
 * exactly one drain even when several overlap. The attempt is counted here,
 * not after delivery, so a row that keeps crashing the drain still runs out
 * of attempts.
 */
export async function claimDue(
  context: AppLoadContext,
  now: Date,
  limit: number,
  ids?: readonly string[],
  {
    shared,
  }: {
    /** true: only rows with a shared body (delivered in batches); false: only the others. */
    shared?: boolean;
  } = {},
): Promise<OutboxRow[]> {
  const nowIso = now.toISOString();
  const due = context.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "queued"),
        lte(emailOutbox.nextAttemptAt, nowIso),
        // A mail whose link is dead is never sent (retireDeadLinks settles it).
        or(isNull(emailOutbox.expiresAt), gt(emailOutbox.expiresAt, nowIso)),
        ids ? inArray(emailOutbox.id, [...ids]) : undefined,
        shared === undefined ? undefined : shared ? isNotNull(emailOutbox.bodyId) : isNull(emailOutbox.bodyId),
      ),
    )
    // Rows of a batch formed before (a cut drain, a lost answer) first and side by side, so it is claimed whole.
    .orderBy(
      ...(shared ? [asc(sql`${emailOutbox.batchKey} IS NULL`), asc(emailOutbox.batchKey)] : []),
      asc(emailOutbox.nextAttemptAt),
      asc(sql`rowid`),
    )
    .limit(limit);
  const claimed = await context.db
    .update(emailOutbox)
    .set({
      status: "sending",
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: plus(now, SENDING_LEASE_MS),
    })
    .where(
      and(
        inArray(emailOutbox.id, due),
        eq(emailOutbox.status, "queued"),
        lte(emailOutbox.nextAttemptAt, nowIso),
      ),
    )
    .returning();
  // RETURNING order is unspecified: a batch formed before first and together, then oldest first.
  return claimed.sort(
    (a, b) =>
      Number(a.batchKey === null) - Number(b.batchKey === null) ||
      (a.batchKey ?? "").localeCompare(b.batchKey ?? "") ||
      a.nextAttemptAt.localeCompare(b.nextAttemptAt) ||
      a.createdAt.localeCompare(b.createdAt),
  );
}

/**
 * Gives claimed rows that were not tried back to the queue, due now, without
 * counting the attempt their claim counted.
 */
export async function unclaim(context: AppLoadContext, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  // The ids as one JSON parameter (D1 binds at most 100 a statement; a campaign chunk has more rows).
  await inChunks(
    context,
    ids,
    (chunk) => sql`UPDATE email_outbox SET status = 'queued', attempts = attempts - 1, next_attempt_at = ${now.toISOString()}
      WHERE id IN (SELECT value FROM json_each(${JSON.stringify(chunk)})) AND +status = 'sending'`,
  );
}

/**
 * A statement per SETTLE_CHUNK rows, all in one batch. In the statements,
 * `+status` keeps SQLite from walking the status index (every row being
 * sent) instead of looking each listed id up by its key: with 2 000 rows
 * claimed, that walk made settling them cost seconds.
 */
const SETTLE_CHUNK = 100;

async function inChunks<T>(context: AppLoadContext, items: readonly T[], statement: (chunk: T[]) => SQL): Promise<void> {
  const b = new BatchBuilder();
  for (let i = 0; i < items.length; i += SETTLE_CHUNK) b.add(statement(items.slice(i, i + SETTLE_CHUNK)));
  await runBatch(context, b.plan(() => undefined));
}

/** A delivered row, and its stored copy with what it must not keep taken out (when that changed it). */
export type SentRow = {
  id: string;
  providerMessageId: string | null;
  scrubbed?: { text: string; html: string | null; headersJson: string | null; to?: string };
};

/** What stands in our copy of an erasure confirmation once it is sent: the person is gone from it too. */
export const ERASED_COPY = "[raderad]";

/**
 * Our copy of a mail the provider took, without the links that open a page
 * with a secret (sign-in, confirmations, decisions, queue places,
 * unsubscribing) nor the mail's secret wherever else it stands (a card's
 * code), and, for the confirmation of an erasure, without the person at
 * all: undefined when nothing changes. The local outbox transport keeps
 * everything: there the row is the mail itself, read at /dev/mail.
 */
export function scrubbedCopy(
  row: Pick<OutboxRow, "kind" | "textBody" | "htmlBody" | "headersJson" | "secret">,
): SentRow["scrubbed"] | undefined {
  if (row.kind === "privacy-erasure") return { text: ERASED_COPY, html: null, headersJson: null, to: ERASED_COPY };
  const { secret } = row;
  const stands = CODE_MAIL_KINDS.includes(row.kind) ? SCRUBBED_CODE : SCRUBBED_LINK;
  const scrub = (body: string) => {
    const links = scrubTokenLinks(body);
    return secret ? links.replaceAll(secret, stands) : links;
  };
  const text = scrub(row.textBody);
  const html = row.htmlBody === null ? null : scrub(row.htmlBody);
  const headersJson = row.headersJson === null ? null : scrub(row.headersJson);
  if (text === row.textBody && html === row.htmlBody && headersJson === row.headersJson) return undefined;
  return { text, html, headersJson };
}

/** Settles delivered rows as sent: one round trip, however many rows; a scrubbed copy replaces the stored one. */
export async function markAllSent(context: AppLoadContext, sent: ReadonlyArray<SentRow>, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  await inChunks(context, sent, (chunk) => {
    const delivered = JSON.stringify(
      chunk.map(({ id, providerMessageId, scrubbed }) =>
        scrubbed
          ? { id, p: providerMessageId, s: 1, t: scrubbed.text, h: scrubbed.html, hd: scrubbed.headersJson, to: scrubbed.to ?? null }
          : { id, p: providerMessageId, s: 0 },
      ),
    );
    return sql`UPDATE email_outbox
        SET status = 'sent', sent_at = ${nowIso}, last_error = NULL, provider_message_id = d.p,
          text_body = CASE WHEN d.s = 1 THEN d.t ELSE text_body END,
          html_body = CASE WHEN d.s = 1 THEN d.h ELSE html_body END,
          headers_json = CASE WHEN d.s = 1 THEN d.hd ELSE headers_json END,
          to_address = coalesce(d.addr, email_outbox.to_address),
          secret = CASE WHEN d.s = 1 THEN NULL ELSE secret END
        FROM (SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.p') AS p, json_extract(value, '$.s') AS s,
                json_extract(value, '$.t') AS t, json_extract(value, '$.h') AS h, json_extract(value, '$.hd') AS hd,
                json_extract(value, '$.to') AS addr
              FROM json_each(${delivered})) AS d
        WHERE email_outbox.id = d.id AND +email_outbox.status = 'sending'`;
  });
}

/** What a failed attempt does to its row: retry after the backoff, or the dead letter. */
function afterFailure(row: Pick<OutboxRow, "attempts">, now: Date): { status: "queued" | "failed"; nextAttemptAt: string | null } {
  const delay = RETRY_DELAYS_MS[row.attempts - 1];
  if (delay === undefined || row.attempts >= MAX_ATTEMPTS) return { status: "failed", nextAttemptAt: null };
  return { status: "queued", nextAttemptAt: plus(now, delay) };
}

/**
 * markAttemptFailed for many rows in one round trip (a batch delivery that
 * failed, or some of its messages). Returns how many were retried and failed.
 */
export async function markAttemptsFailed(
  context: AppLoadContext,
  failures: ReadonlyArray<{
    row: Pick<OutboxRow, "id" | "attempts">;
    error: string;
    /** The message left its batch (the provider refused it alone): its retry forms a new batch. */
    leavesBatch?: boolean;
  }>,
  now: Date,
): Promise<{ retried: number; failed: number }> {
  const outcome = { retried: 0, failed: 0 };
  if (failures.length === 0) return outcome;
  const settled = failures.map(({ row, error, leavesBatch }) => {
    const next = afterFailure(row, now);
    outcome[next.status === "failed" ? "failed" : "retried"]++;
    // A dead letter keeps when it died (shown on /admin/epost-status).
    return { id: row.id, s: next.status, n: next.nextAttemptAt ?? now.toISOString(), e: error.slice(0, MAX_ERROR_LENGTH), k: leavesBatch ? 1 : 0 };
  });
  await inChunks(
    context,
    settled,
    (chunk) => sql`UPDATE email_outbox
      SET status = f.s, last_error = f.e, next_attempt_at = coalesce(f.n, email_outbox.next_attempt_at),
        batch_key = CASE WHEN f.k = 1 THEN NULL ELSE email_outbox.batch_key END
      FROM (SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.s') AS s, json_extract(value, '$.n') AS n,
              json_extract(value, '$.e') AS e, json_extract(value, '$.k') AS k FROM json_each(${JSON.stringify(chunk)})) AS f
      WHERE email_outbox.id = f.id AND +email_outbox.status = 'sending'`,
  );
  return outcome;
}

/** Schedules the next attempt with backoff, or dead-letters the row when out of attempts. */
export async function markAttemptFailed(
  context: AppLoadContext,
  row: Pick<OutboxRow, "id" | "attempts">,
  error: string,
  now: Date,
): Promise<"retried" | "failed"> {
  const next = afterFailure(row, now);
  const lastError = error.slice(0, MAX_ERROR_LENGTH);
  const where = and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending"));
  if (next.status === "failed") {
    await context.db.update(emailOutbox).set({ status: "failed", lastError, nextAttemptAt: now.toISOString() }).where(where);
    return "failed";
  }
  await context.db
    .update(emailOutbox)
    .set({ status: "queued", lastError, nextAttemptAt: next.nextAttemptAt ?? now.toISOString() })
    .where(where);
  return "retried";
}

/**
 * Blanks the token of one mail's link in its stored copy (both bodies) and
 * forgets it. `condition` lets it ride in the batch that uses the link up,
 * applying only when that succeeded.
 */
export function blankLinkStatement(idempotencyKey: string, now: Date, condition: SQL = sql`1`): SQL {
  return sql`UPDATE email_outbox SET ${blankSecretSet(now.toISOString())}
       WHERE idempotency_key = ${idempotencyKey} AND secret IS NOT NULL AND ${condition}`;
}

/** A mail still queued (one waiting for its day) that is not to be sent after all: settled as failed, with `reason`. */
export function holdBackStatement(idempotencyKey: string, reason: string, condition: SQL = sql`1`): SQL {
  return sql`UPDATE email_outbox SET status = 'failed', last_error = ${reason}
       WHERE idempotency_key = ${idempotencyKey} AND status = 'queued' AND ${condition}`;
}

/** Blanks the links of every mail whose idempotency key `keys` (a subquery of keys) reads: links voided together. */
export function blankLinksStatement(keys: SQL, now: Date): SQL {
  return sql`UPDATE email_outbox SET ${blankSecretSet(now.toISOString())}
       WHERE idempotency_key IN (${keys}) AND secret IS NOT NULL`;
}

/**
 * Mail whose link died: a queued one is settled as failed (never sent late),
 * and every one has its token blanked. Returns how many of each.
 */
export async function retireDeadLinks(context: AppLoadContext, now: Date): Promise<{ expired: number; blanked: number }> {
  const nowIso = now.toISOString();
  const b = new BatchBuilder();
  const expired = b.add(
    sql`UPDATE email_outbox SET status = 'failed', last_error = 'The link expired before the mail was sent'
         WHERE status = 'queued' AND expires_at <= ${nowIso}`,
  );
  const blanked = b.add(sql`UPDATE email_outbox SET ${blankSecretSet(nowIso)} WHERE expires_at <= ${nowIso} AND secret IS NOT NULL`);
  return runBatch(
    context,
    b.plan((results) => ({ expired: expired.changes(results), blanked: blanked.changes(results) })),
  );
}

/**
 * Deletes settled mail (sent, or given up on) older than the retention
 * period: the outbox is a delivery queue, not an archive of personal data.
 */
export function purgeSettledMailStatement(now: Date, retentionDays: number): SQL {
  return sql`DELETE FROM email_outbox
       WHERE status IN ('sent', 'failed') AND COALESCE(sent_at, created_at) < ${settledCutoff(now, retentionDays)}`;
}

const settledCutoff = (now: Date, retentionDays: number) =>
  new Date(now.getTime() - retentionDays * 24 * 60 * 60_000).toISOString();

/** Extra headers as stored; anything malformed reads as none. */
export function parseHeaders(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch {
    return {};
  }
}

/** Attachments as stored; anything malformed reads as none rather than breaking a page. */
export function parseAttachments(json: string | null): EmailAttachment[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (a): a is EmailAttachment =>
        typeof a === "object" &&
        a !== null &&
        typeof a.filename === "string" &&
        typeof a.content === "string" &&
        typeof a.contentType === "string",
    );
  } catch {
    return [];
  }
}

/** A shared body (email_bodies) as delivery and /dev/mail read it. */
export interface SharedBody {
  id: string;
  textBody: string;
  htmlBody: string | null;
}

/** The bodies of `ids` in one query. */
export async function loadSharedBodies(context: AppLoadContext, ids: readonly string[]): Promise<Map<string, SharedBody>> {
  if (ids.length === 0) return new Map();
  const results = await context.db.all<SharedBody>(
    sql`SELECT id, text_body AS textBody, html_body AS htmlBody FROM email_bodies
       WHERE id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(ids)])}))`,
  );
  return new Map(results.map((b) => [b.id, b]));
}

/**
 * Fills a shared body's per-recipient variables from a row's vars_json, for
 * its HTML or its text. The outbox stores both and knows neither: whoever
 * queues shared-body mail (the newsletter) owns its variables and hands its
 * filler to the drain and to /dev/mail.
 */
export type FillMailVars = (body: string, varsJson: string | null, kind: "html" | "text") => string;

/**
 * The bodies a row's recipient gets: its own, or the shared body with the
 * row's variables filled in by `fill`. Null when the shared body is gone.
 */
export function filledBodies(
  row: Pick<OutboxRow, "textBody" | "htmlBody" | "bodyId" | "varsJson">,
  bodies: ReadonlyMap<string, SharedBody>,
  fill: FillMailVars,
): { text: string; html: string | null } | null {
  if (!row.bodyId) return { text: row.textBody, html: row.htmlBody };
  const body = bodies.get(row.bodyId);
  if (!body) return null;
  return {
    text: fill(body.textBody, row.varsJson, "text"),
    html: body.htmlBody === null ? null : fill(body.htmlBody, row.varsJson, "html"),
  };
}

/**
 * Fixes a new batch's idempotency key on its rows before the provider is
 * called; a row that has one already keeps it.
 */
export async function fixBatchKey(context: AppLoadContext, ids: readonly string[], key: string): Promise<void> {
  // The ids as one JSON parameter: D1 binds at most 100 a statement, and a batch is 100 rows.
  await context.db.run(
    sql`UPDATE email_outbox SET batch_key = ${key} WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND batch_key IS NULL`,
  );
}

/** How many rows of a batch formed before still wait to be sent (queued or being sent). */
export async function unsentInBatch(context: AppLoadContext, key: string): Promise<number> {
  const [row] = await context.db
    .select({ n: sql<number>`count(*)` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.batchKey, key), inArray(emailOutbox.status, ["queued", "sending"])));
  return row?.n ?? 0;
}
