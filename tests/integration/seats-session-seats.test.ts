// The SessionSeats Durable Object, called directly through its binding: the
// seat count and the active bookings always agree, whatever arrives at once.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { classifyBookingFailure } from "../../app/server/booking/book-seat.server";
import { seatsFor, seatsStub, type BookSeatResult } from "../../app/server/seats/seats.server";
import { toOutboxRow } from "../../app/server/email/outbox.server";
import { createSession, seatInput, seatState } from "./booking-fixtures";
import { testContext } from "./helpers";
import { captureLoggedFailures } from "../support/expected-logs";

async function statusOf(bookingId: string) {
  const row = await env.DB.prepare("SELECT booking_status FROM bookings WHERE id = ?").bind(bookingId).first<{ booking_status: string }>();
  return row?.booking_status;
}

/** A cancellation mail as a staff change hands it over (its key is per booking). */
function cancellationRow(bookingId: string, to: string) {
  return toOutboxRow(
    { kind: "test-cancellation", to, subject: "Avbokad", text: "Din bokning är avbokad.", idempotencyKey: `booking-cancelled:${bookingId}` },
    { from: "Hundpass <info@hundpass.se>" },
    new Date().toISOString(),
  );
}

const count = (results: BookSeatResult[], status: BookSeatResult["status"]) =>
  results.filter((r) => r.status === status).length;

