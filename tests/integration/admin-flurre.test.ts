// /admin/flurre through the Worker as the admin's browser uses it: the
// unanswered questions grouped (count, last asked in Stockholm time, the
// page), newest first and capped; 'Markera som hanterad'; answering one with
// an FAQ row (the group handled in the same batch); FAQ rows created, edited
// and deleted (the confirmation step a page of its own), with every message
// of the schema and the links rules; audit rows; user text only ever as text.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { formatFaqLinks, parseFaqLinkLines, readFaqLinks } from "../../app/domain/flurre-faq-links";
import { ROUND_TRIPS_HEADER } from "../../app/server/db/round-trips.server";
import app from "../../workers/app";
import { post, toastOf } from "./admin-fixtures";
import { fetchAndSettle } from "./auth-helpers";
import { signInAs } from "./helpers";
import { textOf } from "./public-helpers";
import { captureLoggedFailures } from "../support/expected-logs";

const PATH = "/admin/flurre";
const FAQ = `${PATH}?flik=faq`;
const UNANSWERED = `${PATH}?flik=obesvarade`;
let cookie = "";
let adminEmail = "";

const valid = {
  intent: "save",
  question: "  Får   min hund vara med på kursen om hon löper? ",
  answer: "Nej, en tik som löper stannar hemma.\n\nHör av dig så flyttar vi bokningen.",
  links: "Kontakta oss | /om#kontakt\nHitta hit | https://maps.example.com/?q=Stadsparken",
};

/** The message of a link line whose address breaks the rules. */
const badLink = (line: number) =>
  `Rad ${line}: länken måste vara en sökväg på webbplatsen som börjar med / eller en adress som börjar med https://`;

/** The text of a page, with React's entities read back. */
function decode(html: string): string {
  return html
    .replaceAll("<!-- -->", "")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

const page = async (query = "") => {
  const res = await fetchAndSettle(`${PATH}${query}`, { headers: { Cookie: cookie } });
  return { res, html: await res.text() };
};

async function faqRows() {
  const { results } = await env.DB.prepare(
    "SELECT id, question, answer, links_json AS linksJson FROM flurre_faq ORDER BY id",
  ).all<{ id: number; question: string; answer: string; linksJson: string }>();
  return results;
}

async function audits(action: string) {
  const { results } = await env.DB.prepare(
    "SELECT actor_email AS actor, target_type AS targetType, target_id AS targetId, details_json AS details FROM audit_log WHERE action = ? ORDER BY id",
  )
    .bind(action)
    .all<{ actor: string; targetType: string; targetId: string | null; details: string }>();
  return results.map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> }));
}

