// The one form flow's options for limits and answers (handleForm), against
// real D1: several buckets keyed as each says, counting every post, counting
// in `run`'s own batch, the page's own answer over a limit, the page's own shape
// for refusals, and a count that cannot be made.
import { env } from "cloudflare:workers";
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { BOT_CHECK_MESSAGE, STAMP_USED_MESSAGE } from "~/server/forms/bot-check.server";
import { firstFormError, handleForm, withSchema } from "~/server/forms/form-action.server";
import { rateLimits } from "~/server/db/schema.server";
import { countHitQuery, peekRateLimit, RATE_LIMIT_MESSAGE, type BatchedCount, type RateLimitRule } from "~/server/platform/rate-limit.server";
import { formStamp } from "./auth-helpers";
import { awayFromWindowEnd, testContext } from "./helpers";

const WINDOW_MS = 10 * 60_000;
const byNetwork: RateLimitRule = { name: "test-form-ip", limit: 5, windowMs: WINDOW_MS };
const byAddress: RateLimitRule = { name: "test-form-email", limit: 2, windowMs: WINDOW_MS };

const Schema = z.object({
  email: z.string({ required_error: "Ange en adress" }).email("Ange en giltig e-postadress"),
});
const parse = withSchema(Schema);

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

/** An action's arguments for a form posted from `ip`, as the body door leaves them. */
function post(fields: Record<string, string>, ip: string): { request: Request; context: AppLoadContext } {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const context = testContext();
  context.form = form;
  const request = new Request("http://localhost/prov", { method: "POST", headers: { "CF-Connecting-IP": ip } });
  return { request, context };
}

/** What data() carries: the body and its status and headers. */
function dataOf(answer: unknown) {
  const { data, init } = answer as { data: unknown; init: ResponseInit | null };
  return { body: data, status: init?.status ?? 200, headers: new Headers(init?.headers) };
}

const done = () => redirect("/tack");

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM rate_limits").run();
  await awayFromWindowEnd(WINDOW_MS);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a limit on several buckets", () => {
  const send = (email: string, ip: string, run = vi.fn(async () => done())) =>
    handleForm(post({ email }, ip), {
      botCheck: false,
      parse,
      rateLimit: { rules: [byNetwork, { rule: byAddress, by: ({ email }) => email.toLowerCase() }] },
      run,
    });

  it("counts a parsed send on every bucket, each keyed as it says, and refuses once any is spent", async () => {
    const ips = [freshIp(), freshIp(), freshIp()];
    expect(((await send("a@example.se", ips[0]!)) as Response).status).toBe(302);
    expect(((await send("A@example.se", ips[1]!)) as Response).status).toBe(302);
    const run = vi.fn(async () => done());
    const refused = dataOf(await send("a@example.se", ips[2]!, run));
    expect(run).not.toHaveBeenCalled();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ result: { error: { "": [RATE_LIMIT_MESSAGE] } }, toast: null });
    // The network's bucket was counted on every send, the refused one too.
    for (const ip of ips) expect(await peekRateLimit(testContext(), byNetwork, ip)).toBe(1);
    expect(await peekRateLimit(testContext(), byAddress, "a@example.se")).toBe(3);
  });

  it("counts nothing for a form that does not parse", async () => {
    const ip = freshIp();
    const refused = dataOf(await send("inte en adress", ip));
    expect(refused.status).toBe(400);
    expect(await peekRateLimit(testContext(), byNetwork, ip)).toBe(0);
  });
});

describe("a page's own answer over the limit", () => {
  it("answers exactly as the page says (e.g. as a success), and runs nothing", async () => {
    const ip = freshIp();
    const run = vi.fn(async () => done());
    const send = () =>
      handleForm(post({ email: "b@example.se" }, ip), {
        botCheck: false,
        parse,
        rateLimit: { rules: [{ rule: byAddress, by: ({ email }) => email }], over: () => done() },
        run,
      });
    const answers = [await send(), await send(), await send()] as Response[];
    expect(answers.map((a) => [a.status, a.headers.get("Location")])).toEqual([
      [302, "/tack"],
      [302, "/tack"],
      [302, "/tack"],
    ]);
    expect(run).toHaveBeenCalledTimes(2);
  });
});

