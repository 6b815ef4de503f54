/**
 * Server-side check of a Turnstile token: one POST to siteverify (its URL
 * from config, so tests point it at a stub) with the secret, the token, the
 * visitor's IP and an idempotency key, within a few seconds. Anything but a
 * clear "success" from Cloudflare (a refusal, a reused or expired token, an
 * error, a timeout) is a failure: nobody is subscribed on a doubt.
 */
import type { Config } from "../env.server";

export const SITEVERIFY_TIMEOUT_MS = 5_000;

export type TurnstileVerdict =
  | { ok: true }
  | { ok: false; reason: "missing-token" | "refused" | "unavailable"; errorCodes?: string[] };

interface SiteverifyAnswer {
  success?: unknown;
  "error-codes"?: unknown;
}

export async function verifyTurnstileToken(
  config: Pick<Config, "TURNSTILE_SECRET_KEY" | "TURNSTILE_VERIFY_URL">,
  token: string | undefined,
  remoteIp: string | null,
  { timeoutMs = SITEVERIFY_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<TurnstileVerdict> {
  if (!token) return { ok: false, reason: "missing-token" };
  const body = new URLSearchParams({
    secret: config.TURNSTILE_SECRET_KEY,
    response: token,
    // A retry with the same key is answered as the first call was, not as a reuse.
    idempotency_key: crypto.randomUUID(),
  });
  if (remoteIp) body.set("remoteip", remoteIp);
  try {
    const res = await fetch(config.TURNSTILE_VERIFY_URL, {
      method: "POST",
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      console.error(`turnstile siteverify answered ${res.status}`);
      return { ok: false, reason: "unavailable" };
    }
    const answer = (await res.json()) as SiteverifyAnswer;
    if (answer.success === true) return { ok: true };
    const errorCodes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].map(String) : [];
    return { ok: false, reason: "refused", errorCodes };
  } catch (error) {
    console.error("turnstile siteverify failed", error);
    return { ok: false, reason: "unavailable" };
  }
}
