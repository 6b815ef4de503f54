/**
 * Newsletter signup from the start page, and its double opt-in.
 *
 * The action goes through the one form flow (handleForm): honeypot and
 * signed fill time → the form's schema → rate limits per client and per
 * address (counted in D1 before anything outside is called) → then one of
 * two paths:
 *
 * - With the Turnstile widget (JavaScript): the token is verified with
 *   siteverify here, in the action. Only a clear success subscribes the
 *   address at once (consent 'turnstile') and queues a welcome mail with its
 *   unsubscribe link and RFC 8058 headers. A missing, refused, reused,
 *   expired or unverifiable token stores nothing and says so.
 * - Without JavaScript (the form posted natively, no token field): a
 *   one-time link is mailed (newsletter_confirmations: only a SHA-256 hash
 *   of the token, 48 hours, single use) and its POST subscribes the address
 *   (consent 'confirmation-link').
 *
 * No enumeration: an address already subscribed changes nothing and gets the
 * same answer as a new one; so does a signup over the address's rate limit
 * (nothing is done for it, and nothing is sent). Over the client's own limit
 * the form says so in Swedish: that tells nothing about any address. An address that unsubscribed is
 * subscribed again only through the link mailed to it, even with a verified
 * token: a bot check proves a person, not that the person owns the mailbox.
 *
 * Each signup is one D1 batch: the subscriber (or the pending link) and its
 * mail go in together (a transactional outbox); delivery follows after the
 * response.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { sql, type SQL } from "drizzle-orm";
import { newsletterConfirmationMail, newsletterWelcomeMail } from "~/domain/mail/newsletter-signup";
import { CONSENT_WORDING_VERSION } from "~/domain/newsletter/signup-texts";
import { TURNSTILE_ACTION, TURNSTILE_FIELD } from "~/domain/newsletter/turnstile";
import { NewsletterSignupSchema } from "~/domain/schemas/newsletter-signup";
import { handleForm, withSchema } from "../forms/form-action.server";
import { hmacSha256Hex, randomToken, sha256Hex } from "../platform/crypto.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { blankLinkStatement, outboxInsertStatements, recipientSlot, toOutboxRow } from "../email/outbox.server";
import { scheduleDrain } from "../email/send-email.server";
import type { Config } from "../platform/env.server";
import { noStoreHeaders } from "../public/cache.server";
import { suppressionHash } from "../privacy/retention-sql.server";
import { clientIp, type RateLimitRule } from "../platform/rate-limit.server";
import { verifyTurnstileToken } from "./turnstile.server";
import { listUnsubscribeHeaders, normalizeAddress, unsubscribeUrl } from "./unsubscribe-links.server";

export const CONFIRMATION_TTL_HOURS = 48;
const CONFIRMATION_TTL_MS = CONFIRMATION_TTL_HOURS * 60 * 60_000;
export const CONFIRM_PATH = "/nyhetsbrev/bekrafta";
/** Where a signup without JavaScript lands: the start page saying the link is on its way. */
export const CONFIRMATION_SENT_URL = "/?nyhetsbrev=bekrafta#nyhetsbrev";

/**
 * Generous per client (a family or an office shares one address), tight per
 * address (nobody needs more than a few links an hour).
 */
export const NEWSLETTER_SIGNUP_LIMITS: { ip: RateLimitRule; email: RateLimitRule } = {
  ip: { name: "newsletter-ip", limit: 10, windowMs: 10 * 60_000 },
  email: { name: "newsletter-email", limit: 3, windowMs: 60 * 60_000 },
};

/** What the start page's form gets back from the action. */
export type SignupOutcome = "subscribed" | "verification-failed" | "failed";
export type SignupActionData = { result: SubmissionResult<string[]> | null; outcome: SignupOutcome };

/** How consent was given, as stored with the subscriber or the pending link. */
export interface ConsentRecord {
  /** The page the form was on. */
  page: string;
  wording: string;
  /** HMAC-SHA256 of the client IP (never the IP itself), or null when unknown. */
  ipHash: string | null;
}

const confirmationMailKey = (tokenHash: string) => `newsletter-confirmation:${tokenHash}`;

