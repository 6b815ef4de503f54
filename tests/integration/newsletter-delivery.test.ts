// Newsletter delivery: the outbox hands campaign mail to Resend's batch
// endpoint, 100 to a call, each message with its recipient's own unsubscribe
// link and RFC 8058 headers filled in at delivery. Resend is played at the
// network edge (fetch).
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getConfig } from "~/server/platform/env.server";
import { startCampaign } from "~/server/newsletter/campaign-sending.server";
import { queueAndDeliverDueWaves, runDueWaves } from "~/server/newsletter/campaign-waves.server";
import { unsubscribeUrl } from "~/server/newsletter/unsubscribe-links.server";
import { CRONS } from "../../workers/cron";
import { testContext } from "./helpers";
import { createCampaign, many, resetNewsletter, runCron, seedSubscribers } from "./newsletter-fixtures";

const SELF = exports.default;
const resendEnv = { ...env, EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test" };
const config = () => getConfig(resendEnv);

interface BatchItem {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** Plays Resend: records every call; `answer` decides each batch call's response. */
function playResend(answer: (items: BatchItem[], call: number) => Response = (items) =>
  Response.json({ data: items.map((_, i) => ({ id: `re_${i}` })) })) {
  const calls: Array<{ url: string; headers: Headers; items: BatchItem[] }> = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const items = JSON.parse(String(init?.body)) as BatchItem[];
    calls.push({ url: String(input), headers: new Headers(init?.headers), items });
    return answer(items, calls.length);
  });
  return calls;
}

async function outboxRows() {
  const { results } = await env.DB.prepare(
    `SELECT to_address AS "to", status, attempts, provider_message_id AS providerId, last_error AS lastError
     FROM email_outbox WHERE kind = 'newsletter' ORDER BY to_address`,
  ).all<{ to: string; status: string; attempts: number; providerId: string | null; lastError: string | null }>();
  return results;
}

