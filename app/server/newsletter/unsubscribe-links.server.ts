/**
 * Personal unsubscribe links: /unsubscribe?email=…&token=…, the token an
 * HMAC-SHA256 of the lower-cased address under UNSUBSCRIBE_SECRET, so nobody
 * can unsubscribe an address they have no mail for. The links hold no expiry:
 * a newsletter from last year still unsubscribes. Every newsletter also
 * carries RFC 8058 one-click headers pointing at the same URL.
 */
import type { Config } from "../platform/env.server";
import { hmacSha256, timingSafeEqual, toBase64Url } from "../platform/crypto.server";

export const UNSUBSCRIBE_PATH = "/unsubscribe";

type Secrets = Pick<Config, "UNSUBSCRIBE_SECRET">;

/** The address as signed: trimmed and lower-cased (addresses are matched that way everywhere). */
export function normalizeAddress(email: string): string {
  return email.trim().toLowerCase();
}

/** The token for `email` (43 URL-safe characters). */
export async function unsubscribeToken(config: Secrets, email: string): Promise<string> {
  // The key is imported once per secret (hmacKey): a wave signs thousands of addresses.
  const signature = await hmacSha256(config.UNSUBSCRIBE_SECRET, `unsubscribe:${normalizeAddress(email)}`);
  return toBase64Url(new Uint8Array(signature));
}

/** Whether `token` is the one for `email`; false for anything missing or malformed. */
export async function verifyUnsubscribeToken(
  config: Secrets,
  email: string | null | undefined,
  token: string | null | undefined,
): Promise<boolean> {
  if (!email || !token || token.length > 100 || email.length > 254) return false;
  return timingSafeEqual(token, await unsubscribeToken(config, email));
}

/** The personal link, absolute, as it goes into a mail and its headers. */
export async function unsubscribeUrl(config: Secrets & Pick<Config, "SITE_URL">, email: string): Promise<string> {
  const url = new URL(UNSUBSCRIBE_PATH, config.SITE_URL);
  url.searchParams.set("email", normalizeAddress(email));
  url.searchParams.set("token", await unsubscribeToken(config, email));
  return url.toString();
}

/**
 * RFC 8058 (and RFC 2369) headers: a mail client's "unsubscribe" button POSTs
 * `List-Unsubscribe=One-Click` to the https link, with no cookie; the mailto
 * is the fallback for clients without one-click.
 */
export function listUnsubscribeHeaders(
  config: Pick<Config, "ADMIN_EMAIL">,
  url: string,
): Record<string, string> {
  const mailto = `mailto:${config.ADMIN_EMAIL}?subject=${encodeURIComponent("Avprenumerera")}`;
  return {
    "List-Unsubscribe": `<${url}>, <${mailto}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
