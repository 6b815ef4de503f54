// The contact form (/om), the question to Flurre (/flurre) and the problem
// report (/rapportera-problem) through the real worker: a valid send stores a
// row and queues one e-mail to the admin; anything refused stores nothing.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { BOT_CHECK_MESSAGE } from "~/server/forms/bot-check.server";
import { RATE_LIMIT_MESSAGE } from "~/server/platform/rate-limit.server";
import { toastOf } from "./admin-fixtures";
import { cookiesFrom } from "./helpers";
import { countRows, decode, postForm, SELF, textOf } from "./public-helpers";

const ADMIN = "admin@hundpass.se";

type OutboxRow = { kind: string; to_address: string; reply_to: string | null; subject: string; text_body: string };

async function outbox(): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT kind, to_address, reply_to, subject, text_body FROM email_outbox ORDER BY created_at",
  ).all<OutboxRow>();
  return results;
}

let ipCounter = 0;
/** Each test sends from its own address so rate limits never leak between tests. */
const freshIp = () => `192.0.2.${++ipCounter}`;

beforeEach(async () => {
  await env.DB.batch(
    ["contact_messages", "problem_reports", "email_outbox", "rate_limits"].map((t) => env.DB.prepare(`DELETE FROM ${t}`)),
  );
});

const contact = { name: "Karin Lund", email: "karin@example.se", message: "Hej! Passar valpkursen en 10 veckors valp?" };

