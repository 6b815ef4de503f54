// Flurre's extractive answers inside workerd, on the real migrations and the
// demo data: every question of tests/fixtures/flurre-questions.json must
// state the right fact and link, computed here from the rows in D1 (or from
// the site content the pages render), and the ones it cannot answer fall
// back to the contact form and are stored for staff. Then POST /flurre/svar
// through the worker: validation, the rate limit, and answers as data only.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { FlurreAnswer } from "~/domain/flurre/answer";
import { FLURRE_ANSWER_TEXTS } from "~/domain/page-texts/flurre-answers";
import { FLURRE_PASSAGE_TEXTS } from "~/domain/page-texts/flurre-passages";
import { FLURRE_MESSAGES } from "~/domain/schemas/flurre";
import { FROM_PRICES, GROUP_CONFIRMED_THRESHOLD, VARIANT_PRICES } from "~/domain/constants";
import { sessionQuestion } from "~/domain/session-question";
import { mapUrlOf } from "~/domain/places";
import { preparationOnlineAndHome, remoteTypeNames } from "~/domain/preparation";
import { SITE_RULES } from "~/domain/rules";
import { CONTACT_PATH } from "~/domain/site-contact";
import { formatDayHeading, formatTime, stockholmDayKey } from "~/domain/time";
import { getLoadContext } from "~/server/platform/context.server";
import { askFlurre, FlurreRateLimited } from "~/server/flurre/answer.server";
import { loadFlurreContent, loadFlurreCorpus, vocabularyRows } from "~/server/flurre/corpus.server";
import { DEFAULT_FLURRE_RATE_LIMIT, FLURRE_RATE_WINDOW_MS, flurreQuestionCount } from "~/server/flurre/limits.server";
import { RATE_LIMIT_MESSAGE } from "~/server/platform/rate-limit.server";
import set from "../fixtures/flurre-questions.json";
import { buildDemoData, DEMO_SESSION_IDS } from "../fixtures/demo-data";
import { SEEDED_PLACES, SEEDED_PREPARATION as PREPARATION_CHECKLIST, SEEDED_TEAM as TEAM } from "../fixtures/seeded-content";

const PLACES = SEEDED_PLACES.filter((p) => p.kind === "indoor" || p.kind === "outdoor");
import { awayFromWindowEnd } from "./helpers";
import { SELF, seedDemo } from "./public-helpers";
import { seatsText, sessionLine, upcoming, type SessionRow } from "./flurre-fixtures";

/** /preppa's note on online sessions and home visits, naming the seeded types held there. */
const PREPARATION_ONLINE_AND_HOME = preparationOnlineAndHome(
  remoteTypeNames(buildDemoData(new Date()).popupTypes.filter((t) => !t.hidden), SEEDED_PLACES),
);

const QuestionSchema = z.object({
  question: z.string().min(1).max(500),
  page: z.string().optional(),
  expect: z
    .object({
      type: z.string(),
      fact: z.enum(["price", "variant-prices", "next-session", "description", "seats"]),
      session: z.object({ type: z.string(), location: z.string() }),
      allTypes: z.literal(true),
      place: z.string(),
      preparation: z.enum(["checklist", "sick", "online-home"]),
      /** With the checklist: the item asked of (its index), quoted in place of the first items. */
      item: z.number().int().min(0),
      rule: z.string(),
      team: z.string(),
      faq: z.number().int(),
      fallback: z.literal(true),
    })
    .partial()
    .strict(),
});
type Question = z.infer<typeof QuestionSchema>;

const QUESTIONS: Question[] = z.array(QuestionSchema).parse(set.questions);

const noop = { waitUntil: () => {}, passThroughOnException: () => {} };

async function typeRow(name: string) {
  const row = await env.DB.prepare("SELECT name, description, price, session_type FROM popup_types WHERE name = ?")
    .bind(name)
    .first<{ name: string; description: string; price: number; session_type: string }>();
  if (!row) throw new Error(`no type ${name}`);
  return row;
}

function bookHref(sessionType: string): string {
  const kind = sessionType === "private" || sessionType === "privatpass" ? "privat" : "grupp";
  return `/boka?steg=2&typ=${kind}&vy=lista`;
}