/** An unanswered ask as the answering side stores it; returns its id. */
async function ask(question: string, askedAt: string, page: string | null = "/", handledAt: string | null = null) {
  const row = await env.DB.prepare(
    `INSERT INTO flurre_unanswered (question, normalized, page, asked_at, handled_at)
     VALUES (?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(question, question.toLowerCase().replace(/\s+/g, " ").trim(), page, askedAt, handledAt)
    .first<{ id: number }>();
  return row!.id;
}

async function openAsks(normalized: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM flurre_unanswered WHERE normalized = ? AND handled_at IS NULL")
    .bind(normalized)
    .first<{ n: number }>();
  return row!.n;
}

async function createRow(fields: Partial<typeof valid> = {}) {
  const res = await post(FAQ, { ...valid, ...fields }, cookie);
  expect(res.status).toBe(302);
  return Number(/sparad=(\d+)/.exec(res.headers.get("Location")!)![1]);
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM flurre_faq"),
    env.DB.prepare("DELETE FROM flurre_unanswered"),
    env.DB.prepare("DELETE FROM audit_log"),
  ]);
  adminEmail = `admin-${crypto.randomUUID().slice(0, 8)}@hundpass.se`;
  cookie = await signInAs({ email: adminEmail, admin: true });
});

describe("the guard", () => {
  it("sends an anonymous visitor to the staff sign-in page and refuses a non-admin's page and post", async () => {
    const anonymous = await fetchAndSettle(PATH);
    expect(anonymous.status).toBe(302);
    // To the staff sign-in page (it was the start page, which told staff nothing).
    expect(anonymous.headers.get("Location")).toBe("/logga-in?till=%2Fadmin%2Fflurre");
    const staff = await signInAs({ email: `personal-${crypto.randomUUID().slice(0, 8)}@example.se` });
    expect((await fetchAndSettle(FAQ, { headers: { Cookie: staff } })).status).toBe(403);
    const refused = await post(FAQ, valid, staff);
    expect(refused.status).toBe(403);
    expect(await faqRows()).toEqual([]);
  });
});

describe("reading the page", () => {
  it("is linked from the admin menu", async () => {
    const menu = await fetchAndSettle("/admin", { headers: { Cookie: cookie } });
    expect(await menu.text()).toMatch(/<a[^>]*href="\/admin\/flurre"[^>]*>Flurre: obesvarade frågor och FAQ<\/a>/);
  });

  it("takes two D1 round trips on every tab: the signed-in user, then one batch", async () => {
    const id = await ask("Hur långt är passet?", "2026-03-01T09:00:00.000Z");
    const row = await createRow();
    for (const query of ["", "?flik=faq", `?flik=faq&rad=${row}`, `?flik=faq&svara=${id}`, `?flik=faq&atgard=ta-bort&rad=${row}`]) {
      const ctx = createExecutionContext();
      const request = new Request(`http://localhost${PATH}${query}`, { headers: { Cookie: cookie }, redirect: "manual" }) as Request<
        unknown,
        IncomingRequestCfProperties
      >;
      const res = await app.fetch(request, { ...env, D1_ROUND_TRIPS: "1" }, ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status, query).toBe(200);
      expect(res.headers.get(ROUND_TRIPS_HEADER), query).toBe("2");
    }
  });
});

