// Campaign waves through the cron worker's scheduled entry, at chosen times:
// day 1 at once, day 2 and 3 at 08:00 Stockholm (across both DST changes),
// the day-4 report once, idempotent on repeated and overlapping runs, a stop,
// and a run that fails midway.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runDueWaves } from "~/server/newsletter/campaign-waves.server";
import { startCampaign, stopCampaign } from "~/server/newsletter/campaign-sending.server";
import {
  campaignState,
  createCampaign,
  many,
  newsletterMail,
  resetNewsletter,
  runCron,
  seedSubscribers,
  waveStates,
} from "./newsletter-fixtures";
import { testContext } from "./helpers";

/** Two of each official segment, one tester, one unsorted website signup, one who left. */
const PEOPLE = [
  { email: "vip1@example.se", segments: ["vip-utskick"] },
  { email: "live1@example.se", segments: ["live-utskick"] },
  { email: "slut1@example.se", segments: ["slut-utskick"] },
  { email: "vip2@example.se", segments: ["vip-utskick", "vanner-testar"] },
  { email: "live2@example.se", segments: ["live-utskick"] },
  { email: "slut2@example.se", segments: ["slut-utskick"] },
  { email: "ny@example.se", segments: [] },
  { email: "testare@example.se", segments: ["test-once"] },
  { email: "borta@example.se", segments: ["vip-utskick"], status: "unsubscribed" as const },
];
const DAY1 = ["live1@example.se", "live2@example.se", "vip1@example.se", "vip2@example.se"];
const DAY2 = ["slut1@example.se", "slut2@example.se"];
const DAY3 = ["ny@example.se", "testare@example.se"];

const addresses = async () => (await newsletterMail()).map((m) => m.to).sort();