beforeEach(async () => {
  await resetNewsletter();
  vi.spyOn(console, "log").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function startTo(segment: string, people: number) {
  await seedSubscribers(many("m", people, segment));
  const id = await createCampaign({ from: "flurre@hundpass.se" });
  expect(await startCampaign({ ...testContext(), config: config() }, { campaignId: id, target: segment })).toMatchObject({ ok: true });
  return id;
}

describe("batch delivery", () => {
  it("hands 250 mails over in 3 calls to /emails/batch, each with its own link and headers", async () => {
    await startTo("vanner-testar", 250);
    const calls = playResend();

    await runCron(new Date(), resendEnv);

    expect(calls.map((c) => c.url)).toEqual(Array(3).fill("https://api.resend.com/emails/batch"));
    expect(calls.map((c) => c.items.length)).toEqual([100, 100, 50]);
    expect(calls[0]!.headers.get("x-batch-validation")).toBe("permissive");
    expect(calls[0]!.headers.get("Idempotency-Key")).toMatch(/^batch:[0-9a-f]{64}$/);

    const items = calls.flatMap((c) => c.items);
    expect(new Set(items.map((i) => i.to[0])).size).toBe(250);
    for (const item of [items[0]!, items[137]!, items[249]!]) {
      const address = item.to[0]!;
      const url = await unsubscribeUrl(config(), address);
      // The bare address staff chose, with the display name every other mail has.
      expect(item.from).toBe("Hundpass <flurre@hundpass.se>");
      expect(item.subject).toBe("Nya pass i april");
      expect(item.text).toContain(`Avprenumerera: ${url}`);
      expect(item.html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
      expect(item.html).not.toContain("{{");
      expect(item.headers).toEqual({
        "List-Unsubscribe": `<${url}>, <mailto:admin@hundpass.se?subject=Avprenumerera>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    }
    const rows = await outboxRows();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    expect(rows.filter((r) => r.providerId === "re_99")).toHaveLength(2);
  });

  it("retries only the message a permissive batch refused, and all of a call that failed", async () => {
    await startTo("test-once", 3);
    const calls = playResend((_items, call) =>
      call === 1
        ? Response.json({
            data: [{ id: "re_a" }, { id: "re_c" }],
            errors: [{ index: 1, message: "Invalid `to` field." }],
          })
        : new Response("overloaded", { status: 503 }),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});

    await runCron(new Date(), resendEnv);
    expect(await outboxRows()).toEqual([
      { to: "m00000@example.se", status: "sent", attempts: 1, providerId: "re_a", lastError: null },
      expect.objectContaining({ to: "m00001@example.se", status: "queued", attempts: 1, lastError: "Resend refused it: Invalid `to` field." }),
      { to: "m00002@example.se", status: "sent", attempts: 1, providerId: "re_c", lastError: null },
    ]);

    // Its retry is due: the next call fails as a whole, and the message waits again.
    await env.DB.prepare("UPDATE email_outbox SET next_attempt_at = ? WHERE status = 'queued'")
      .bind(new Date(Date.now() - 1000).toISOString())
      .run();
    await runCron(new Date(), resendEnv);
    expect(calls.map((c) => c.items.map((i) => i.to[0]))).toEqual([
      ["m00000@example.se", "m00001@example.se", "m00002@example.se"],
      ["m00001@example.se"],
    ]);
    expect((await outboxRows())[1]).toMatchObject({ status: "queued", attempts: 2, lastError: "Resend answered 503: overloaded" });
  });

  it("sends a single-row mail to the single-send endpoint as before", async () => {
    await startTo("test-once", 1);
    const calls = playResend();
    await runDueWaves({ ...testContext(), config: config() }, new Date());
    await env.DB.prepare(
      `INSERT INTO email_outbox (id, idempotency_key, kind, to_address, from_address, subject, text_body, next_attempt_at)
       VALUES ('one', 'one', 'booking-confirmation', 'anna@example.se', 'info@hundpass.se', 'Bokad', 'Hej!', ?)`,
    )
      .bind(new Date(Date.now() - 1000).toISOString())
      .run();
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      calls.push({ url: String(input), headers: new Headers(init?.headers), items: [JSON.parse(String(init?.body))] });
      return String(input).endsWith("/batch")
        ? Response.json({ data: [{ id: "re_batch" }] })
        : Response.json({ id: "re_single" });
    });

    await runCron(new Date(), resendEnv, CRONS.everyFiveMinutes);
    expect(calls.map((c) => c.url).sort()).toEqual([
      "https://api.resend.com/emails",
      "https://api.resend.com/emails/batch",
    ]);
  });
});

describe("right after a start", () => {
  it("queues and hands over the waves due now without waiting for the cron", async () => {
    await startTo("vip-utskick", 120);
    const calls = playResend();

    const { waves, drain } = await queueAndDeliverDueWaves({ ...testContext(), config: config() });

    expect(waves).toMatchObject({ queued: 120, wavesDone: 1, campaignsSent: 1 });
    expect(drain).toMatchObject({ sent: 120 });
    expect(calls.map((c) => c.items.length)).toEqual([100, 20]);
  });
});

describe("/dev/mail", () => {
  it("shows a campaign mail with the recipient's own link filled in, and its headers", async () => {
    await seedSubscribers([{ email: "Vera@Example.se", segments: ["vanner-testar"] }]);
    const id = await createCampaign();
    await startCampaign(testContext(), { campaignId: id, target: "vanner-testar" });
    await runDueWaves(testContext(), new Date());
    const row = await env.DB.prepare("SELECT id FROM email_outbox WHERE kind = 'newsletter'").first<{ id: string }>();

    const res = await SELF.fetch(`http://localhost/dev/mail/${row!.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const url = await unsubscribeUrl(getConfig(env), "vera@example.se");
    expect(html).toContain(`Avprenumerera: ${url.replaceAll("&", "&amp;")}`);
    expect(html).not.toContain("{{unsubscribe_url}}");
    // The loader's data carries the row's headers for the page to show.
    expect(html).toContain("List-Unsubscribe-Post");
  });
});

describe("daily housekeeping", () => {
  it("deletes shared bodies nothing refers to any more, and keeps the others", async () => {
    await seedSubscribers([{ email: "a@example.se", segments: ["vanner-testar"] }]);
    const id = await createCampaign();
    await startCampaign(testContext(), { campaignId: id, target: "vanner-testar" });
    await env.DB.prepare("INSERT INTO email_bodies (id, text_body) VALUES ('orphan', 'x')").run();
    const bodies = async () =>
      (await env.DB.prepare("SELECT id FROM email_bodies ORDER BY id").all<{ id: string }>()).results.map((b) => b.id);
    const [campaignBody] = (await bodies()).filter((b) => b !== "orphan");

    // The sending campaign's body stays before any mail refers to it; the orphan goes.
    await runCron(new Date(), env, CRONS.daily);
    expect(await bodies()).toEqual([campaignBody]);
    // Sent, its mail still refers to it.
    await runCron(new Date(), env);
    expect(await env.DB.prepare("SELECT status FROM email_campaigns").first("status")).toBe("sent");
    await runCron(new Date(), env, CRONS.daily);
    expect(await bodies()).toEqual([campaignBody]);
  });
});