describe("the unanswered questions", () => {
  it("says so when there are none, and the FAQ tab says it has no rows", async () => {
    const { res, html } = await page();
    expect(res.status).toBe(200);
    expect(html).toContain("Inga obesvarade frågor just nu.");
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Obesvarade frågor<\/a>/);
    const faq = (await page("?flik=faq")).html;
    expect(faq).toContain("Inga FAQ-rader ännu.");
    // The schema's limits reach the form as HTML constraints, so they hold before any JavaScript.
    const input = /<input[^>]*name="question"[^>]*>/.exec(faq)?.[0] ?? "";
    expect(input).toContain('required=""');
    expect(input).toContain('maxLength="500"');
    expect(/<textarea[^>]*name="answer"[^>]*>/.exec(faq)?.[0]).toContain('maxLength="2000"');
  });

  it("groups repeats by their normalized text, newest last ask first, with count, Stockholm time and page; handled ones left out", async () => {
    await ask("Har ni kurs för äldre hundar?", "2026-03-01T09:00:00.000Z", "/om");
    await ask("har ni KURS för  äldre hundar?", "2026-03-10T17:30:00.000Z", "/hitta");
    const newestOfGroup = await ask("Har ni kurs för äldre hundar?", "2026-06-01T10:05:00.000Z", "/alla-popups");
    const other = await ask("Kan man betala med Swish?", "2026-05-20T08:00:00.000Z", null);
    await ask("Finns det parkering?", "2026-07-01T08:00:00.000Z", "/hitta", "2026-07-02T08:00:00.000Z");

    const { html } = await page();
    const text = decode(html);
    expect(text).toMatch(/<a[^>]*aria-current="page"[^>]*>Obesvarade frågor \(2\)<\/a>/);
    expect(text).not.toContain("Finns det parkering?");
    // Newest first: the group last asked on 1 June before the one asked on 20 May.
    const first = text.indexOf(`data-testid="unanswered-${newestOfGroup}"`);
    const second = text.indexOf(`data-testid="unanswered-${other}"`);
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first);
    const card = text.slice(first, second);
    expect(card).toContain("Har ni kurs för äldre hundar?");
    expect(card).toMatch(/data-testid="unanswered-count">3</);
    // 10:05 UTC on 1 June is 12:05 in Stockholm (summer time); the day without a leading zero, as on every date.
    expect(card).toContain("1 juni 2026 12:05");
    expect(card).toMatch(/<a[^>]*href="\/alla-popups"[^>]*>\/alla-popups<\/a>/);
    expect(card).toContain(`href="/admin/flurre?flik=faq&svara=${newestOfGroup}"`);
    const otherCard = text.slice(second);
    expect(otherCard).toMatch(/data-testid="unanswered-count">1</);
    // 08:00 UTC on 20 May is 10:00 in Stockholm; no page known.
    expect(otherCard).toContain("20 maj 2026 10:00");
    expect(otherCard).toContain("Okänd");
  });

  it("shows the newest 100 questions and says how many there are", async () => {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 105)
       INSERT INTO flurre_unanswered (question, normalized, page, asked_at)
       SELECT 'Fråga nummer ' || i, 'fråga nummer ' || i, '/', strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes') FROM n`,
    ).run();
    const { html } = await page();
    expect(html.match(/data-testid="unanswered-count"/g)).toHaveLength(100);
    expect(decode(html)).toContain("Visar de 100 senast ställda av 105 obesvarade frågor.");
    expect(html).toContain("Fråga nummer 105");
    expect(html).toContain("Fråga nummer 6<");
    expect(html).not.toContain("Fråga nummer 5<");
  });

  it("renders a visitor's question as text and links its page only when it is a plain path on the site", async () => {
    await ask('<img src=x onerror="alert(1)"> Hej', "2026-03-01T09:00:00.000Z", "/\\evil.example");
    await ask("Annan fråga", "2026-03-02T09:00:00.000Z", "//evil.example/x");
    const { html } = await page();
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Hej");
    expect(html).not.toContain('href="/\\evil.example"');
    expect(html).not.toContain('href="//evil.example/x"');
    expect(html).toContain("/\\evil.example");
  });

  it("'Markera som hanterad' marks every open ask of the question handled, once, with an audit row", async () => {
    await ask("Är det fika på kursen?", "2026-03-01T09:00:00.000Z");
    const id = await ask("är det fika på kursen?", "2026-03-02T09:00:00.000Z");
    await ask("Vad kostar valpkursen?", "2026-03-03T09:00:00.000Z");

    const res = await post(UNANSWERED, { intent: "dismiss", id: String(id) }, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(UNANSWERED);
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Frågan är markerad som hanterad" });
    expect(await openAsks("är det fika på kursen?")).toBe(0);
    expect(await openAsks("vad kostar valpkursen?")).toBe(1);
    const { html } = await page();
    expect(html).not.toContain("fika på kursen");
    expect(html).toContain("Vad kostar valpkursen?");
    expect(await audits("flurre_unanswered.dismiss")).toEqual([
      {
        actor: adminEmail,
        targetType: "flurre_unanswered",
        targetId: String(id),
        details: { question: "är det fika på kursen?", asks: 2 },
      },
    ]);

    const again = await post(UNANSWERED, { intent: "dismiss", id: String(id) }, cookie);
    expect(await toastOf(again)).toMatchObject({ type: "error", description: "Kunde inte hitta frågan. Den kan redan vara hanterad." });
    expect(await audits("flurre_unanswered.dismiss")).toHaveLength(1);
  });

  it("answers a question with an FAQ row: the form comes filled in, and saving it marks the question handled", async () => {
    await ask("Får man ha med barn?", "2026-03-01T09:00:00.000Z");
    const id = await ask("Får man ha med  barn?", "2026-03-02T09:00:00.000Z", "/preppa");
    const answering = await page(`?flik=faq&svara=${id}`);
    const text = decode(answering.html);
    expect(text).toContain("Ny FAQ-rad");
    expect(text).toContain('value="Får man ha med  barn?"');
    expect(text).toContain("Du svarar på en obesvarad fråga (ställd 2 gånger). När FAQ-raden sparas markeras frågan som hanterad.");
    expect(text).toContain(`name="unanswered" value="${id}"`);

    const res = await post(
      `${FAQ}&svara=${id}`,
      { intent: "save", unanswered: String(id), question: "Får man ha med  barn?", answer: "Ja, barn är välkomna.", links: "" },
      cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(UNANSWERED);
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "FAQ-rad sparad!", description: "Frågan är markerad som hanterad." });
    const [row] = await faqRows();
    expect(row).toMatchObject({ question: "Får man ha med barn?", answer: "Ja, barn är välkomna.", linksJson: "[]" });
    expect(await openAsks("får man ha med barn?")).toBe(0);
    const [audit] = await audits("flurre_faq.create");
    expect(audit).toEqual({
      actor: adminEmail,
      targetType: "flurre_faq",
      targetId: String(row!.id),
      details: {
        before: null,
        after: { question: "Får man ha med barn?", answer: "Ja, barn är välkomna.", links: [] },
        answered: "Får man ha med  barn?",
        handled: 2,
      },
    });
    expect(await audits("flurre_unanswered.dismiss")).toEqual([]);
  });

  it("sends the admin back to the list when the question to answer is already handled", async () => {
    const id = await ask("Redan hanterad?", "2026-03-01T09:00:00.000Z", "/", "2026-03-02T09:00:00.000Z");
    const res = (await page(`?flik=faq&svara=${id}`)).res;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(UNANSWERED);
    expect(await toastOf(res)).toMatchObject({ type: "error", description: "Kunde inte hitta frågan. Den kan redan vara hanterad." });
  });
});

