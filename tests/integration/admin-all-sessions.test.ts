// /admin/old ('Alla pass') against the real migrations: every session, past
// and cancelled ones included; each filter (pass type, period, status, free
// text over title, place and the customers of any booking); 25 a page with
// out-of-range pages clamped; every booking of the page's sessions, cancelled
// ones marked; one D1 round trip a page; and the admin guard.
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseAllSessionsFilters } from "../../app/domain/all-sessions-filters";
import { listAllSessions } from "../../app/server/admin/all-sessions.server";
import { createSession, type TestSession } from "./booking-fixtures";
import { signInAs, testContext } from "./helpers";

const SELF = exports.default;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

const ids: Record<string, number> = {};
let admin = "";

/** Bookings are listed oldest first: each one made here is a second after the one before, never in the same millisecond. */
let bookedAt = Date.parse("2029-06-01T08:00:00.000Z");

async function insertBooking(sessionId: number, name: string, email: string, extra: Record<string, string | null> = {}) {
  bookedAt += 1_000;
  const fields = {
    id: crypto.randomUUID(),
    created_at: new Date(bookedAt).toISOString(),
    session_id: sessionId,
    user_name: name,
    user_email: email,
    user_phone: "070-123 45 67",
    dog_name: "Sigge",
    dog_breed: "Tax",
    dog_age: "2 år",
    booking_status: "confirmed",
    idempotency_key: crypto.randomUUID(),
    session_title: "T",
    session_location: "Hundhallen Gävle",
    session_start_time: "2030-01-01T10:00:00.000Z",
    session_end_time: "2030-01-01T11:00:00.000Z",
    ...extra,
  };
  const names = Object.keys(fields);
  await env.DB.prepare(`INSERT INTO bookings (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`)
    .bind(...Object.values(fields))
    .run();
  return fields.id;
}

const list = (query = "") => listAllSessions(testContext(), parseAllSessionsFilters(new URLSearchParams(query)), new Date());
const listIds = async (query = "") => (await list(query)).sessions.map((s) => s.id);
const pick = (...keys: string[]) => keys.map((key) => ids[key]!);

async function pageText(path: string) {
  const res = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: admin } });
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
  return (await res.text()).replace(/<script[\s\S]*?<\/script>/g, " ");
}

beforeAll(async () => {
  admin = await signInAs({ email: "alla.pass@example.se", admin: true });
  const make = async (key: string, s: TestSession) => {
    ids[key] = await createSession(s);
  };
  // Start times are distinct, so the expected orders below are by start time alone.
  await make("open", { title: "VALPKURS", startsInMs: 2 * DAY_MS });
  await make("waiting", { title: "VARDAGSLYDNAD", location: "Regementsparken Gävle", currentParticipants: 1, startsInMs: 3 * DAY_MS });
  await make("confirmed", { title: "PROMENAD", location: "Stadsparken Sandviken", currentParticipants: 3, startsInMs: 4 * DAY_MS });
  await make("private", { title: "HEMMIS", location: "Hembesök", passType: "private", currentParticipants: 1, maxParticipants: 1, priceSek: 695, startsInMs: 5 * DAY_MS });
  await make("escaped", { title: "100% KUL_PASS", startsInMs: 6 * DAY_MS });
  await make("cancelled", { title: "INSTÄLLT PASS", currentParticipants: 0, startsInMs: 7 * DAY_MS });
  await make("ended", { title: "GAMMAL VALPKURS", currentParticipants: 3, startsInMs: -3 * DAY_MS });
  await make("endedPrivate", { title: "PLAN", location: "Online", passType: "private", currentParticipants: 1, maxParticipants: 1, startsInMs: -2 * DAY_MS });
  await make("cancelledPast", { title: "INSTÄLLT FÖRR", startsInMs: -4 * DAY_MS });
  // Started, not ended: still upcoming.
  await make("running", { title: "PÅGÅR", startsInMs: -30 * 60_000, durationMs: HOUR_MS });
  await env.DB.prepare("UPDATE sessions SET cancelled_at = ? WHERE id IN (?, ?)")
    .bind(new Date().toISOString(), ids.cancelled, ids.cancelledPast)
    .run();

  await insertBooking(ids.waiting!, "Åsa Öberg", "asa.oberg@example.se");
  for (const n of [1, 2, 3]) await insertBooking(ids.confirmed!, `Kund ${n}`, `kund${n}@example.se`, n === 2 ? { special_notes: "Inkallning" } : {});
  await insertBooking(ids.confirmed!, "Karin Avbokad", "karin.avbokad@example.se", { booking_status: "cancelled" });
  await insertBooking(ids.private!, "Maria Hem", "maria.hem@example.com", { home_address: "Storgatan 12, Sandviken", meeting_type: "Telefonmöte" });
  await insertBooking(ids.cancelled!, "Bertil Inställd", "bertil@example.se", { booking_status: "cancelled" });
  for (const n of [1, 2, 3]) await insertBooking(ids.ended!, `Förr ${n}`, `forr${n}@example.se`);
  await insertBooking(ids.endedPrivate!, "Pelle Passerad", "pelle.passerad@example.se");
});

