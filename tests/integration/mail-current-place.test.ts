// A place renamed on /admin/platser renames its sessions' location (the
// foreign key cascades), not the bookings' copy of the session as booked.
// The cancellation mails name the place as the session has it now, in the
// text and in the calendar file's LOCATION, like every other mail: staff
// 'Avboka', 'Ställ in pass' and the minimum-participant default, and the
// refund mail of a payment that came too late.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import cron, { CRONS } from "../../workers/cron";
import { schema } from "../../app/server/db/client.server";
import { paymentMails } from "../../app/server/payments/payment-mails.server";
import { bookMany, post } from "./admin-fixtures";
import { createSession } from "./booking-fixtures";
import { signInAs, testContext } from "./helpers";

const HOUR = 60 * 60_000;
const MINUTE = 60_000;

let placeCount = 0;

/** A new indoor place, a session there with `participants` bookings, and then the place renamed. */
async function sessionAtRenamedPlace(participants: number, options: { startsInMs?: number; title?: string } = {}) {
  placeCount++;
  const oldName = `Gamla hallen ${placeCount}`;
  const newName = `Nya hallen ${placeCount}`;
  await env.DB.prepare("INSERT INTO places (name, town, kind) VALUES (?, 'Gävle', 'indoor')").bind(oldName).run();
  const id = await createSession({ location: oldName, ...options });
  const booked = await bookMany(id, participants, `plats${placeCount}`);
  await env.DB.prepare("UPDATE places SET name = ? WHERE name = ?").bind(newName, oldName).run();
  const session = await env.DB.prepare("SELECT location FROM sessions WHERE id = ?").bind(id).first<{ location: string }>();
  expect(session?.location).toBe(newName);
  return { id, booked, oldName, newName };
}

async function cancellationMails(bookingIds: string[]) {
  const { results } = await env.DB.prepare(
    `SELECT subject, text_body AS text, html_body AS html, attachments_json AS attachments FROM email_outbox
     WHERE idempotency_key IN (SELECT 'booking-cancelled:' || value FROM json_each(?))`,
  )
    .bind(JSON.stringify(bookingIds))
    .all<{ subject: string; text: string; html: string; attachments: string }>();
  return results;
}

function expectCurrentPlace(mails: Awaited<ReturnType<typeof cancellationMails>>, count: number, oldName: string, newName: string) {
  expect(mails).toHaveLength(count);
  for (const mail of mails) {
    expect(mail.text).toContain(newName);
    expect(mail.text).not.toContain(oldName);
    expect(mail.html).not.toContain(oldName);
    const [ics] = JSON.parse(mail.attachments) as Array<{ content: string }>;
    expect(ics!.content.replace(/\r\n /g, "")).toContain(`LOCATION:${newName}`);
    expect(ics!.content).not.toContain(oldName);
  }
}

const admin = () => signInAs({ email: `admin-${crypto.randomUUID().slice(0, 8)}@hundpass.se`, admin: true });

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("cancellation mails after the session's place was renamed", () => {
  it("'Avboka' names the place by its current name, in the text and the .ics", async () => {
    const { booked, oldName, newName } = await sessionAtRenamedPlace(1);
    const res = await post(`/admin/bokning/${booked[0]}`, { intent: "cancel-booking" }, await admin());
    expect(res.status).toBe(302);
    const mails = await cancellationMails(booked);
    expect(mails[0]?.subject).toMatch(/^Avbokning: /);
    expectCurrentPlace(mails, 1, oldName, newName);
  });

  it("'Ställ in pass' names the place by its current name for every customer", async () => {
    const { id, booked, oldName, newName } = await sessionAtRenamedPlace(2);
    const res = await post(`/admin/pass/${id}`, { intent: "cancel" }, await admin());
    expect(res.status).toBe(302);
    const mails = await cancellationMails(booked);
    expect(mails.every((m) => m.subject.startsWith("Inställt: "))).toBe(true);
    expectCurrentPlace(mails, 2, oldName, newName);
  });

  it("the minimum-participant default's 'Inställt' names the place by its current name", async () => {
    // A whole hour some days ahead, so the request and the deadline are whole instants.
    const start = Math.ceil((Date.now() + 9 * 24 * HOUR) / HOUR) * HOUR;
    const { id, booked, oldName, newName } = await sessionAtRenamedPlace(1, { startsInMs: start - Date.now(), title: "VARDAGSLYDNAD" });
    // Five minutes after T−30 h and T−25 h (the fixture's start may lie a few milliseconds past `start`).
    for (const at of [start - 30 * HOUR + 5 * MINUTE, start - 25 * HOUR + 5 * MINUTE]) {
      const controller = createScheduledController({ scheduledTime: at, cron: CRONS.everyFiveMinutes });
      const ctx = createExecutionContext();
      await cron.scheduled(controller, env, ctx);
      await waitOnExecutionContext(ctx);
    }
    const session = await env.DB.prepare("SELECT cancelled_at AS cancelledAt FROM sessions WHERE id = ?").bind(id).first<{ cancelledAt: string | null }>();
    expect(session?.cancelledAt).not.toBeNull();
    expectCurrentPlace(await cancellationMails(booked), 1, oldName, newName);
  });

  it("a payment that came too late: its refund mail names the place by its current name", async () => {
    const { id, booked, oldName, newName } = await sessionAtRenamedPlace(1);
    const context = testContext();
    const [booking] = await context.db.select().from(schema.bookings).where(eq(schema.bookings.id, booked[0]!));
    const [session] = await context.db.select().from(schema.sessions).where(eq(schema.sessions.id, id));
    expect(booking!.sessionLocation).toBe(oldName);
    const { refundMails } = paymentMails(context, { booking: booking!, session: session!, payment: { amountOre: 24_900 } }, "card", new Date());
    for (const row of [refundMails.taken, refundMails.closed]) {
      expect(row.textBody).toContain(newName);
      expect(row.textBody).not.toContain(oldName);
    }
  });
});