describe("creating an FAQ row", () => {
  it("stores it at once, trimmed, its links as {label, href}, with a toast and an audit row", async () => {
    const res = await post(FAQ, valid, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/admin\/flurre\?flik=faq&sparad=(\d+)#faq-rad-\1$/);
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "FAQ-rad sparad!" });
    const rows = await faqRows();
    expect(rows).toHaveLength(1);
    const links = [
      { label: "Kontakta oss", href: "/om#kontakt" },
      { label: "Hitta hit", href: "https://maps.example.com/?q=Stadsparken" },
    ];
    expect(rows[0]).toMatchObject({
      question: "Får min hund vara med på kursen om hon löper?",
      answer: "Nej, en tik som löper stannar hemma.\n\nHör av dig så flyttar vi bokningen.",
    });
    expect(JSON.parse(rows[0]!.linksJson)).toEqual(links);
    expect(await audits("flurre_faq.create")).toEqual([
      {
        actor: adminEmail,
        targetType: "flurre_faq",
        targetId: String(rows[0]!.id),
        details: {
          before: null,
          after: { question: "Får min hund vara med på kursen om hon löper?", answer: rows[0]!.answer, links },
          answered: null,
          handled: null,
        },
      },
    ]);
    const { html } = await page(`?flik=faq&sparad=${rows[0]!.id}`);
    const text = decode(html);
    expect(text).toContain(`<article id="faq-rad-${rows[0]!.id}" class="card faq-row faq-row-saved"`);
    expect(text).toContain("Får min hund vara med på kursen om hon löper?");
    expect(text).toMatch(/<a[^>]*href="\/om#kontakt"[^>]*>Kontakta oss<\/a>/);
    expect(text).toMatch(/<a href="https:\/\/maps.example.com\/\?q=Stadsparken" rel="noopener noreferrer">Hitta hit<\/a>/);
  });

  it("keeps CRLF line breaks of the answer as plain line breaks and skips blank link lines", async () => {
    await createRow({ answer: "Rad ett\r\nRad två", links: "\r\nOm oss | /om\r\n\r\n" });
    const [row] = await faqRows();
    expect(row!.answer).toBe("Rad ett\nRad två");
    expect(JSON.parse(row!.linksJson)).toEqual([{ label: "Om oss", href: "/om" }]);
  });

  it.each([
    ["no question", "Skriv frågan", { question: "   " }],
    ["a question of 501 characters", "Frågan får vara högst 500 tecken", { question: "f".repeat(501) }],
    ["no answer", "Skriv svaret", { answer: " \n " }],
    ["an answer of 2 001 characters", "Svaret får vara högst 2000 tecken", { answer: "s".repeat(2001) }],
    ["a javascript: link", badLink(1), { links: "Klicka | javascript:alert(1)" }],
    ["an http: link", badLink(2), { links: "Om oss | /om\nKartan | http://maps.example.com/" }],
    ["a protocol-relative link", badLink(1), { links: "Någonstans | //evil.example/x" }],
    ["a path with a backslash after the slash", badLink(1), { links: "Någonstans | /\\evil.example" }],
    ["a relative path", badLink(1), { links: "Om oss | om" }],
    ["a data: link", badLink(1), { links: "Bild | data:text/html,<script>alert(1)</script>" }],
    ["an https link with a password", badLink(1), { links: "Logga in | https://user:pass@example.com/" }],
    ["a line without '|'", "Rad 1: skriv länken som Text | /sökväg eller Text | https://…", { links: "/om" }],
    ["a link without text", "Rad 2: länktexten saknas", { links: "Om oss | /om\n | /hitta" }],
    ["a link text of 101 characters", "Rad 1: länktexten får vara högst 100 tecken", { links: `${"t".repeat(101)} | /om` }],
    ["an address of 501 characters", "Rad 1: länken får vara högst 500 tecken", { links: `Lång | /${"a".repeat(500)}` }],
    ["six links", "Högst 5 länkar", { links: Array.from({ length: 6 }, (_, i) => `Länk ${i} | /om`).join("\n") }],
    ["a links field of 4 001 characters", "Länkarna får vara högst 4000 tecken", { links: "x".repeat(4001) }],
  ])("refuses %s with '%s', keeps what was typed and stores nothing", async (_name, message, change: Partial<typeof valid>) => {
    const res = await post(FAQ, { ...valid, ...change }, cookie);
    expect(res.status).toBe(400);
    const text = decode(await res.text());
    expect(text).toContain(message);
    expect(text).toContain('aria-invalid="true"');
    // The answer the admin typed is still in the form.
    if (!("answer" in change)) expect(text).toContain(valid.answer);
    expect(await faqRows()).toEqual([]);
    expect(await audits("flurre_faq.create")).toEqual([]);
  });

  it("lists every faulty link line at once", async () => {
    const res = await post(FAQ, { ...valid, links: "Bra | /om\nDålig | http://x.se\nUtan streck" }, cookie);
    const text = decode(await res.text());
    expect(text).toContain("Rad 2: länken måste vara");
    expect(text).toContain("Rad 3: skriv länken som");
  });

  it("accepts the limits exactly: 500 and 2 000 characters, five links of 100-character text and 500-character addresses", async () => {
    const links = Array.from({ length: 5 }, (_, i) => `${String(i).repeat(100)} | https://example.com/${"a".repeat(500 - 20)}`).join("\n");
    const id = await createRow({ question: "f".repeat(500), answer: "s".repeat(2000), links });
    const [row] = await faqRows();
    expect(row!.id).toBe(id);
    expect(row!.question).toHaveLength(500);
    expect(row!.answer).toHaveLength(2000);
    expect(JSON.parse(row!.linksJson)).toHaveLength(5);
  });
});

