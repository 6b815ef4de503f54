// A drain cut between the provider's acceptance and the mark (the platform
// stops work after a response at any moment) sends nothing twice. Resend is
// played at the network edge as it behaves: it records a delivery per message
// it accepts and answers a repeated Idempotency-Key with its first answer,
// delivering nothing. The cut is a call the provider accepts and never
// answers; the drain is abandoned there, its claims run out, and the next
// drain (with new mail queued meanwhile) picks up.
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, schema } from "~/server/db/client.server";
import { SENDING_LEASE_MS } from "~/server/email/outbox.server";
import { drainOutbox, sendEmail } from "~/server/email/send-email.server";
import { getConfig } from "~/server/platform/env.server";
import { startCampaign } from "~/server/newsletter/campaign-sending.server";
import { fillCampaignVars, runDueWaves } from "~/server/newsletter/campaign-waves.server";
import { testContext } from "./helpers";
import { createCampaign, many, resetNewsletter, seedSubscribers } from "./newsletter-fixtures";

const db = getDb(env);
const resendEnv = { ...env, EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test" };
const config = getConfig(resendEnv);
const context = { ...testContext(), config };
const T0 = new Date("2031-03-03T09:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

type Sent = { to: string; subject: string };

/** Resend with its idempotency: `cutOnCall` is accepted, delivered, and never answered. */
function playResend({ cutOnCall }: { cutOnCall: number | null }) {
  const delivered: Sent[] = [];
  const answers = new Map<string, { status: number; body: unknown }>();
  let calls = 0;
  let cut = false;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    calls += 1;
    const key = new Headers(init?.headers).get("Idempotency-Key") ?? "";
    const first = answers.get(key);
    if (first) return Response.json(first.body, { status: first.status });
    const payload = JSON.parse(String(init?.body)) as { to: string[]; subject: string } | Array<{ to: string[]; subject: string }>;
    const messages = Array.isArray(payload) ? payload : [payload];
    for (const m of messages) delivered.push({ to: m.to[0]!, subject: m.subject });
    const body = Array.isArray(payload) ? { data: messages.map((_, i) => ({ id: `re_${calls}_${i}` })) } : { id: `re_${calls}` };
    answers.set(key, { status: 200, body });
    if (calls === cutOnCall) {
      cut = true;
      // Accepted, and the drain never hears back: the platform stopped it here.
      return new Promise<Response>(() => {});
    }
    return Response.json(body);
  });
  return { delivered, spy, wasCut: () => cut };
}

const timesEach = (delivered: readonly Sent[]) => {
  const counts = new Map<string, number>();
  for (const d of delivered) counts.set(`${d.to} ${d.subject}`, (counts.get(`${d.to} ${d.subject}`) ?? 0) + 1);
  return counts;
};

async function statuses(ids: readonly string[]) {
  const rows = await db.select({ id: schema.emailOutbox.id, status: schema.emailOutbox.status }).from(schema.emailOutbox).where(inArray(schema.emailOutbox.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.status]));
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

beforeEach(async () => {
  await db.delete(schema.emailOutbox);
  vi.spyOn(console, "log").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a drain cut between the provider's acceptance and the mark", () => {
  it("single mails: each is marked sent right after its own call, and the cut one goes out once", async () => {
    const ids: string[] = [];
    for (const to of ["ett@example.se", "tva@example.se", "tre@example.se"]) {
      const queued = await sendEmail(context, { kind: "booking-confirmation", to, subject: "Din bokning", text: "Välkommen!" });
      ids.push(queued.id!);
    }
    const provider = playResend({ cutOnCall: 2 });
    void drainOutbox(context, { now: () => at(1_000) });
    await until(provider.wasCut);
    // The first call's mail is settled already; the second hangs in its claim.
    const during = await statuses(ids);
    expect([...during.values()].filter((s) => s === "sent")).toHaveLength(1);
    expect([...during.values()].filter((s) => s === "sending")).toHaveLength(2);

    // Later mail, then the cron's drain once the claims have run out.
    const late = await sendEmail(context, { kind: "booking-confirmation", to: "fyra@example.se", subject: "Din bokning", text: "Välkommen!" });
    const result = await drainOutbox(context, { now: () => at(SENDING_LEASE_MS + 60_000) });
    expect(result.failed).toBe(0);
    const after = await statuses([...ids, late.id!]);
    expect([...after.values()]).toEqual(["sent", "sent", "sent", "sent"]);
    const counts = timesEach(provider.delivered);
    expect(counts.size).toBe(4);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it("a newsletter batch: sent again with the same rows under the same key, while new mail forms a batch of its own", async () => {
    await resetNewsletter();
    await seedSubscribers(many("klipp", 150, "vanner-testar"));
    const first = await createCampaign({ from: "flurre@hundpass.se", subject: "Nya pass i mars" });
    expect(await startCampaign(context, { campaignId: first, target: "vanner-testar", now: T0 })).toMatchObject({ ok: true });
    expect((await runDueWaves(context, T0)).queued).toBe(150);

    const provider = playResend({ cutOnCall: 2 });
    void drainOutbox(context, { now: () => at(1_000), fillVars: fillCampaignVars });
    await until(provider.wasCut);
    // Call 1 (100 mails) is marked sent before call 2 was made; call 2's 50 wait in their claims.
    const during = await db.select({ status: schema.emailOutbox.status, batchKey: schema.emailOutbox.batchKey }).from(schema.emailOutbox).where(eq(schema.emailOutbox.kind, "newsletter"));
    expect(during.filter((r) => r.status === "sent")).toHaveLength(100);
    const hanging = during.filter((r) => r.status === "sending");
    expect(hanging).toHaveLength(50);
    expect(new Set(hanging.map((r) => r.batchKey)).size).toBe(1);

    // Meanwhile another campaign queues 30 mails, due before the cut batch's claims run out.
    await seedSubscribers(many("sen", 30, "test-once"));
    const second = await createCampaign({ from: "flurre@hundpass.se", subject: "Sista platserna" });
    expect(await startCampaign(context, { campaignId: second, target: "test-once", now: at(60_000) })).toMatchObject({ ok: true });
    expect((await runDueWaves(context, at(60_000))).queued).toBe(30);

    const result = await drainOutbox(context, { now: () => at(SENDING_LEASE_MS + 60_000), fillVars: fillCampaignVars });
    expect(result.failed).toBe(0);
    const rows = await db.select({ status: schema.emailOutbox.status }).from(schema.emailOutbox).where(eq(schema.emailOutbox.kind, "newsletter"));
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    const counts = timesEach(provider.delivered);
    expect(counts.size).toBe(180);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  });
});
