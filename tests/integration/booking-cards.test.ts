// A klippkort or presentkort used at booking, through the real worker, the
// session's SessionSeats object and D1: the code typed on the booking form
// pays the booking in its own batch (a klippkort one use, a presentkort up
// to its balance), a code that cannot pay books nothing and says why,
// guesses are limited per network, fifty bookings at once spend a card with
// three uses exactly three times, and every staff cancellation (and a
// payment hold that ends unpaid) gives the card back in the cancel's batch,
// saying so in the mail. For every card, the kept balance is the ledger's sum.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cardCodeLast4, formatCardCode, generateCardCode } from "~/domain/cards/card-code";
import { CARD_CODE_PROBLEMS } from "~/domain/cards/card-code-field";
import { CARD_BOOKING_PROBLEMS, CARD_BOOKING_TEXTS, CARD_LEDGER_NOTES } from "~/domain/cards/card-texts";
import { bookingAttemptSlot } from "~/server/booking/booking-rate-limit.server";
import { CARD_CODE_LIMIT } from "~/server/cards/card-at-booking.server";
import { hashCardCode } from "~/server/cards/card-codes.server";
import { seatsFor } from "~/server/seats/seats.server";
import cron, { CRONS } from "../../workers/cron";
import { post, toastOf } from "./admin-fixtures";
import { bookingForm, createSession, postBooking, seatInput, seatState } from "./booking-fixtures";
import { balancesOffTheLedger } from "./card-fixtures";
import { awayFromWindowEnd, signInAs, testContext } from "./helpers";
import { seedDemo } from "./public-helpers";

/** Room for the 50-way race on a busy 2-core machine. */
const RACE_TIMEOUT_MS = 60_000;
const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

let admin: string;
let productIds: { klippkort: number; presentkort: number };

beforeAll(async () => {
  await seedDemo();
  admin = await signInAs({ email: `kort-bokning-${crypto.randomUUID().slice(0, 6)}@hundpass.se`, admin: true });
  const klipp = await env.DB.prepare(
    `INSERT INTO card_products (kind, name, uses, price_sek, session_types_json, validity_months) VALUES ('klippkort', '5-kort valp', 5, 1000, '["VALPKURS"]', 6) RETURNING id`,
  ).first<{ id: number }>();
  const gift = await env.DB.prepare(
    `INSERT INTO card_products (kind, name, amounts_json, validity_months) VALUES ('presentkort', 'Presentkort', '[200, 500]', 12) RETURNING id`,
  ).first<{ id: number }>();
  productIds = { klippkort: klipp!.id, presentkort: gift!.id };
});

afterEach(() => vi.restoreAllMocks());

type CardOptions = { uses?: number; balanceSek?: number; types?: string[]; expiresInMs?: number; voided?: boolean };

/** A card sold at the counter, as sell-card leaves it (its issue row in the ledger); returns its id and the code as mailed. */
async function sellCard(kind: "klippkort" | "presentkort", o: CardOptions = {}) {
  const code = generateCardCode();
  const now = Date.now();
  const klipp = kind === "klippkort";
  const uses = klipp ? (o.uses ?? 3) : null;
  const balance = klipp ? null : (o.balanceSek ?? 200);
  const row = await env.DB.prepare(
    `INSERT INTO cards (product_id, kind, code_hash, code_last4, holder_email, sold_via, paid_sek, session_types_json, uses_left, balance_sek, issued_at, expires_at, voided_at)
     VALUES (?, ?, ?, ?, 'innehavare@example.se', 'counter', 500, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      productIds[kind],
      kind,
      await hashCardCode(code),
      cardCodeLast4(code),
      klipp ? JSON.stringify(o.types ?? ["VALPKURS"]) : null,
      uses,
      balance,
      new Date(now - DAY).toISOString(),
      new Date(now + (o.expiresInMs ?? 90 * DAY)).toISOString(),
      null,
    )
    .first<{ id: number }>();
  await env.DB.prepare(`INSERT INTO card_ledger (card_id, kind, uses_delta, amount_delta_sek, created_at) VALUES (?, 'issue', ?, ?, ?)`)
    .bind(row!.id, uses ?? 0, balance ?? 0, new Date(now - DAY).toISOString())
    .run();
  if (o.voided) {
    const at = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO card_ledger (card_id, kind, uses_delta, amount_delta_sek, created_at) VALUES (?, 'void', ?, ?, ?)`).bind(row!.id, -(uses ?? 0), -(balance ?? 0), at),
      env.DB.prepare(`UPDATE cards SET voided_at = ?, uses_left = CASE WHEN uses_left IS NULL THEN NULL ELSE 0 END, balance_sek = CASE WHEN balance_sek IS NULL THEN NULL ELSE 0 END WHERE id = ?`).bind(at, row!.id),
    ]);
  }
  return { id: row!.id, code: formatCardCode(code) };
}

