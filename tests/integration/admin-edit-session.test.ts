// Editing a session through the Worker, as /admin/pass/{id} and the lists'
// edit dialog post it: what is saved, what is refused with which Swedish
// message (nothing changed then), the mails a move sends (an updated .ics
// under the booking's UID with a raised SEQUENCE), the audit row, the role
// check, open booking forms refused as "changed", and the seat invariant
// while bookings and edits interleave.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formatTime, stockholmDayKey } from "../../app/domain/time";
import { seatsFor } from "../../app/server/seats/seats.server";
import { fetchAndSettle } from "./auth-helpers";
import { bookingForm, config, createSession as createAnySession, postBooking, seatInput, seatState, sessionField } from "./booking-fixtures";
import { bookMany, post, toastOf } from "./admin-fixtures";
import { signInAs, testContext } from "./helpers";

const HOUR = 3_600_000;

/**
 * A session as the form can name it: on whole minutes (the form has no
 * seconds), starting 09:00 UTC on its day (10:00 or 11:00 in Stockholm), so
 * that it never runs past midnight, whatever the hour the tests run at: the
 * form has one date for start and end.
 */
async function createSession(s: Parameters<typeof createAnySession>[0] = {}) {
  const id = await createAnySession(s);
  await env.DB.prepare(
    `UPDATE sessions SET start_time = strftime('%Y-%m-%dT09:00:00.000Z', start_time),
       end_time = strftime('%Y-%m-%dT%H:%M:00.000Z', date(start_time) || 'T09:00:00',
         printf('+%d minutes', CAST(round((julianday(end_time) - julianday(start_time)) * 1440) AS INTEGER)))
     WHERE id = ?`,
  )
    .bind(id)
    .run();
  return id;
}

type Row = {
  title: string;
  description: string;
  location: string;
  startTime: string;
  endTime: string;
  maxParticipants: number;
  priceSek: number;
  passType: string;
  imageUrl: string | null;
  revision: number;
  current: number;
};

async function sessionRow(id: number): Promise<Row> {
  return (await env.DB.prepare(
    `SELECT title, description, location, start_time AS startTime, end_time AS endTime, max_participants AS maxParticipants,
       price_sek AS priceSek, pass_type AS passType, image_url AS imageUrl, revision, current_participants AS current
     FROM sessions WHERE id = ?`,
  )
    .bind(id)
    .first<Row>())!;
}

/** The edit form as the page renders it for the stored session, with `changes` typed over it. */
async function editForm(id: number, changes: Record<string, string> = {}) {
  const row = await sessionRow(id);
  return {
    intent: "update",
    returnTo: "/admin/lediga-pass",
    session_id: String(id),
    title: row.title,
    description: row.description,
    location: row.location,
    start_date: stockholmDayKey(row.startTime),
    start_time: formatTime(row.startTime),
    end_time: formatTime(row.endTime),
    max_participants: String(row.maxParticipants),
    price_sek: String(row.priceSek),
    pass_type: row.passType,
    image_url: row.imageUrl ?? "",
    ...changes,
  };
}

async function changeMails(sessionId: number) {
  const rows = await env.DB.prepare(
    `SELECT o.idempotency_key AS key, o.kind, o.to_address AS toAddress, o.reply_to AS replyTo, o.subject,
       o.text_body AS text, o.attachments_json AS attachments
     FROM email_outbox o WHERE o.kind = 'session-changed'
       AND o.idempotency_key IN (SELECT 'session-changed:' || b.id || ':' || r.value FROM bookings b, json_each('[1,2,3,4,5,6,7,8,9,10]') r WHERE b.session_id = ?)
     ORDER BY o.idempotency_key`,
  )
    .bind(sessionId)
    .all<{ key: string; kind: string; toAddress: string; replyTo: string; subject: string; text: string; attachments: string }>();
  return rows.results;
}

async function auditRows(targetId: string) {
  const rows = await env.DB.prepare(
    "SELECT action, actor_email AS actor, details_json AS details, created_at AS createdAt FROM audit_log WHERE target_id = ? ORDER BY id",
  )
    .bind(targetId)
    .all<{ action: string; actor: string; details: string; createdAt: string }>();
  return rows.results;
}

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

async function admin() {
  return signInAs({ email: `admin-${crypto.randomUUID().slice(0, 8)}@hundpass.se`, admin: true });
}