afterEach(() => vi.restoreAllMocks());

describe("the list", () => {
  const everything = () => pick("open", "waiting", "confirmed", "private", "escaped", "cancelled", "ended", "endedPrivate", "cancelledPast", "running");

  it("shows every session, past and cancelled ones too, newest first", async () => {
    const page = await list();
    expect(page.total).toBe(10);
    expect(page).toMatchObject({ page: 1, pageCount: 1 });
    expect(page.sessions.map((s) => s.id)).toEqual(
      pick("cancelled", "escaped", "private", "confirmed", "waiting", "open", "running", "endedPrivate", "ended", "cancelledPast"),
    );
    expect(new Set(page.sessions.map((s) => s.id))).toEqual(new Set(everything()));
  });

  it("filters by pass type", async () => {
    expect(await listIds("typ=private")).toEqual(pick("private", "endedPrivate"));
    expect((await listIds("typ=group")).sort()).toEqual(pick("open", "waiting", "confirmed", "escaped", "cancelled", "ended", "cancelledPast", "running").sort());
  });

  it("filters by period: kommande soonest first (running ones included), passerade newest first", async () => {
    expect(await listIds("period=kommande")).toEqual(pick("running", "open", "waiting", "confirmed", "private", "escaped", "cancelled"));
    expect(await listIds("period=passerade")).toEqual(pick("endedPrivate", "ended", "cancelledPast"));
  });

  it("filters by status: the admin lists' rules for open sessions, cancelled, and ended", async () => {
    expect(await listIds("status=ledigt&period=kommande")).toEqual(pick("running", "open", "confirmed", "escaped"));
    expect(await listIds("status=vantande")).toEqual(pick("waiting"));
    expect(await listIds("status=bekraftat&period=kommande")).toEqual(pick("confirmed", "private"));
    expect(await listIds("status=installt")).toEqual(pick("cancelled", "cancelledPast"));
    expect(await listIds("status=avslutat")).toEqual(pick("endedPrivate", "ended"));
    // Combined: nothing is both upcoming and ended.
    expect(await listIds("status=avslutat&period=kommande")).toEqual([]);
    expect(await listIds("status=bekraftat&typ=private")).toEqual(pick("private"));
  });

  it("searches title and place, case-insensitively", async () => {
    expect(await listIds("q=valpkurs")).toEqual(pick("open", "ended"));
    expect(await listIds("q=%20regementsPARKEN%20")).toEqual(pick("waiting"));
    expect(await listIds("q=inställt")).toEqual(pick("cancelled", "cancelledPast"));
    expect(await listIds("q=INSTÄLLT f")).toEqual(pick("cancelledPast"));
    expect(await listIds("q=pågår")).toEqual(pick("running"));
  });

  it("searches the name and e-mail of any booking of the session, cancelled ones included", async () => {
    expect(await listIds("q=åsa öberg")).toEqual(pick("waiting"));
    expect(await listIds("q=ÅSA")).toEqual(pick("waiting"));
    expect(await listIds("q=MARIA.HEM@EXAMPLE")).toEqual(pick("private"));
    expect(await listIds("q=karin avbokad")).toEqual(pick("confirmed"));
    expect(await listIds("q=bertil@")).toEqual(pick("cancelled"));
    expect(await listIds("q=pelle&status=avslutat")).toEqual(pick("endedPrivate"));
    expect(await listIds("q=kund")).toEqual(pick("confirmed"));
    expect(await listIds("q=ingen.alls@example.se")).toEqual([]);
  });

  it("takes % and _ in the search text literally", async () => {
    expect(await listIds("q=%25")).toEqual(pick("escaped"));
    expect(await listIds("q=_")).toEqual(pick("escaped"));
    expect(await listIds("q=l_pass")).toEqual(pick("escaped"));
    expect(await listIds("q=100%25%20k")).toEqual(pick("escaped"));
    expect(await listIds("q=%5C")).toEqual([]);
  });

  it("falls back to the defaults for invalid values", async () => {
    expect(await listIds("typ=valp&period=igår&status=fullt&sida=-1")).toEqual(await listIds());
  });

  it("counts each session's bookings, and gives the open one (?visa=) all its bookings, oldest first, with their status", async () => {
    const { sessions } = await list("q=promenad");
    const [closed] = sessions;
    expect(closed).toMatchObject({ bookingCount: 4, bookings: null, closed: null, hasConfirmedBookings: true, changes: ["release", "cancel"] });
    const opened = (await list(`q=promenad&visa=${closed!.id}`)).sessions[0]!;
    expect(opened.bookings!.map((b) => [b.userName, b.status])).toEqual([
      ["Kund 1", "confirmed"],
      ["Kund 2", "confirmed"],
      ["Kund 3", "confirmed"],
      ["Karin Avbokad", "cancelled"],
    ]);
    expect(opened.bookings![1]).toMatchObject({ dogLabel: "Sigge (Tax, 2 år)", specialNotes: "Inkallning" });
    const cancelled = (await list(`status=installt&visa=${ids.cancelled}`)).sessions.find((s) => s.id === ids.cancelled)!;
    expect(cancelled).toMatchObject({ closed: "cancelled", hasConfirmedBookings: false, changes: [], bookingCount: 1 });
    expect(cancelled.bookings!.map((b) => b.status)).toEqual(["cancelled"]);
    const ended = (await list("status=avslutat")).sessions.find((s) => s.id === ids.ended)!;
    expect(ended).toMatchObject({ closed: "ended", changes: [], bookingCount: 3, bookings: null });
    const open = (await list(`q=valpkurs&period=kommande&visa=${ids.open}`)).sessions[0]!;
    expect(open).toMatchObject({ id: ids.open, bookings: [], bookingCount: 0, changes: ["cancel", "delete"] });
    // Only the session named is opened.
    expect((await list(`visa=${ids.open}`)).sessions.filter((s) => s.bookings !== null).map((s) => s.id)).toEqual([ids.open]);
  });

  it("reads a page in one D1 round trip: count, sessions and their bookings", async () => {
    const statementProto = Object.getPrototypeOf(env.DB.prepare("SELECT 1")) as Record<string, unknown>;
    const direct = (["all", "raw", "first", "run"] as const).map((method) => vi.spyOn(statementProto as never, method as never));
    const batch = vi.spyOn(env.DB, "batch");
    const trips = () =>
      batch.mock.calls.length + direct.reduce((sum, spy) => sum + (spy as { mock: { calls: unknown[] } }).mock.calls.length, 0);
    for (const query of ["", "q=kund&status=bekraftat", "period=passerade&sida=40", `visa=${ids.confirmed}`]) {
      const before = trips();
      const page = await list(query);
      expect(trips() - before, query).toBe(1);
      expect(page.sessions.length, query).toBeGreaterThan(0);
    }
    expect(batch).toHaveBeenCalledTimes(4);
  });
});