async function cardOf(id: number) {
  return (await env.DB.prepare("SELECT uses_left AS usesLeft, balance_sek AS balanceSek FROM cards WHERE id = ?").bind(id).first<{ usesLeft: number | null; balanceSek: number | null }>())!;
}

async function ledgerOf(id: number) {
  const { results } = await env.DB.prepare("SELECT kind, uses_delta AS uses, amount_delta_sek AS amount, booking_id AS bookingId FROM card_ledger WHERE card_id = ? ORDER BY id")
    .bind(id)
    .all<{ kind: string; uses: number; amount: number; bookingId: string | null }>();
  return results;
}

const mailText = async (key: string) =>
  (await env.DB.prepare("SELECT text_body AS text, html_body AS html FROM email_outbox WHERE idempotency_key = ?").bind(key).first<{ text: string; html: string | null }>()) ?? null;

/** Books session `sessionId` through the form with `code` for a fresh address; the booking id when it was booked. */
async function bookWithCode(sessionId: number, code: string, who = crypto.randomUUID().slice(0, 8), ip?: string) {
  const email = `kort-${who}@example.se`;
  const res = await postBooking(sessionId, await bookingForm({ user_email: email, user_email_confirm: email, card_code: code }), ip);
  const row = await env.DB.prepare("SELECT id FROM bookings WHERE user_email = ? AND session_id = ?").bind(email, sessionId).first<{ id: string }>();
  return { res, bookingId: row?.id ?? null, email };
}

const bookingsOf = async (sessionId: number) => (await seatState(sessionId)).rows;

