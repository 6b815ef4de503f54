// The provider's signed events (POST /api/epost-handelser), through the
// worker as the provider calls it. Events are signed here with WebCrypto the
// Svix / Standard Webhooks way (HMAC-SHA256 of "id.timestamp.body" under the
// base64 key after whsec_), independently of the library the app verifies with.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listCampaigns } from "~/server/newsletter/campaigns.server";
import { handleMailEvent, MAIL_EVENT_RETRY_MS, MAIL_EVENTS_PATH } from "~/server/email/provider-events.server";
import { getConfig } from "~/server/platform/env.server";
import { findSubscriber } from "~/server/newsletter/segments.server";
import { consentFacts } from "~/domain/newsletter/consent";
import { startCampaign } from "~/server/newsletter/campaign-sending.server";
import { runDueWaves } from "~/server/newsletter/campaign-waves.server";
import { createCampaign, resetNewsletter, seedSubscribers } from "./newsletter-fixtures";
import { testContext } from "./helpers";
import { SELF } from "./public-helpers";
import { mailEventSignature } from "../support/webhook-signatures";

const SECRET = env.RESEND_WEBHOOK_SECRET!;
const config = getConfig(env);
const T0 = new Date("2031-06-02T09:00:00.000Z");

const sign = (id: string, timestamp: number, body: string, secret = SECRET) => mailEventSignature(id, timestamp, body, secret);

type EventBody = { type: string; created_at?: string; data: Record<string, unknown> };

async function post(
  event: EventBody | string,
  {
    id = `msg_${crypto.randomUUID()}`,
    timestamp = Math.floor(Date.now() / 1000),
    secret = SECRET,
    signature,
  }: { id?: string; timestamp?: number; secret?: string; signature?: string } = {},
) {
  const body = typeof event === "string" ? event : JSON.stringify(event);
  return SELF.fetch(`http://localhost${MAIL_EVENTS_PATH}`, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(timestamp),
      "svix-signature": signature ?? (await sign(id, timestamp, body, secret)),
    },
  });
}

const event = (type: string, emailId: string, data: Record<string, unknown> = {}): EventBody => ({
  type,
  created_at: "2031-06-02T09:05:00.000Z",
  data: { email_id: emailId, to: ["someone@example.se"], subject: "Nya pass", ...data },
});
const hardBounce = { bounce: { type: "Permanent", subType: "General", message: "The recipient's mailbox does not exist." } };

/** A campaign to three subscribers, its mail marked as taken by the provider under ids re_<address>. */
async function sentCampaign() {
  await resetNewsletter();
  await seedSubscribers(["anna", "bo", "cilla"].map((n) => ({ email: `${n}@example.se`, segments: ["vanner-testar"] })));
  const id = await createCampaign({ subject: "Nya pass i juni" });
  expect(await startCampaign(testContext(), { campaignId: id, target: "vanner-testar", now: T0 })).toMatchObject({ ok: true });
  expect((await runDueWaves(testContext(), T0)).queued).toBe(3);
  await env.DB.prepare(
    `UPDATE email_outbox SET status = 'sent', sent_at = ?, provider_message_id = 're_' || substr(to_address, 1, instr(to_address, '@') - 1)
     WHERE kind = 'newsletter'`,
  )
    .bind(T0.toISOString())
    .run();
  return id;
}

