/**
 * Delivery of outbox rows, chosen by config.EMAIL_TRANSPORT:
 * - "outbox": nothing leaves the machine; the row itself is the mail, read at
 *   /dev/mail, and its provider id is `local:<row id>`.
 * - "resend": the Resend HTTP API: one row per POST {RESEND_API_URL}, or up to
 *   100 rows (newsletter mail, with no attachments) per POST {RESEND_API_URL}/batch.
 * A transport never throws: every problem comes back as { ok: false, error }.
 */
import type { Config } from "../platform/env.server";
import { parseAttachments, parseHeaders, type OutboxRow } from "./outbox.server";

export type DeliveryResult =
  | { ok: true; providerMessageId: string | null }
  /** `refused`: the provider took the call but not this message (batch validation); it was not sent. */
  | { ok: false; error: string; refused?: boolean };

/**
 * A provider call's answer: its results, or "too many requests" (429), which
 * says nothing about the mail itself: the same call is made again later,
 * and it never counts as a failed attempt. `pace` is what the answer's
 * rate-limit headers said (null: no headers, e.g. the local outbox).
 */
export type CallAnswer<T> =
  | { rateLimited: false; results: T; pace: ProviderPace | null }
  | { rateLimited: true; pace: ProviderPace; error: string };

/**
 * The provider's rate-limit headers, as Resend sends them on every answer
 * (IETF draft "RateLimit header fields"): ratelimit-limit (requests per
 * window), ratelimit-remaining, ratelimit-reset (seconds until the window
 * resets), and on a 429 retry-after (seconds). Absent or malformed: null.
 */
export interface ProviderPace {
  limit: number | null;
  remaining: number | null;
  resetMs: number | null;
  retryAfterMs: number | null;
}

function headerNumber(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === "") return null;
  const value = Number(raw.trim());
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** The rate-limit facts of an answer; null when it carries none of the headers. */
export function paceOf(response: Response): ProviderPace | null {
  const { headers } = response;
  const limit = headerNumber(headers, "ratelimit-limit");
  const remaining = headerNumber(headers, "ratelimit-remaining");
  const reset = headerNumber(headers, "ratelimit-reset");
  let retryAfter = headerNumber(headers, "retry-after");
  if (retryAfter === null && headers.get("retry-after")) {
    // retry-after may also be an HTTP date.
    const at = Date.parse(headers.get("retry-after") ?? "");
    if (Number.isFinite(at)) retryAfter = Math.max(0, (at - Date.now()) / 1000);
  }
  if (limit === null && remaining === null && reset === null && retryAfter === null) return null;
  return {
    limit: limit !== null && limit > 0 ? limit : null,
    remaining,
    resetMs: reset === null ? null : reset * 1000,
    retryAfterMs: retryAfter === null ? null : retryAfter * 1000,
  };
}

/** A 429: the answer to hand back instead of results. */
async function rateLimitedAnswer(response: Response): Promise<{ rateLimited: true; pace: ProviderPace; error: string }> {
  const detail = await response.text().catch(() => "");
  return {
    rateLimited: true,
    pace: paceOf(response) ?? { limit: null, remaining: 0, resetMs: null, retryAfterMs: null },
    error: `Resend answered 429: ${detail}`.slice(0, 500),
  };
}

/** The longest one delivery may take; the drain sizes its claims by it (drain.server.ts). */
export const DELIVERY_TIMEOUT_MS = 15_000;

export async function deliver(
  config: Pick<Config, "EMAIL_TRANSPORT" | "RESEND_API_KEY" | "RESEND_API_URL">,
  row: OutboxRow,
): Promise<CallAnswer<DeliveryResult>> {
  try {
    switch (config.EMAIL_TRANSPORT) {
      case "outbox":
        // The local mailbox's own id, so a provider event can be played against it (/api/epost-handelser).
        return { rateLimited: false, results: { ok: true, providerMessageId: localMessageId(row) }, pace: null };
      case "resend":
        return await sendWithResend(config, row);
    }
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { rateLimited: false, results: { ok: false, error: message }, pace: null };
  }
}

/** What the local outbox transport records as the provider's id of a mail: `local:` and the row's id. */
export function localMessageId(row: Pick<OutboxRow, "id">): string {
  return `local:${row.id}`;
}

/** The key the provider sees: a fresh one after staff's 'Skicka igen', else the row's own. */
export function providerKey(row: Pick<OutboxRow, "idempotencyKey" | "providerKey">): string {
  return row.providerKey ?? row.idempotencyKey;
}

