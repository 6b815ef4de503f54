/**
 * Pacing a drain's calls to the provider's rate limit. Resend allows a few
 * requests a second per team (2 by default; every answer says how many in
 * its rate-limit headers) and answers 429 with retry-after beyond it. A
 * drain spaces its calls to fit: 1/rps apart, rps read from the answers'
 * ratelimit-limit (MAIL_PROVIDER_RPS until one says), a pause until the
 * window resets when ratelimit-remaining reaches 0, and after a 429 a pause
 * of retry-after. No call starts after the drain's deadline.
 *
 * Campaign calls leave room for transactional mail: they go at most
 * campaignRate(rps) a second (rps − 1, and half the rate at 2 or less), so in
 * every second a booking confirmation or a sign-in link queued meanwhile,
 * drained right after its request in another isolate, finds a free request.
 */
import type { ProviderPace } from "./transport.server";

export type CallClass = "transactional" | "campaign";

/** Campaign calls a second at `rps`: one request a second (half, at 2 or less) stays free for transactional mail. */
export function campaignRate(rps: number): number {
  return rps > 2 ? rps - 1 : rps / 2;
}

export interface PacerOptions {
  /** Calls a second until an answer's ratelimit-limit says otherwise. */
  rps: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** No call starts after this instant (ms since the epoch). */
  deadline: number;
}

export class ProviderPacer {
  private rps: number;
  /** The earliest start of the next call of any class. */
  private nextAt = 0;
  /** The earliest start of the next campaign call. */
  private nextCampaignAt = 0;

  constructor(private readonly options: PacerOptions) {
    this.rps = options.rps;
  }

  /** Calls a second the pacer currently keeps to. */
  get rate(): number {
    return this.rps;
  }

  /**
   * Waits for the next free slot for a call of `kind` and takes it; false
   * (without waiting) when that slot starts after the deadline.
   */
  async take(kind: CallClass): Promise<boolean> {
    const now = this.options.now();
    const at = Math.max(now, this.nextAt, kind === "campaign" ? this.nextCampaignAt : 0);
    if (at > this.options.deadline) return false;
    if (at > now) await this.options.sleep(at - now);
    const started = Math.max(at, this.options.now());
    this.nextAt = started + 1000 / this.rps;
    if (kind === "campaign") this.nextCampaignAt = started + 1000 / campaignRate(this.rps);
    return true;
  }

  /** Learns from an answer's headers; `rateLimited`: it was a 429. */
  heard(pace: ProviderPace | null, rateLimited: boolean): void {
    const now = this.options.now();
    if (pace?.limit) this.rps = pace.limit;
    let pauseMs = 0;
    if (rateLimited) pauseMs = pace?.retryAfterMs ?? pace?.resetMs ?? 1000;
    else if (pace?.remaining === 0) pauseMs = pace.resetMs ?? 1000;
    if (pauseMs > 0) this.nextAt = Math.max(this.nextAt, now + pauseMs);
  }
}

/** The platform's timer: a drain's pause costs no CPU time. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