describe("booking seats", () => {
  it("gives exactly 10 of 200 simultaneous bookings on a 10-seat group session; the rest get full", async () => {
    const id = await createSession({ maxParticipants: 10 });
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => seatsFor(testContext(), id).book(seatInput(i))));
    expect(count(results, "booked")).toBe(10);
    expect(count(results, "full")).toBe(190);
    expect(await seatState(id)).toMatchObject({ current: 10, max: 10, active: 10, rows: 10 });
  });

  it("gives a private session to exactly one of many simultaneous bookings", async () => {
    const id = await createSession({ passType: "private", maxParticipants: 1, title: "PLAN", location: "Online" });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => seatsFor(testContext(), id).book(seatInput(i))));
    expect(count(results, "booked")).toBe(1);
    expect(count(results, "full")).toBe(49);
    expect(await seatState(id)).toMatchObject({ current: 1, active: 1 });
  });

  it("takes one booking on a private session even when it has two seats (the public 'full' rule)", async () => {
    const id = await createSession({ passType: "private", maxParticipants: 2, title: "HEMMIS", location: "Hembesök" });
    expect((await seatsFor(testContext(), id).book(seatInput("a"))).status).toBe("booked");
    expect((await seatsFor(testContext(), id).book(seatInput("b"))).status).toBe("full");
    expect(await seatState(id)).toMatchObject({ current: 1, max: 2, active: 1 });
  });

  it("refuses the same e-mail twice on one session whatever its case", async () => {
    const id = await createSession();
    const first = await seatsFor(testContext(), id).book(seatInput(1, { userEmail: "Anna.Berg@Example.se" }));
    const again = await seatsFor(testContext(), id).book(seatInput(2, { userEmail: "anna.berg@example.SE" }));
    expect(first.status).toBe("booked");
    expect(again.status).toBe("duplicate");
    expect(await seatState(id)).toMatchObject({ current: 1, rows: 1 });
  });

  it("refuses a duplicate e-mail even when the session is full (the more helpful answer)", async () => {
    const id = await createSession({ maxParticipants: 1 });
    await seatsFor(testContext(), id).book(seatInput(1, { userEmail: "lisa@example.se" }));
    expect((await seatsFor(testContext(), id).book(seatInput(2, { userEmail: "LISA@example.se" }))).status).toBe("duplicate");
  });

  it("lets an e-mail book again after its earlier booking was cancelled", async () => {
    const id = await createSession();
    await env.DB.prepare(
      `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, booking_status, idempotency_key,
         session_title, session_location, session_start_time, session_end_time)
       SELECT 'old-booking', id, 'Anna', 'anna@example.se', '0701234567', 'Fido', 'cancelled', 'old-key',
         title, location, start_time, end_time FROM sessions WHERE id = ?`,
    )
      .bind(id)
      .run();
    expect((await seatsFor(testContext(), id).book(seatInput(1, { userEmail: "anna@example.se" }))).status).toBe("booked");
    expect(await seatState(id)).toMatchObject({ current: 1, active: 1, rows: 2 });
  });

  it("books the same e-mail on two different sessions", async () => {
    const a = await createSession();
    const b = await createSession();
    expect((await seatsFor(testContext(), a).book(seatInput("x", { userEmail: "x@example.se" }))).status).toBe("booked");
    expect((await seatsFor(testContext(), b).book(seatInput("x", { userEmail: "x@example.se" }))).status).toBe("booked");
  });

  it("returns the first booking for a repeated idempotency key and books nothing new", async () => {
    const id = await createSession({ maxParticipants: 1 });
    const input = seatInput(1);
    const first = await seatsFor(testContext(), id).book(input);
    // The last seat is now taken, yet the repeat is answered with the booking, not 'full'.
    const repeat = await seatsFor(testContext(), id).book({ ...input });
    expect(first.status).toBe("booked");
    expect(repeat.status).toBe("booked");
    if (first.status !== "booked" || repeat.status !== "booked") return;
    expect(first.replayed).toBe(false);
    expect(repeat.replayed).toBe(true);
    expect(repeat.booking.id).toBe(first.booking.id);
    expect(await seatState(id)).toMatchObject({ current: 1, rows: 1 });
  });

  it("books once when the same idempotency key arrives 20 times at once", async () => {
    const id = await createSession();
    const input = seatInput(1);
    const results = await Promise.all(Array.from({ length: 20 }, () => seatsFor(testContext(), id).book({ ...input })));
    const ids = new Set(results.map((r) => (r.status === "booked" ? r.booking.id : r.status)));
    expect(ids.size).toBe(1);
    expect(count(results, "booked")).toBe(20);
    expect(await seatState(id)).toMatchObject({ current: 1, rows: 1 });
  });

  it("stores the booking with the session snapshot and the variant price", async () => {
    const id = await createSession({ title: "PRIVAT & PROFFS", passType: "private", maxParticipants: 1, priceSek: 0 });
    const result = await seatsFor(testContext(), id).book(seatInput(1, { variant: "proffs", priceSek: 595 }));
    expect(result.status).toBe("booked");
    if (result.status !== "booked") return;
    expect(result.booking).toMatchObject({
      sessionId: id,
      variant: "proffs",
      priceSek: 595,
      bookingStatus: "confirmed",
      sessionTitle: "PRIVAT & PROFFS",
      sessionLocation: "Hundhallen Gävle",
    });
    expect(result.session.currentParticipants).toBe(1);
  });

  it("takes the session's price when no variant is chosen", async () => {
    const id = await createSession({ priceSek: 349 });
    const result = await seatsFor(testContext(), id).book(seatInput(1));
    expect(result.status === "booked" && result.booking.priceSek).toBe(349);
  });

  it("refuses a session that has started or ended, and one that does not exist", async () => {
    const started = await createSession({ startsInMs: -10 * 60_000 });
    const ended = await createSession({ startsInMs: -3 * 60 * 60_000 });
    expect((await seatsFor(testContext(), started).book(seatInput(1))).status).toBe("past");
    expect((await seatsFor(testContext(), ended).book(seatInput(1))).status).toBe("past");
    expect((await seatsFor(testContext(), 987654).book(seatInput(1))).status).toBe("not-found");
    expect(await seatState(started)).toMatchObject({ current: 0, rows: 0 });
    expect(await seatState(ended)).toMatchObject({ current: 0, rows: 0 });
  });
});

