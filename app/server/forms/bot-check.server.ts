/**
 * Honeypot and minimum fill time: stops simple bots without JavaScript or a
 * third-party challenge. The render time is signed so it cannot be forged,
 * and carries a random nonce so no two renders share a stamp.
 *
 * A stamp is single-use where it guards a form that sends mail
 * (handleForm's `stampOnce`): its claim is a form_claims row (kind
 * 'form-stamp', migrations/0022), taken in one statement right before the
 * form's work, so one stamp serves one post however many are sent at once.
 * A post whose work is refused gives its stamp back, so the visitor can send
 * the same form again.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { hmacSha256Hex, sha256Hex, timingSafeEqual } from "../platform/crypto.server";
import { MIN_FILL_MS, type Config } from "../platform/env.server";

export { MIN_FILL_MS };
const MAX_FORM_AGE_MS = 24 * 60 * 60_000;

async function hmac(config: Config, value: string): Promise<string> {
  return (await hmacSha256Hex(config.SESSION_SECRET, `form:${value}`)).slice(0, 32);
}

/** Hex characters of a stamp's nonce, before its signature. */
const NONCE_HEX = 16;

/**
 * Value for the hidden form_rendered_at field: `<ms>.<nonce><signature>`
 * (hex, the signature over both). Still `<ms>.<hex>`, as the page cache and
 * the form's stamp keeping read it.
 */
export async function formRenderedAt(config: Config, now = Date.now()): Promise<string> {
  const nonce = [...crypto.getRandomValues(new Uint8Array(NONCE_HEX / 2))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${now}.${nonce}${await hmac(config, `${now}.${nonce}`)}`;
}

/** The signed value and signature of a stamp's hex part: with a nonce, or (a page drawn before nonces) without. */
function signedPart(ms: string, hex: string): { value: string; sig: string } {
  if (hex.length === 32) return { value: ms, sig: hex };
  return { value: `${ms}.${hex.slice(0, NONCE_HEX)}`, sig: hex.slice(NONCE_HEX) };
}

/** What the visitor reads when the check fails; the form keeps its values. */
export const BOT_CHECK_MESSAGE = "Hoppsan, det gick lite för fort. Vänta ett ögonblick och skicka igen.";

export type BotVerdict = { ok: true } | { ok: false; reason: "honeypot" | "too-fast" | "tampered" };

export async function checkHoneypot(
  config: Config,
  formData: FormData,
  now = Date.now(),
  minFillMs = config.FORM_MIN_FILL_MS,
): Promise<BotVerdict> {
  const trap = formData.get("website");
  if (typeof trap === "string" && trap.trim() !== "") return { ok: false, reason: "honeypot" };
  const stamp = formData.get("form_rendered_at");
  if (typeof stamp !== "string") return { ok: false, reason: "tampered" };
  const [ms, hex, ...rest] = stamp.split(".");
  const renderedAt = Number(ms);
  if (!ms || !hex || rest.length > 0 || !Number.isFinite(renderedAt)) return { ok: false, reason: "tampered" };
  const { value, sig } = signedPart(ms, hex);
  if (!timingSafeEqual(sig, await hmac(config, value))) return { ok: false, reason: "tampered" };
  if (now - renderedAt < minFillMs) return { ok: false, reason: "too-fast" };
  if (now - renderedAt > MAX_FORM_AGE_MS) return { ok: false, reason: "tampered" };
  return { ok: true };
}

/** What a visitor reads who sends a form again with a stamp another post used: a fresh page has a fresh stamp. */
export const STAMP_USED_MESSAGE = "Formuläret är redan skickat. Ladda om sidan om du vill skicka det igen.";

/** The claim key of a stamp (form_claims keys are 36 characters). */
async function stampKey(stamp: string): Promise<string> {
  return (await sha256Hex(`form-stamp:${stamp}`)).slice(0, 36);
}

/** Takes a checked stamp for this post: false when another post has it. */
export async function claimStamp(context: AppLoadContext, stamp: string): Promise<boolean> {
  const key = await stampKey(stamp);
  const claimed = await context.db.run(
    sql`INSERT INTO form_claims (key, kind, created_id) VALUES (${key}, 'form-stamp', 'used') ON CONFLICT (key) DO NOTHING`,
  );
  return (claimed.meta.changes ?? 0) === 1;
}

/** Gives a stamp back when the post's work was refused (the form is shown again with it). */
export async function releaseStamp(context: AppLoadContext, stamp: string): Promise<void> {
  await context.db.run(sql`DELETE FROM form_claims WHERE key = ${await stampKey(stamp)} AND kind = 'form-stamp'`);
}