const textOf = (answer: FlurreAnswer) => answer.paragraphs.join("\n");
const hrefs = (answer: FlurreAnswer) => answer.links.map((l) => l.href);

/**
 * Asks as a request does, and waits for what the request leaves to run after its response (storing an unanswered
 * question), so a test that reads the stored questions sees them, or sees that none were stored.
 */
async function ask(input: Parameters<typeof askFlurre>[1]): Promise<FlurreAnswer> {
  const ctx = createExecutionContext();
  const answer = await askFlurre(getLoadContext(env, ctx), input);
  await waitOnExecutionContext(ctx);
  return answer;
}

async function unansweredRows() {
  const { results } = await env.DB.prepare("SELECT question, normalized, page FROM flurre_unanswered ORDER BY id").all<{
    question: string;
    normalized: string;
    page: string | null;
  }>();
  return results;
}

/** Checks one answer against what the question set says it must state. */
async function checkAnswer(q: Question, answer: FlurreAnswer) {
  const e = q.expect;
  const text = textOf(answer);
  if (e.fallback) {
    expect(answer.kind).toBe("fallback");
    expect(hrefs(answer)).toEqual([CONTACT_PATH]);
    return;
  }
  expect(answer.kind).toBe("answer");
  expect(answer.source).toBe("extractive");
  expect(answer.links.length).toBeGreaterThan(0);
  expect(answer.links.length).toBeLessThanOrEqual(4);
  expect(new Set(hrefs(answer)).size).toBe(answer.links.length);

  if (e.type && e.fact !== "seats") {
    const type = await typeRow(e.type);
    if (e.fact === "price") {
      expect(text).toContain(`${type.price} kr`);
      expect(text).toContain(type.description);
      expect(hrefs(answer)).toContain(bookHref(type.session_type));
    } else if (e.fact === "variant-prices") {
      expect(text).toContain(`Privat kostar ${VARIANT_PRICES.privat} kr`);
      expect(text).toContain(`Proffs ${VARIANT_PRICES.proffs} kr`);
      expect(hrefs(answer)).toContain(bookHref(type.session_type));
    } else if (e.fact === "description") {
      expect(text).toContain(type.description);
      // A combined type has no fixed price, so Flurre states none for it.
      expect(text).not.toMatch(/\d+ kr/);
    } else if (e.fact === "next-session") {
      const next = (await upcoming(e.type)).find((s) => seatsText(s) !== "Fullbokat");
      expect(next, `an upcoming bookable ${e.type}`).toBeDefined();
      // The first date the answer lists is the next one with a seat.
      const firstDate = answer.paragraphs.find((p) => /\d{2}:\d{2}–\d{2}:\d{2} på /.test(p));
      expect(firstDate).toContain(sessionLine(next!));
      expect(hrefs(answer)).toContain(`/session/${next!.id}`);
    }
  }
  if (e.session) {
    const match = (await upcoming(e.session.type)).find((s) => s.location === e.session!.location);
    expect(match, `an upcoming ${e.session.type} at ${e.session.location}`).toBeDefined();
    expect(text).toContain(sessionLine(match!));
    expect(hrefs(answer)).toContain(`/session/${match!.id}`);
  }
  if (e.allTypes) {
    const { results } = await env.DB.prepare("SELECT name, hidden FROM popup_types").all<{ name: string; hidden: number }>();
    expect(results.some((t) => t.hidden)).toBe(true);
    for (const t of results) {
      if (t.hidden) expect(text).not.toContain(t.name);
      else expect(text).toContain(t.name);
    }
    expect(hrefs(answer)).toContain("/alla-popups");
  }
  if (e.place === "all") {
    for (const place of PLACES) expect(text).toContain(place.name);
    expect(hrefs(answer)).toContain("/hitta");
  } else if (e.place) {
    const place = PLACES.find((p) => p.name === e.place)!;
    expect(text).toContain(place.description);
    expect(hrefs(answer)).toEqual(expect.arrayContaining([mapUrlOf(place), "/hitta"]));
    expect(answer.paragraphs[0]).toContain(place.name);
  }
  if (e.preparation === "checklist" && e.item !== undefined) {
    expect(text).toContain(PREPARATION_CHECKLIST[e.item]!.text);
    expect(text).not.toContain(PREPARATION_CHECKLIST[e.item === 0 ? 1 : 0]!.text);
    expect(text).toContain("Hela listan finns under Preppa inför passet.");
    expect(hrefs(answer)).toContain("/preppa");
  } else if (e.preparation === "checklist") {
    expect(text).toContain(PREPARATION_CHECKLIST[0]!.text);
    expect(text).toContain(PREPARATION_CHECKLIST[1]!.text);
    expect(hrefs(answer)).toContain("/preppa");
  } else if (e.preparation === "sick") {
    expect(text).toContain(PREPARATION_CHECKLIST[7]!.text);
    expect(hrefs(answer)).toContain(CONTACT_PATH);
  } else if (e.preparation === "online-home") {
    expect(text).toContain(PREPARATION_ONLINE_AND_HOME);
    expect(hrefs(answer)).toContain("/preppa");
  }
  if (e.rule) {
    const rule = SITE_RULES.find((r) => r.id === e.rule)!;
    expect(answer.paragraphs).toContain(rule.text);
    expect(hrefs(answer)).toContain(rule.links[0]!.href);
    if (e.rule === "group-minimum") expect(text).toContain(`minst ${GROUP_CONFIRMED_THRESHOLD} deltagare`);
    if (e.rule === "how-to-book") {
      expect(text).toContain(`från ${FROM_PRICES.group} kr`);
      expect(text).toContain(`från ${FROM_PRICES.private} kr`);
    }
    if (e.rule === "binding") expect(text).toContain("kan inte avbokas eller ombokas");
    if (e.rule === "my-bookings") expect(text).toContain("inloggningslänk");
  }
  if (e.team) {
    const member = TEAM.find((m) => m.name === e.team)!;
    expect(text).toContain(member.text);
    expect(hrefs(answer)).toContain("/om");
  }
  if (e.faq !== undefined) {
    const row = await env.DB.prepare("SELECT answer, links_json FROM flurre_faq WHERE id = ?")
      .bind(e.faq)
      .first<{ answer: string; links_json: string }>();
    expect(row, `FAQ row ${e.faq}`).toBeTruthy();
    expect(answer.paragraphs).toContain(row!.answer);
    const links = JSON.parse(row!.links_json) as { href: string }[];
    expect(hrefs(answer)).toEqual(expect.arrayContaining(links.map((l) => l.href)));
  }
}