describe("nothing is ever half-written", () => {
  it("stores no booking when counting the seat fails", async () => {
    const logged = captureLoggedFailures();
    const id = await createSession();
    await env.DB.prepare(
      `CREATE TRIGGER fail_seat_count BEFORE UPDATE OF current_participants ON sessions
       WHEN NEW.id = ${id} BEGIN SELECT RAISE(ABORT, 'seat count refused'); END`,
    ).run();
    try {
      expect((await seatsFor(testContext(), id).book(seatInput(1))).status).toBe("error");
    } finally {
      await env.DB.prepare("DROP TRIGGER fail_seat_count").run();
    }
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
    expect(logged()).toEqual([expect.stringMatching(/^booking for session \d+ failed Error: D1_ERROR: seat count refused/)]);
  });

  it("counts no seat when storing the booking fails", async () => {
    const logged = captureLoggedFailures();
    const id = await createSession();
    await env.DB.prepare(
      `CREATE TRIGGER fail_booking_insert BEFORE INSERT ON bookings
       WHEN NEW.session_id = ${id} BEGIN SELECT RAISE(ABORT, 'booking refused'); END`,
    ).run();
    try {
      expect((await seatsFor(testContext(), id).book(seatInput(1))).status).toBe("error");
    } finally {
      await env.DB.prepare("DROP TRIGGER fail_booking_insert").run();
    }
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
    // And the session still books normally afterwards.
    expect((await seatsFor(testContext(), id).book(seatInput(2))).status).toBe("booked");
    expect(logged()).toEqual([expect.stringMatching(/^booking for session \d+ failed Error: D1_ERROR: booking refused/)]);
  });

  it("tells the database's own UNIQUE refusals (last line of defence) apart: duplicate, replay, other", async () => {
    const id = await createSession();
    const first = await seatsFor(testContext(), id).book(seatInput(1, { userEmail: "eva@example.se" }));
    if (first.status !== "booked") throw new Error("setup failed");
    // Provoke the real constraint errors with writes that bypass the object.
    const insertSame = (email: string, key: string) =>
      env.DB.prepare(
        `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, idempotency_key,
           session_title, session_location, session_start_time, session_end_time)
         SELECT ?, id, 'Eva', ?, '0701234567', 'Fido', ?, title, location, start_time, end_time FROM sessions WHERE id = ?`,
      )
        .bind(crypto.randomUUID(), email, key, id)
        .run()
        .then(
          () => null,
          (error: unknown) => error,
        );
    const emailError = await insertSame("EVA@example.se", crypto.randomUUID());
    const keyError = await insertSame("other@example.se", first.booking.idempotencyKey);
    expect(String(emailError)).toMatch(/UNIQUE constraint failed/);
    expect(String(keyError)).toMatch(/UNIQUE constraint failed/);

    expect(classifyBookingFailure(emailError)).toBe("duplicate");
    expect(classifyBookingFailure(keyError)).toBe("replay");
    expect(classifyBookingFailure(new Error("D1 is down"))).toBe("error");
    // A replay is answered with the first booking.
    const replay = await seatsFor(testContext(), id).book(seatInput(3, { idempotencyKey: first.booking.idempotencyKey }));
    expect(replay.status === "booked" && replay.replayed && replay.booking.id).toBe(first.booking.id);
    expect(await seatState(id)).toMatchObject({ current: 1, rows: 1 });
  });
});