describe("the page", () => {
  it("shows the heading, the back link, the filter form, the count and the cards", async () => {
    const html = await pageText("/admin/old");
    expect(html).toContain("<h1>Alla pass</h1>");
    expect(html).toMatch(/<a[^>]*href="\/admin"[^>]*>← (<!-- -->)?Tillbaka till admin<\/a>/);
    expect(html).toMatch(/<form method="get" action="\/admin\/old"/);
    // 'Sorts pass' (Grupp-pass/Privatpass), renamed as on the session form: 'passtyp' is /admin/passtyper's word.
    for (const label of ["Sorts pass", "Period", "Status", "Sök"]) expect(html).toMatch(new RegExp(`<label for="filter-[a-z]+">${label}</label>`));
    expect(html).toContain("Titel, plats eller kund");
    expect(html).toContain(">Filtrera</button>");
    expect(html).toMatch(/<a[^>]*href="\/admin\/old"[^>]*>Rensa<\/a>/);
    expect(html).toContain(">10 pass</p>");
    expect(html).not.toContain("Sida 1 av"); // one page: no pager
    expect(html).not.toContain(">Nästa<");
  });

  it("badges a cancelled session 'Inställt' (red), an ended one 'Avslutat' (grey), an open one by its admin state", async () => {
    const html = await pageText("/admin/old");
    const card = (key: string) => {
      const start = html.indexOf(`data-testid="admin-session-${ids[key]}"`);
      return html.slice(start, html.indexOf("</article>", start));
    };
    expect(card("cancelled")).toMatch(/<span class="badge badge-red" data-state="cancelled">Inställt<\/span>/);
    expect(card("ended")).toMatch(/<span class="badge badge-grey" data-state="ended">Avslutat<\/span>/);
    expect(card("waiting")).toMatch(/<span class="badge badge-yellow"[^>]*>Väntande \(1 av minst 3\)<\/span>/);
    expect(card("private")).toMatch(/<span class="badge badge-red"[^>]*>Bekräftat<\/span>/);
    expect(card("open")).toMatch(/<span class="badge badge-green"[^>]*>Ledigt<\/span>/);
    // The day without a leading zero ('2 nov.' beside '15 nov.', as every date on the site).
    expect(card("open")).toMatch(/<dd>[1-9]\d? [a-zåäö]+\.? \d{4} \d{2}:\d{2}<\/dd>/);
  });

  it("links edit, e-mail and the changes that apply, coming back to the page with its filters", async () => {
    const id = ids.confirmed!;
    const html = await pageText(`/admin/old?status=bekraftat&q=kund&visa=${id}`);
    const back = encodeURIComponent("/admin/old?status=bekraftat&q=kund");
    // A change made from the open booking info comes back with it open.
    const backOpen = encodeURIComponent(`/admin/old?status=bekraftat&q=kund&visa=${id}`);
    expect(html).toContain(`href="/admin/pass/${id}?tillbaka=${back}"`);
    expect(html).toContain(`href="/admin/epost?pass=${id}&amp;tillbaka=${back}"`);
    expect(html).toMatch(new RegExp(`href="/admin/epost\\?bokning=[0-9a-f-]{36}&amp;tillbaka=${backOpen}"`));
    expect(html).toMatch(new RegExp(`href="/admin/bokning/[0-9a-f-]{36}\\?tillbaka=${backOpen}"`));
    // Without JavaScript the changes are links to their confirmation pages.
    expect(html).toContain(`href="/admin/pass/${id}?atgard=release&amp;tillbaka=${back}"`);
    expect(html).toContain(`href="/admin/pass/${id}?atgard=cancel&amp;tillbaka=${back}"`);
    expect(html).not.toContain(`atgard=delete`);
    expect(html.match(/>Avboka</g)).toHaveLength(3); // the three confirmed bookings, not the cancelled one
    expect(html.match(/>Skicka e-post</g)).toHaveLength(3);
  });

  it("offers no e-mail and no release or cancel for a cancelled or ended session", async () => {
    const html = await pageText("/admin/old?status=installt");
    expect(html).not.toContain("Skicka e-post");
    expect(html).not.toContain("atgard=release");
    expect(html).not.toContain("atgard=cancel");
    expect(html).toContain(`href="/admin/pass/${ids.cancelledPast}?atgard=delete`); // never booked
    expect(html).not.toContain(`href="/admin/pass/${ids.cancelled}?atgard=delete`); // had a booking
  });

  it("opens a session's booking info through 'Visa/Dölj Bokningsinfo' (?visa=), cancelled bookings marked 'Avbokad'", async () => {
    const closed = await pageText("/admin/old?q=promenad");
    expect(closed).toMatch(
      new RegExp(`<a[^>]*href="/admin/old\\?q=promenad&amp;visa=${ids.confirmed}#bokningar-${ids.confirmed}"[^>]*>Visa/Dölj Bokningsinfo(<!-- -->)? \\((<!-- -->)?4 bokningar`),
    );
    expect(closed).not.toContain('href="mailto:kund1@example.se"');
    const html = await pageText(`/admin/old?q=promenad&visa=${ids.confirmed}`);
    // Open: the same link closes it again.
    expect(html).toMatch(new RegExp(`<a[^>]*href="/admin/old\\?q=promenad#bokningar-${ids.confirmed}"[^>]*>Visa/Dölj Bokningsinfo`));
    expect(html).toContain('href="mailto:kund1@example.se"');
    expect(html).toContain('href="tel:0701234567"');
    expect(html).toContain("<dt>Vad vill du träna?</dt><dd>Inkallning</dd>");
    expect(html).toMatch(/Karin Avbokad(<!-- -->)? <span class="badge badge-red">Avbokad<\/span>/);
    const hem = await pageText(`/admin/old?q=maria.hem&visa=${ids.private}`);
    expect(hem).toContain("Storgatan 12, Sandviken");
    expect(hem).toContain("Telefonmöte");
  });

  it("keeps the chosen filters in the form", async () => {
    const html = await pageText("/admin/old?typ=private&period=passerade&status=avslutat&q=pelle");
    expect(html).toMatch(/<option value="private" selected="">Privatpass<\/option>/);
    expect(html).toMatch(/<option value="passerade" selected="">Passerade<\/option>/);
    expect(html).toMatch(/<option value="avslutat" selected="">Avslutat<\/option>/);
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="pelle"/);
    expect(html).toContain(">1 pass</p>");
  });

  it("says 'Inga pass matchar filtret' when nothing matches", async () => {
    const html = await pageText("/admin/old?q=finns-inte");
    expect(html).toContain("Inga pass matchar filtret");
    expect(html).toContain(">0 pass</p>");
  });

  it("shows 'Fel' / 'Kunde inte ladda pass' over an empty list when the read fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const real = env.DB.prepare.bind(env.DB);
    vi.spyOn(env.DB, "prepare").mockImplementation((query: string) => {
      if (/from "sessions"/i.test(query)) throw new Error("D1 is down");
      return real(query);
    });
    const html = await pageText("/admin/old?status=installt");
    expect(html).toContain("Kunde inte ladda pass");
    expect(html).toContain("Inga pass matchar filtret");
  });

  it("refuses an anonymous visitor and a signed-in customer", async () => {
    const anonymous = await SELF.fetch("http://localhost/admin/old", { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    // To the staff sign-in page (it was the start page, which told staff nothing).
    expect(anonymous.headers.get("Location")).toBe("/logga-in?till=%2Fadmin%2Fold");
    const customer = await signInAs({ email: "kund.alla.pass@example.se", kind: "customer" });
    const res = await SELF.fetch("http://localhost/admin/old?q=kund", { headers: { Cookie: customer }, redirect: "manual" });
    expect(res.status).toBe(403);
    const body = await res.text();
    expect(body).toContain("Åtkomst nekad");
    expect(body).not.toContain("kund1@example.se");
  });

  it("is linked from the admin menu", async () => {
    expect(await pageText("/admin")).toMatch(/<a[^>]*href="\/admin\/old"[^>]*>Alla pass<\/a>/);
  });
});

