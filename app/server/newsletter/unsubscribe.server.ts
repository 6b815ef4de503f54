/**
 * Unsubscribing through the personal link (/unsubscribe?email=…&token=…):
 * the page's button and a mail client's RFC 8058 one-click POST both land
 * here. The token (an HMAC of the address, unsubscribe-links.server.ts) is
 * the only authority: no cookie, no session. A missing or wrong token
 * changes nothing. A valid token for an address we do not know (or that has
 * unsubscribed already) answers success all the same: the answer never tells
 * whether an address is on the list.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { normalizeAddress, verifyUnsubscribeToken } from "./unsubscribe-links.server";

export async function unsubscribeWithToken(
  context: AppLoadContext,
  email: string | null,
  token: string | null,
  now = new Date(),
): Promise<boolean> {
  if (!email || !(await verifyUnsubscribeToken(context.config, email, token))) return false;
  await context.db.run(
    sql`UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = ${now.toISOString()}
       WHERE lower(email) = ${normalizeAddress(email)} AND status = 'subscribed'`,
  );
  return true;
}

/** The address and token a link carries, from its query string. */
export function linkParams(url: URL): { email: string | null; token: string | null } {
  return { email: url.searchParams.get("email"), token: url.searchParams.get("token") };
}