describe("giving seats back and changing seats", () => {
  async function bookMany(id: number, n: number) {
    const booked = [];
    for (let i = 0; i < n; i++) {
      const r = await seatsFor(testContext(), id).book(seatInput(`${id}-${i}`));
      if (r.status !== "booked") throw new Error(`setup booking ${i}: ${r.status}`);
      booked.push(r.booking);
    }
    return booked;
  }

  it("cancelling a booking keeps it as cancelled and gives its seat back", async () => {
    const id = await createSession({ maxParticipants: 3 });
    const [a] = await bookMany(id, 3);
    const result = await seatsFor(testContext(), id).cancelBooking(a!.id);
    expect(result.status).toBe("cancelled");
    expect(await seatState(id)).toMatchObject({ current: 2, active: 2, rows: 3 });
    expect(await statusOf(a!.id)).toBe("cancelled");
    // The freed seat can be booked again.
    expect((await seatsFor(testContext(), id).book(seatInput("new"))).status).toBe("booked");
  });

  it("cancelling the same booking twice gives back one seat", async () => {
    const id = await createSession();
    const [a] = await bookMany(id, 2);
    const results = await Promise.all([seatsFor(testContext(), id).cancelBooking(a!.id), seatsFor(testContext(), id).cancelBooking(a!.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(["cancelled", "not-found"]);
    expect(await seatState(id)).toMatchObject({ current: 1, active: 1 });
  });

  it("never counts below 0: a cancellation recounts the seats from the active bookings, mending a wrong count", async () => {
    const id = await createSession();
    const [a] = await bookMany(id, 1);
    await env.DB.prepare("UPDATE sessions SET current_participants = 0 WHERE id = ?").bind(id).run();
    expect((await seatsFor(testContext(), id).cancelBooking(a!.id)).status).toBe("cancelled");
    expect(await seatState(id)).toMatchObject({ current: 0, active: 0, rows: 1 });
  });

  it("an already cancelled booking is not cancelled again and gives back no seat", async () => {
    const id = await createSession();
    const [a] = await bookMany(id, 2);
    await env.DB.prepare("UPDATE bookings SET booking_status = 'cancelled' WHERE id = ?").bind(a!.id).run();
    await env.DB.prepare("UPDATE sessions SET current_participants = 1 WHERE id = ?").bind(id).run();
    expect((await seatsFor(testContext(), id).cancelBooking(a!.id)).status).toBe("not-found");
    expect(await seatState(id)).toMatchObject({ current: 1, active: 1, rows: 2 });
  });

  it("refuses to cancel a booking of another session", async () => {
    const a = await createSession();
    const b = await createSession();
    const [booking] = await bookMany(a, 1);
    expect((await seatsFor(testContext(), b).cancelBooking(booking!.id)).status).toBe("not-found");
    expect(await seatState(a)).toMatchObject({ current: 1, rows: 1 });
  });

  it("release cancels the bookings it names (kept as cancelled), sets the count to 0 and returns them", async () => {
    const id = await createSession();
    const booked = await bookMany(id, 4);
    const result = await seatsFor(testContext(), id).release(booked.map((b) => b.id));
    expect(result.status).toBe("released");
    if (result.status !== "released") return;
    expect(result.releasedBookings.map((b) => b.id).sort()).toEqual(booked.map((b) => b.id).sort());
    expect(result.session.currentParticipants).toBe(0);
    expect(await seatState(id)).toMatchObject({ current: 0, active: 0, rows: 4 });
    for (const b of booked) expect(await statusOf(b.id)).toBe("cancelled");
    expect((await seatsFor(testContext(), 999999).release([])).status).toBe("not-found");
  });

  it("release leaves a booking made after the caller looked (it has no mail for it) and counts it", async () => {
    const id = await createSession();
    const seen = await bookMany(id, 2);
    const late = await seatsFor(testContext(), id).book(seatInput("late-comer"));
    if (late.status !== "booked") throw new Error("setup");
    const result = await seatsFor(testContext(), id).release(seen.map((b) => b.id));
    expect(result.status === "released" && result.releasedBookings.length).toBe(2);
    expect(await seatState(id)).toMatchObject({ current: 1, active: 1, rows: 3 });
    expect(await statusOf(late.booking.id)).toBe("confirmed");
  });

  it("queues each customer's mail only for a booking the change cancelled, once however often it is repeated", async () => {
    const id = await createSession();
    const booked = await bookMany(id, 2);
    const mails = booked.map((b) => ({ bookingId: b.id, row: cancellationRow(b.id, b.userEmail) }));
    const audit = {
      actor: { userId: null, email: "admin@hundpass.se" },
      entry: { action: "session.release", targetType: "session", targetId: String(id) },
    };
    await seatsFor(testContext(), id).release(booked.map((b) => b.id), { mails, audit });
    // A double submit: the same change with freshly composed rows and the same keys.
    const again = booked.map((b) => ({ bookingId: b.id, row: cancellationRow(b.id, b.userEmail) }));
    const second = await seatsFor(testContext(), id).release(booked.map((b) => b.id), { mails: again, audit });
    expect(second.status === "released" && second.releasedBookings).toEqual([]);
    const queued = await env.DB.prepare("SELECT to_address FROM email_outbox WHERE kind = 'test-cancellation' ORDER BY to_address").all<{ to_address: string }>();
    expect(queued.results.map((r) => r.to_address)).toEqual(booked.map((b) => b.userEmail).sort());
    const audits = await env.DB.prepare("SELECT action, target_id FROM audit_log").all();
    expect(audits.results).toEqual([{ action: "session.release", target_id: String(id) }]);
  });

  it("queues no mail for a booking the change did not cancel", async () => {
    const a = await createSession();
    const b = await createSession();
    const [other] = await bookMany(b, 1);
    await seatsFor(testContext(), a).cancelBooking(other!.id, { mails: [{ bookingId: other!.id, row: cancellationRow(other!.id, other!.userEmail) }] });
    const queued = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = ?").bind(other!.userEmail).first<{ n: number }>();
    expect(queued?.n).toBe(0);
    expect(await statusOf(other!.id)).toBe("confirmed");
  });

  it("changes max participants, but never below the participants already booked", async () => {
    const id = await createSession({ maxParticipants: 6 });
    await bookMany(id, 3);
    expect((await seatsFor(testContext(), id).setMaxParticipants(2)).status).toBe("below-current");
    expect(await seatState(id)).toMatchObject({ current: 3, max: 6 });
    expect((await seatsFor(testContext(), id).setMaxParticipants(3)).status).toBe("updated");
    expect((await seatsFor(testContext(), id).book(seatInput("late"))).status).toBe("full");
    expect((await seatsFor(testContext(), id).setMaxParticipants(8)).status).toBe("updated");
    expect(await seatState(id)).toMatchObject({ current: 3, max: 8 });
    expect((await seatsFor(testContext(), id).setMaxParticipants(0)).status).toBe("invalid");
    expect((await seatsFor(testContext(), id).setMaxParticipants(2.5)).status).toBe("invalid");
    expect((await seatsFor(testContext(), 999998).setMaxParticipants(5)).status).toBe("not-found");
  });

  it("a shrink racing with bookings never leaves more participants than seats", async () => {
    const id = await createSession({ maxParticipants: 10 });
    const work = [
      ...Array.from({ length: 30 }, (_, i) => seatsFor(testContext(), id).book(seatInput(`race-${i}`))),
      seatsFor(testContext(), id).setMaxParticipants(4),
    ];
    await Promise.all(work);
    const state = await seatState(id);
    expect(state.current).toBe(state.active);
    expect(state.current).toBeLessThanOrEqual(state.max);
  });

  it("keeps the count equal to the active bookings when 50 bookings interleave with a release and a cancellation", async () => {
    const id = await createSession({ maxParticipants: 40 });
    const first = await bookMany(id, 6);
    // Sent in this order, all at once: 10 bookings, the release, 20 bookings, the cancellation, 20 bookings.
    const work: Promise<{ status: string }>[] = [];
    for (let i = 0; i < 50; i++) {
      if (i === 10) work.push(seatsFor(testContext(), id).release(first.slice(0, 3).map((b) => b.id)));
      if (i === 30) work.push(seatsFor(testContext(), id).cancelBooking(first[4]!.id));
      work.push(seatsFor(testContext(), id).book(seatInput(`mix-${i}`)));
    }
    const outcomes = await Promise.all(work);
    expect(outcomes.filter((o) => o.status === "booked")).toHaveLength(38);
    expect(outcomes.filter((o) => o.status === "full")).toHaveLength(12);
    const state = await seatState(id);
    expect(state.current).toBe(state.active);
    expect(state.active).toBe(40);
    expect(state.rows).toBe(state.active + 4);
  });

  it("keeps the count equal to the active bookings through a storm of bookings and cancellations", async () => {
    const id = await createSession({ maxParticipants: 8 });
    const first = await bookMany(id, 5);
    await Promise.all([
      ...first.map((b) => seatsFor(testContext(), id).cancelBooking(b.id)),
      ...Array.from({ length: 40 }, (_, i) => seatsFor(testContext(), id).book(seatInput(`storm-${i}`))),
    ]);
    const state = await seatState(id);
    expect(state.current).toBe(state.active);
    expect(state.current).toBeLessThanOrEqual(8);
    expect(state.current).toBeGreaterThanOrEqual(0);
  });

  it("cancelling a session keeps it marked cancelled, cancels its bookings, returns them, and books no more", async () => {
    const id = await createSession();
    const booked = await bookMany(id, 2);
    const result = await seatsFor(testContext(), id).cancelSession(booked.map((b) => b.id));
    expect(result.status).toBe("cancelled");
    if (result.status !== "cancelled") return;
    expect(result.cancelledBookings.map((b) => b.id).sort()).toEqual(booked.map((b) => b.id).sort());
    expect(result.session.cancelledAt).not.toBeNull();
    expect(await seatState(id)).toMatchObject({ current: 0, active: 0, rows: 2 });
    const again = await seatsFor(testContext(), id).cancelSession(booked.map((b) => b.id));
    expect(again.status === "cancelled" && again.cancelledBookings).toEqual([]);
    const statuses = await env.DB.prepare(
      `SELECT booking_status FROM bookings WHERE id IN (${booked.map(() => "?").join(",")})`,
    )
      .bind(...booked.map((b) => b.id))
      .all<{ booking_status: string }>();
    expect(statuses.results.map((r) => r.booking_status)).toEqual(["cancelled", "cancelled"]);
    expect((await seatsFor(testContext(), id).book(seatInput("after"))).status).toBe("session-cancelled");
    expect((await seatsFor(testContext(), 999997).cancelSession([])).status).toBe("not-found");
  });

  it("an object refuses calls meant for another session's object", async () => {
    const a = await createSession();
    const b = await createSession();
    await seatsFor(testContext(), a).book(seatInput("owner"));
    const refusal = await seatsStub(testContext(), a).book(b, seatInput("stray"));
    expect(refusal).toEqual({ status: "misrouted", message: `SessionSeats for session ${a} got a call for session ${b}` });
    expect(await seatState(b)).toMatchObject({ current: 0, rows: 0 });
  });
});

describe("a sold-out session", () => {
  async function soldOut() {
    const id = await createSession({ maxParticipants: 1 });
    const first = seatInput("first");
    const booked = await seatsFor(testContext(), id).book(first);
    if (booked.status !== "booked") throw new Error("setup failed");
    expect((await seatsFor(testContext(), id).book(seatInput("late"))).status).toBe("full");
    return { id, first, booked };
  }

  it("still answers a repeat of the booking that took the last seat with that booking", async () => {
    const { id, first, booked } = await soldOut();
    const repeat = await seatsFor(testContext(), id).book({ ...first });
    expect(repeat.status === "booked" && repeat.replayed && repeat.booking.id).toBe(booked.booking.id);
    expect(await seatState(id)).toMatchObject({ current: 1, rows: 1 });
  });

  it("books a seat given back by a cancellation at once", async () => {
    const { id, first, booked } = await soldOut();
    await seatsFor(testContext(), id).cancelBooking(booked.booking.id);
    expect((await seatsFor(testContext(), id).book(seatInput("next"))).status).toBe("booked");
    // Repeating the cancelled booking's form books nothing: the session is full again.
    expect((await seatsFor(testContext(), id).book({ ...first })).status).toBe("full");
  });

  it("books at once after more seats are added or the session is released", async () => {
    const { id } = await soldOut();
    await seatsFor(testContext(), id).setMaxParticipants(2);
    expect((await seatsFor(testContext(), id).book(seatInput("more"))).status).toBe("booked");
    expect((await seatsFor(testContext(), id).book(seatInput("again-late"))).status).toBe("full");
    const active = await env.DB.prepare("SELECT id FROM bookings WHERE session_id = ? AND booking_status <> 'cancelled'").bind(id).all<{ id: string }>();
    await seatsFor(testContext(), id).release(active.results.map((r) => r.id));
    expect((await seatsFor(testContext(), id).book(seatInput("after-release"))).status).toBe("booked");
  });

  it("notices seats added straight in D1 at once", async () => {
    const { id } = await soldOut();
    await env.DB.prepare("UPDATE sessions SET max_participants = 2 WHERE id = ?").bind(id).run();
    expect((await seatsFor(testContext(), id).book(seatInput("noticed"))).status).toBe("booked");
    expect(await seatState(id)).toMatchObject({ current: 2, max: 2, active: 2 });
  });
});