describe("editing a session (/admin/pass/{id}, intent update)", () => {
  it("saves every field, answers 'Sparat!' on the list it came from, writes one audit row with before and after, mails nobody", async () => {
    const cookie = await admin();
    const id = await createSession({ maxParticipants: 6 });
    const res = await post(
      `/admin/pass/${id}`,
      await editForm(id, {
        title: "Nosework",
        description: "Sök med nosen",
        max_participants: "8",
        price_sek: "300",
        pass_type: "private",
        image_url: "/images/nosework.jpg",
      }),
      cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/lediga-pass");
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Sparat!" });
    expect(await sessionRow(id)).toMatchObject({
      title: "Nosework",
      description: "Sök med nosen",
      maxParticipants: 8,
      priceSek: 300,
      passType: "private",
      imageUrl: "/images/nosework.jpg",
      revision: 0,
    });
    const audit = await auditRows(String(id));
    expect(audit.map((a) => a.action)).toEqual(["session.update"]);
    const details = JSON.parse(audit[0]!.details) as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(details.before).toMatchObject({ title: "VALPKURS", maxParticipants: 6, priceSek: 249, passType: "group" });
    expect(details.after).toMatchObject({ title: "Nosework", maxParticipants: 8, priceSek: 300, passType: "private" });
    expect(details.before).not.toHaveProperty("location");

    // The same post again: nothing to change, no second audit row.
    const again = await post(`/admin/pass/${id}`, await editForm(id), cookie);
    expect(again.status).toBe(302);
    expect(await auditRows(String(id))).toHaveLength(1);
  });

  it("moving a booked session mails each active customer an updated .ics (same UID, SEQUENCE raised), once", async () => {
    const cookie = await admin();
    const id = await createSession({ maxParticipants: 6, startsInMs: 10 * 24 * HOUR });
    const [first, second, third] = await bookMany(id, 3);
    await seatsFor(testContext(), id).cancelBooking(third!);
    const before = await sessionRow(id);
    const newStart = new Date(Date.parse(before.startTime) + 24 * HOUR).toISOString();

    const res = await post(
      `/admin/pass/${id}`,
      await editForm(id, { start_date: stockholmDayKey(newStart), location: "Stadsparken Sandviken" }),
      cookie,
    );
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ title: "Sparat!" });
    const after = await sessionRow(id);
    expect(after).toMatchObject({ startTime: newStart, location: "Stadsparken Sandviken", revision: 1, current: 2 });

    const mails = await changeMails(id);
    expect(mails.map((m) => m.key).sort()).toEqual([`session-changed:${first}:1`, `session-changed:${second}:1`].sort());
    const host = new URL(config().SITE_URL).hostname;
    for (const mail of mails) {
      expect(mail.replyTo).toBe(config().ADMIN_EMAIL);
      expect(mail.subject).toMatch(/^Ändrat pass: VALPKURS /);
      expect(mail.text).toContain("Tidigare: VALPKURS");
      expect(mail.text).toContain("Hundhallen Gävle");
      expect(mail.text).toContain("Nu: VALPKURS");
      expect(mail.text).toContain("Stadsparken Sandviken");
      const [ics] = JSON.parse(mail.attachments) as Array<{ content: string; contentType: string }>;
      const lines = unfold(ics!.content);
      const bookingId = mail.key.split(":")[1];
      expect(lines).toContain(`UID:booking-${bookingId}@${host}`);
      expect(lines).toContain("SEQUENCE:1");
      expect(lines).toContain("METHOD:PUBLISH");
      expect(lines).toContain(`DTSTART:${newStart.replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "")}`);
      expect(lines).toContain("LOCATION:Stadsparken Sandviken");
    }
    // The active bookings' copy of the session follows it; the cancelled one keeps what it was.
    const copies = await env.DB.prepare(
      "SELECT id, session_start_time AS start, session_location AS location FROM bookings WHERE session_id = ? ORDER BY id",
    )
      .bind(id)
      .all<{ id: string; start: string; location: string }>();
    for (const copy of copies.results) {
      if (copy.id === third) expect(copy).toMatchObject({ start: before.startTime, location: "Hundhallen Gävle" });
      else expect(copy).toMatchObject({ start: newStart, location: "Stadsparken Sandviken" });
    }
    const audit = await auditRows(String(id));
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details).mailed.sort()).toEqual([first, second].sort());

    // A double submit mails nobody again.
    await post(`/admin/pass/${id}`, await editForm(id), cookie);
    expect(await changeMails(id)).toHaveLength(2);

    // A later cancellation's calendar file goes out above the change's SEQUENCE.
    await post(`/admin/pass/${id}`, { intent: "release", returnTo: "/admin/bokade-pass" }, cookie);
    const cancel = await env.DB.prepare("SELECT attachments_json AS a FROM email_outbox WHERE idempotency_key = ?")
      .bind(`booking-cancelled:${first}`)
      .first<{ a: string }>();
    expect(unfold((JSON.parse(cancel!.a) as Array<{ content: string }>)[0]!.content)).toContain("SEQUENCE:2");
  });

  it("refuses max participants below the booked seats with a message in the form, and changes nothing", async () => {
    const cookie = await admin();
    const id = await createSession({ maxParticipants: 6 });
    await bookMany(id, 3);
    const res = await post(`/admin/pass/${id}`, await editForm(id, { max_participants: "2", title: "Annat" }), cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Passet har redan 3 bokade deltagare. Max antal deltagare kan inte vara lägre än så.");
    expect(await sessionRow(id)).toMatchObject({ title: "VALPKURS", maxParticipants: 6, current: 3 });
    expect(await auditRows(String(id))).toHaveLength(0);

    // Down to exactly the booked seats is fine.
    const ok = await post(`/admin/pass/${id}`, await editForm(id, { max_participants: "3" }), cookie);
    expect(ok.status).toBe(302);
    expect(await sessionRow(id)).toMatchObject({ maxParticipants: 3, current: 3 });
  });

  it.each([
    [{ title: "" }, "Titel är obligatorisk"],
    [{ location: "" }, "Plats är obligatorisk"],
    [{ location: "Mars" }, "Välj en av platserna i listan"],
    [{ start_date: "" }, "Datum är obligatoriskt"],
    [{ start_time: "" }, "Starttid är obligatorisk"],
    [{ start_time: "18:00", end_time: "17:00" }, "Sluttiden måste vara efter starttiden"],
    [{ max_participants: "0" }, "Minst 1 deltagare"],
    [{ price_sek: "-5" }, "Priset kan inte vara negativt"],
    // Renamed with its select, 'Sorts pass' ('passtyp' is /admin/passtyper's word for the session types).
    [{ pass_type: "party" }, "Välj sorts pass"],
    [{ start_date: "2027-03-28", start_time: "02:30", end_time: "03:30" }, "klockan ställs fram en timme"],
    [{ start_date: "2020-01-10" }, "Starttiden har redan passerat"],
  ])("refuses %j with '%s' and changes nothing", async (changes, message) => {
    const cookie = await admin();
    const id = await createSession();
    const before = await sessionRow(id);
    const res = await post(`/admin/pass/${id}`, await editForm(id, changes), cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await sessionRow(id)).toEqual(before);
    expect(await auditRows(String(id))).toHaveLength(0);
  });

  it("keeps a past start that is not changed (a finished session's description can be fixed)", async () => {
    const cookie = await admin();
    const id = await createSession({ startsInMs: -3 * 24 * HOUR });
    const res = await post(`/admin/pass/${id}`, await editForm(id, { description: "Rättad text" }), cookie);
    expect(res.status).toBe(302);
    expect(await sessionRow(id)).toMatchObject({ description: "Rättad text" });
  });

  it("refuses a cancelled session and an unknown one, changing nothing", async () => {
    const cookie = await admin();
    const id = await createSession();
    await post(`/admin/pass/${id}`, { intent: "cancel" }, cookie);
    const res = await post(`/admin/pass/${id}`, await editForm(id, { title: "Igen" }), cookie);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Passet är inställt och kan inte ändras.");
    expect(await sessionRow(id)).toMatchObject({ title: "VALPKURS" });

    const form = await editForm(id);
    const unknown = await post("/admin/pass/99999999", form, cookie);
    expect(unknown.status).toBe(302);
    expect(await toastOf(unknown)).toMatchObject({ type: "error", description: "Kunde inte hitta passet" });
  });

  it("changes nothing for a customer or a staff member without the admin role", async () => {
    const id = await createSession();
    const before = await sessionRow(id);
    for (const cookie of [
      await signInAs({ email: `kund-${crypto.randomUUID().slice(0, 8)}@example.se`, kind: "customer" }),
      await signInAs({ email: `personal-${crypto.randomUUID().slice(0, 8)}@example.se` }),
    ]) {
      const res = await post(`/admin/pass/${id}`, await editForm(id, { title: "Kapat" }), cookie);
      expect(res.status).toBe(403);
    }
    expect(await sessionRow(id)).toEqual(before);
  });

  it("renders the edit form with the stored values in Stockholm wall time", async () => {
    const cookie = await admin();
    const id = await createSession({ title: "Kvällspass" });
    const row = await sessionRow(id);
    const res = await fetchAndSettle(`/admin/pass/${id}?tillbaka=%2Fadmin%2Fvantande-pass`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('value="Kvällspass"');
    expect(html).toContain(`value="${stockholmDayKey(row.startTime)}"`);
    expect(html).toContain(`value="${formatTime(row.startTime)}"`);
    expect(html).toContain('name="intent" value="update"');
    expect(html).toContain('name="returnTo" value="/admin/vantande-pass"');
  });

  it("refuses a save from a form opened before another edit was saved (two tabs), keeping the newer edit; the form opened afresh saves", async () => {
    const cookie = await admin();
    const id = await createSession({ title: "Beslutstest" });
    // The mark of the session as the page's edit form shows it.
    const markOnPage = async () => {
      const html = await (await fetchAndSettle(`/admin/pass/${id}`, { headers: { Cookie: cookie } })).text();
      return /name="edited_from" value="([0-9a-f]+)"/.exec(html)![1]!;
    };
    const opened = await markOnPage();
    const first = await post(`/admin/pass/${id}`, { ...(await editForm(id, { title: "Ändrad i flik 1" })), edited_from: opened }, cookie);
    expect(first.status).toBe(302);
    // The second tab, opened at the same time, changes only the description.
    const stale = await editForm(id, { title: "Beslutstest", description: "Ny text", edited_from: opened });
    const second = await post(`/admin/pass/${id}`, stale, cookie);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("Passet har ändrats sedan du öppnade sidan. Kontrollera uppgifterna och spara igen.");
    expect(await sessionRow(id)).toMatchObject({ title: "Ändrad i flik 1" });
    expect((await auditRows(String(id))).filter((a) => a.action === "session.update")).toHaveLength(1);
    // Opened again, the form carries the newer mark and saves.
    const again = await post(`/admin/pass/${id}`, { ...(await editForm(id, { description: "Ny text" })), edited_from: await markOnPage() }, cookie);
    expect(again.status).toBe(302);
    expect(await sessionRow(id)).toMatchObject({ title: "Ändrad i flik 1", description: "Ny text" });
  });

  it("a booking form opened before a move is refused as changed", async () => {
    const cookie = await admin();
    const id = await createSession({ startsInMs: 10 * 24 * HOUR });
    const shown = await sessionField(id);
    await post(`/admin/pass/${id}`, await editForm(id, { start_time: "07:00", end_time: "08:00" }), cookie);
    const res = await postBooking(
      id,
      await bookingForm({ user_email: "sen@example.se", user_email_confirm: "sen@example.se", session: shown }),
    );
    expect(res.status).toBe(409);
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
  });

  it("interleaved with 30 bookings, edits of max and moves keep the count equal to the bookings, and every booking held across a move gets its mail", async () => {
    const cookie = await admin();
    const id = await createSession({ maxParticipants: 40, startsInMs: 20 * 24 * HOUR });
    const start = (await sessionRow(id)).startTime;
    const edits: Array<Record<string, string>> = [
      { max_participants: "35" },
      { start_time: "06:00", end_time: "07:00" },
      { max_participants: "32" },
      { location: "Bronsängen Sandviken" },
    ];
    const bookings = Array.from({ length: 30 }, (_, i) => seatsFor(testContext(), id).book(seatInput(`mix${id}-${i}`)));
    const posts = edits.map(async (changes, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 5));
      const fields = await editForm(id, changes);
      return post(`/admin/pass/${id}`, { ...fields, start_date: stockholmDayKey(start) }, cookie);
    });
    const results = await Promise.all(bookings);
    const answers = await Promise.all(posts);
    expect(results.filter((r) => r.status === "booked")).toHaveLength(30);
    for (const answer of answers) expect(answer.status).toBe(302);

    const state = await seatState(id);
    expect(state.current).toBe(state.active);
    expect(state.current).toBe(30);
    // Every active booking's copy is the session as it is now.
    const row = await sessionRow(id);
    const stale = await env.DB.prepare(
      `SELECT count(*) AS n FROM bookings WHERE session_id = ? AND booking_status <> 'cancelled'
         AND (session_start_time <> ? OR session_location <> ?)`,
    )
      .bind(id, row.startTime, row.location)
      .first<{ n: number }>();
    expect(stale!.n).toBe(0);
    // Each move mailed exactly the bookings active when it was written, each once.
    const moves = (await auditRows(String(id)))
      .map((a) => JSON.parse(a.details) as { mailed: string[]; after: Record<string, unknown> })
      .filter((d) => "startTime" in d.after || "location" in d.after);
    const mails = await changeMails(id);
    expect(mails).toHaveLength(moves.reduce((n, m) => n + m.mailed.length, 0));
    expect(row.revision).toBe(moves.length);
  });
});
