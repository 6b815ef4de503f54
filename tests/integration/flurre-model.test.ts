// Flurre's model path with a stubbed Workers AI binding in the load context
// (the real one only exists in production and always calls the network):
// a faithful model's wording is used; a model that invents a price, a date,
// a weekday, a seat count or a link, answers with markup, fails or is too
// slow is replaced by the extractive answer; questions Flurre cannot answer
// never reach the model.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { FlurreAnswer } from "~/domain/flurre/answer";
import { formatDayHeading, formatTime, stockholmDayKey } from "~/domain/time";
import { getLoadContext } from "~/server/platform/context.server";
import type { Env } from "~/server/platform/env.server";
import { askFlurre } from "~/server/flurre/answer.server";
import { DEFAULT_FLURRE_AI_MODEL, FLURRE_SYSTEM_PROMPT } from "~/server/flurre/model.server";
import { seedDemo } from "./public-helpers";
import { captureLoggedFailures } from "../support/expected-logs";

type Call = { model: string; inputs: { messages?: { role: string; content: string }[] }; options?: { signal?: AbortSignal } };

/** A stand-in for the AI binding: records each call and answers with `reply`. */
function stubAi(reply: (call: Call) => Promise<unknown> | unknown) {
  const calls: Call[] = [];
  const binding = {
    async run(model: string, inputs: Call["inputs"], options?: Call["options"]) {
      const call = { model, inputs, options };
      calls.push(call);
      return reply(call);
    },
  };
  // The stub has only the method Flurre calls; the binding's type has many more.
  return { ai: binding as unknown as Ai, calls };
}

const noop = { waitUntil: () => {}, passThroughOnException: () => {} };

function contextWith(vars: Partial<Env>) {
  return getLoadContext({ ...env, ...vars }, noop);
}

async function ask(question: string, vars: Partial<Env> = {}): Promise<FlurreAnswer> {
  return askFlurre(contextWith(vars), { question, page: null, record: false });
}

type SessionRow = { id: number; start_time: string; end_time: string; location: string; current_participants: number; max_participants: number };

/** The next VALPKURS with a free seat, as D1 has it. */
async function nextValpkurs(): Promise<SessionRow> {
  const row = await env.DB.prepare(
    `SELECT id, start_time, end_time, location, current_participants, max_participants FROM sessions
     WHERE title = 'VALPKURS' AND start_time > ? AND cancelled_at IS NULL AND current_participants < max_participants
     ORDER BY start_time LIMIT 1`,
  )
    .bind(new Date().toISOString())
    .first<SessionRow>();
  if (!row) throw new Error("no upcoming VALPKURS");
  return row;
}

async function valpkursPrice(): Promise<number> {
  const row = await env.DB.prepare("SELECT price FROM popup_types WHERE name = 'VALPKURS'").first<{ price: number }>();
  return row!.price;
}

const QUESTION = "Berätta allt jag behöver veta om VALPKURS!";

let extractive: FlurreAnswer;

beforeAll(async () => {
  await seedDemo();
  extractive = await ask(QUESTION);
  expect(extractive.source).toBe("extractive");
  expect(extractive.kind).toBe("answer");
});

describe("with a model that keeps to the passages", () => {
  it("uses its wording, with the passages' own links, and marks the answer 'model'", async () => {
    const price = await valpkursPrice();
    const next = await nextValpkurs();
    const left = next.max_participants - next.current_participants;
    const [, month, day] = stockholmDayKey(next.start_time).split("-").map(Number);
    // Other ways of writing the same facts: "kronor", "25/11", "18.00".
    const text =
      `Voff! VALPKURS är för valpar och kostar ${price} kronor.\n\n` +
      `Nästa pass är ${formatDayHeading(stockholmDayKey(next.start_time))} (${day}/${month}) kl. ${formatTime(next.start_time).replace(":", ".")} ` +
      `på ${next.location}, och det finns ${left} platser kvar.`;
    const { ai, calls } = stubAi(() => ({ response: text }));
    const answer = await ask(QUESTION, { AI: ai });

    expect(answer.source).toBe("model");
    expect(answer.kind).toBe("answer");
    expect(answer.paragraphs).toEqual([
      `Voff! VALPKURS är för valpar och kostar ${price} kronor.`,
      text.split("\n\n")[1],
    ]);
    expect(answer.links).toEqual(extractive.links);

    expect(calls).toHaveLength(1);
    expect(calls[0]!.model).toBe(DEFAULT_FLURRE_AI_MODEL);
    const [system, user] = calls[0]!.inputs.messages ?? [];
    expect(system).toEqual({ role: "system", content: FLURRE_SYSTEM_PROMPT });
    // The model sees the question and the passages the extractive answer was made from.
    expect(user!.content).toContain(`Fråga: ${QUESTION}`);
    expect(user!.content).toContain(`${price} kr`);
    expect(user!.content).toContain(`${formatTime(next.start_time)}–${formatTime(next.end_time)}`);
  });

  it("uses the model FLURRE_AI_MODEL names", async () => {
    const { ai, calls } = stubAi(() => ({ response: "Voff! VALPKURS är grundträning för valpar." }));
    const answer = await ask(QUESTION, { AI: ai, FLURRE_AI_MODEL: "@cf/meta/llama-3.1-8b-instruct-fp8" });
    expect(answer.source).toBe("model");
    expect(calls[0]!.model).toBe("@cf/meta/llama-3.1-8b-instruct-fp8");
  });

  it("drops markdown emphasis and list marks, keeping the text", async () => {
    const { ai } = stubAi(() => ({ response: "**Voff!**\n- VALPKURS är grundträning för valpar." }));
    const answer = await ask(QUESTION, { AI: ai });
    expect(answer.source).toBe("model");
    expect(answer.paragraphs).toEqual(["Voff!", "VALPKURS är grundträning för valpar."]);
  });
});

