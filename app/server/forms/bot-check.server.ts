/**
 * Honeypot and minimum fill time: stops simple bots without JavaScript or a
 * third-party challenge. The render time is signed so it cannot be forged.
 */
import { hmacSha256Hex, timingSafeEqual } from "../platform/crypto.server";
import { MIN_FILL_MS, type Config } from "../platform/env.server";

export { MIN_FILL_MS };
const MAX_FORM_AGE_MS = 24 * 60 * 60_000;

async function hmac(config: Config, value: string): Promise<string> {
  return (await hmacSha256Hex(config.SESSION_SECRET, `form:${value}`)).slice(0, 32);
}

/** Value for the hidden form_rendered_at field: `<ms>.<signature>`. */
export async function formRenderedAt(config: Config, now = Date.now()): Promise<string> {
  return `${now}.${await hmac(config, String(now))}`;
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
  const [ms, sig] = stamp.split(".");
  const renderedAt = Number(ms);
  if (!ms || !sig || !Number.isFinite(renderedAt) || !timingSafeEqual(sig, await hmac(config, ms))) {
    return { ok: false, reason: "tampered" };
  }
  if (now - renderedAt < minFillMs) return { ok: false, reason: "too-fast" };
  if (now - renderedAt > MAX_FORM_AGE_MS) return { ok: false, reason: "tampered" };
  return { ok: true };
}