describe("editing an FAQ row", () => {
  it("opens the row in the form, saves the change and audits before and after", async () => {
    const id = await createRow();
    const edit = decode((await page(`?flik=faq&rad=${id}`)).html);
    expect(edit).toContain("Redigera FAQ-rad");
    expect(edit).toContain('value="Får min hund vara med på kursen om hon löper?"');
    expect(edit).toContain("Kontakta oss | /om#kontakt\nHitta hit | https://maps.example.com/?q=Stadsparken");
    expect(edit).toContain(`name="id" value="${id}"`);

    const res = await post(`${FAQ}&rad=${id}`, { ...valid, id: String(id), answer: "Nej. Boka om till ett senare pass.", links: "" }, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`${FAQ}&sparad=${id}#faq-rad-${id}`);
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "FAQ-rad uppdaterad!" });
    const rows = await faqRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, answer: "Nej. Boka om till ett senare pass.", linksJson: "[]" });
    const [audit] = await audits("flurre_faq.update");
    expect(audit!.targetId).toBe(String(id));
    expect(audit!.details).toEqual({
      before: {
        question: "Får min hund vara med på kursen om hon löper?",
        answer: valid.answer,
        links: [
          { label: "Kontakta oss", href: "/om#kontakt" },
          { label: "Hitta hit", href: "https://maps.example.com/?q=Stadsparken" },
        ],
      },
      after: { question: "Får min hund vara med på kursen om hon löper?", answer: "Nej. Boka om till ett senare pass.", links: [] },
    });
  });

  it("writes no audit row when nothing changed", async () => {
    const id = await createRow();
    const res = await post(FAQ, { ...valid, id: String(id) }, cookie);
    expect(await toastOf(res)).toMatchObject({ type: "info", title: "Inga ändringar att spara" });
    expect(await audits("flurre_faq.update")).toEqual([]);
  });

  it("refuses an invalid edit with its message and leaves the row as it was", async () => {
    const id = await createRow();
    const res = await post(`${FAQ}&rad=${id}`, { ...valid, id: String(id), links: "Ond | javascript:alert(1)" }, cookie);
    expect(res.status).toBe(400);
    expect(decode(await res.text())).toContain("Rad 1: länken måste vara");
    expect(JSON.parse((await faqRows())[0]!.linksJson)).toHaveLength(2);
  });

  it("says the row is gone when it was deleted meanwhile, for the edit page and for the save", async () => {
    const opened = (await page("?flik=faq&rad=999")).res;
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(FAQ);
    expect(await toastOf(opened)).toMatchObject({ type: "error", description: "Kunde inte hitta FAQ-raden" });
    const saved = await post(FAQ, { ...valid, id: "999" }, cookie);
    expect(await toastOf(saved)).toMatchObject({ type: "error", description: "Kunde inte hitta FAQ-raden" });
    expect(await faqRows()).toEqual([]);
  });
});

