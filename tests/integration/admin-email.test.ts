// The admin's e-mail to customers (/admin/epost) through the Worker: to one
// booking's customer or to every confirmed customer of a session, through
// the outbox, plain text signed by the business with Reply-To the admin,
// 'Meddelandet har skickats!', one audit row, no second mail for a double
// submit, the Swedish messages for bad input, the per-admin limit, and
// nothing for anyone without the admin role.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ADMIN_EMAIL_LIMIT } from "../../app/server/admin/admin-email.server";
import { seatsFor } from "../../app/server/seats/seats.server";
import { fetchAndSettle } from "./auth-helpers";
import { config, createSession, seatInput } from "./booking-fixtures";
import { bookMany, post, toastOf } from "./admin-fixtures";
import { awayFromWindowEnd, signInAs, testContext } from "./helpers";

async function messages(draftId: string) {
  const rows = await env.DB.prepare(
    `SELECT kind, to_address AS toAddress, reply_to AS replyTo, subject, text_body AS text, html_body AS html
     FROM email_outbox WHERE substr(idempotency_key, 1, ?1) = ?2 ORDER BY to_address`,
  )
    .bind(`admin-message:${draftId}:`.length, `admin-message:${draftId}:`)
    .all<{ kind: string; toAddress: string; replyTo: string; subject: string; text: string; html: string | null }>();
  return rows.results;
}

async function audits(targetId: string) {
  return (
    await env.DB.prepare("SELECT action, target_type AS type, details_json AS details FROM audit_log WHERE action = 'email.send' AND target_id = ?")
      .bind(targetId)
      .all<{ action: string; type: string; details: string }>()
  ).results;
}

const admin = () => signInAs({ email: `admin-${crypto.randomUUID().slice(0, 8)}@hundpass.se`, admin: true });

describe("e-mail to customers (/admin/epost)", () => {
  it("sends one plain-text message to each confirmed customer of a session, once, with one audit row", async () => {
    const cookie = await admin();
    const id = await createSession();
    const [a, b, c] = await bookMany(id, 3);
    await seatsFor(testContext(), id).cancelBooking(c!);
    const page = await fetchAndSettle(`/admin/epost?pass=${id}&tillbaka=%2Fadmin%2Fbokade-pass`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Till alla bekräftade kunder på passet (2 st)");
    const draftId = /name="draft_id" value="([^"]+)"/.exec(html)![1]!;

    const fields = { subject: "Ta med godis", message: "Hej!\nKom gärna tio minuter innan.", draft_id: draftId, returnTo: "/admin/bokade-pass" };
    const res = await post(`/admin/epost?pass=${id}`, fields, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/bokade-pass");
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Meddelandet har skickats!" });
    const sent = await messages(draftId);
    expect(sent.map((m) => m.toAddress)).toEqual([`${seatInput(`s${id}-0`).userEmail}`, `${seatInput(`s${id}-1`).userEmail}`].sort());
    for (const mail of sent) {
      expect(mail).toMatchObject({ kind: "admin-message", replyTo: config().ADMIN_EMAIL, subject: "Ta med godis", html: null });
      expect(mail.text).toMatch(/^Hej .+!\n\nHej!\nKom gärna tio minuter innan\.\n\nHälsningar,\nHundpass\n/);
    }
    const audit = await audits(String(id));
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ subject: "Ta med godis", recipients: [a, b] });

    // A double submit: nobody mailed twice, no second audit row.
    expect((await post(`/admin/epost?pass=${id}`, fields, cookie)).status).toBe(302);
    expect(await messages(draftId)).toHaveLength(2);
    expect(await audits(String(id))).toHaveLength(1);
  });

  it("sends to one booking's customer only", async () => {
    const cookie = await admin();
    const id = await createSession();
    const [first] = await bookMany(id, 2);
    const draftId = crypto.randomUUID();
    const res = await post(`/admin/epost?bokning=${first}`, { subject: "Fråga", message: "Har du fått kallelsen?", draft_id: draftId }, cookie);
    expect(res.status).toBe(302);
    expect((await messages(draftId)).map((m) => m.toAddress)).toEqual([seatInput(`s${id}-0`).userEmail]);
    expect(await audits(first!)).toHaveLength(1);
  });

  it.each([
    ["an empty subject", { subject: "" }, "Ämne är obligatoriskt"],
    ["a blank message", { message: "   " }, "Meddelande är obligatoriskt"],
    ["a subject with a line break", { subject: "Rad ett\nRad två" }, "Fältet får inte innehålla radbrytningar"],
    ["a message over 5000 characters", { message: "x".repeat(5001) }, "Högst 5000 tecken"],
    ["a post without its draft", { draft_id: "nej" }, "Formuläret har gått ut"],
  ])("refuses %s with its message in the form and sends nothing", async (_name, changes, message) => {
    const cookie = await admin();
    const id = await createSession();
    await bookMany(id, 1);
    const draftId = crypto.randomUUID();
    const res = await post(`/admin/epost?pass=${id}`, { subject: "Hej", message: "Text", draft_id: draftId, ...changes }, cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await messages(draftId)).toHaveLength(0);
    expect(await audits(String(id))).toHaveLength(0);
  });

  it("says so when a session has nobody to write to, and for an unknown session or booking", async () => {
    const cookie = await admin();
    const id = await createSession();
    const draftId = crypto.randomUUID();
    const none = await post(`/admin/epost?pass=${id}`, { subject: "Hej", message: "Text", draft_id: draftId }, cookie);
    expect(none.status).toBe(409);
    expect(await none.text()).toContain("Passet har inga bekräftade bokningar att skicka till.");
    for (const query of ["pass=99999999", `bokning=${crypto.randomUUID()}`, "pass=abc", ""]) {
      const res = await fetchAndSettle(`/admin/epost?${query}`, { headers: { Cookie: cookie } });
      expect(res.status).toBe(302);
      expect(await toastOf(res)).toMatchObject({ type: "error", description: "Kunde inte hitta bokningen eller passet" });
    }
  });

  it(`limits each admin to ${ADMIN_EMAIL_LIMIT.limit} sends an hour`, async () => {
    await awayFromWindowEnd(ADMIN_EMAIL_LIMIT.windowMs);
    const cookie = await admin();
    const id = await createSession();
    await bookMany(id, 1);
    for (let i = 0; i < ADMIN_EMAIL_LIMIT.limit; i++) {
      const res = await post(`/admin/epost?pass=${id}`, { subject: `Nr ${i}`, message: "Text", draft_id: crypto.randomUUID() }, cookie);
      expect(res.status).toBe(302);
    }
    const draftId = crypto.randomUUID();
    const refused = await post(`/admin/epost?pass=${id}`, { subject: "En till", message: "Text", draft_id: draftId }, cookie);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("För många meddelanden på kort tid");
    expect(await messages(draftId)).toHaveLength(0);
  }, 60_000);

  it("sends nothing for a customer or a staff member without the admin role", async () => {
    const id = await createSession();
    await bookMany(id, 1);
    const draftId = crypto.randomUUID();
    for (const cookie of [
      await signInAs({ email: `kund-${crypto.randomUUID().slice(0, 8)}@example.se`, kind: "customer" }),
      await signInAs({ email: `personal-${crypto.randomUUID().slice(0, 8)}@example.se` }),
    ]) {
      const res = await post(`/admin/epost?pass=${id}`, { subject: "Spam", message: "Spam", draft_id: draftId }, cookie);
      expect(res.status).toBe(403);
    }
    expect(await messages(draftId)).toHaveLength(0);
  });
});
