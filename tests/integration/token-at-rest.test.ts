// No live token at rest: once the provider has taken a mail, our stored copy
// holds no link that opens a page with a secret. Each kind of mail that
// carries one is queued and delivered through a provider played at the
// network edge, which keeps the links it was given; then every text column
// of every table is searched for those secrets: none is found. (The local
// outbox transport, where the row is the mail read at /dev/mail, keeps them.)
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { waitlistJoinedMail, waitlistOfferMail } from "~/domain/mail/waitlist";
import { randomToken } from "~/server/platform/crypto.server";
import { getDb, schema } from "~/server/db/client.server";
import { drainOutbox, sendEmail } from "~/server/email/send-email.server";
import { getConfig } from "~/server/platform/env.server";
import { unsubscribeUrl } from "~/server/newsletter/unsubscribe-links.server";
import { testContext } from "./helpers";

const db = getDb(env);
const resendEnv = { ...env, EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test" };
const resend = { ...testContext(), config: getConfig(resendEnv) };
const local = testContext();
const site = { siteUrl: resend.config.SITE_URL, adminEmail: resend.config.ADMIN_EMAIL };
const session = { title: "VALPKURS", location: "Hundhallen Gävle", startTime: "2031-05-02T16:00:00.000Z", endTime: "2031-05-02T17:00:00.000Z" };

/** The provider: keeps every text and HTML body it was handed. */
function playResend() {
  const bodies: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    const payload = JSON.parse(String(init?.body)) as { text: string; html?: string };
    bodies.push(payload.text, payload.html ?? "");
    return Response.json({ id: `re_${bodies.length}` });
  });
  return bodies;
}

/** Every TEXT value of every table, with where it is. */
async function everyText(): Promise<Array<{ where: string; value: string }>> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  const found: Array<{ where: string; value: string }> = [];
  for (const { name } of tables) {
    const { results: rows } = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) if (typeof value === "string") found.push({ where: `${name}.${column}`, value });
    }
  }
  return found;
}

/** One mail of each kind that carries a secret-bearing link; returns the secrets. */
async function queueEveryKind(context: typeof resend | typeof local, email: string): Promise<string[]> {
  const person = { name: "Karin Lund", email, dogName: "Sigge" };
  const secrets = Array.from({ length: 6 }, () => randomToken(32));
  const [signIn, staff, newsletter, decision, leave, offer] = secrets as [string, string, string, string, string, string];
  const url = (path: string) => new URL(path, site.siteUrl).toString();
  const plain = (kind: string, link: string) => ({
    kind,
    to: person.email,
    subject: `Din länk (${kind})`,
    text: `Hej!\n\nÖppna länken:\n${link}\n\nHundpass`,
    html: `<p>Hej!</p><p><a href="${link.replaceAll("&", "&amp;")}">Öppna länken</a></p>`,
  });
  const messages = [
    plain("sign-in-link", url(`/mina-bokningar/verify?token=${signIn}`)),
    plain("staff-confirmation", url(`/registrera/bekrafta?token=${staff}`)),
    plain("newsletter-confirmation", url(`/nyhetsbrev/bekrafta?token=${newsletter}`)),
    plain("session-decision", url(`/beslut?token=${decision}&val=stall-in`)),
    plain("newsletter-welcome", await unsubscribeUrl(context.config, person.email)),
    waitlistJoinedMail(site, session, person, "entry-1", leave),
    waitlistOfferMail(site, session, person, "entry-1", offer, "2031-05-01T16:00:00.000Z"),
  ];
  for (const message of messages) {
    const queued = await sendEmail(context, message);
    expect(queued.status, message.kind).toBe("queued");
  }
  const unsubscribeToken = new URL(await unsubscribeUrl(context.config, person.email)).searchParams.get("token")!;
  return [...secrets, unsubscribeToken];
}

beforeEach(async () => {
  await db.delete(schema.emailOutbox);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("secrets in sent mail", () => {
  it("are cut out of our copy once the provider has the mail, wherever they were stored", async () => {
    const secrets = await queueEveryKind(resend, "karin.token@example.se");
    const handed = playResend();
    const result = await drainOutbox(resend, { now: new Date() });
    expect(result).toMatchObject({ sent: 7, failed: 0 });
    // The provider got every link whole.
    for (const secret of secrets) expect(handed.some((body) => body.includes(secret)), secret).toBe(true);

    const stored = await everyText();
    const left = secrets.flatMap((secret) => stored.filter((t) => t.value.includes(secret)).map((t) => t.where));
    expect(left).toEqual([]);
    const rows = await db.select({ text: schema.emailOutbox.textBody, secret: schema.emailOutbox.secret }).from(schema.emailOutbox);
    expect(rows.filter((r) => r.text.includes("[länken finns bara i mejlet]"))).toHaveLength(7);
    expect(rows.every((r) => r.secret === null)).toBe(true);
  });

  it("stay in the local outbox, where the row is the mail read at /dev/mail", async () => {
    const secrets = await queueEveryKind(local, "lokal.token@example.se");
    await drainOutbox(local, { now: new Date() });
    const stored = (await everyText()).filter((t) => t.where.startsWith("email_outbox.text_body"));
    for (const secret of secrets) expect(stored.some((t) => t.value.includes(secret)), secret).toBe(true);
  });
});