describe("deleting an FAQ row", () => {
  it("asks on a step of its own without JavaScript, then deletes the row with an audit row", async () => {
    const keep = await createRow({ question: "Ska stå kvar?" });
    const id = await createRow({ question: "Ska bort?" });
    const listed = (await page("?flik=faq")).html;
    expect(decode(listed)).toContain(`href="/admin/flurre?flik=faq&atgard=ta-bort&rad=${id}"`);

    const step = decode((await page(`?flik=faq&atgard=ta-bort&rad=${id}`)).html);
    expect(step).toContain("Ta bort FAQ-raden? Flurre slutar använda den direkt.");
    expect(step).toContain("<strong>Ska bort?</strong>");
    expect(step).toMatch(/<form[^>]*method="post"[^>]*action="\/admin\/flurre\?flik=faq"/);
    expect(step).toContain('name="intent" value="delete"');
    expect(step).not.toContain("Ny FAQ-rad");

    const res = await post(FAQ, { intent: "delete", id: String(id) }, cookie);
    expect(res.headers.get("Location")).toBe(FAQ);
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "FAQ-rad borttagen" });
    expect((await faqRows()).map((row) => row.id)).toEqual([keep]);
    const [audit] = await audits("flurre_faq.delete");
    expect(audit).toMatchObject({ targetId: String(id), details: { before: { question: "Ska bort?" }, after: null } });

    const again = await post(FAQ, { intent: "delete", id: String(id) }, cookie);
    expect(await toastOf(again)).toMatchObject({ type: "error", description: "Kunde inte hitta FAQ-raden" });
    expect(await audits("flurre_faq.delete")).toHaveLength(1);
  });
});

describe("FAQ text is only ever text", () => {
  it("renders markup in a row's question, answer and link text escaped", async () => {
    await createRow({
      question: "<b>Fet?</b>",
      answer: "<script>alert(1)</script>\n<a href=\"javascript:alert(2)\">klick</a>",
      links: "<i>Om</i> | /om",
    });
    const { html } = await page("?flik=faq");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain('<a href="javascript:');
    expect(html).not.toContain("<b>Fet?</b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;i&gt;Om&lt;/i&gt;");
  });

  it("never links a stored link that breaks the rules, whoever wrote it", async () => {
    await env.DB.prepare("INSERT INTO flurre_faq (question, answer, links_json) VALUES (?, ?, ?)")
      .bind(
        "Skriven förbi formuläret",
        "Svar",
        JSON.stringify([
          { label: "Ond", href: "javascript:alert(1)" },
          { label: "Osäker", href: "http://example.com" },
          { label: "Bra", href: "/hitta" },
          "skräp",
        ]),
      )
      .run();
    const { html } = await page("?flik=faq");
    expect(html).not.toContain("javascript:alert");
    expect(html).not.toContain("http://example.com");
    expect(html).toMatch(/<a[^>]*href="\/hitta"[^>]*>Bra<\/a>/);
  });
});