describe("contact form on /om", () => {
  it("stores the message, queues one e-mail to the admin with reply-to the sender, and thanks with a toast", async () => {
    const res = await postForm("/om", contact, { ip: freshIp() });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/om");

    const row = await env.DB.prepare("SELECT name, email, message FROM contact_messages").first();
    expect(row).toEqual(contact);
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "contact-message", to_address: ADMIN, reply_to: contact.email });
    expect(mails[0]!.subject).toContain("Karin Lund");
    expect(mails[0]!.text_body).toContain(contact.message);

    const next = await SELF.fetch("http://localhost/om", { headers: { Cookie: cookiesFrom(res) } });
    expect(textOf(await next.text())).toContain("Meddelandet har skickats!");
  });

  it("refuses empty fields with 'Alla fält måste fyllas i', keeps what was typed and stores nothing", async () => {
    const res = await postForm("/om", { name: "Karin Lund", email: "karin@example.se", message: "   " }, { ip: freshIp() });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(textOf(html)).toContain("Alla fält måste fyllas i");
    expect(html).toContain('value="Karin Lund"');
    expect(await countRows("contact_messages")).toBe(0);
    expect(await countRows("email_outbox")).toBe(0);
  });

  it("refuses a name with a line break (it would go into the mail's subject) and stores nothing", async () => {
    const res = await postForm("/om", { ...contact, name: "Erik\r\nBcc: spam@example.se" }, { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain("Fältet får inte innehålla radbrytningar eller andra kontrolltecken");
    expect(await countRows("contact_messages")).toBe(0);
    expect(await countRows("email_outbox")).toBe(0);
  });

  it("refuses a malformed e-mail address", async () => {
    const res = await postForm("/om", { ...contact, email: "karin@example" }, { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain("Ange en giltig e-postadress");
    expect(await countRows("contact_messages")).toBe(0);
  });

  it("refuses a message longer than 1000 characters", async () => {
    const res = await postForm("/om", { ...contact, message: "x".repeat(1001) }, { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain("Högst 1000 tecken");
    expect(await countRows("contact_messages")).toBe(0);
  });

  it.each([
    ["a filled honeypot", { website: "http://spam.example" }, {}],
    ["a form sent faster than a person can", {}, { ageMs: 200 }],
    ["a forged render stamp", { form_rendered_at: "1.deadbeef" }, {}],
  ])("refuses %s without storing anything", async (_name, extra, opts) => {
    const res = await postForm("/om", { ...contact, ...extra }, { ip: freshIp(), ...opts });
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain(BOT_CHECK_MESSAGE);
    expect(await countRows("contact_messages")).toBe(0);
    expect(await countRows("email_outbox")).toBe(0);
  });

  it("accepts five messages from one address in ten minutes and refuses the sixth", async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await postForm("/om", { ...contact, message: `Fråga ${i}` }, { ip })).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
    expect(await countRows("contact_messages")).toBe(5);
    expect(await countRows("email_outbox")).toBe(5);

    const refused = await postForm("/om", contact, { ip });
    expect(textOf(await refused.text())).toContain(RATE_LIMIT_MESSAGE);
    // Another visitor is not affected.
    expect((await postForm("/om", contact, { ip: freshIp() })).status).toBe(302);
  });

  it("counts an IPv6 sender by its /64, so new addresses from one network do not add sends", async () => {
    const statuses = [];
    for (let i = 1; i <= 6; i++) {
      statuses.push((await postForm("/om", { ...contact, message: `Fråga ${i}` }, { ip: `2001:db8:77:5::${i}` })).status);
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
    expect(await countRows("contact_messages")).toBe(5);
    expect((await postForm("/om", contact, { ip: "2001:db8:77:6::1" })).status).toBe(302);
  });

  it("does not count refused input against the limit", async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) await postForm("/om", { ...contact, email: "" }, { ip });
    expect((await postForm("/om", contact, { ip })).status).toBe(302);
  });
});

describe("questions to Flurre on /flurre", () => {
  it("stores the question like a contact message and e-mails it to the trainers", async () => {
    const question = { name: "Erik Holm", email: "erik@example.com", message: "Berätta allt jag behöver veta om HEMMIS!" };
    const res = await postForm("/flurre", question, { ip: freshIp() });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/flurre");
    expect(await env.DB.prepare("SELECT name, email, message FROM contact_messages").first()).toEqual(question);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ kind: "flurre-question", to_address: ADMIN, reply_to: question.email });
    expect(mail!.subject).toBe("Fråga till Flurre från Erik Holm");
    expect(mail!.text_body).toContain(question.message);
    const next = await SELF.fetch("http://localhost/flurre", { headers: { Cookie: cookiesFrom(res) } });
    expect(textOf(await next.text())).toContain("Flurre har lämnat över din fråga till tränarna.");
  });

  it("refuses an empty question and stores nothing", async () => {
    const res = await postForm("/flurre", { name: "Erik", email: "erik@example.com", message: "" }, { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain("Alla fält måste fyllas i");
    expect(await countRows("contact_messages")).toBe(0);
  });
});

describe("Flurre's answers on /flurre, without JavaScript", () => {
  const ask = (fraga: string, opts: { ip?: string; ageMs?: number } = {}) =>
    postForm("/flurre", { intent: "fraga", fraga, sida: "/flurre" }, { ip: freshIp(), ...opts });
  const getPage = (fraga: string, ip = freshIp()) =>
    SELF.fetch(`http://localhost/flurre?${new URLSearchParams({ fraga })}`, { headers: { "CF-Connecting-IP": ip } });
  /** The question form's field, as the page renders it. */
  const askField = (html: string) => /<textarea[^>]*name="fraga"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1];

  it("GET ?fraga= shows the question and Flurre's answer, stores nothing, and is neither cached nor indexed", async () => {
    const question = "Berätta allt jag behöver veta om VALPKURS!";
    const res = await getPage(question);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await res.text();
    expect(html).toMatch(/<meta name="robots" content="noindex"\/>/);
    expect(textOf(html)).toContain(`Din fråga ${question} Flurres svar`);
    expect(html).toMatch(/data-testid="flurre-answer"><p>[^<]+<\/p>/);
    // The form asks the next question; the message to the trainers carries this one.
    expect(askField(html)).toBe("");
    expect(decode(html)).toContain(`>${question}</textarea>`);
    expect(textOf(html)).toContain("Fick du inget bra svar? Skicka frågan till tränarna");
    expect(await countRows("flurre_unanswered")).toBe(0);
  });

  it("the plain page (no question) stays an info page that shared caches may keep", async () => {
    const res = await SELF.fetch("http://localhost/flurre");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=3600");
    expect(res.headers.get("X-Robots-Tag")).toBeNull();
    expect(await res.text()).not.toContain('content="noindex"');
  });

  it("answers a follow-up question posted through the form, with the form empty again", async () => {
    const res = await ask("Vad kostar en valpkurs?");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    expect(textOf(html)).toContain("Din fråga Vad kostar en valpkurs? Flurres svar");
    expect(html).toContain('data-testid="flurre-answer"');
    expect(askField(html)).toBe("");
    expect(textOf(html)).toContain("Vad mer vill du veta?");
    expect(decode(html)).toContain(">Vad kostar en valpkurs?</textarea>");
  });

  it.each([
    ["an empty question", "   ", "Skriv en fråga till Flurre."],
    ["a 501-character question", "x".repeat(501), "Frågan får vara högst 500 tecken."],
  ])("refuses %s in the form with Flurre's message and keeps what was typed", async (_name, fraga, message) => {
    const res = await ask(fraga);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(textOf(html)).toContain(message);
    expect(html).not.toContain('data-testid="flurre-answer"');
    expect(askField(html)).toBe(fraga);
  });

  it("refuses a 501-character question in the address the same way", async () => {
    const res = await getPage("y".repeat(501));
    expect(res.status).toBe(400);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    expect(textOf(html)).toContain("Frågan får vara högst 500 tecken.");
    expect(html).not.toContain('data-testid="flurre-answer"');
  });

  it("refuses a question sent faster than a person can type it", async () => {
    const res = await ask("Vad kostar en valpkurs?", { ageMs: 200 });
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain(BOT_CHECK_MESSAGE);
  });

  it("shows a question as text: HTML from the visitor is never rendered", async () => {
    const res = await getPage('<img src=x onerror="alert(1)"> Var ligger hallen?');
    const html = await res.text();
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x");
  });

  it("answers 30 questions a client asks in ten minutes, refuses the 31st, and still takes the message to the trainers", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await ask(`Fråga nummer ${i}`, { ip })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await ask("En fråga till?", { ip });
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(textOf(html)).toContain(RATE_LIMIT_MESSAGE);
    expect(askField(html)).toBe("En fråga till?");
    expect((await getPage("Och via adressen?", ip)).status).toBe(429);
    // Asking Flurre and writing to the trainers are separate limits.
    const message = { name: "Erik Holm", email: "erik@example.com", message: "En fråga till?" };
    expect((await postForm("/flurre", message, { ip })).status).toBe(302);
  });
});

