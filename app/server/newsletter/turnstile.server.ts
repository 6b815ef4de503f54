/**
 * Server-side check of a Turnstile token: one POST to siteverify (its URL
 * from config, so tests point it at a stub) with the secret, the token, the
 * visitor's IP and an idempotency key, within a few seconds. Anything but a
 * clear "success" from Cloudflare (a refusal, a reused or expired token, an
 * error, a timeout) is a failure: nobody is subscribed on a doubt.
 *
 * A success counts only for a token solved on this site (siteverify's
 * `hostname`, against SITE_URL) by this form's widget (its `action`): a site
 * key may be allowed on several hostnames, and a token solved elsewhere
 * proves nothing here. Cloudflare's documented test secret keys answer for
 * any page with the hostname example.com and may leave the action empty;
 * with one of those (local development) both are accepted too.
 */
import type { Config } from "../platform/env.server";

export const SITEVERIFY_TIMEOUT_MS = 5_000;

export type TurnstileVerdict =
  | { ok: true }
  | { ok: false; reason: "missing-token" | "refused" | "unavailable"; errorCodes?: string[] };

interface SiteverifyAnswer {
  success?: unknown;
  "error-codes"?: unknown;
  hostname?: unknown;
  action?: unknown;
}

/** Where and by which widget a token must have been solved. */
export interface TurnstileExpectation {
  hostname: string;
  action: string;
}

/** Cloudflare's published test secret keys (always pass / always fail / already spent). */
const TEST_SECRET_KEY = /^[123]x0{31}AA$/;
const TEST_KEY_HOSTNAME = "example.com";

function solvedHere(answer: SiteverifyAnswer, expected: TurnstileExpectation, testKey: boolean): boolean {
  const hostname = typeof answer.hostname === "string" ? answer.hostname.toLowerCase() : "";
  const action = typeof answer.action === "string" ? answer.action : "";
  const hostnameOk = hostname === expected.hostname.toLowerCase() || (testKey && hostname === TEST_KEY_HOSTNAME);
  const actionOk = action === expected.action || (testKey && action === "");
  return hostnameOk && actionOk;
}

export async function verifyTurnstileToken(
  config: Pick<Config, "TURNSTILE_SECRET_KEY" | "TURNSTILE_VERIFY_URL">,
  token: string | undefined,
  remoteIp: string | null,
  expected: TurnstileExpectation,
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
    if (answer.success === true) {
      if (solvedHere(answer, expected, TEST_SECRET_KEY.test(config.TURNSTILE_SECRET_KEY))) return { ok: true };
      console.error(`turnstile token solved for ${String(answer.action)} on ${String(answer.hostname)}, not here`);
      return { ok: false, reason: "refused", errorCodes: ["wrong-hostname-or-action"] };
    }
    const errorCodes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].map(String) : [];
    return { ok: false, reason: "refused", errorCodes };
  } catch (error) {
    console.error("turnstile siteverify failed", error);
    return { ok: false, reason: "unavailable" };
  }
}