beforeEach(async () => {
  await resetNewsletter();
  vi.spyOn(console, "log").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function startAll(at: string) {
  await seedSubscribers(PEOPLE);
  const id = await createCampaign();
  const started = await startCampaign(testContext(), { campaignId: id, target: "alla", now: new Date(at) });
  expect(started).toMatchObject({ ok: true, recipients: 8 });
  return id;
}

describe("a campaign to 'alla'", () => {
  it("sends day 2 and 3 at 08:00 Stockholm across the spring DST change (2026-03-29)", async () => {
    // Friday 27 March, 11:00 CET. Day 2 is Saturday 08:00 CET (07:00 UTC);
    // day 3 is Sunday 29 March, the first day of summer time: 08:00 CEST (06:00 UTC).
    const id = await startAll("2026-03-27T10:00:00.000Z");

    await runCron("2026-03-27T10:00:00.000Z");
    expect(await addresses()).toEqual(DAY1);

    await runCron("2026-03-28T06:55:00.000Z");
    expect(await addresses()).toEqual(DAY1);
    await runCron("2026-03-28T07:00:00.000Z");
    expect(await addresses()).toEqual([...DAY1, ...DAY2].sort());

    // 05:55 UTC is 07:55 in summer time: still too early.
    await runCron("2026-03-29T05:55:00.000Z");
    expect(await addresses()).toEqual([...DAY1, ...DAY2].sort());
    await runCron("2026-03-29T06:00:00.000Z");
    expect(await addresses()).toEqual([...DAY1, ...DAY2, ...DAY3].sort());

    // The report: Monday 30 March 08:00 CEST.
    await runCron("2026-03-30T05:55:00.000Z");
    expect(await newsletterMail("newsletter-report")).toHaveLength(0);
    expect((await campaignState(id))?.status).toBe("sending");
    await runCron("2026-03-30T06:00:00.000Z");
    expect(await newsletterMail("newsletter-report")).toEqual([{ to: "admin@hundpass.se", status: "sent" }]);
    expect(await campaignState(id)).toMatchObject({ status: "sent", sentCount: 8 });
  });

  it("sends day 2 and 3 at 08:00 Stockholm across the autumn DST change (2026-10-25)", async () => {
    // Friday 23 October, 12:00 CEST. Day 2: Saturday 08:00 CEST (06:00 UTC);
    // day 3: Sunday 25 October, back on winter time: 08:00 CET (07:00 UTC).
    await startAll("2026-10-23T10:00:00.000Z");
    await runCron("2026-10-23T10:05:00.000Z");
    expect(await addresses()).toEqual(DAY1);

    await runCron("2026-10-24T05:55:00.000Z");
    expect(await addresses()).toEqual(DAY1);
    await runCron("2026-10-24T06:00:00.000Z");
    expect(await addresses()).toEqual([...DAY1, ...DAY2].sort());

    // 06:00 UTC is 07:00 in winter time: too early now.
    await runCron("2026-10-25T06:00:00.000Z");
    await runCron("2026-10-25T06:55:00.000Z");
    expect(await addresses()).toEqual([...DAY1, ...DAY2].sort());
    await runCron("2026-10-25T07:00:00.000Z");
    expect(await addresses()).toEqual([...DAY1, ...DAY2, ...DAY3].sort());

    await runCron("2026-10-26T06:55:00.000Z");
    expect(await newsletterMail("newsletter-report")).toHaveLength(0);
    await runCron("2026-10-26T07:00:00.000Z");
    expect(await newsletterMail("newsletter-report")).toHaveLength(1);
  });

  it("sends nothing twice when a trigger repeats or two runs overlap, and the report once", async () => {
    await seedSubscribers([...PEOPLE, ...many("vip", 120, "vip-utskick"), ...many("slut", 80, "slut-utskick")]);
    const id = await createCampaign();
    await startCampaign(testContext(), { campaignId: id, target: "alla", now: new Date("2026-05-04T09:00:00.000Z") });

    const times = [
      "2026-05-04T09:00:00.000Z",
      "2026-05-04T09:00:00.000Z",
      "2026-05-05T06:00:00.000Z",
      "2026-05-06T06:00:00.000Z",
      "2026-05-07T06:00:00.000Z",
      "2026-05-07T06:05:00.000Z",
    ];
    for (const at of times) {
      // Two runs at once, as a trigger that fires twice would make them.
      await Promise.all([runCron(at), runCron(at)]);
    }

    const mail = await newsletterMail();
    expect(mail).toHaveLength(8 + 200);
    expect(new Set(mail.map((m) => m.to)).size).toBe(mail.length);
    expect(await newsletterMail("newsletter-report")).toHaveLength(1);
    expect(await campaignState(id)).toMatchObject({ status: "sent", sentCount: 208 });
    const ledger = await env.DB.prepare("SELECT count(*) AS n FROM email_campaign_recipients WHERE campaign_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(ledger?.n).toBe(208);
  });

  it("reports per wave: recipients, sent, failed and unsubscribed", async () => {
    const id = await startAll("2026-05-04T09:00:00.000Z");
    await runCron("2026-05-04T09:00:00.000Z");
    await runCron("2026-05-05T06:00:00.000Z");
    await runCron("2026-05-06T06:00:00.000Z");
    // One day-1 mail failed for good; one day-2 recipient has unsubscribed since.
    await env.DB.batch([
      env.DB.prepare("UPDATE email_outbox SET status = 'failed' WHERE to_address = 'vip1@example.se'"),
      env.DB.prepare(
        "UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = '2026-05-05T10:00:00.000Z' WHERE email = 'slut2@example.se'",
      ),
    ]);
    // What the provider reported back for two day-1 mails: one delivered, one bounced.
    await env.DB.prepare(
      `INSERT INTO email_events (event_id, type, provider_message_id, outbox_id, campaign_id, recipient)
       SELECT 'msg_' || o.to_address, CASE o.to_address WHEN 'live1@example.se' THEN 'delivered' ELSE 'bounced' END,
         're_' || o.id, o.id, ?, o.to_address
       FROM email_outbox o WHERE o.to_address IN ('live1@example.se', 'live2@example.se') AND o.kind = 'newsletter'`,
    )
      .bind(id)
      .run();
    await runDueWaves(testContext(), new Date("2026-05-07T06:00:00.000Z"));
    const report = await env.DB.prepare("SELECT subject, text_body AS text FROM email_outbox WHERE kind = 'newsletter-report'")
      .first<{ subject: string; text: string }>();
    expect(report?.subject).toBe("Rapport: Aprilbrevet");
    expect(report?.text).toContain(
      "Våg 1 (dag 1): live-utskick, vip-utskick\n  Mottagare: 4\n  Skickade: 3\n  Misslyckade: 1\n  Levererade: 1\n  Studsade: 1\n  Skräppostanmälda: 0\n  Avprenumererade: 0",
    );
    expect(report?.text).toContain("Våg 2 (dag 2): slut-utskick\n  Mottagare: 2\n  Skickade: 2\n  Misslyckade: 0\n  Levererade: 0\n  Studsade: 0\n  Skräppostanmälda: 0\n  Avprenumererade: 1");
    expect(report?.text).toContain("Våg 3 (dag 3): utan segment\n  Mottagare: 2");
    expect((await campaignState(id))?.status).toBe("sent");
  });
});

describe("stopping a campaign", () => {
  it("cancels the remaining waves and the report; mail already sent stays sent", async () => {
    const id = await startAll("2026-05-04T09:00:00.000Z");
    await runCron("2026-05-04T09:00:00.000Z");
    await runCron("2026-05-05T06:00:00.000Z");
    expect(await addresses()).toEqual([...DAY1, ...DAY2].sort());

    expect(await stopCampaign(testContext(), { campaignId: id, now: new Date("2026-05-05T08:00:00.000Z") })).toMatchObject({
      stopped: true,
    });
    await runCron("2026-05-06T06:00:00.000Z");
    await runCron("2026-05-07T06:00:00.000Z");

    expect(await addresses()).toEqual([...DAY1, ...DAY2].sort());
    expect((await newsletterMail()).every((m) => m.status === "sent")).toBe(true);
    expect(await newsletterMail("newsletter-report")).toHaveLength(0);
    expect(await campaignState(id)).toMatchObject({ status: "cancelled", reportDueAt: null, sentCount: 6 });
    expect((await waveStates(id)).map((w) => w.status)).toEqual(["done", "done", "done", "cancelled"]);
    // Stopping again changes nothing.
    expect(await stopCampaign(testContext(), { campaignId: id })).toMatchObject({ stopped: false });
  });

  it("never delivers what was queued but not yet handed over, and the stopped campaign is not sent again", async () => {
    const id = await startAll("2026-05-04T09:00:00.000Z");
    // Day 1 queued by the waves job alone, not yet drained.
    await runDueWaves(testContext(), new Date("2026-05-04T09:00:00.000Z"));
    expect(await newsletterMail()).toHaveLength(4);

    expect(await stopCampaign(testContext(), { campaignId: id, now: new Date("2026-05-04T09:01:00.000Z") })).toEqual({
      stopped: true,
      unsent: 4,
    });
    await runCron("2026-05-04T09:05:00.000Z");
    expect(await newsletterMail()).toEqual([]);
    expect(await campaignState(id)).toMatchObject({ status: "cancelled", sentCount: 0 });

    const again = await startCampaign(testContext(), { campaignId: id, target: "vip-utskick", now: new Date("2026-05-04T10:00:00.000Z") });
    expect(again).toEqual({ ok: false, reason: "stopped" });
    await runCron("2026-05-04T10:00:00.000Z");
    expect(await newsletterMail()).toEqual([]);
    expect(await campaignState(id)).toMatchObject({ status: "cancelled", sentCount: 0 });
  });
});

describe("a run that fails midway", () => {
  it("keeps what it queued, and the next run goes on from there without sending anyone twice", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await seedSubscribers(many("vip", 1200, "vip-utskick"));
    const id = await createCampaign();
    await startCampaign(testContext(), { campaignId: id, target: "vip-utskick", now: new Date("2026-05-04T09:00:00.000Z") });
    // The database refuses the third page (subscribers 1001–1200) once.
    await env.DB.prepare(
      `CREATE TRIGGER refuse_page AFTER INSERT ON email_outbox WHEN NEW.to_address = 'vip01100@example.se'
       BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
    ).run();

    await expect(runCron("2026-05-04T09:00:00.000Z")).rejects.toThrow("newsletter-waves");
    expect(await newsletterMail()).toHaveLength(1000);
    expect(await waveStates(id)).toEqual([
      expect.objectContaining({ status: "running", sentCount: 1000, lastSubscriberId: expect.any(Number) }),
    ]);
    expect(await campaignState(id)).toMatchObject({ status: "sending", sentCount: 1000 });

    await env.DB.prepare("DROP TRIGGER refuse_page").run();
    await runCron("2026-05-04T09:05:00.000Z");
    const mail = await newsletterMail();
    expect(mail).toHaveLength(1200);
    expect(new Set(mail.map((m) => m.to)).size).toBe(1200);
    expect(await campaignState(id)).toMatchObject({ status: "sent", sentCount: 1200 });
    expect((await waveStates(id))[0]).toMatchObject({ status: "done", sentCount: 1200 });
  });

  it("stops at its per-run cap and the next run continues", async () => {
    await seedSubscribers(many("live", 30, "live-utskick"));
    const id = await createCampaign();
    await startCampaign(testContext(), { campaignId: id, target: "live-utskick", now: new Date("2026-05-04T09:00:00.000Z") });

    expect(await runDueWaves(testContext(), new Date("2026-05-04T09:00:00.000Z"), { pageSize: 8, maxRecipients: 20 })).toMatchObject({
      queued: 20,
      wavesDone: 0,
    });
    expect(await runDueWaves(testContext(), new Date("2026-05-04T09:05:00.000Z"), { pageSize: 8, maxRecipients: 20 })).toMatchObject({
      queued: 10,
      wavesDone: 1,
      campaignsSent: 1,
    });
    expect(new Set((await newsletterMail()).map((m) => m.to)).size).toBe(30);
  });
});

describe("startCampaign", () => {
  it("answers no-recipients for an empty target and changes nothing", async () => {
    await seedSubscribers([{ email: "vip1@example.se", segments: ["vip-utskick"] }]);
    const id = await createCampaign();
    expect(await startCampaign(testContext(), { campaignId: id, target: "test-once" })).toEqual({
      ok: false,
      reason: "no-recipients",
    });
    expect(await campaignState(id)).toMatchObject({ status: "draft", bodyId: null, target: "agare-testar" });
    expect(await waveStates(id)).toEqual([]);
  });

  it("refuses a campaign that is being sent, an unknown one and a target that is no segment", async () => {
    const id = await startAll("2026-05-04T09:00:00.000Z");
    expect(await startCampaign(testContext(), { campaignId: id, target: "vip-utskick" })).toEqual({
      ok: false,
      reason: "already-sending",
    });
    expect(await startCampaign(testContext(), { campaignId: 9999, target: "vip-utskick" })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await startCampaign(testContext(), { campaignId: id, target: "{name}" })).toEqual({
      ok: false,
      reason: "invalid-target",
    });
  });

  it("sends a campaign sent before only to those who have not had it", async () => {
    await seedSubscribers(many("v", 3, "vanner-testar"));
    const id = await createCampaign();
    await startCampaign(testContext(), { campaignId: id, target: "vanner-testar" });
    await runCron(new Date());
    expect(await campaignState(id)).toMatchObject({ status: "sent", sentCount: 3 });

    expect(await startCampaign(testContext(), { campaignId: id, target: "vanner-testar" })).toEqual({
      ok: false,
      reason: "no-recipients",
    });
    await seedSubscribers([{ email: "ny@example.se", segments: ["vanner-testar"] }]);
    // A second send to the segment it already went to now needs the admin's confirmation (`again`).
    expect(await startCampaign(testContext(), { campaignId: id, target: "vanner-testar" })).toEqual({
      ok: false,
      reason: "already-sent",
      sentTo: ["vanner-testar"],
    });
    expect(await startCampaign(testContext(), { campaignId: id, target: "vanner-testar", again: true })).toMatchObject({
      ok: true,
      recipients: 1,
    });
    await runCron(new Date());
    expect(await addresses()).toEqual(["ny@example.se", "v00000@example.se", "v00001@example.se", "v00002@example.se"]);
  });
});
