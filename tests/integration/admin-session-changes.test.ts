// Staff changes through the Worker, as the admin's forms post them: release
// for sale, cancel a session, 'Avboka' one booking, delete. Each answers with
// its toast, changes exactly what it says, mails each customer who held a
// seat once (with a METHOD:CANCEL calendar file), writes one audit row, and
// changes and mails nothing when repeated or when someone else sends it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seatsFor } from "../../app/server/seats/seats.server";
import { fetchAndSettle } from "./auth-helpers";
import { config, createSession, seatInput, seatState } from "./booking-fixtures";
import { bookMany, post, toastOf } from "./admin-fixtures";
import { signInAs, testContext } from "./helpers";

async function statuses(ids: string[]) {
  const rows = await env.DB.prepare(
    `SELECT booking_status AS status FROM bookings WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  )
    .bind(JSON.stringify(ids))
    .all<{ status: string }>();
  return rows.results.map((r) => r.status);
}

async function mailsFor(ids: string[]) {
  const rows = await env.DB.prepare(
    `SELECT kind, to_address AS toAddress, reply_to AS replyTo, subject, text_body AS text, attachments_json AS attachments
     FROM email_outbox WHERE idempotency_key IN (SELECT 'booking-cancelled:' || value FROM json_each(?))`,
  )
    .bind(JSON.stringify(ids))
    .all<{ kind: string; toAddress: string; replyTo: string; subject: string; text: string; attachments: string }>();
  return rows.results;
}

async function auditRows(targetId: string) {
  const rows = await env.DB.prepare("SELECT action, actor_email AS actor, details_json AS details FROM audit_log WHERE target_id = ? ORDER BY id")
    .bind(targetId)
    .all<{ action: string; actor: string; details: string | null }>();
  return rows.results;
}

const people = async () => ({
  admin: await signInAs({ email: `admin-${crypto.randomUUID().slice(0, 8)}@hundpass.se`, admin: true }),
  staff: await signInAs({ email: `personal-${crypto.randomUUID().slice(0, 8)}@example.se` }),
  customer: await signInAs({ email: `kund-${crypto.randomUUID().slice(0, 8)}@example.se`, kind: "customer" }),
});

describe("release for sale ('Släpp till försäljning')", () => {
  it("cancels every booking (kept), mails each customer once with a METHOD:CANCEL file, seats back to 0, one audit row", async () => {
    const who = await people();
    const id = await createSession({ maxParticipants: 5 });
    const booked = await bookMany(id, 3);
    const res = await post(`/admin/pass/${id}`, { intent: "release", returnTo: "/admin/bokade-pass" }, who.admin);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/bokade-pass");
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Framgång" });
    expect(await seatState(id)).toMatchObject({ current: 0, active: 0, rows: 3 });
    expect(await statuses(booked)).toEqual(["cancelled", "cancelled", "cancelled"]);
    const mails = await mailsFor(booked);
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.kind).toBe("booking-cancelled");
      expect(mail.replyTo).toBe(config().ADMIN_EMAIL);
      expect(mail.subject).toMatch(/^Avbokning: VALPKURS /);
      const [ics] = JSON.parse(mail.attachments) as Array<{ content: string; contentType: string }>;
      expect(ics!.contentType).toContain("method=CANCEL");
      expect(ics!.content).toContain("METHOD:CANCEL");
      expect(ics!.content).toContain("STATUS:CANCELLED");
    }
    expect((await auditRows(String(id))).map((r) => r.action)).toEqual(["session.release"]);

    // A double submit: nothing more changes, nobody is mailed again, no second audit row.
    const again = await post(`/admin/pass/${id}`, { intent: "release" }, who.admin);
    expect(again.status).toBe(302);
    expect(await mailsFor(booked)).toHaveLength(3);
    expect(await auditRows(String(id))).toHaveLength(1);
    // The customer sees the booking as cancelled.
    const customer = await signInAs({ email: `kunds${id}-0@example.se`, kind: "customer" });
    const list = await (await fetchAndSettle("/mina-bokningar/lista", { headers: { Cookie: customer } })).text();
    expect(list).toContain('data-testid="cancelled-bookings"');
    expect(list).toContain("Avbokad");
    // The seats are on sale again.
    expect((await seatsFor(testContext(), id).book(seatInput(`after-release-${id}`))).status).toBe("booked");
  });

  it("changes nothing for a customer or a staff member without the admin role", async () => {
    const who = await people();
    const id = await createSession();
    const booked = await bookMany(id, 2);
    for (const cookie of [who.customer, who.staff]) {
      const res = await post(`/admin/pass/${id}`, { intent: "release" }, cookie);
      expect(res.status).toBe(403);
    }
    expect(await seatState(id)).toMatchObject({ current: 2, active: 2 });
    expect(await mailsFor(booked)).toHaveLength(0);
    expect(await auditRows(String(id))).toHaveLength(0);
  });
});

describe("cancel a session ('Ställ in pass')", () => {
  it("keeps the session, marked cancelled and off sale, cancels and mails every booking, and says so on its page", async () => {
    const who = await people();
    const id = await createSession({ title: "VARDAGSLYDNAD" });
    const booked = await bookMany(id, 2);
    const res = await post(`/admin/pass/${id}`, { intent: "cancel", returnTo: "/admin/vantande-pass" }, who.admin);
    expect(res.headers.get("Location")).toBe("/admin/vantande-pass");
    expect(await toastOf(res)).toEqual({ type: "success", title: "Framgång", description: "Passet är inställt" });
    const row = await env.DB.prepare("SELECT cancelled_at FROM sessions WHERE id = ?").bind(id).first<{ cancelled_at: string | null }>();
    expect(row?.cancelled_at).not.toBeNull();
    expect(await seatState(id)).toMatchObject({ current: 0, active: 0, rows: 2 });
    const mails = await mailsFor(booked);
    expect(mails.map((m) => m.kind)).toEqual(["session-cancelled", "session-cancelled"]);
    expect(mails[0]!.subject).toMatch(/^Inställt: VARDAGSLYDNAD /);
    expect(mails[0]!.text).toContain("Tyvärr har vi ställt in passet");
    expect((await auditRows(String(id))).map((r) => r.action)).toEqual(["session.cancel"]);
    expect((await seatsFor(testContext(), id).book(seatInput(`late-${id}`))).status).toBe("session-cancelled");
  });
});

describe("'Avboka' one booking", () => {
  it("cancels just that booking, gives its seat back and mails its customer once", async () => {
    const who = await people();
    const id = await createSession();
    const [first, second] = await bookMany(id, 2);
    const confirm = await fetchAndSettle(`/admin/bokning/${first}?tillbaka=/admin/bokade-pass`, { headers: { Cookie: who.admin } });
    expect(confirm.status).toBe(200);
    const page = await confirm.text();
    expect(page).toContain("Avboka bokningen? Kunden får ett mejl om att bokningen är avbokad.");
    expect(page).toContain('name="intent" value="cancel-booking"');

    const res = await post(`/admin/bokning/${first}`, { intent: "cancel-booking", returnTo: "/admin/bokade-pass" }, who.admin);
    expect(res.headers.get("Location")).toBe("/admin/bokade-pass");
    expect(await toastOf(res)).toMatchObject({ title: "Framgång", description: "Bokningen är avbokad" });
    expect(await statuses([first!, second!].sort())).toEqual(
      [first!, second!].sort().map((b) => (b === first ? "cancelled" : "confirmed")),
    );
    expect(await seatState(id)).toMatchObject({ current: 1, active: 1, rows: 2 });
    expect(await mailsFor([first!])).toHaveLength(1);

    const again = await post(`/admin/bokning/${first}`, { intent: "cancel-booking" }, who.admin);
    expect(await toastOf(again)).toMatchObject({ type: "error", description: "Kunde inte hitta bokningen" });
    expect(await seatState(id)).toMatchObject({ current: 1 });
    expect(await mailsFor([first!])).toHaveLength(1);
    expect((await auditRows(first!)).map((r) => r.action)).toEqual(["booking.cancel"]);
  });

  it("is offered on the session's own page for each of its bookings, and comes back there", async () => {
    const who = await people();
    const id = await createSession({ maxParticipants: 5 });
    const booked = await bookMany(id, 2);
    const here = `/admin/pass/${id}?tillbaka=${encodeURIComponent("/admin/bokade-pass")}`;
    const page = await (await fetchAndSettle(here, { headers: { Cookie: who.admin } })).text();
    // Without JavaScript each Avboka is a link to the booking's confirmation, which comes back to this page.
    for (const booking of booked) {
      expect(page).toContain(`href="/admin/bokning/${booking}?tillbaka=${encodeURIComponent(here)}"`);
    }
    const confirm = await (await fetchAndSettle(`/admin/bokning/${booked[0]}?tillbaka=${encodeURIComponent(here)}`, { headers: { Cookie: who.admin } })).text();
    expect(confirm).toContain(`name="returnTo" value="${here.replaceAll("&", "&amp;")}"`);
    const res = await post(`/admin/bokning/${booked[0]}`, { intent: "cancel-booking", returnTo: here }, who.admin);
    expect(res.headers.get("Location")).toBe(here);
    expect(await toastOf(res)).toMatchObject({ description: "Bokningen är avbokad" });
    expect(await seatState(id)).toMatchObject({ current: 1, active: 1 });
  });

  it("is refused with 403 for a customer, and changes nothing", async () => {
    const who = await people();
    const id = await createSession();
    const [booking] = await bookMany(id, 1);
    const res = await post(`/admin/bokning/${booking}`, { intent: "cancel-booking" }, who.customer);
    expect(res.status).toBe(403);
    expect(await seatState(id)).toMatchObject({ current: 1, active: 1 });
  });
});

describe("delete", () => {
  it("deletes a session that never had a booking, with 'Pass borttaget' and an audit row of what it was", async () => {
    const who = await people();
    const id = await createSession({ title: "TOMT PASS" });
    const res = await post(`/admin/pass/${id}`, { intent: "delete", returnTo: "/admin/lediga-pass" }, who.admin);
    expect(await toastOf(res)).toEqual({ type: "success", title: "Pass borttaget" });
    expect(await env.DB.prepare("SELECT 1 FROM sessions WHERE id = ?").bind(id).first()).toBeNull();
    const [audit] = await auditRows(String(id));
    expect(audit?.action).toBe("session.delete");
    expect(JSON.parse(audit!.details!)).toMatchObject({ before: { title: "TOMT PASS" }, after: null });
  });

  it("refuses a session that has or had a booking, and an unknown one, changing nothing", async () => {
    const who = await people();
    const id = await createSession();
    const [booking] = await bookMany(id, 1);
    await seatsFor(testContext(), id).cancelBooking(booking!);
    const refused = await post(`/admin/pass/${id}`, { intent: "delete" }, who.admin);
    expect(await toastOf(refused)).toEqual({ type: "error", title: "Fel", description: "Kunde inte ta bort pass" });
    expect(await env.DB.prepare("SELECT 1 AS found FROM sessions WHERE id = ?").bind(id).first()).toEqual({ found: 1 });
    const unknown = await post("/admin/pass/987654", { intent: "delete" }, who.admin);
    expect(await toastOf(unknown)).toEqual({ type: "error", title: "Fel", description: "Kunde inte hitta passet" });
    expect(await auditRows(String(id))).toHaveLength(0);
  });
});

describe("the confirmation page (the way without JavaScript)", () => {
  it("asks before each change and posts the change with a form; offers only what the session allows", async () => {
    const who = await people();
    const id = await createSession();
    await bookMany(id, 1);
    const overview = await (await fetchAndSettle(`/admin/pass/${id}`, { headers: { Cookie: who.admin } })).text();
    expect(overview).toContain("?atgard=release");
    expect(overview).toContain("?atgard=cancel");
    expect(overview).not.toContain("?atgard=delete");
    const page = await (await fetchAndSettle(`/admin/pass/${id}?atgard=release&tillbaka=/admin/bokade-pass`, { headers: { Cookie: who.admin } })).text();
    expect(page).toContain("Släppa passet till försäljning? Alla bokningar avbokas och varje kund får ett mejl om det.");
    expect(page).toContain('<form method="post"');
    expect(page).toContain('name="returnTo" value="/admin/bokade-pass"');
  });

  it("never sends the admin back outside the admin area", async () => {
    const who = await people();
    const id = await createSession();
    const res = await post(`/admin/pass/${id}`, { intent: "cancel", returnTo: "https://example.com/" }, who.admin);
    expect(res.headers.get("Location")).toBe("/admin");
  });
});

describe("the audit log (/admin/logg)", () => {
  it("lists changes newest first with who, what and before/after, 50 a page", async () => {
    const who = await people();
    const id = await createSession();
    await bookMany(id, 1, `log${id}`);
    await post(`/admin/pass/${id}`, { intent: "release" }, who.admin);
    await post(`/admin/pass/${id}`, { intent: "cancel" }, who.admin);
    const html = await (await fetchAndSettle("/admin/logg", { headers: { Cookie: who.admin } })).text();
    const cancelAt = html.indexOf("Ställde in pass");
    const releaseAt = html.indexOf("Släppte pass till försäljning");
    expect(cancelAt).toBeGreaterThan(-1);
    expect(releaseAt).toBeGreaterThan(cancelAt);
    expect(html).toContain(`href="/admin/pass/${id}"`);
    expect(html).toContain("Före och efter");

    // Fill past one page: the second page exists and the first links to it.
    await env.DB.batch(
      Array.from({ length: 60 }, (_, i) =>
        env.DB.prepare("INSERT INTO audit_log (actor_email, action, target_type, target_id) VALUES ('a@hundpass.se', 'session.update', 'session', ?)").bind(`fill-${i}`),
      ),
    );
    const first = await (await fetchAndSettle("/admin/logg", { headers: { Cookie: who.admin } })).text();
    expect(first.match(/<li class="card"/g)).toHaveLength(50);
    expect(first).toContain('href="/admin/logg?sida=2"');
    const second = await (await fetchAndSettle("/admin/logg?sida=2", { headers: { Cookie: who.admin } })).text();
    expect(second).toContain('href="/admin/logg"');
  });
});
