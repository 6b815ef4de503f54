import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkHoneypot, formRenderedAt, MIN_FILL_MS } from "../../app/server/forms/bot-check.server";
import { getConfig } from "../../app/server/platform/env.server";
import { hitRateLimit } from "../../app/server/platform/rate-limit.server";
import { testContext } from "./helpers";

const rule = { name: "test", limit: 3, windowMs: 60_000 };

describe("rate limits", () => {
  it("allows the limit and refuses the next hit in the same window", async () => {
    const now = 1_800_000_000_000;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(testContext(), rule, "1.2.3.4", now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    // Another subject has its own budget, and so does the next window.
    expect((await hitRateLimit(testContext(), rule, "5.6.7.8", now)).allowed).toBe(true);
    expect((await hitRateLimit(testContext(), rule, "1.2.3.4", now + 60_000)).allowed).toBe(true);
  });

  it("counts concurrent hits exactly", async () => {
    const now = 1_900_000_000_000;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(testContext(), { ...rule, limit: 5 }, "burst@example.se", now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});

describe("honeypot and fill time", () => {
  const config = getConfig(env);
  const form = (fields: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    return fd;
  };

  it("passes a person who took a few seconds and left the trap empty", async () => {
    const stamp = await formRenderedAt(config, 1_000_000);
    expect(await checkHoneypot(config, form({ website: "", form_rendered_at: stamp }), 1_000_000 + MIN_FILL_MS)).toEqual({
      ok: true,
    });
  });

  it("takes the fill time from FORM_MIN_FILL_MS (2 s unless set), set lower only on a local site", async () => {
    expect(config.FORM_MIN_FILL_MS).toBe(2_000);
    const quick = getConfig({ ...env, FORM_MIN_FILL_MS: "500" });
    const stamp = await formRenderedAt(quick, 1_000_000);
    expect(await checkHoneypot(quick, form({ website: "", form_rendered_at: stamp }), 1_000_400)).toMatchObject({ reason: "too-fast" });
    expect(await checkHoneypot(quick, form({ website: "", form_rendered_at: stamp }), 1_000_600)).toEqual({ ok: true });
    const site = { ...env, SITE_URL: "https://hundpass.se", DEV_MAILBOX: "false", SESSION_SECRET: "s".repeat(40), UNSUBSCRIBE_SECRET: "u".repeat(40) };
    expect(getConfig({ ...site, FORM_MIN_FILL_MS: "2500" }).FORM_MIN_FILL_MS).toBe(2_500);
    expect(() => getConfig({ ...site, FORM_MIN_FILL_MS: "500" })).toThrow(/FORM_MIN_FILL_MS below 2000 is for local test servers only/);
  });

  it("refuses a filled trap, a too-fast submit and a forged stamp", async () => {
    const stamp = await formRenderedAt(config, 1_000_000);
    expect(await checkHoneypot(config, form({ website: "spam", form_rendered_at: stamp }), 1_100_000)).toMatchObject({
      reason: "honeypot",
    });
    expect(await checkHoneypot(config, form({ website: "", form_rendered_at: stamp }), 1_000_500)).toMatchObject({
      reason: "too-fast",
    });
    expect(
      await checkHoneypot(config, form({ website: "", form_rendered_at: `1.${stamp.split(".")[1]}` }), 1_100_000),
    ).toMatchObject({ reason: "tampered" });
    expect(await checkHoneypot(config, form({}), 1_100_000)).toMatchObject({ reason: "tampered" });
  });
});