describe("a limit on every post", () => {
  const rule: RateLimitRule = { name: "test-every-post", limit: 2, windowMs: WINDOW_MS };
  const send = (email: string, ip: string, run = vi.fn(async () => done())) =>
    handleForm(post({ email }, ip), { botCheck: false, parse, rateLimit: { everyPost: true, rules: [rule] }, run });

  it("counts posts that do not parse, and then refuses every post, valid or not, with 429", async () => {
    const ip = freshIp();
    expect(dataOf(await send("fel", ip)).status).toBe(400);
    expect(dataOf(await send("", ip)).status).toBe(400);
    expect(await peekRateLimit(testContext(), rule, ip)).toBe(2);
    const invalid = dataOf(await send("fel", ip));
    expect(invalid.status).toBe(429);
    expect(invalid.body).toMatchObject({ result: { error: { "": [RATE_LIMIT_MESSAGE] } } });
    const run = vi.fn(async () => done());
    expect(dataOf(await send("c@example.se", ip, run)).status).toBe(429);
    expect(run).not.toHaveBeenCalled();
    // Another client is not affected.
    expect(((await send("c@example.se", freshIp())) as Response).status).toBe(302);
  });
});

describe("a limit counted in run's own batch", () => {
  const rule: RateLimitRule = { name: "test-alongside", limit: 1, windowMs: WINDOW_MS };

  /** run's one round trip: its own read and the count, in one batch; the verdict. */
  async function readAndCount(count: BatchedCount) {
    const db = testContext().db;
    const [read, ...hits] = await db.batch([db.select({ one: sql<number>`1` }).from(rateLimits).limit(1), ...count.slots.map((slot) => countHitQuery(db, slot))]);
    expect(read.length).toBeLessThanOrEqual(1);
    return count.counted(hits.map((rows) => (rows as { hits: number }[])[0]?.hits));
  }

  const send = (ip: string, stored: string[], fields: Record<string, string> = { email: "d@example.se" }, everyPost = false) =>
    handleForm(post(fields, ip), {
      botCheck: false,
      parse,
      rateLimit: everyPost ? { everyPost: true, alongside: true, rules: [rule] } : { alongside: true, rules: [rule] },
      async run({ email }, _parsed, count) {
        expect(count.slots).toHaveLength(1);
        if (!(await readAndCount(count)).allowed) throw new Error("over the limit: nothing stored");
        stored.push(email);
        return done();
      },
    });

  it("gives run the count to make with its read, and answers over the limit when run stops for it", async () => {
    const ip = freshIp();
    const stored: string[] = [];
    expect(((await send(ip, stored)) as Response).status).toBe(302);
    expect(await peekRateLimit(testContext(), rule, ip)).toBe(1);
    const refused = dataOf(await send(ip, stored));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({ result: { error: { "": [RATE_LIMIT_MESSAGE] } } });
    expect(stored).toEqual(["d@example.se"]);
    expect(await peekRateLimit(testContext(), rule, ip)).toBe(2);
  });

  it("counts a post that does not parse once, when every post counts, and refuses the next for it", async () => {
    const ip = freshIp();
    const stored: string[] = [];
    expect(dataOf(await send(ip, stored, { email: "fel" }, true)).status).toBe(400);
    expect(await peekRateLimit(testContext(), rule, ip)).toBe(1);
    expect(dataOf(await send(ip, stored, { email: "d@example.se" }, true)).status).toBe(429);
    expect(stored).toEqual([]);
    expect(await peekRateLimit(testContext(), rule, ip)).toBe(2);
  });

  it("lets run's own error through when the count allowed the post", async () => {
    const failing = handleForm(post({ email: "e@example.se" }, freshIp()), {
      botCheck: false,
      parse,
      rateLimit: { alongside: true, rules: [rule] },
      async run(_value, _parsed, count) {
        await readAndCount(count);
        throw new Error("the work failed");
      },
    });
    await expect(failing).rejects.toThrow("the work failed");
  });

  it("still counts a post whose run answered without its batch", async () => {
    const ip = freshIp();
    const answered = handleForm(post({ email: "f@example.se" }, ip), {
      botCheck: false,
      parse,
      rateLimit: { alongside: true, rules: [rule] },
      run: async () => done(),
    });
    expect(((await answered) as Response).status).toBe(302);
    expect(await peekRateLimit(testContext(), rule, ip)).toBe(1);
  });
});