async function sendWithResend(
  config: Pick<Config, "RESEND_API_KEY" | "RESEND_API_URL">,
  row: OutboxRow,
): Promise<CallAnswer<DeliveryResult>> {
  const attachments = parseAttachments(row.attachmentsJson);
  const headers = parseHeaders(row.headersJson);
  const response = await fetch(config.RESEND_API_URL, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${config.RESEND_API_KEY ?? ""}`,
      "Content-Type": "application/json",
      // Resend drops a repeat within 24 h, so a retry after a lost answer sends nothing twice.
      "Idempotency-Key": providerKey(row),
    },
    body: JSON.stringify({
      from: row.fromAddress,
      to: [row.toAddress],
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody ?? undefined,
      reply_to: row.replyTo ?? undefined,
      headers: Object.keys(headers).length ? headers : undefined,
      attachments: attachments.length
        ? attachments.map((a) => ({
            filename: a.filename,
            content: utf8ToBase64(a.content),
            content_type: a.contentType,
          }))
        : undefined,
    }),
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  if (response.status === 429) return rateLimitedAnswer(response);
  const pace = paceOf(response);
  if (!response.ok) {
    const detail = await response.text().catch(() => "");
    return { rateLimited: false, results: { ok: false, error: `Resend answered ${response.status}: ${detail}` }, pace };
  }
  const body: unknown = await response.json().catch(() => null);
  const id =
    typeof body === "object" && body !== null && "id" in body && typeof body.id === "string"
      ? body.id
      : null;
  return { rateLimited: false, results: { ok: true, providerMessageId: id }, pace };
}

/** Resend takes up to 100 messages per batch call. */
export const BATCH_SIZE = 100;

/** One message of a batch: the row and its bodies as the recipient gets them (filledBodies). */
export interface BatchMessage {
  row: OutboxRow;
  text: string;
  html: string | null;
}

/** The batch endpoint next to the configured single-send one: …/emails → …/emails/batch. */
export function batchUrl(singleUrl: string): string {
  const url = new URL(singleUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/batch`;
  return url.toString();
}

/**
 * Delivers up to BATCH_SIZE messages in one call; the results come back in
 * the order of `messages`. Resend's permissive validation sends the valid
 * ones and names the others by index, so one bad address fails only itself.
 * Attachments are not supported by the batch endpoint (callers batch only
 * shared-body newsletter rows, which have none).
 */
export async function deliverBatch(
  config: Pick<Config, "EMAIL_TRANSPORT" | "RESEND_API_KEY" | "RESEND_API_URL">,
  messages: readonly BatchMessage[],
  /** The batch's idempotency key, fixed when the batch was first formed (batchKeyFor). */
  key: string,
): Promise<CallAnswer<DeliveryResult[]>> {
  if (messages.length === 0) return { rateLimited: false, results: [], pace: null };
  if (messages.length > BATCH_SIZE) throw new Error(`a batch holds at most ${BATCH_SIZE} messages`);
  try {
    switch (config.EMAIL_TRANSPORT) {
      case "outbox":
        return {
          rateLimited: false,
          results: messages.map(({ row }) => ({ ok: true, providerMessageId: localMessageId(row) })),
          pace: null,
        };
      case "resend":
        return await sendBatchWithResend(config, messages, key);
    }
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { rateLimited: false, results: messages.map(() => ({ ok: false, error: message })), pace: null };
  }
}

/**
 * The idempotency key of a batch of these rows. The drain stores it on the
 * rows when it first forms the batch and sends the same rows under it again
 * after a lost answer or a cut, so Resend drops the repeat.
 */
export async function batchKeyFor(rows: ReadonlyArray<Pick<OutboxRow, "idempotencyKey" | "providerKey">>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(rows.map(providerKey).join("\n")));
  return `batch:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

async function sendBatchWithResend(
  config: Pick<Config, "RESEND_API_KEY" | "RESEND_API_URL">,
  messages: readonly BatchMessage[],
  key: string,
): Promise<CallAnswer<DeliveryResult[]>> {
  const response = await fetch(batchUrl(config.RESEND_API_URL), {
    method: "POST",
    headers: {
      Authorization: `Bearer ${config.RESEND_API_KEY ?? ""}`,
      "Content-Type": "application/json",
      "Idempotency-Key": key,
      "x-batch-validation": "permissive",
    },
    body: JSON.stringify(
      messages.map(({ row, text, html }) => {
        const headers = parseHeaders(row.headersJson);
        return {
          from: row.fromAddress,
          to: [row.toAddress],
          subject: row.subject,
          text,
          html: html ?? undefined,
          reply_to: row.replyTo ?? undefined,
          headers: Object.keys(headers).length ? headers : undefined,
        };
      }),
    ),
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  if (response.status === 429) return rateLimitedAnswer(response);
  const pace = paceOf(response);
  if (!response.ok) {
    const detail = await response.text().catch(() => "");
    const error = `Resend answered ${response.status}: ${detail}`;
    return { rateLimited: false, results: messages.map(() => ({ ok: false, error })), pace };
  }
  const body: unknown = await response.json().catch(() => null);
  const data = isRecord(body) && Array.isArray(body.data) ? body.data : [];
  const errors = new Map<number, string>();
  if (isRecord(body) && Array.isArray(body.errors)) {
    for (const e of body.errors) {
      if (isRecord(e) && typeof e.index === "number") {
        errors.set(e.index, `Resend refused it: ${typeof e.message === "string" ? e.message : "invalid"}`);
      }
    }
  }
  // data lists the accepted messages in order, skipping the refused ones.
  let next = 0;
  const results = messages.map((_, i): DeliveryResult => {
    const error = errors.get(i);
    if (error !== undefined) return { ok: false, error, refused: true };
    const entry: unknown = data[next++];
    return { ok: true, providerMessageId: isRecord(entry) && typeof entry.id === "string" ? entry.id : null };
  });
  return { rateLimited: false, results, pace };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function utf8ToBase64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