describe("the links field's rules", () => {
  it("splits each line at its first '|' and trims both sides", () => {
    expect(parseFaqLinkLines("  Boka | /boka?steg=2&typ=alla  \nKarta|https://www.google.com/maps?q=a|b")).toEqual({
      ok: true,
      links: [
        { label: "Boka", href: "/boka?steg=2&typ=alla" },
        { label: "Karta", href: "https://www.google.com/maps?q=a|b" },
      ],
    });
    expect(parseFaqLinkLines("")).toEqual({ ok: true, links: [] });
  });

  it("refuses every address that is not a plain site path or https", () => {
    for (const href of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "http://x.se", "//x.se", "/\\x.se", "/om oss", "mailto:a@b.se", "https:x.se", "https://", "ftp://x.se", "x.se"]) {
      expect(parseFaqLinkLines(`Text | ${href}`).ok, href).toBe(false);
    }
    for (const href of ["/", "/om", "/session/12#boka", "https://x.se", "HTTPS://x.se/a?b=c"]) {
      expect(parseFaqLinkLines(`Text | ${href}`).ok, href).toBe(true);
    }
  });

  it("writes links back as the form's text and reads stored JSON defensively", () => {
    const links = [
      { label: "Om", href: "/om" },
      { label: "Karta", href: "https://maps.example.com" },
    ];
    expect(formatFaqLinks(links)).toBe("Om | /om\nKarta | https://maps.example.com");
    expect(parseFaqLinkLines(formatFaqLinks(links))).toEqual({ ok: true, links });
    expect(readFaqLinks(JSON.stringify(links))).toEqual(links);
    expect(readFaqLinks("not json")).toEqual([]);
    expect(readFaqLinks('{"label":"Om","href":"/om"}')).toEqual([]);
    expect(readFaqLinks(JSON.stringify([{ label: "", href: "/om" }, { label: "x", href: "//evil" }, null, 3]))).toEqual([]);
  });
});

describe("a failing read", () => {
  /** Runs `check` with `table` out of the way (renamed), then puts it back. */
  async function without(table: string, check: () => Promise<void>) {
    await env.DB.exec(`ALTER TABLE ${table} RENAME TO ${table}_away`);
    try {
      await check();
    } finally {
      await env.DB.exec(`ALTER TABLE ${table}_away RENAME TO ${table}`);
    }
  }

  it("shows 'Fel' / 'Kunde inte ladda data' on either tab instead of an error page, the FAQ form still there", async () => {
    const logged = captureLoggedFailures();
    await without("flurre_unanswered", async () => {
      const { res, html } = await page();
      expect(res.status).toBe(200);
      expect(textOf(html)).toContain("Fel Kunde inte ladda data");
      expect(html).not.toContain("Inga obesvarade frågor just nu.");
    });
    await without("flurre_faq", async () => {
      const { res, html } = await page("?flik=faq");
      expect(res.status).toBe(200);
      expect(textOf(html)).toContain("Fel Kunde inte ladda data");
      expect(html).toContain("Spara FAQ-rad");
      expect(html).not.toContain("Inga FAQ-rader ännu.");
    });
    expect(logged()).toEqual(expect.arrayContaining([expect.stringMatching(/^admin\/flurre: could not read the unanswered questions Error: D1_ERROR/), expect.stringMatching(/^admin\/flurre: could not read the FAQ rows Error: D1_ERROR/)]));
  });

  it("keeps what was typed and says 'Kunde inte spara FAQ-rad' when the row cannot be written", async () => {
    const logged = captureLoggedFailures();
    await without("flurre_faq", async () => {
      const res = await post(FAQ, valid, cookie);
      expect(res.status).toBe(500);
      const html = decode(await res.text());
      expect(textOf(html)).toContain("Fel Kunde inte spara FAQ-rad");
      expect(html).toContain(valid.answer);
    });
    expect(await audits("flurre_faq.create")).toEqual([]);
    expect(logged()).toContainEqual(expect.stringMatching(/^admin\/flurre: could not save an FAQ row Error: D1_ERROR/));
  });
});