describe("a code on the booking form", () => {
  it("a klippkort pays the whole booking with one use, in the booking's batch, and the mail and the page say what is left", async () => {
    const card = await sellCard("klippkort", { uses: 3 });
    const sessionId = await createSession({ title: "VALPKURS", priceSek: 300 });
    // Typed in small letters with spaces: read as the code.
    const { res, bookingId } = await bookWithCode(sessionId, ` ${card.code.toLowerCase().replaceAll("-", " ")} `);
    expect(res.status).toBe(302);
    expect(bookingId).not.toBeNull();
    expect(await cardOf(card.id)).toEqual({ usesLeft: 2, balanceSek: null });
    expect((await ledgerOf(card.id)).at(-1)).toEqual({ kind: "use", uses: -1, amount: 0, bookingId });
    const mail = await mailText(`booking-confirmation:${bookingId}`);
    expect(mail?.text).toContain("Kort: 1 klipp använt, 2 kvar");
    expect(mail?.html).toContain("1 klipp använt, 2 kvar");
    expect(mail?.text).not.toContain("{{");
    expect((await mailText(`booking-admin-notification:${bookingId}`))?.text).toContain("Kort: 1 klipp använt, 2 kvar");
    // The confirmation on /mina-bokningar, for the browser that booked.
    const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const page = await exports.default.fetch("http://localhost/mina-bokningar", { headers: { Cookie: cookie } });
    expect(await page.text()).toContain("1 klipp använt, 2 kvar");
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it("a presentkort pays up to its balance; the rest is paid on the spot, and the mail says both", async () => {
    const card = await sellCard("presentkort", { balanceSek: 200 });
    const sessionId = await createSession({ title: "NOSARBETE", priceSek: 350 });
    const { res, bookingId } = await bookWithCode(sessionId, card.code);
    expect(res.status).toBe(302);
    expect(await cardOf(card.id)).toEqual({ usesLeft: null, balanceSek: 0 });
    expect((await ledgerOf(card.id)).at(-1)).toEqual({ kind: "use", uses: 0, amount: -200, bookingId });
    const mail = await mailText(`booking-confirmation:${bookingId}`);
    expect(mail?.text).toContain("Kort: 200 kr från presentkortet, 0 kr kvar");
    expect(mail?.text).toContain("Att betala på plats: 150 kr");

    // A presentkort larger than the price keeps the rest.
    const big = await sellCard("presentkort", { balanceSek: 500 });
    const second = await bookWithCode(sessionId, big.code);
    expect(await cardOf(big.id)).toEqual({ usesLeft: null, balanceSek: 150 });
    const text = (await mailText(`booking-confirmation:${second.bookingId}`))?.text;
    expect(text).toContain("Kort: 350 kr från presentkortet, 150 kr kvar");
    expect(text).not.toContain("Att betala på plats");
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it("the same form sent twice after it spent the card's last use answers with its booking, not a refusal", async () => {
    const card = await sellCard("klippkort", { uses: 1 });
    const sessionId = await createSession({ title: "VALPKURS", priceSek: 300 });
    const email = `kort-twice-${card.id}@example.se`;
    const fields = { user_email: email, user_email_confirm: email, card_code: card.code, idempotency_key: crypto.randomUUID() };
    const first = await postBooking(sessionId, await bookingForm(fields));
    const second = await postBooking(sessionId, await bookingForm(fields));
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(second.headers.get("Location")).toBe("/mina-bokningar");
    expect(await seatState(sessionId)).toMatchObject({ current: 1, rows: 1 });
    expect(await cardOf(card.id)).toEqual({ usesLeft: 0, balanceSek: null });
    expect((await ledgerOf(card.id)).filter((l) => l.kind === "use")).toHaveLength(1);
  });

  it.each([
    ["an unknown code", async () => ({ code: formatCardCode(generateCardCode()), id: null }), "unknown"],
    ["an expired card", async () => sellCard("klippkort", { expiresInMs: -HOUR }), "expired"],
    ["a used-up klippkort", async () => sellCard("klippkort", { uses: 0 }), "used"],
    ["a used-up presentkort", async () => sellCard("presentkort", { balanceSek: 0 }), "used"],
    ["a klippkort for another session type", async () => sellCard("klippkort", { types: ["AGILITY"] }), "wrong-type"],
    ["a voided card", async () => sellCard("klippkort", { voided: true }), "voided"],
  ] as const)("refuses %s in Swedish and changes nothing", async (_what, make, problem) => {
    const card = await make();
    const sessionId = await createSession({ title: "VALPKURS", priceSek: 300 });
    const before = card.id ? { card: await cardOf(card.id), ledger: await ledgerOf(card.id) } : null;
    const { res, bookingId } = await bookWithCode(sessionId, card.code);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(CARD_BOOKING_PROBLEMS[problem]);
    expect(bookingId).toBeNull();
    expect(await seatState(sessionId)).toMatchObject({ current: 0, rows: 0 });
    if (card.id) expect({ card: await cardOf(card.id), ledger: await ledgerOf(card.id) }).toEqual(before);
  });

  it("refuses a code on a free session, and a code with a lookalike, without looking anything up", async () => {
    const card = await sellCard("klippkort");
    const free = await createSession({ title: "VALPKURS", priceSek: 0 });
    const refused = await bookWithCode(free, card.code);
    expect(refused.res.status).toBe(409);
    expect(await refused.res.text()).toContain(CARD_BOOKING_PROBLEMS.free);
    const paid = await createSession({ title: "VALPKURS", priceSek: 300 });
    const lookalike = await bookWithCode(paid, "ABCD-EFGH-JKMN-PQR0");
    expect(lookalike.res.status).toBe(400);
    expect(await lookalike.res.text()).toContain(CARD_CODE_PROBLEMS.lookalike);
    expect(await bookingsOf(free)).toBe(0);
    expect(await bookingsOf(paid)).toBe(0);
    expect(await cardOf(card.id)).toEqual({ usesLeft: 3, balanceSek: null });
  });

  it("a klippkort names the session's type: by its popup type's name, or by its title in any case", async () => {
    const type = (await env.DB.prepare("SELECT id, name FROM popup_types ORDER BY id LIMIT 1").first<{ id: number; name: string }>())!;
    const typed = await createSession({ title: `${type.name} – kväll`, priceSek: 300 });
    await env.DB.prepare("UPDATE sessions SET popup_type_id = ? WHERE id = ?").bind(type.id, typed).run();
    const forType = await sellCard("klippkort", { uses: 2, types: [type.name] });
    expect((await bookWithCode(typed, forType.code)).res.status).toBe(302);
    expect(await cardOf(forType.id)).toEqual({ usesLeft: 1, balanceSek: null });

    // The card names the type in other letters than the session's title: the same type all the same.
    const untyped = await createSession({ title: "VALPKURS", priceSek: 300 });
    const otherCase = await sellCard("klippkort", { uses: 2, types: ["  valpkurs"] });
    const booked = await bookWithCode(untyped, otherCase.code);
    expect(booked.res.status).toBe(302);
    expect(await cardOf(otherCase.id)).toEqual({ usesLeft: 1, balanceSek: null });
    expect((await ledgerOf(otherCase.id)).filter((l) => l.kind === "use")).toEqual([{ kind: "use", uses: -1, amount: 0, bookingId: booked.bookingId }]);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it("a booking with a presentkort counts as one booking attempt of its network, as any booking does", async () => {
    const card = await sellCard("presentkort", { balanceSek: 500 });
    const sessionId = await createSession({ title: "NOSARBETE", priceSek: 350 });
    const ip = `10.97.${Math.floor(Math.random() * 250)}.3`;
    const slot = await bookingAttemptSlot(env, new Request("http://localhost/", { headers: { "CF-Connecting-IP": ip } }));
    const { res } = await bookWithCode(sessionId, card.code, undefined, ip);
    expect(res.status).toBe(302);
    const hits = await env.DB.prepare("SELECT hits FROM rate_limits WHERE key = ? AND window_start = ?").bind(slot.key, slot.windowStart).first<{ hits: number }>();
    expect(hits?.hits).toBe(1);
  });

  // Its own timeout covers the wait for a fresh window (up to 30 s) on top of the guesses.
  it("limits guessing per network: after 10 refused codes even a good code is not looked up, and another network is untouched", { timeout: 60_000 }, async () => {
    await awayFromWindowEnd(CARD_CODE_LIMIT.windowMs, 30_000);
    const sessionId = await createSession({ title: "VALPKURS", priceSek: 300 });
    const ip = `10.99.${Math.floor(Math.random() * 250)}.7`;
    for (let i = 0; i < CARD_CODE_LIMIT.limit; i++) {
      const guess = await bookWithCode(sessionId, formatCardCode(generateCardCode()), undefined, ip);
      expect(guess.res.status).toBe(409);
    }
    const good = await sellCard("klippkort");
    const blocked = await bookWithCode(sessionId, good.code, undefined, ip);
    expect(blocked.res.status).toBe(429);
    expect(blocked.res.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await blocked.res.text()).toContain(CARD_BOOKING_PROBLEMS["rate-limited"]);
    expect(await cardOf(good.id)).toEqual({ usesLeft: 3, balanceSek: null });
    const elsewhere = await bookWithCode(sessionId, good.code, undefined, "10.98.0.1");
    expect(elsewhere.res.status).toBe(302);
    expect(await cardOf(good.id)).toEqual({ usesLeft: 2, balanceSek: null });
  });
});

describe("the race", () => {
  it(
    "50 bookings on 50 sessions at once with one klippkort of 3 uses: exactly 3 booked with it, 47 refused in Swedish, the ledger equals the balance",
    async () => {
      const card = await sellCard("klippkort", { uses: 3 });
      const sessions = await Promise.all(Array.from({ length: 50 }, () => createSession({ title: "VALPKURS", priceSek: 300 })));
      const answers = await Promise.all(sessions.map((id, i) => bookWithCode(id, card.code, `race-${card.id}-${i}`)));
      const booked = answers.filter((a) => a.res.status === 302 && a.bookingId !== null);
      const refused = answers.filter((a) => a.res.status === 409);
      expect(booked).toHaveLength(3);
      expect(refused).toHaveLength(47);
      for (const r of refused) {
        expect(r.bookingId).toBeNull();
        expect(await r.res.text()).toContain(CARD_BOOKING_PROBLEMS.used);
      }
      expect(await cardOf(card.id)).toEqual({ usesLeft: 0, balanceSek: null });
      const uses = (await ledgerOf(card.id)).filter((l) => l.kind === "use");
      expect(uses.map((l) => l.bookingId).sort()).toEqual(booked.map((b) => b.bookingId).sort());
      const seats = await Promise.all(sessions.map(seatState));
      expect(seats.reduce((n, s) => n + s.rows, 0)).toBe(3);
      expect(seats.every((s) => s.current === s.active)).toBe(true);
      expect(await balancesOffTheLedger()).toEqual([]);
    },
    RACE_TIMEOUT_MS,
  );
});

describe("given back when the business cancels", () => {
  /** A session booked by one customer with a klippkort (3 uses) and one with a presentkort (200 kr of 300). */
  async function bookedWithCards(start?: Date) {
    const klipp = await sellCard("klippkort", { uses: 3 });
    const gift = await sellCard("presentkort", { balanceSek: 200 });
    const sessionId = start ? await sessionStartingAt(start) : await createSession({ title: "VALPKURS", priceSek: 300 });
    const a = await bookWithCode(sessionId, klipp.code);
    const b = await bookWithCode(sessionId, gift.code);
    expect([a.bookingId, b.bookingId]).not.toContain(null);
    expect(await cardOf(klipp.id)).toEqual({ usesLeft: 2, balanceSek: null });
    expect(await cardOf(gift.id)).toEqual({ usesLeft: null, balanceSek: 0 });
    return { sessionId, klipp, gift, klippBooking: a.bookingId!, giftBooking: b.bookingId! };
  }

  async function expectGivenBack(s: Awaited<ReturnType<typeof bookedWithCards>>, bookingIds: string[] = [s.klippBooking, s.giftBooking]) {
    if (bookingIds.includes(s.klippBooking)) {
      expect(await cardOf(s.klipp.id)).toEqual({ usesLeft: 3, balanceSek: null });
      expect((await ledgerOf(s.klipp.id)).at(-1)).toMatchObject({ kind: "give-back", uses: 1, amount: 0, bookingId: s.klippBooking });
      expect((await mailText(`booking-cancelled:${s.klippBooking}`))?.text).toContain("Klippet är tillbaka på ditt kort, 3 kvar.");
    }
    if (bookingIds.includes(s.giftBooking)) {
      expect(await cardOf(s.gift.id)).toEqual({ usesLeft: null, balanceSek: 200 });
      expect((await ledgerOf(s.gift.id)).at(-1)).toMatchObject({ kind: "give-back", uses: 0, amount: 200, bookingId: s.giftBooking });
      const mail = await mailText(`booking-cancelled:${s.giftBooking}`);
      expect(mail?.text).toContain("200 kr är tillbaka på ditt presentkort.");
      expect(mail?.html).toContain("200 kr är tillbaka på ditt presentkort.");
    }
    expect(await balancesOffTheLedger()).toEqual([]);
  }

  it("'Avboka' of one booking gives its card back, once", async () => {
    const s = await bookedWithCards();
    const res = await post(`/admin/bokning/${s.klippBooking}`, { intent: "cancel-booking" }, admin);
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    await expectGivenBack(s, [s.klippBooking]);
    // The other booking keeps its spend; a repeat gives nothing more back.
    expect(await cardOf(s.gift.id)).toEqual({ usesLeft: null, balanceSek: 0 });
    await post(`/admin/bokning/${s.klippBooking}`, { intent: "cancel-booking" }, admin);
    expect((await ledgerOf(s.klipp.id)).filter((l) => l.kind === "give-back")).toHaveLength(1);
    expect(await cardOf(s.klipp.id)).toEqual({ usesLeft: 3, balanceSek: null });
  });

  it("'Släpp till försäljning' gives every card back", async () => {
    const s = await bookedWithCards();
    const res = await post(`/admin/pass/${s.sessionId}`, { intent: "release" }, admin);
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    await expectGivenBack(s);
  });

  it("'Ställ in pass' gives every card back", async () => {
    const s = await bookedWithCards();
    const res = await post(`/admin/pass/${s.sessionId}`, { intent: "cancel" }, admin);
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    await expectGivenBack(s);
  });

  it("the minimum-participant decision's cancel gives every card back", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const start = new Date(Math.ceil((Date.now() + 3 * DAY) / HOUR) * HOUR);
    const s = await bookedWithCards(start);
    // The request at T−30 h, then the default (cancel) at T−25 h.
    await runCron(new Date(start.getTime() - 30 * HOUR));
    await runCron(new Date(start.getTime() - 25 * HOUR));
    expect(await env.DB.prepare("SELECT decision FROM session_decisions WHERE session_id = ?").bind(s.sessionId).first("decision")).toBe("cancel");
    await expectGivenBack(s);
  });

  it("a card that has ended since the booking (voided, expired) gets nothing back, and its mail and history say so", async () => {
    const s = await bookedWithCards();
    expect(await toastOf(await post("/admin/kort", { intent: "void", id: String(s.klipp.id) }, admin))).toMatchObject({ type: "success" });
    await env.DB.prepare("UPDATE cards SET expires_at = ? WHERE id = ?").bind(new Date(Date.now() - HOUR).toISOString(), s.gift.id).run();
    await runCron(new Date());

    const res = await post(`/admin/pass/${s.sessionId}`, { intent: "cancel" }, admin);
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    expect(await cardOf(s.klipp.id)).toEqual({ usesLeft: 0, balanceSek: null });
    expect(await cardOf(s.gift.id)).toEqual({ usesLeft: null, balanceSek: 0 });
    for (const [card, bookingId, kind] of [
      [s.klipp, s.klippBooking, "klippkort"],
      [s.gift, s.giftBooking, "presentkort"],
    ] as const) {
      const backs = (await ledgerOf(card.id)).filter((l) => l.kind === "give-back");
      expect(backs).toEqual([{ kind: "give-back", uses: 0, amount: 0, bookingId }]);
      const note = await env.DB.prepare("SELECT note FROM card_ledger WHERE card_id = ? AND kind = 'give-back'").bind(card.id).first<string>("note");
      expect(note).toBe(`${CARD_LEDGER_NOTES.givenBackByStaff}. ${CARD_LEDGER_NOTES.endedNothingBack}`);
      const mail = await mailText(`booking-cancelled:${bookingId}`);
      expect(mail?.text).toContain(CARD_BOOKING_TEXTS.endedNoBack(kind));
      expect(mail?.text).not.toContain("är tillbaka på ditt");
      expect(mail?.text).not.toContain("{{");
    }
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it("a payment hold that ends unpaid gives back the part its presentkort paid; the payment was for the rest", async () => {
    const gift = await sellCard("presentkort", { balanceSek: 200 });
    const sessionId = await createSession({ title: "VALPKURS", priceSek: 300 });
    const seats = seatsFor(testContext(), sessionId);
    const spend = { cardId: gift.id, kind: "presentkort" as const, uses: 0, amountSek: 200, balanceBefore: 200 };
    const payment = { id: crypto.randomUUID(), holdUntil: new Date(Date.now() + 30 * 60_000).toISOString() };
    const held = await seats.book(seatInput(`hold-${gift.id}`), { payment, card: spend });
    expect(held.status).toBe("booked");
    const bookingId = held.status === "booked" ? held.booking.id : "";
    expect(await env.DB.prepare("SELECT amount_ore FROM payments WHERE booking_id = ?").bind(bookingId).first("amount_ore")).toBe(10_000);
    expect(await cardOf(gift.id)).toEqual({ usesLeft: null, balanceSek: 0 });

    expect((await seats.releasePayment({ bookingId })).status).toBe("released");
    expect(await cardOf(gift.id)).toEqual({ usesLeft: null, balanceSek: 200 });
    expect((await ledgerOf(gift.id)).map((l) => l.kind)).toEqual(["issue", "use", "give-back"]);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it("a booking refused by its seat spends nothing: a full session leaves the card as it was", async () => {
    const card = await sellCard("klippkort", { uses: 1 });
    const sessionId = await createSession({ title: "VALPKURS", priceSek: 300, maxParticipants: 1, currentParticipants: 1 });
    const spend = { cardId: card.id, kind: "klippkort" as const, uses: 1, amountSek: 300, balanceBefore: null };
    expect((await seatsFor(testContext(), sessionId).book(seatInput(`full-${card.id}`), { card: spend })).status).toBe("full");
    expect(await cardOf(card.id)).toEqual({ usesLeft: 1, balanceSek: null });
    expect(await ledgerOf(card.id)).toHaveLength(1);
  });
});

async function sessionStartingAt(start: Date): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO sessions (title, description, location, start_time, end_time, pass_type, price_sek, current_participants, max_participants)
     VALUES ('VALPKURS', 'Testpass', 'Regementsparken Gävle', ?, ?, 'group', 300, 0, 8) RETURNING id`,
  )
    .bind(start.toISOString(), new Date(start.getTime() + HOUR).toISOString())
    .first<{ id: number }>();
  return row!.id;
}

async function runCron(scheduledTime: Date) {
  const ctx = createExecutionContext();
  await cron.scheduled(createScheduledController({ scheduledTime: scheduledTime.getTime(), cron: CRONS.everyFiveMinutes }), env, ctx);
  await waitOnExecutionContext(ctx);
}