const report = {
  user_name: "Lisa Nordström",
  user_email: "lisa@example.se",
  user_email_confirm: "LISA@example.se",
  user_phone: "070-987 65 43",
  message: "Kalendern visade fel månad när jag tryckte bakåt.",
  needs_help: "yes",
};

describe("problem report on /rapportera-problem", () => {
  it("stores the report, e-mails the admin and thanks the reporter", async () => {
    const res = await postForm("/rapportera-problem", report, { ip: freshIp() });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/rapportera-problem");
    const row = await env.DB.prepare(
      "SELECT user_name, user_email, user_phone, message, needs_help FROM problem_reports",
    ).first();
    expect(row).toEqual({
      user_name: report.user_name,
      user_email: report.user_email,
      user_phone: "0709876543",
      message: report.message,
      needs_help: "yes",
    });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ kind: "problem-report", to_address: ADMIN, reply_to: report.user_email });
    expect(mail!.subject).toBe("Felanmälan från Lisa Nordström – vill ha hjälp");
    expect(mail!.text_body).toContain("Telefon: 070-987 65 43");
    expect(mail!.text_body).toContain(report.message);
    // The thanks stays 5 s with JavaScript (spec section 9), not the usual 6.
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Tack för din rapport!", durationMs: 5_000 });
    const next = await SELF.fetch("http://localhost/rapportera-problem", { headers: { Cookie: cookiesFrom(res) } });
    expect(textOf(await next.text())).toContain("Tack för din rapport!");
  });

  it("refuses different e-mail addresses with 'E-postadresserna matchar inte'", async () => {
    const res = await postForm("/rapportera-problem", { ...report, user_email_confirm: "lisa@example.com" }, { ip: freshIp() });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(textOf(html)).toContain("E-postadresserna matchar inte");
    expect(decode(html)).toContain(`>${report.message}</textarea>`);
    expect(await countRows("problem_reports")).toBe(0);
    expect(await countRows("email_outbox")).toBe(0);
  });

  it("refuses a missing answer with 'Fyll i alla fält' and a bad phone number", async () => {
    const { needs_help: _left, ...withoutHelp } = report;
    const res = await postForm("/rapportera-problem", { ...withoutHelp, user_phone: "12" }, { ip: freshIp() });
    expect(res.status).toBe(400);
    const text = textOf(await res.text());
    expect(text).toContain("Fyll i alla fält");
    expect(text).toContain("Ange ett giltigt telefonnummer");
    expect(await countRows("problem_reports")).toBe(0);
  });

  it("refuses a message longer than 2000 characters", async () => {
    const res = await postForm("/rapportera-problem", { ...report, message: "y".repeat(2001) }, { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain("Högst 2000 tecken");
    expect(await countRows("problem_reports")).toBe(0);
  });

  it("is rate-limited per address", async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await postForm("/rapportera-problem", report, { ip })).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
    expect(await countRows("problem_reports")).toBe(5);
  });
});