beforeAll(() => seedDemo());

describe("the question set", () => {
  it("holds at least 40 questions, some of which Flurre must not answer", () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
    expect(QUESTIONS.filter((q) => q.expect.fallback).length).toBeGreaterThanOrEqual(4);
  });

  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM flurre_unanswered").run();
  });

  it.each(QUESTIONS.map((q) => [q.question, q] as const))("%s", async (_, q) => {
    const answer = await ask({ question: q.question, page: q.page ?? null, record: true });
    await checkAnswer(q, answer);
    const stored = await unansweredRows();
    if (q.expect.fallback) {
      expect(stored).toEqual([
        { question: q.question, normalized: q.question.toLocaleLowerCase("sv-SE").replace(/\s+/g, " "), page: q.page ?? null },
      ]);
    } else {
      expect(stored).toEqual([]);
    }
  });
});

/** env.DB counting its round trips: each batch and exec. */
function countingTrips() {
  let trips = 0;
  const db = new Proxy(env.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "batch" || prop === "exec") trips++;
      return value.bind(target);
    },
  });
  return { db, trips: () => trips };
}

describe("answers from the data as it is now", () => {
  it.each([
    ["an on-site session: the checklist", DEMO_SESSION_IDS.groupThree, PREPARATION_CHECKLIST[0]!.text],
    ["an online session: the online note", DEMO_SESSION_IDS.planAvailable, PREPARATION_ONLINE_AND_HOME],
    ["a home visit: the home-visit note", DEMO_SESSION_IDS.hemmisAvailable, PREPARATION_ONLINE_AND_HOME],
  ])("answers the session page's question about that session, with what to bring (%s) and that booking is binding", async (_, id, preparation) => {
    const row = await env.DB.prepare("SELECT * FROM sessions WHERE id = ?").bind(id).first<SessionRow>();
    const question = sessionQuestion({ title: row!.title, startTime: row!.start_time, location: row!.location });
    const answer = await ask({ question, page: `/session/${row!.id}`, record: true });
    expect(answer.paragraphs[0]).toBe(FLURRE_ANSWER_TEXTS.pageSession);
    const when = `${formatDayHeading(stockholmDayKey(row!.start_time))} ${formatTime(row!.start_time)}–${formatTime(row!.end_time)}`;
    expect(answer.paragraphs[1]).toContain(`${row!.title} ${when} på ${row!.location}.`);
    expect(answer.paragraphs[1]).toContain(seatsText(row!));
    expect(textOf(answer)).toContain(preparation);
    expect(textOf(answer)).toContain("bindande och kan inte avbokas");
    expect(hrefs(answer)[0]).toBe(`/session/${row!.id}`);
    expect(hrefs(answer)).toContain("/preppa");
  });

  it("answers how long the session lasts, asked from its page, with its start and end", async () => {
    const row = await env.DB.prepare("SELECT * FROM sessions WHERE id = ?").bind(DEMO_SESSION_IDS.groupThree).first<SessionRow>();
    const answer = await ask({ question: "Hur lång tid håller det på?", page: `/session/${row!.id}`, record: true });
    expect(answer.kind).toBe("answer");
    expect(answer.paragraphs[1]).toContain(`${formatTime(row!.start_time)}–${formatTime(row!.end_time)}`);
    // Asked of no session, how long a session lasts is not said.
    expect((await ask({ question: "Hur lång tid håller det på?", page: null, record: false })).kind).toBe("fallback");
  });

  it("tells of the queue on a full session's page, whatever is asked of it, and only there", async () => {
    const queue = FLURRE_PASSAGE_TEXTS.waitlist;
    const full = await ask({ question: "Det är fullt, vad gör jag nu?", page: `/session/${DEMO_SESSION_IDS.groupFull}`, record: false });
    expect(full.paragraphs[1]).toContain("Fullbokat");
    expect(full.paragraphs).toContain(queue);
    const open = await ask({ question: "Vad kostar det?", page: `/session/${DEMO_SESSION_IDS.groupThree}`, record: false });
    expect(open.paragraphs).not.toContain(queue);
    // How many stand in the queue is not said, on the page or anywhere.
    expect((await ask({ question: "Hur många står i kö?", page: `/session/${DEMO_SESSION_IDS.groupFull}`, record: false })).kind).toBe("fallback");
  });

  it("uses a new FAQ row at once", async () => {
    await env.DB.prepare("INSERT INTO flurre_faq (question, answer, links_json) VALUES (?, ?, ?)")
      .bind(
        "Får man ha med sig barn på passen?",
        "Ja, barn är välkomna att titta på när de följer med en vuxen.",
        JSON.stringify([{ label: "Alla PopUp's", href: "/alla-popups" }]),
      )
      .run();
    try {
      const answer = await ask({ question: "Får barnen följa med?", page: null, record: true });
      expect(answer.paragraphs).toContain("Ja, barn är välkomna att titta på när de följer med en vuxen.");
      expect(hrefs(answer)).toContain("/alla-popups");
    } finally {
      await env.DB.prepare("DELETE FROM flurre_faq WHERE question = 'Får man ha med sig barn på passen?'").run();
    }
  });

  it("never offers a cancelled session, and lists the next one instead", async () => {
    const [first, second] = (await upcoming("VALPKURS")).filter((s) => seatsText(s) !== "Fullbokat");
    await env.DB.prepare("UPDATE sessions SET cancelled_at = ? WHERE id = ?").bind(new Date().toISOString(), first!.id).run();
    try {
      const answer = await ask({ question: "När går nästa valpkurs?", page: null, record: true });
      expect(hrefs(answer)).not.toContain(`/session/${first!.id}`);
      expect(answer.paragraphs.find((p) => /\d{2}:\d{2}–/.test(p))).toContain(sessionLine(second!));
    } finally {
      await env.DB.prepare("UPDATE sessions SET cancelled_at = NULL WHERE id = ?").bind(first!.id).run();
    }
  });

  it("says so when a type has no bookable date, and links the session list", async () => {
    const plan = await upcoming("PLAN");
    await env.DB.prepare(`UPDATE sessions SET cancelled_at = ? WHERE title = 'PLAN' AND start_time > ?`)
      .bind(new Date().toISOString(), new Date().toISOString())
      .run();
    try {
      const answer = await ask({ question: "När går nästa PLAN?", page: null, record: true });
      expect(answer.paragraphs).toContain(FLURRE_ANSWER_TEXTS.noneOfType("PLAN"));
      expect(hrefs(answer)).toContain("/alla-popups");
      for (const s of plan) expect(hrefs(answer)).not.toContain(`/session/${s.id}`);
    } finally {
      await env.DB.prepare("UPDATE sessions SET cancelled_at = NULL WHERE title = 'PLAN'").run();
    }
  });

  it("answers a bare greeting with what to ask, and stores nothing for staff", async () => {
    await env.DB.prepare("DELETE FROM flurre_unanswered").run();
    for (const greeting of ["Hej!", "hallå Flurre", "God morgon"]) {
      const answer = await ask({ question: greeting, page: "/", record: true });
      expect(answer.kind).toBe("answer");
      expect(answer.paragraphs[0]).toBe("Voff! Hej, jag är Flurre, Hundpass kontorshund.");
      expect(hrefs(answer)).toEqual(["/boka", "/hitta", "/preppa"]);
    }
    // A greeting with a question in it is a question.
    const asked = await ask({ question: "Hej! Vad kostar VALPKURS?", page: "/", record: true });
    expect(asked.paragraphs.join(" ")).toContain("kr");
    expect(await unansweredRows()).toEqual([]);
  });

  it("says you are welcome to thanks alone, and stores nothing for staff", async () => {
    await env.DB.prepare("DELETE FROM flurre_unanswered").run();
    for (const thanks of ["Tack för hjälpen!", "tusen tack"]) {
      const answer = await ask({ question: thanks, page: "/", record: true });
      expect(answer.kind).toBe("answer");
      expect(answer.paragraphs[0]).toBe("Voff! Varsågod, det var roligt att hjälpa till.");
      expect(hrefs(answer)).toEqual(["/boka"]);
    }
    expect(await unansweredRows()).toEqual([]);
  });

  it("does not store an unanswered question when asked not to (a plain page view)", async () => {
    await env.DB.prepare("DELETE FROM flurre_unanswered").run();
    const answer = await ask({ question: "Kan jag betala med Swish?", page: "/flurre", record: false });
    expect(answer.kind).toBe("fallback");
    expect(await unansweredRows()).toEqual([]);
  });

  it("reads types, sessions and FAQ rows in one D1 round trip", async () => {
    const { db, trips } = countingTrips();
    const corpus = await loadFlurreCorpus(getLoadContext({ ...env, DB: db }, noop), new Date());
    expect(trips()).toBe(1);
    expect(corpus.types.map((t) => t.name)).not.toContain("NOSARBETE");
    expect(corpus.faq.length).toBeGreaterThan(0);
    expect(corpus.sessions.every((s) => s.startTime > new Date().toISOString())).toBe(true);
  });

  it("counts the question on the client's limit in the same round trip, and refuses one over it", async () => {
    await awayFromWindowEnd(FLURRE_RATE_WINDOW_MS);
    await env.DB.prepare("DELETE FROM rate_limits").run();
    const { db, trips } = countingTrips();
    const context = getLoadContext({ ...env, DB: db, FLURRE_RATE_LIMIT: "2" }, noop);
    const request = new Request("http://localhost/flurre/svar", { method: "POST", headers: { "CF-Connecting-IP": "198.51.100.250" } });
    const question = { question: "Vad kostar VALPKURS?", page: null, record: false };
    for (const n of [1, 2]) {
      expect((await askFlurre(context, { ...question, limit: await flurreQuestionCount(context, request) })).kind).toBe("answer");
      expect(trips()).toBe(n);
    }
    const over = askFlurre(context, { ...question, limit: await flurreQuestionCount(context, request) });
    await expect(over).rejects.toBeInstanceOf(FlurreRateLimited);
    expect(trips()).toBe(3);
    expect(await env.DB.prepare("SELECT sum(hits) AS n FROM rate_limits").first<number>("n")).toBe(3);
  });

  it("reads the vocabulary in the same round trip only when asked to, and then all of it", async () => {
    const context = getLoadContext(env, noop);
    const without = await loadFlurreContent(context, new Date(), { vocabulary: false });
    expect(without.vocabulary).toBeNull();
    const withIt = await loadFlurreContent(context, new Date(), { vocabulary: true });
    const { results } = await env.DB.prepare("SELECT word FROM flurre_vocabulary ORDER BY id").all<{ word: string }>();
    expect(vocabularyRows(withIt.vocabulary!).map((r) => r.word)).toEqual(results.map((r) => r.word));
    expect(withIt.corpus).toEqual(without.corpus);
  });
});