export function confirmationUrl(config: Pick<Config, "SITE_URL">, token: string): string {
  const url = new URL(CONFIRM_PATH, config.SITE_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

/** A keyed hash of the IP: proves where consent came from without keeping the address. */
export function consentIpHash(config: Pick<Config, "SESSION_SECRET">, ip: string): Promise<string> {
  return hmacSha256Hex(config.SESSION_SECRET, `consent-ip:${ip.trim()}`);
}

async function consentFrom(config: Config, request: Request): Promise<ConsentRecord> {
  const ip = clientIp(request);
  return {
    page: new URL(request.url).pathname.slice(0, 200),
    wording: CONSENT_WORDING_VERSION,
    ipHash: ip === "unknown" ? null : await consentIpHash(config, ip),
  };
}

/** The welcome mail's outbox row, with the personal unsubscribe link in body and headers. */
async function welcomeRow(config: Config, email: string, key: string, nowIso: string) {
  const link = await unsubscribeUrl(config, email);
  return toOutboxRow(
    {
      kind: "newsletter-welcome",
      to: email,
      ...newsletterWelcomeMail(config.SITE_URL, link),
      headers: listUnsubscribeHeaders(config, link),
      idempotencyKey: key,
    },
    { from: config.EMAIL_FROM },
    nowIso,
  );
}

/**
 * Records a signup in one batch and queues its mail. `verified`: the bot
 * check passed (subscribe now; a link only for an address that had
 * unsubscribed); otherwise a link for any address not subscribed already.
 * Returns the outbox ids to deliver (a row that was not queued is skipped by
 * the drain).
 */
export async function recordSignup(
  context: AppLoadContext,
  rawEmail: string,
  consent: ConsentRecord,
  { verified, now = Date.now() }: { verified: boolean; now?: number },
): Promise<string[]> {
  const { config } = context;
  const email = normalizeAddress(rawEmail);
  const nowIso = new Date(now).toISOString();
  const expiresAt = new Date(now + CONFIRMATION_TTL_MS).toISOString();
  const token = randomToken(32);
  const tokenHash = await sha256Hex(token);
  const slot = await recipientSlot(config, email, "newsletter-confirmation", now);

  const confirmation = toOutboxRow(
    {
      kind: "newsletter-confirmation",
      to: email,
      ...newsletterConfirmationMail(confirmationUrl(config, token), CONFIRMATION_TTL_HOURS),
      idempotencyKey: confirmationMailKey(tokenHash),
      // Never sent once the link is dead; blanked in the stored copy once used or dead.
      secret: { token, expiresAt },
    },
    { from: config.EMAIL_FROM },
    nowIso,
  );
  const linkIf: SQL = verified
    ? sql`EXISTS (SELECT 1 FROM newsletter_subscribers WHERE lower(email) = ${email} AND status = 'unsubscribed')`
    : sql`NOT EXISTS (SELECT 1 FROM newsletter_subscribers WHERE lower(email) = ${email} AND status = 'subscribed')`;
  const b = new BatchBuilder();
  let welcome: ReturnType<typeof toOutboxRow> | null = null;
  if (verified) {
    b.add(
      sql`INSERT INTO newsletter_subscribers
             (email, status, source, consent_at, consent_method, consent_page, consent_wording, consent_ip_hash)
           VALUES (${email}, 'subscribed', 'website', ${nowIso}, 'turnstile', ${consent.page}, ${consent.wording}, ${consent.ipHash})
           ON CONFLICT DO NOTHING`,
    );
    // A new consent of the owner's own: a suppression left by an old deletion no longer applies.
    b.add(liftSuppression(await suppressionHash(email), email, "turnstile", nowIso));
    // The key carries the consent time: two racing signups of one address queue one welcome.
    welcome = await welcomeRow(config, email, `newsletter-welcome:${email}:${nowIso}`, nowIso);
  }
  b.add(
    sql`INSERT INTO newsletter_confirmations
           (token_hash, email, consent_page, consent_wording, consent_ip_hash, created_at, expires_at)
         SELECT ${tokenHash}, ${email}, ${consent.page}, ${consent.wording}, ${consent.ipHash}, ${nowIso}, ${expiresAt} WHERE ${linkIf}`,
  );
  if (welcome) {
    b.addAll(
      outboxInsertStatements(welcome, {
        condition: sql`EXISTS (SELECT 1 FROM newsletter_subscribers WHERE lower(email) = ${email} AND status = 'subscribed'
                  AND consent_method = 'turnstile' AND consent_at = ${nowIso})`,
        recipientSlot: slot,
      }),
    );
  }
  b.addAll(
    outboxInsertStatements(confirmation, {
      condition: sql`EXISTS (SELECT 1 FROM newsletter_confirmations WHERE token_hash = ${tokenHash})`,
      recipientSlot: slot,
    }),
  );
  await runBatch(context, b.plan(() => undefined));
  return [confirmation.id, ...(welcome ? [welcome.id] : [])];
}

/** Forgets the address's suppression hash once this very consent subscribed it. */
function liftSuppression(hash: string, email: string, method: string, consentAt: string): SQL {
  return sql`DELETE FROM newsletter_suppressions WHERE email_hash = ${hash}
         AND EXISTS (SELECT 1 FROM newsletter_subscribers WHERE lower(email) = lower(${email}) AND status = 'subscribed'
           AND consent_method = ${method} AND consent_at = ${consentAt})`;
}

export type ConfirmOutcome = "confirmed" | "expired" | "invalid";

/**
 * Uses a confirmation link up (a POST, never a GET): once, before it
 * expires. Subscribes the address (again, if it had unsubscribed; an address
 * subscribed meanwhile is left as it is) with the consent given at signup,
 * queues the welcome mail (delivered after the response) and blanks the link
 * in the stored confirmation mail.
 */
export async function confirmSubscription(
  context: AppLoadContext,
  token: string,
  now = Date.now(),
): Promise<{ outcome: ConfirmOutcome; outboxIds: string[] }> {
  const confirmed = await spendConfirmation(context, token, now);
  scheduleDrain(context, confirmed.outboxIds);
  return confirmed;
}

async function spendConfirmation(
  context: AppLoadContext,
  token: string,
  now: number,
): Promise<{ outcome: ConfirmOutcome; outboxIds: string[] }> {
  const failed = (outcome: ConfirmOutcome) => ({ outcome, outboxIds: [] });
  if (token.length < 22 || token.length > 128) return failed("invalid");
  const { config } = context;
  const nowIso = new Date(now).toISOString();
  const tokenHash = await sha256Hex(token);
  const pending = await context.db.get<{ email: string; expires_at: string; used_at: string | null }>(
    sql`SELECT email, expires_at, used_at FROM newsletter_confirmations WHERE token_hash = ${tokenHash}`,
  );
  if (!pending || pending.used_at !== null) return failed("invalid");
  if (pending.expires_at <= nowIso) return failed("expired");

  const email = pending.email;
  const usedNow = sql`EXISTS (SELECT 1 FROM newsletter_confirmations WHERE token_hash = ${tokenHash} AND used_at = ${nowIso})`;
  const welcome = await welcomeRow(config, email, `newsletter-welcome:confirm:${tokenHash}`, nowIso);
  const suppression = await suppressionHash(email);
  const slot = await recipientSlot(config, email, "newsletter-welcome", now);
  const b = new BatchBuilder();
  const used = b.add(
    sql`UPDATE newsletter_confirmations SET used_at = ${nowIso}
         WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${nowIso}
         RETURNING email`,
  );
  b.add(
    sql`INSERT INTO newsletter_subscribers
           (email, status, source, consent_at, consent_method, consent_page, consent_wording, consent_ip_hash)
         SELECT email, 'subscribed', 'website', ${nowIso}, 'confirmation-link', consent_page, consent_wording, consent_ip_hash
         FROM newsletter_confirmations WHERE token_hash = ${tokenHash} AND used_at = ${nowIso}
         ON CONFLICT (lower(email)) DO UPDATE SET
           status = 'subscribed', unsubscribed_at = NULL, unsubscribe_reason = NULL,
           undeliverable_at = NULL, undeliverable_reason = NULL, consent_at = excluded.consent_at,
           consent_method = excluded.consent_method, consent_page = excluded.consent_page,
           consent_wording = excluded.consent_wording, consent_ip_hash = excluded.consent_ip_hash
         -- A confirmed link also proves an address that bounced takes mail again.
         WHERE newsletter_subscribers.status = 'unsubscribed' OR newsletter_subscribers.undeliverable_at IS NOT NULL`,
  );
  b.add(liftSuppression(suppression, email, "confirmation-link", nowIso));
  b.addAll(
    outboxInsertStatements(welcome, {
      condition: sql`EXISTS (SELECT 1 FROM newsletter_subscribers WHERE lower(email) = ${email} AND status = 'subscribed'
                AND consent_method = 'confirmation-link' AND consent_at = ${nowIso})`,
      recipientSlot: slot,
    }),
  );
  b.add(blankLinkStatement(confirmationMailKey(tokenHash), new Date(now), usedNow));
  const usedNowHere = await runBatch(context, b.plan((results) => used.rows(results).length > 0));
  // Another request used the link between the look-up and the batch.
  if (!usedNowHere) return failed("invalid");
  return { outcome: "confirmed", outboxIds: [welcome.id] };
}

/** The start page's action: see the module header. Through the one form flow, with the page's own answers. */
export async function handleNewsletterSignup({ request, context }: { request: Request; context: AppLoadContext }) {
  const { config } = context;
  const parse = (formData: FormData) => ({
    ...withSchema(NewsletterSignupSchema)(formData),
    // The widget adds its field (empty until solved); a form posted without JavaScript has none.
    viaWidget: formData.has(TURNSTILE_FIELD),
  });
  const answer = (
    status: number,
    outcome: SignupOutcome,
    result: SubmissionResult<string[]> | null,
    headers: Record<string, string> = {},
  ) => data<SignupActionData>({ result, outcome }, { status, headers: { ...noStoreHeaders, ...headers } });
  // A success echoes nothing back: every address gets the very same answer.
  const done = (viaWidget: boolean) =>
    viaWidget ? answer(200, "subscribed", null) : redirect(CONFIRMATION_SENT_URL, { headers: noStoreHeaders });
  type Answered = ReturnType<typeof answer>;

  return handleForm<ReturnType<typeof parse>, Answered | ReturnType<typeof redirect>, Answered>(
    { request, context },
    {
      parse,
      hideFields: [TURNSTILE_FIELD],
      rateLimit: {
        rules: [NEWSLETTER_SIGNUP_LIMITS.ip, { rule: NEWSLETTER_SIGNUP_LIMITS.email, by: ({ email }) => normalizeAddress(email) }],
        // Counted before any outside call; over a limit nothing is done. Over the address's limit the
        // answer is the usual one (it must not tell which addresses were tried); over the client's own
        // limit, which tells nothing of any address, it is the Swedish rate-limit message.
        over: ({ viaWidget }, spent) => (spent.includes(NEWSLETTER_SIGNUP_LIMITS.ip) ? null : done(viaWidget)),
        unavailable: { status: 500 },
      },
      refuse: (result, { status, headers }) => answer(status, "failed", result, headers),
      async run(value, { submission, viaWidget }) {
        try {
          const email = normalizeAddress(value.email);
          const consent = await consentFrom(config, request);
          let verified = false;
          if (viaWidget) {
            const ip = clientIp(request);
            const verdict = await verifyTurnstileToken(config, value[TURNSTILE_FIELD], ip === "unknown" ? null : ip, {
              hostname: new URL(config.SITE_URL).hostname,
              action: TURNSTILE_ACTION,
            });
            if (!verdict.ok) return answer(400, "verification-failed", submission.reply({ hideFields: [TURNSTILE_FIELD] }));
            verified = true;
          }
          const outboxIds = await recordSignup(context, email, consent, { verified });
          scheduleDrain(context, outboxIds);
          return done(viaWidget);
        } catch (error) {
          console.error("newsletter signup failed", error);
          return { status: 500 };
        }
      },
    },
  );
}