describe("paging, 25 a page", () => {
  beforeAll(async () => {
    for (let n = 1; n <= 30; n++) {
      ids[`serie${n}`] = await createSession({ title: `SERIE ${n}`, location: "Bronsängen Sandviken", startsInMs: (20 + n) * DAY_MS });
    }
  });
  const serie = (from: number, to: number, step = 1) => {
    const keys: string[] = [];
    for (let n = from; step > 0 ? n <= to : n >= to; n += step) keys.push(`serie${n}`);
    return pick(...keys);
  };

  it("shows 25 then the rest, newest first", async () => {
    const first = await list("q=serie");
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.sessions.map((s) => s.id)).toEqual(serie(30, 6, -1));
    const second = await list("q=serie&sida=2");
    expect(second).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    expect(second.sessions.map((s) => s.id)).toEqual(serie(5, 1, -1));
  });

  it("orders kommande soonest first across pages", async () => {
    expect(await listIds("q=serie&period=kommande")).toEqual(serie(1, 25));
    expect(await listIds("q=serie&period=kommande&sida=2")).toEqual(serie(26, 30));
  });

  it("clamps a page beyond the last to the last", async () => {
    const page = await list("q=serie&sida=9");
    expect(page).toMatchObject({ page: 2, pageCount: 2 });
    expect(page.sessions.map((s) => s.id)).toEqual(serie(5, 1, -1));
    expect(await list("q=ingenting&sida=3")).toMatchObject({ total: 0, page: 1, pageCount: 1, sessions: [] });
  });

  it("links the pages, keeping the filters", async () => {
    const first = await pageText("/admin/old?q=serie&typ=group");
    expect(first).toContain(">30 pass</p>");
    expect(first).toContain("Sida 1 av 2");
    expect(first).toMatch(/<a[^>]*href="\/admin\/old\?typ=group&amp;q=serie&amp;sida=2"[^>]*>Nästa<\/a>/);
    expect(first).not.toContain(">Föregående<");
    const last = await pageText("/admin/old?q=serie&typ=group&sida=5");
    expect(last).toContain("Sida 2 av 2");
    expect(last).toMatch(/<a[^>]*href="\/admin\/old\?typ=group&amp;q=serie"[^>]*>Föregående<\/a>/);
    expect(last).not.toContain(">Nästa<");
    expect(last.match(/data-testid="admin-session-/g)).toHaveLength(5);
  });
});