describe("POST /flurre/svar", () => {
  let ipCounter = 0;
  const freshIp = () => `198.51.100.${++ipCounter}`;

  function ask(fields: Record<string, string>, ip = freshIp()) {
    return SELF.fetch("http://localhost/flurre/svar", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
        "CF-Connecting-IP": ip,
      },
    });
  }

  beforeEach(async () => {
    await env.DB.batch(["flurre_unanswered", "rate_limits"].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
  });

  it("answers a question as JSON, never cached", async () => {
    const res = await ask({ fraga: "Vad kostar VALPKURS?", sida: "/" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await res.json<{ ok: true; question: string; answer: FlurreAnswer }>();
    expect(body.ok).toBe(true);
    expect(body.question).toBe("Vad kostar VALPKURS?");
    const type = await typeRow("VALPKURS");
    expect(textOf(body.answer)).toContain(`${type.price} kr`);
  });

  it("refuses an empty question with 400 and the Swedish message", async () => {
    const res = await ask({ fraga: "   " });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, error: FLURRE_MESSAGES.required });
  });

  it("refuses a question over 500 characters with 400 and the Swedish message, storing nothing", async () => {
    const res = await ask({ fraga: "Kan jag betala med Swish? ".repeat(25).slice(0, 501) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, error: FLURRE_MESSAGES.tooLong });
    expect(await unansweredRows()).toEqual([]);
  });

  it("answers 429 with Retry-After once a client has asked the limit's number of questions", async () => {
    await awayFromWindowEnd(FLURRE_RATE_WINDOW_MS);
    const ip = freshIp();
    for (let i = 0; i < DEFAULT_FLURRE_RATE_LIMIT; i++) {
      expect((await ask({ fraga: "Var ligger Bronsängen?" }, ip)).status).toBe(200);
    }
    const refused = await ask({ fraga: "Var ligger Bronsängen?" }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ ok: false, error: RATE_LIMIT_MESSAGE });
    // Over the limit, a question Flurre cannot answer is not stored either, and an invalid one is refused the same way.
    expect((await ask({ fraga: "Kan jag betala med Swish?" }, ip)).status).toBe(429);
    expect(await unansweredRows()).toEqual([]);
    expect((await ask({ fraga: "" }, ip)).status).toBe(429);
    // Another client is not affected.
    expect((await ask({ fraga: "Var ligger Bronsängen?" })).status).toBe(200);
  }, 60_000);

  it("gives back HTML a visitor typed as text inside JSON, and stores the unanswered question with its page", async () => {
    const question = '<script>alert("voff")</script><img src=x onerror=alert(1)> Säljer ni hundmat?';
    const res = await ask({ fraga: question, sida: "/hitta" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const raw = await res.text();
    const body = JSON.parse(raw) as { ok: true; question: string; answer: FlurreAnswer };
    expect(body.question).toBe(question);
    expect(body.answer.kind).toBe("fallback");
    for (const p of body.answer.paragraphs) expect(p).not.toMatch(/<[a-z/]/i);
    expect(await unansweredRows()).toEqual([
      { question, normalized: question.toLocaleLowerCase("sv-SE"), page: "/hitta" },
    ]);
  });

  it("keeps the answer's text free of markup when the question's words are echoed", async () => {
    const res = await ask({ fraga: "<b>Vad kostar</b> <i>VALPKURS</i>?" });
    const body = await res.json<{ ok: true; answer: FlurreAnswer }>();
    expect(body.answer.kind).toBe("answer");
    for (const p of body.answer.paragraphs) expect(p).not.toMatch(/<[a-z/]/i);
  });
});
