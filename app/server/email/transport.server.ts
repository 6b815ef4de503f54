/**
 * Delivery of one outbox row, chosen by config.EMAIL_TRANSPORT:
 * - "outbox": nothing leaves the machine; the row itself is the mail, read at /dev/mail.
 * - "resend": the Resend HTTP API.
 * A transport never throws: every problem comes back as { ok: false, error }.
 */
import type { Config } from "../env.server";
import { parseAttachments, parseHeaders, type OutboxRow } from "./outbox.server";

export type DeliveryResult =
  | { ok: true; providerMessageId: string | null }
  | { ok: false; error: string };

/** The longest one delivery may take; the drain sizes its claims by it (drain.server.ts). */
export const DELIVERY_TIMEOUT_MS = 15_000;

export async function deliver(
  config: Pick<Config, "EMAIL_TRANSPORT" | "RESEND_API_KEY" | "RESEND_API_URL">,
  row: OutboxRow,
): Promise<DeliveryResult> {
  try {
    switch (config.EMAIL_TRANSPORT) {
      case "outbox":
        return { ok: true, providerMessageId: null };
      case "resend":
        return await sendWithResend(config, row);
    }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

async function sendWithResend(
  config: Pick<Config, "RESEND_API_KEY" | "RESEND_API_URL">,
  row: OutboxRow,
): Promise<DeliveryResult> {
  const attachments = parseAttachments(row.attachmentsJson);
  const headers = parseHeaders(row.headersJson);
  const response = await fetch(config.RESEND_API_URL, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${config.RESEND_API_KEY ?? ""}`,
      "Content-Type": "application/json",
      // Resend drops a repeat within 24 h, so a retry after a lost answer sends nothing twice.
      "Idempotency-Key": row.idempotencyKey,
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
  if (!response.ok) {
    const detail = await response.text().catch(() => "");
    return { ok: false, error: `Resend answered ${response.status}: ${detail}` };
  }
  const body: unknown = await response.json().catch(() => null);
  const id =
    typeof body === "object" && body !== null && "id" in body && typeof body.id === "string"
      ? body.id
      : null;
  return { ok: true, providerMessageId: id };
}

function utf8ToBase64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