describe("with a model that invents facts, the extractive answer replaces it", () => {
  const invented: [string, () => Promise<string>][] = [
    ["a price", async () => `Voff! VALPKURS kostar ${(await valpkursPrice()) - 50} kr per pass.`],
    ["a price in kronor", async () => `VALPKURS kostar bara ${(await valpkursPrice()) + 1} kronor!`],
    ["a price written 199:-", async () => "Ett pass kostar 199:- och du betalar på plats."],
    [
      "a date of another session",
      async () => {
        const plan = await env.DB.prepare("SELECT start_time FROM sessions WHERE title = 'PLAN' AND start_time > ? ORDER BY start_time")
          .bind(new Date().toISOString())
          .first<{ start_time: string }>();
        const [, month, day] = stockholmDayKey(plan!.start_time).split("-").map(Number);
        const months = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"];
        return `Nästa VALPKURS är den ${day} ${months[month! - 1]}.`;
      },
    ],
    ["an ISO date", async () => "Nästa VALPKURS startar 2031-02-30."],
    [
      "a wrong weekday for a right date",
      async () => {
        const next = await nextValpkurs();
        const heading = formatDayHeading(stockholmDayKey(next.start_time));
        const [weekday, ...rest] = heading.split(" ");
        const other = weekday === "måndag" ? "tisdag" : "måndag";
        return `Nästa VALPKURS är ${other} ${rest.join(" ")}.`;
      },
    ],
    ["a start time", async () => "VALPKURS börjar alltid kl. 07:15."],
    [
      "a seat count",
      async () => {
        const next = await nextValpkurs();
        return `Det finns ${next.max_participants + 5} platser kvar på nästa VALPKURS.`;
      },
    ],
    ["a seat count in words", async () => "Det finns bara tolv lediga platser kvar!"],
    ["a link", async () => "Boka på https://example.com/valpkurs så fort du kan."],
    ["a path on the site", async () => "Du bokar på /admin/skapa-pass."],
  ];

  it.each(invented)("%s", async (_, makeText) => {
    const logged = captureLoggedFailures();
    const text = await makeText();
    const { ai, calls } = stubAi(() => ({ response: text }));
    const answer = await ask(QUESTION, { AI: ai });
    expect(calls).toHaveLength(1);
    expect(answer).toEqual(extractive);
    expect(logged()).toEqual([expect.stringMatching(/^Flurre: the model's answer stated what the passages do not; answering without it \[/)]);
  });

  it("and replaces an answer with markup", async () => {
    const { ai } = stubAi(() => ({ response: "<p>Voff! VALPKURS är kul.</p>" }));
    expect(await ask(QUESTION, { AI: ai })).toEqual(extractive);
  });
});

describe("with a model that fails", () => {
  it("answers without it when the binding throws", async () => {
    const logged = captureLoggedFailures();
    const { ai, calls } = stubAi(() => {
      throw new Error("3040: Capacity temporarily exceeded");
    });
    expect(await ask(QUESTION, { AI: ai })).toEqual(extractive);
    expect(calls).toHaveLength(1);
    expect(logged()).toEqual(["Flurre: the model gave no answer; answering without it Error: 3040: Capacity temporarily exceeded"]);
  });

  it("answers without it when the model is slower than FLURRE_AI_TIMEOUT_MS, and tells it to stop", async () => {
    const logged = captureLoggedFailures();
    const { ai, calls } = stubAi(() => new Promise(() => {}));
    const started = Date.now();
    const answer = await ask(QUESTION, { AI: ai, FLURRE_AI_TIMEOUT_MS: "50" });
    expect(answer).toEqual(extractive);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(calls[0]!.options?.signal?.aborted).toBe(true);
    expect(logged()).toEqual([expect.stringMatching(/^Flurre: the model gave no answer; answering without it ModelTimeout: no answer from \S+ within 50 ms$/)]);
  });

  it("answers without it when the model returns no text", async () => {
    const { ai } = stubAi(() => ({ response: "   " }));
    expect(await ask(QUESTION, { AI: ai })).toEqual(extractive);
    const { ai: odd } = stubAi(() => ({ result: { response: "Voff!" } }));
    expect(await ask(QUESTION, { AI: odd })).toEqual(extractive);
  });
});

describe("what reaches the model", () => {
  it("a question Flurre cannot answer is never sent to it", async () => {
    const { ai, calls } = stubAi(() => ({ response: "Voff! Swish går bra." }));
    const answer = await ask("Kan jag betala med Swish?", { AI: ai });
    expect(answer.kind).toBe("fallback");
    expect(answer.source).toBe("extractive");
    expect(calls).toHaveLength(0);
  });
});
