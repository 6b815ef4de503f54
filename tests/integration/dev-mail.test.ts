// /dev/mail through the real worker: the local mailbox tests and developers read.
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, schema } from "~/server/db/client.server";
import { sendEmail } from "~/server/email/send-email.server";
import app from "../../workers/app";
import { testContext } from "./helpers";
import { captureLoggedFailures } from "../support/expected-logs";

const SELF = exports.default;
const db = getDb(env);
const mail = testContext();

function queue(to: string, subject: string, extra: { html?: string } = {}) {
  return sendEmail(mail, { kind: "booking-confirmation", to, subject, text: `Hej ${to}!`, ...extra });
}

beforeEach(async () => {
  await db.delete(schema.emailOutbox);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("/dev/mail", () => {
  it("lists outbox messages newest first with their subjects", async () => {
    await queue("anna@example.se", "Första brevet");
    await queue("bo@example.se", "Andra brevet");
    await queue("cilla@example.se", "Tredje brevet");

    const res = await SELF.fetch("http://localhost/dev/mail");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Utkorg (lokal e-post)");
    const positions = ["Tredje brevet", "Andra brevet", "Första brevet"].map((s) => html.indexOf(s));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(html).toContain("I kö");
  });

  it("shows only one recipient's mail with ?to=, ignoring case", async () => {
    await queue("anna@example.se", "Till Anna");
    await queue("bo@example.se", "Till Bo");

    const html = await (await SELF.fetch("http://localhost/dev/mail?to=ANNA%40Example.se")).text();

    expect(html).toContain("Till Anna");
    expect(html).not.toContain("Till Bo");
  });

  it("shows one message in full: text, HTML in a sandboxed frame, and downloadable attachments", async () => {
    const queued = await sendEmail(mail, {
      kind: "booking-confirmation",
      to: "anna@example.se",
      subject: "Välkommen på valpkurs",
      text: "Vi ses på lördag i Gävle.",
      html: '<p>Vi ses!</p><script>alert("x")</script>',
      attachments: [{ filename: "valpkurs.ics", content: "BEGIN:VCALENDAR", contentType: "text/calendar" }],
    });

    const res = await SELF.fetch(`http://localhost/dev/mail/${queued.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Välkommen på valpkurs");
    expect(html).toContain("Vi ses på lördag i Gävle.");
    expect(html).toMatch(/<iframe[^>]*sandbox=""/);
    // The mail's markup only ever appears escaped, inside srcdoc.
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).toContain(`href="/dev/mail/${queued.id}/attachment/0"`);
    expect(html).toContain("valpkurs.ics");

    const file = await SELF.fetch(`http://localhost/dev/mail/${queued.id}/attachment/0`);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/calendar");
    expect(file.headers.get("Content-Disposition")).toContain("valpkurs.ics");
    expect(await file.text()).toBe("BEGIN:VCALENDAR");

    const missing = await SELF.fetch(`http://localhost/dev/mail/${queued.id}/attachment/1`);
    expect(missing.status).toBe(404);
  });

  it("answers 404 with 'PRUTT OCKSÅ' for a message that does not exist", async () => {
    const res = await SELF.fetch("http://localhost/dev/mail/no-such-id");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("PRUTT OCKSÅ");
  });

  it("does not exist when DEV_MAILBOX is false", async () => {
    const queued = await queue("anna@example.se", "Hemligt");
    // The same worker entry, given an env with the mailbox switched off.
    const productionLike = { ...env, DEV_MAILBOX: "false" };

    const get = (path: string) =>
      app.fetch(
        // Only a request arriving from the network carries `cf`; the handler does not read it.
        new Request(`http://localhost${path}`) as Request<unknown, IncomingRequestCfProperties>,
        productionLike,
        createExecutionContext(),
      );

    for (const path of ["/dev/mail", `/dev/mail/${queued.id}`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain("PRUTT OCKSÅ");
      expect(html).not.toContain("Hemligt");
    }
    const file = await get(`/dev/mail/${queued.id}/attachment/0`);
    expect(file.status).toBe(404);
  });

  /** The worker entry with `overrides` on its env, for one request. */
  function fetchWith(overrides: Partial<typeof env>, url: string, init?: RequestInit) {
    return app.fetch(
      new Request(url, init) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, ...overrides },
      createExecutionContext(),
    );
  }

  it("is closed when the transport really sends mail, even locally", async () => {
    const queued = await queue("anna@example.se", "Skickas på riktigt");
    const resendEnv = { EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test" };
    for (const path of ["/dev/mail", `/dev/mail/${queued.id}`]) {
      const res = await fetchWith(resendEnv, `http://localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("Skickas på riktigt");
    }
  });

  it("is open on a loopback address, not only on the name localhost", async () => {
    await queue("anna@example.se", "Via loopback");
    const res = await fetchWith({}, "http://127.0.0.1:8787/dev/mail");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Via loopback");
  });

  it("is never served to a host that is not local: the local defaults refuse to run there", async () => {
    const logged = captureLoggedFailures();
    await queue("anna@example.se", "Inte för internet");
    // A deploy without --env production: SITE_URL still says localhost, the request does not.
    const res = await fetchWith({}, "https://hundpass.workers.dev/dev/mail");
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).toContain("Hundpass kan inte starta");
    expect(body).not.toContain("Inte för internet");
    // Variable names are for the log, not for a visitor on the internet.
    expect(body).not.toContain("DEV_MAILBOX");
    expect(logged()).toContainEqual(expect.stringMatching(/^Invalid configuration:\n- the local defaults/));
  });

  it("cannot be turned on by an upper-case or padded https SITE_URL", async () => {
    const logged = captureLoggedFailures();
    for (const SITE_URL of ["HTTPS://hundpass.se", " https://hundpass.se"]) {
      // The attack it closes: ask for the admin's link, then read it in the mailbox.
      const ask = await fetchWith({ SITE_URL }, "https://hundpass.se/mina-bokningar", {
        method: "POST",
        headers: { Origin: "https://hundpass.se", "Content-Type": "application/x-www-form-urlencoded" },
        body: "email=admin%40hundpass.se",
      });
      expect(ask.status, SITE_URL).toBe(500);
      const mailbox = await fetchWith({ SITE_URL }, "https://hundpass.se/dev/mail");
      expect(mailbox.status, SITE_URL).toBe(500);
      expect(await mailbox.text()).not.toContain("inloggningslänk");
    }
    expect(logged()).not.toHaveLength(0);
    for (const line of logged()) expect(line).toMatch(/^Invalid configuration:\n- DEV_MAILBOX: DEV_MAILBOX must not be enabled/);
  });
});