const counts = async (campaignId: number) => {
  const campaign = (await listCampaigns(testContext())).find((c) => c.id === campaignId);
  return { delivered: campaign?.delivered, bounced: campaign?.bounced, complained: campaign?.complained };
};
const storedEvents = async () =>
  (await env.DB.prepare("SELECT event_id AS id, type FROM email_events ORDER BY received_at").all<{ id: string; type: string }>()).results;

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM email_events"), env.DB.prepare("DELETE FROM email_outbox")]);
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the provider's events", () => {
  it("stores a delivery once: a repeated event id answers 200 and changes nothing; the campaign counts it", async () => {
    const campaign = await sentCampaign();
    const first = await post(event("email.delivered", "re_anna"), { id: "msg_levererad" });
    expect(first.status).toBe(200);
    const again = await post(event("email.delivered", "re_anna"), { id: "msg_levererad" });
    expect(again.status).toBe(200);
    expect(await storedEvents()).toEqual([{ id: "msg_levererad", type: "delivered" }]);
    expect(await post(event("email.delivered", "re_bo"))).toHaveProperty("status", 200);
    expect(await counts(campaign)).toEqual({ delivered: 2, bounced: 0, complained: 0 });
  });

  it("a hard bounce stops newsletters to the address; a soft one is only recorded", async () => {
    const campaign = await sentCampaign();
    expect((await post(event("email.bounced", "re_bo", hardBounce))).status).toBe(200);
    expect((await post(event("email.bounced", "re_cilla", { bounce: { type: "Transient", subType: "MailboxFull" } }))).status).toBe(200);
    expect(await counts(campaign)).toEqual({ delivered: 0, bounced: 2, complained: 0 });
    const bo = await findSubscriber(testContext(), "bo@example.se");
    expect(bo?.status).toBe("subscribed");
    expect(bo?.undeliverableAt).toBeTruthy();
    expect(bo?.undeliverableReason).toContain("does not exist");
    expect(consentFacts(bo!).map((f) => f.label)).toContain("Adressen studsade");
    expect((await findSubscriber(testContext(), "cilla@example.se"))?.undeliverableAt).toBeNull();

    // The next campaign to the same segment skips the bounced address only.
    const next = await createCampaign({ subject: "Sista platserna" });
    const later = new Date(T0.getTime() + 86_400_000);
    expect(await startCampaign(testContext(), { campaignId: next, target: "vanner-testar", now: later })).toMatchObject({ ok: true });
    expect((await runDueWaves(testContext(), later)).queued).toBe(2);
    const { results } = await env.DB.prepare(
      "SELECT to_address AS address FROM email_outbox WHERE kind = 'newsletter' AND status = 'queued' ORDER BY to_address",
    ).all<{ address: string }>();
    expect(results.map((r) => r.address)).toEqual(["anna@example.se", "cilla@example.se"]);
  });

  it("a complaint unsubscribes the address at once, recorded as such in its consent history", async () => {
    const campaign = await sentCampaign();
    expect((await post(event("email.complained", "re_anna"))).status).toBe(200);
    const anna = await findSubscriber(testContext(), "anna@example.se");
    expect(anna).toMatchObject({ status: "unsubscribed", unsubscribeReason: "complaint" });
    const left = consentFacts(anna!).find((f) => f.label === "Avprenumererade");
    expect(left?.value).toContain("markerade ett nyhetsbrev som skräppost");
    expect(await counts(campaign)).toEqual({ delivered: 0, bounced: 0, complained: 1 });
  });

  it("refuses forged, stale, unsigned and wrongly keyed events, and changes nothing", async () => {
    await sentCampaign();
    const body = event("email.complained", "re_anna");
    const now = Math.floor(Date.now() / 1000);
    const answers = [
      await post(body, { signature: "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=" }),
      await post(body, { secret: "whsec_" + btoa("a different signing key entirely") }),
      await post(body, { timestamp: now - 10 * 60 }),
      await post(body, { timestamp: now + 10 * 60 }),
      await SELF.fetch(`http://localhost${MAIL_EVENTS_PATH}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    // A signature over another body does not carry over.
    const id = "msg_umbytt";
    const signature = await sign(id, now, JSON.stringify(event("email.delivered", "re_anna")));
    expect((await post(body, { id, timestamp: now, signature })).status).toBe(401);
    expect(await storedEvents()).toEqual([]);
    expect((await findSubscriber(testContext(), "anna@example.se"))?.status).toBe("subscribed");
  });

  it("acknowledges an authentic event about a mail it does not know: stored without an address, a replay 'Already stored'", async () => {
    const campaign = await sentCampaign();
    const unknown = await post(event("email.complained", "re_okand"), { id: "msg_okand" });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ ok: true, message: "Ignored" });
    const again = await post(event("email.complained", "re_okand"), { id: "msg_okand" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, message: "Already stored" });
    const { results } = await env.DB.prepare("SELECT event_id, outbox_id, campaign_id, recipient, subject FROM email_events").all();
    expect(results).toEqual([{ event_id: "msg_okand", outbox_id: null, campaign_id: null, recipient: "[raderad]", subject: null }]);
    // It counts for no campaign and touches no subscriber.
    expect(await counts(campaign)).toEqual({ delivered: 0, bounced: 0, complained: 0 });
    expect((await findSubscriber(testContext(), "anna@example.se"))?.status).toBe("subscribed");
  });

  it("answers a replay of a stored event with the words Stripe's endpoint uses", async () => {
    await sentCampaign();
    expect(await (await post(event("email.delivered", "re_anna"), { id: "msg_tvagang" })).json()).toEqual({ ok: true, message: "Stored" });
    expect(await (await post(event("email.delivered", "re_anna"), { id: "msg_tvagang" })).json()).toEqual({ ok: true, message: "Already stored" });
  });

  it("sends a fresh event back for a retry while a mail is being sent, within a bounded window", async () => {
    await sentCampaign();
    await env.DB.prepare("UPDATE email_outbox SET status = 'sending', provider_message_id = NULL WHERE to_address = 'cilla@example.se'").run();
    const fresh = { ...event("email.delivered", "re_ny"), created_at: new Date().toISOString() };
    const early = await post(fresh, { id: "msg_tidig" });
    expect(early.status).toBe(409);
    expect(await storedEvents()).toEqual([]);
    // The send is recorded: the provider's retry finds the mail.
    await env.DB.prepare("UPDATE email_outbox SET status = 'sent', provider_message_id = 're_ny' WHERE to_address = 'cilla@example.se'").run();
    expect((await post(fresh, { id: "msg_tidig" })).status).toBe(200);
    expect(await storedEvents()).toEqual([{ id: "msg_tidig", type: "delivered" }]);

    // Past the window the same wait ends: stored without an address, acknowledged.
    await env.DB.prepare("UPDATE email_outbox SET status = 'sending' WHERE to_address = 'bo@example.se'").run();
    const old = { ...event("email.delivered", "re_aldrig"), created_at: new Date(Date.now() - MAIL_EVENT_RETRY_MS - 60_000).toISOString() };
    expect((await post(old, { id: "msg_sen" })).status).toBe(200);
    // Nothing being sent: no wait even for a fresh event.
    await env.DB.prepare("UPDATE email_outbox SET status = 'sent' WHERE status = 'sending'").run();
    expect((await post({ ...fresh, data: { email_id: "re_annan" } }, { id: "msg_annan" })).status).toBe(200);
    expect((await storedEvents()).map((e) => e.id)).toEqual(["msg_tidig", "msg_sen", "msg_annan"]);
  });

  it("answers 400 for a malformed event, storing nothing; other types are acknowledged", async () => {
    await sentCampaign();
    expect((await post("{ not json")).status).toBe(400);
    expect((await post({ type: "email.bounced", data: { nothing: true } })).status).toBe(400);
    expect((await post(event("email.opened", "re_anna"))).status).toBe(200);
    expect(await storedEvents()).toEqual([]);
    expect((await findSubscriber(testContext(), "anna@example.se"))?.status).toBe("subscribed");
  });

  it("is off (404) without a configured secret, and takes only POST", async () => {
    const request = new Request(`http://localhost${MAIL_EVENTS_PATH}`, { method: "POST", body: "{}" });
    expect((await handleMailEvent({ ...testContext(), config: { ...config, RESEND_WEBHOOK_SECRET: undefined } }, request)).status).toBe(404);
    expect((await SELF.fetch(`http://localhost${MAIL_EVENTS_PATH}`)).status).toBe(405);
  });

  it("refuses a body larger than an event can be (413)", async () => {
    const big = JSON.stringify({ type: "email.delivered", data: { email_id: "re_anna", pad: "x".repeat(70_000) } });
    expect((await post(big)).status).toBe(413);
    expect(await storedEvents()).toEqual([]);
  });
});
