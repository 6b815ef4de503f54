// Flurre's model path with a stubbed Workers AI binding in the load context
// (the real one only exists in production and always calls the network):
// the model is given the answer's passages as numbered sentences and asked
// for the numbers of those that answer; the chosen sentences are shown as
// written, in its order. A reply with words of its own, a number it was not
// given, '0', too many numbers, or a model that fails or is too slow gives
// the extractive answer; questions Flurre cannot answer never reach it.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { FlurreAnswer } from "~/domain/flurre/answer";
import { formatTime } from "~/domain/time";
import { getLoadContext } from "~/server/platform/context.server";
import type { Env } from "~/server/platform/env.server";
import { askFlurre } from "~/server/flurre/answer.server";
import { DEFAULT_FLURRE_AI_MODEL, FLURRE_SYSTEM_PROMPT, MAX_CHOSEN_SENTENCES } from "~/server/flurre/model.server";
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

/** The numbered sentences a call gave the model: number → sentence. */
function sentencesOf(call: Call): Map<number, string> {
  const user = call.inputs.messages?.find((m) => m.role === "user")?.content ?? "";
  return new Map([...user.matchAll(/^\[(\d+)\] (.+)$/gmu)].map((m) => [Number(m[1]), m[2]!]));
}

/** The number of the first sentence containing `part`. */
function numberOf(sentences: Map<number, string>, part: string): number {
  const found = [...sentences].find(([, text]) => text.includes(part));
  if (!found) throw new Error(`no sentence with ${part}: ${[...sentences.values()].join(" | ")}`);
  return found[0];
}

describe("with a model that chooses among the sentences", () => {
  it("shows the chosen sentences as written, in its order, with the passages' links, and marks the answer 'model'", async () => {
    const price = await valpkursPrice();
    const next = await nextValpkurs();
    const time = `${formatTime(next.start_time)}–${formatTime(next.end_time)}`;
    let offered = new Map<number, string>();
    const { ai, calls } = stubAi((call) => {
      offered = sentencesOf(call);
      // The session's line first, then the price: the model's order, not the passages'.
      return { response: `${numberOf(offered, time)}, ${numberOf(offered, `${price} kr`)}` };
    });
    const answer = await ask(QUESTION, { AI: ai });

    expect(answer.source).toBe("model");
    expect(answer.kind).toBe("answer");
    expect(answer.paragraphs).toEqual([offered.get(numberOf(offered, time)), offered.get(numberOf(offered, `${price} kr`))]);
    expect(answer.paragraphs[0]).toContain(next.location);
    expect(answer.links).toEqual(extractive.links);

    expect(calls).toHaveLength(1);
    expect(calls[0]!.model).toBe(DEFAULT_FLURRE_AI_MODEL);
    const [system, user] = calls[0]!.inputs.messages ?? [];
    expect(system).toEqual({ role: "system", content: FLURRE_SYSTEM_PROMPT });
    // The model sees the question and the sentences of the passages the extractive answer was made from, numbered from 1.
    expect(user!.content).toContain(`Fråga: ${QUESTION}`);
    expect([...offered.keys()]).toEqual(Array.from({ length: offered.size }, (_, i) => i + 1));
    expect(offered.size).toBeGreaterThan(2);
    // Every sentence it sees is one of the passages' own, as the extractive answer shows them.
    expect(extractive.paragraphs.join(" ")).toContain(offered.get(numberOf(offered, `${price} kr`)));
  });

  it("reads the next sentences of one passage as one paragraph", async () => {
    let offered = new Map<number, string>();
    const { ai } = stubAi((call) => {
      offered = sentencesOf(call);
      return { response: "1, 2" };
    });
    const answer = await ask(QUESTION, { AI: ai });
    expect(answer.source).toBe("model");
    expect(answer.paragraphs).toEqual([`${offered.get(1)} ${offered.get(2)}`]);
  });

  it.each([
    ["[2, 1]", [2, 1]],
    ["2 och 1.", [2, 1]],
    [" 2,2 ", [2]],
    ["(1); 3", [1, 3]],
  ])("reads the reply %j as the sentences %j", async (reply, expected) => {
    let offered = new Map<number, string>();
    const { ai } = stubAi((call) => {
      offered = sentencesOf(call);
      return { response: reply };
    });
    const answer = await ask(QUESTION, { AI: ai });
    expect(answer.source).toBe("model");
    expect(answer.paragraphs.join(" ")).toBe(expected.map((n) => offered.get(n)).join(" "));
  });

  it("uses the model FLURRE_AI_MODEL names", async () => {
    const { ai, calls } = stubAi(() => ({ response: "1" }));
    const answer = await ask(QUESTION, { AI: ai, FLURRE_AI_MODEL: "@cf/meta/llama-3.1-8b-instruct-fp8" });
    expect(answer.source).toBe("model");
    expect(calls[0]!.model).toBe("@cf/meta/llama-3.1-8b-instruct-fp8");
  });
});

describe("with a reply that is not a choice among the sentences, the extractive answer stands", () => {
  const replies: [string, (offered: Map<number, string>) => Promise<string> | string][] = [
    ["words of its own", async () => `Voff! VALPKURS kostar ${(await valpkursPrice()) - 50} kr per pass.`],
    ["numbers inside words of its own", () => "Jag väljer mening 1 och 2."],
    ["a number it was not given", (offered) => `1, ${offered.size + 1}`],
    ["none ('0')", () => "0"],
    ["more sentences than an answer holds", (offered) => [...offered.keys()].slice(0, MAX_CHOSEN_SENTENCES + 1).join(", ")],
    ["markup", () => "<p>1</p>"],
    ["a link", () => "1, https://example.com/valpkurs"],
  ];

  it.each(replies)("%s", async (_, makeReply) => {
    const logged = captureLoggedFailures();
    let offered = new Map<number, string>();
    const { ai, calls } = stubAi(async (call) => {
      offered = sentencesOf(call);
      return { response: await makeReply(offered) };
    });
    const answer = await ask(QUESTION, { AI: ai });
    expect(calls).toHaveLength(1);
    expect(offered.size).toBeGreaterThan(MAX_CHOSEN_SENTENCES);
    expect(answer).toEqual(extractive);
    expect(logged()).toEqual([expect.stringMatching(/^Flurre: the model's reply chose no sentence it was given; answering without it /)]);
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
    const { ai: odd } = stubAi(() => ({ result: { response: "1" } }));
    expect(await ask(QUESTION, { AI: odd })).toEqual(extractive);
  });
});

describe("what reaches the model", () => {
  it("a question Flurre cannot answer is never sent to it", async () => {
    const { ai, calls } = stubAi(() => ({ response: "1" }));
    const answer = await ask("Kan jag betala med Swish?", { AI: ai });
    expect(answer.kind).toBe("fallback");
    expect(answer.source).toBe("extractive");
    expect(calls).toHaveLength(0);
  });
});