describe("trying a question", () => {
  const TRY = `${PATH}?flik=prova`;
  const tryQuestion = (question: string) => page(`?flik=prova&fraga=${encodeURIComponent(question)}`);

  it("is staff's only, like every tab", async () => {
    const staff = await signInAs({ email: `personal-${crypto.randomUUID().slice(0, 8)}@example.se` });
    expect((await fetchAndSettle(`${TRY}&fraga=hej`, { headers: { Cookie: staff } })).status).toBe(403);
    expect((await fetchAndSettle(`${TRY}&fraga=hej`)).status).toBe(302);
  });

  it("shows the form, a GET that keeps the tab, and no steps before a question", async () => {
    await ask("Hur långt är passet?", "2026-03-01T09:00:00.000Z");
    const { res, html } = await page("?flik=prova");
    expect(res.status).toBe(200);
    // The open questions are counted in their tab's label here too.
    expect(html).toMatch(/href="\/admin\/flurre\?flik=obesvarade">Obesvarade frågor \(<!-- -->1<!-- -->\)<\/a>|href="\/admin\/flurre\?flik=obesvarade">Obesvarade frågor \(1\)<\/a>/);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/admin\/flurre\?flik=prova">Prova en fråga<\/a>/);
    expect(html).toMatch(/<form method="get" action="\/admin\/flurre"/);
    expect(html).toContain('<input type="hidden" name="flik" value="prova"/>');
    expect(html).not.toContain("Möjliga svar, bäst först");
  });

  it("answers a FAQ row asked in other words, and shows the steps that chose it", async () => {
    const id = await createRow();
    // Asked with the row's own words for what happens ('stanna hemma'): asked only whether she may come, the
    // checklist's item on a dog in heat answers as much, and the site's own text is taken first at a tie.
    const { html } = await tryQuestion("måste hunden stanna hemma från kursen när hon löper?");
    const text = decode(html);
    expect(text).toContain("Nej, en tik som löper stannar hemma.");
    expect(text).toContain("Möjliga svar, bäst först");
    // The words as read, what is named and asked, and the row among the candidates with its share.
    expect(text).toMatch(/<dt>Orden<\/dt><dd>[^<]*\(maste\)[^<]*lop/);
    expect(text).toMatch(new RegExp(`<td>Text</td><td>faq:${id}[^<]*</td><td>\\d+ %</td>`));
    expect(text).toContain("Flurre svarar med det bästa svaret när det täcker minst 80 % av frågan.");
  });

  it("follows a row staff add at once: the knowledge kept between questions is built afresh", async () => {
    const question = "kan vi ha med egen liggmatta åt hunden?";
    expect(decode((await tryQuestion(question)).html)).not.toContain("Ja, ta gärna med en egen liggmatta.");
    await createRow({ question: "Får man ta med sin egen liggmatta till passet?", answer: "Ja, ta gärna med en egen liggmatta.", links: "" });
    expect(decode((await tryQuestion(question)).html)).toContain("Ja, ta gärna med en egen liggmatta.");
  });

  it("says when Flurre would not know, and stores nothing", async () => {
    const { html } = await tryQuestion("har ni parkering för husbilar vid hallen?");
    expect(decode(html)).toContain("Flurre skulle säga att den inte vet: inget svar täcker frågan tillräckligt.");
    expect(await openAsks("har ni parkering för husbilar vid hallen?")).toBe(0);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM flurre_unanswered").first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });

  it("renders a question as text, and reads only its first 500 characters", async () => {
    const { html } = await tryQuestion(`<script>alert(1)</script> vad kostar ${"x".repeat(600)}`);
    expect(html).not.toContain("<script>alert(1)</script>");
    const value = /id="flurre-try-question"[^>]*value="([^"]*)"/.exec(html) ?? /value="([^"]*)"[^>]*id="flurre-try-question"/.exec(html);
    expect(decode(value![1]!)).toHaveLength(500);
  });
});