describe("refusals in the page's own shape", () => {
  const rule: RateLimitRule = { name: "test-own-shape", limit: 1, windowMs: WINDOW_MS };
  const send = async (fields: Record<string, string>, ip: string, botCheck = true) =>
    (await handleForm<ReturnType<typeof parse>, Response, Response>(post(fields, ip), {
      botCheck,
      parse,
      rateLimit: { rules: [rule] },
      refuse: (result, { status, headers }) =>
        Response.json({ ok: false, error: firstFormError(result) }, { status, headers }),
      run: async () => Response.json({ ok: true }),
    })) as Response;

  it("builds the bot check's, the schema's and the limit's refusal from the same reply", async () => {
    const ip = freshIp();
    const bot = await send({ email: "f@example.se", website: "http://spam", form_rendered_at: await formStamp() }, ip);
    expect([bot.status, await bot.json()]).toEqual([400, { ok: false, error: BOT_CHECK_MESSAGE }]);
    const stamp = await formStamp();
    const invalid = await send({ email: "fel", website: "", form_rendered_at: stamp }, ip);
    expect([invalid.status, await invalid.json()]).toEqual([400, { ok: false, error: "Ange en giltig e-postadress" }]);
    const ok = await send({ email: "f@example.se", website: "", form_rendered_at: stamp }, ip);
    expect([ok.status, await ok.json()]).toEqual([200, { ok: true }]);
    const over = await send({ email: "f@example.se", website: "", form_rendered_at: stamp }, ip);
    expect([over.status, await over.json()]).toEqual([429, { ok: false, error: RATE_LIMIT_MESSAGE }]);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("reads the first message: the form's own before any field's", () => {
    expect(firstFormError({ error: { email: ["Ange en adress"], "": ["Formulärfel"] } })).toBe("Formulärfel");
    expect(firstFormError({ error: { email: null, namn: ["Ange ett namn"] } })).toBe("Ange ett namn");
    expect(firstFormError({})).toBe("");
  });
});

describe("a count that cannot be made", () => {
  const rule: RateLimitRule = { name: "test-unavailable", limit: 5, windowMs: WINDOW_MS };
  const failingDb = (args: { request: Request; context: AppLoadContext }) => {
    vi.spyOn(args.context.db, "get").mockRejectedValue(new Error("D1 is down"));
    return args;
  };

  it("answers the form's `unavailable` refusal, or lets the error through without one", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const run = vi.fn(async () => done());
    const withAnswer = dataOf(
      await handleForm(failingDb(post({ email: "g@example.se" }, freshIp())), {
        botCheck: false,
        parse,
        rateLimit: { rules: [rule], unavailable: { status: 500, formErrors: ["Något gick fel"] } },
        run,
      }),
    );
    expect(withAnswer.status).toBe(500);
    expect(withAnswer.body).toMatchObject({ result: { error: { "": ["Något gick fel"] } } });
    const without = handleForm(failingDb(post({ email: "g@example.se" }, freshIp())), {
      botCheck: false,
      parse,
      rateLimit: { everyPost: true, rules: [rule] },
      run,
    });
    await expect(without).rejects.toThrow("D1 is down");
    expect(run).not.toHaveBeenCalled();
  });
});

describe("a form that sends mail takes its stamp once", () => {
  const send = async (fields: Record<string, string>, ip: string, run: () => Promise<Response | { formErrors: string[]; status: number }>) =>
    (await handleForm<ReturnType<typeof parse>, Response, Response>(post(fields, ip), {
      parse,
      stampOnce: true,
      refuse: (result, { status }) => Response.json({ error: firstFormError(result) }, { status }),
      run,
    })) as Response;
  const ok = async () => redirect("/klart");

  it("answers the first post with its work and every later post with the same stamp with STAMP_USED_MESSAGE, doing nothing", async () => {
    const stamp = await formStamp();
    let runs = 0;
    const counted = async () => {
      runs++;
      return redirect("/klart");
    };
    const first = await send({ email: "en@example.se", website: "", form_rendered_at: stamp }, freshIp(), counted);
    expect(first.status).toBe(302);
    const again = await send({ email: "en@example.se", website: "", form_rendered_at: stamp }, freshIp(), counted);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: STAMP_USED_MESSAGE });
    expect(runs).toBe(1);
    // Another stamp drawn at the same instant is a stamp of its own.
    const twin = await formStamp();
    expect(twin).not.toBe(stamp);
    expect((await send({ email: "en@example.se", website: "", form_rendered_at: twin }, freshIp(), ok)).status).toBe(302);
  });

  it("gives the stamp back when the work is refused, so the same form can be sent again", async () => {
    const stamp = await formStamp();
    const refused = await send({ email: "tva@example.se", website: "", form_rendered_at: stamp }, freshIp(), async () => ({
      formErrors: ["Något gick fel"],
      status: 500,
    }));
    expect(refused.status).toBe(500);
    expect((await send({ email: "tva@example.se", website: "", form_rendered_at: stamp }, freshIp(), ok)).status).toBe(302);
  });
});
