// The waitlist in the SessionSeats Durable Object: a freed seat is held for
// the first in line so nobody else can book it, and passes to the next when
// the hold lapses, is declined or the holder leaves.
import { createExecutionContext, createScheduledController, runDurableObjectAlarm, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { sha256Hex } from "../../app/server/platform/crypto.server";
import { seatsFor, seatsStub, type BookSeatResult } from "../../app/server/seats/seats.server";
import cron, { CRONS } from "../../workers/cron";
import { createSession, seatInput } from "./booking-fixtures";
import { bookWithHold, entries, fullSession, joinQueue, lapseHolds, mailsTo, offerTokenOf, seats } from "./waitlist-fixtures";
import { testContext } from "./helpers";

const count = (results: BookSeatResult[], status: BookSeatResult["status"]) => results.filter((r) => r.status === status).length;

async function runCron(scheduledTime: Date) {
  const controller = createScheduledController({ scheduledTime, cron: CRONS.everyFiveMinutes });
  const ctx = createExecutionContext();
  await cron.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("holding a freed seat for the first in line", () => {
  it("keeps a held seat from 100 simultaneous public bookings; the holder then books it", async () => {
    const { id, bookingIds } = await fullSession({ maxParticipants: 2 });
    expect((await joinQueue(id, "forst@example.se")).result.status).toBe("joined");
    expect((await joinQueue(id, "andra@example.se")).result.status).toBe("joined");

    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    expect(await seats(id)).toEqual({ current: 1, held: 1, max: 2 });
    expect((await entries(id)).map((e) => e.status)).toEqual(["offered", "waiting"]);
    const [offer] = await mailsTo("forst@example.se", "waitlist-offer");
    expect(offer?.subject).toContain("En plats är ledig");
    expect(offer?.text_body).toContain("Platsen är reserverad för dig till");
    expect(offer?.text_body).toMatch(/\/ko\/[A-Za-z0-9_-]{43}\?svar=nej/);
    expect(await mailsTo("andra@example.se", "waitlist-offer")).toHaveLength(0);

    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => seatsFor(testContext(), id).book(seatInput(`race-${id}-${i}`))));
    expect(count(results, "booked")).toBe(0);
    expect(count(results, "full")).toBe(100);
    expect(await seats(id)).toEqual({ current: 1, held: 1, max: 2 });

    const held = await bookWithHold(id, await offerTokenOf("forst@example.se"), "forst@example.se");
    expect(held.status).toBe("booked");
    expect(await seats(id)).toEqual({ current: 2, held: 0, max: 2 });
    const [first, second] = await entries(id);
    expect(first).toMatchObject({ status: "booked", bookingId: held.status === "booked" ? held.booking.id : "" });
    expect(second?.status).toBe("waiting");
    // The used hold link is blanked in the stored mail.
    expect((await mailsTo("forst@example.se", "waitlist-offer"))[0]?.secret).toBeNull();
  });

  it("refuses a hold's booking for another address, or a second time", async () => {
    const { id, bookingIds } = await fullSession();
    await joinQueue(id, "hanna@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[1]!);
    const token = await offerTokenOf("hanna@example.se");
    expect((await bookWithHold(id, token, "nagon.annan@example.se")).status).toBe("hold-invalid");
    expect((await bookWithHold(id, "not-the-token", "hanna@example.se")).status).toBe("hold-invalid");
    expect((await bookWithHold(id, token, "HANNA@example.se")).status).toBe("booked");
    expect((await bookWithHold(id, token, "hanna@example.se")).status).toBe("duplicate");
    expect(await seats(id)).toEqual({ current: 2, held: 0, max: 2 });
  });

  it("passes a lapsed hold to the next in line at the alarm: the old holder and the public cannot book it", async () => {
    const { id, bookingIds } = await fullSession();
    await joinQueue(id, "ett@example.se");
    await joinQueue(id, "tva@example.se");
    await seatsFor(testContext(), id).release([bookingIds[0]!]);
    const firstToken = await offerTokenOf("ett@example.se");
    const [offer] = await mailsTo("ett@example.se", "waitlist-offer");
    // The hold lasts two hours and its mail's link dies with it.
    const holdEnd = Date.parse(offer!.expires_at!);
    expect(holdEnd - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000);
    expect(holdEnd - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);

    await lapseHolds(id);
    // Lapsed but not yet processed: still held, so neither the old holder nor the public gets it.
    expect((await bookWithHold(id, firstToken, "ett@example.se")).status).toBe("hold-invalid");
    expect((await seatsFor(testContext(), id).book(seatInput(`pub-${id}`))).status).toBe("full");

    expect(await runDurableObjectAlarm(seatsStub(testContext(), id))).toBe(true);
    expect((await entries(id)).map((e) => e.status)).toEqual(["expired", "offered"]);
    expect(await seats(id)).toEqual({ current: 1, held: 1, max: 2 });
    expect(await mailsTo("tva@example.se", "waitlist-offer")).toHaveLength(1);
    expect((await bookWithHold(id, firstToken, "ett@example.se")).status).toBe("hold-invalid");
    expect((await seatsFor(testContext(), id).book(seatInput(`pub2-${id}`))).status).toBe("full");
    expect((await bookWithHold(id, await offerTokenOf("tva@example.se"), "tva@example.se")).status).toBe("booked");
  });

  it("frees the seat for everyone when a lapsed hold has nobody after it", async () => {
    const { id, bookingIds } = await fullSession();
    await joinQueue(id, "ensam@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    await lapseHolds(id);
    await runDurableObjectAlarm(seatsStub(testContext(), id));
    expect(await seats(id)).toEqual({ current: 1, held: 0, max: 2 });
    expect((await seatsFor(testContext(), id).book(seatInput(`free-${id}`))).status).toBe("booked");
  });

  it("passes a lapsed hold on from the cron's waitlist job too", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { id, bookingIds } = await fullSession();
    await joinQueue(id, "cron1@example.se");
    await joinQueue(id, "cron2@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    const firstToken = await offerTokenOf("cron1@example.se");
    await lapseHolds(id);

    await runCron(new Date());
    expect((await entries(id)).map((e) => e.status)).toEqual(["expired", "offered"]);
    expect(await mailsTo("cron2@example.se", "waitlist-offer")).toHaveLength(1);
    expect((await bookWithHold(id, firstToken, "cron1@example.se")).status).toBe("hold-invalid");
    expect((await seatsFor(testContext(), id).book(seatInput(`pub-cron-${id}`))).status).toBe("full");
    // A second run changes nothing.
    await runCron(new Date());
    expect(await mailsTo("cron2@example.se", "waitlist-offer")).toHaveLength(1);
    expect(await seats(id)).toEqual({ current: 1, held: 1, max: 2 });
    vi.restoreAllMocks();
  });

  it("passes a declined offer to the next in line", async () => {
    const { id, bookingIds } = await fullSession();
    await joinQueue(id, "nej@example.se");
    await joinQueue(id, "ja@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    const declined = await seatsFor(testContext(), id).declineOffer(await sha256Hex(await offerTokenOf("nej@example.se")));
    expect(declined).toMatchObject({ status: "left", declined: true, step: { offered: 1 } });
    expect((await entries(id)).map((e) => e.status)).toEqual(["left", "offered"]);
    expect(await seats(id)).toMatchObject({ held: 1 });
    expect(await mailsTo("ja@example.se", "waitlist-offer")).toHaveLength(1);
  });

  it("lets someone leave the queue, and passes their seat on when they held one", async () => {
    const { id, bookingIds } = await fullSession();
    const a = await joinQueue(id, "a@example.se");
    const b = await joinQueue(id, "b@example.se");
    const c = await joinQueue(id, "c@example.se");
    // Leaving while waiting: the next in line moves up.
    expect(await seatsFor(testContext(), id).leaveWaitlist(await sha256Hex(b.leaveToken))).toMatchObject({ status: "left", declined: false });
    expect(await seatsFor(testContext(), id).leaveWaitlist(await sha256Hex(b.leaveToken))).toEqual({ status: "not-found" });
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    expect((await entries(id)).map((e) => e.status)).toEqual(["offered", "left", "waiting"]);
    // Leaving while holding: the seat goes to c.
    expect(await seatsFor(testContext(), id).leaveWaitlist(await sha256Hex(a.leaveToken))).toMatchObject({ status: "left", declined: true });
    expect((await entries(id)).map((e) => e.status)).toEqual(["left", "left", "offered"]);
    expect(await mailsTo("c@example.se", "waitlist-offer")).toHaveLength(1);
    expect(c.result.status).toBe("joined");
    expect(await seats(id)).toEqual({ current: 1, held: 1, max: 2 });
  });

  it("offers every seat a raised max frees, in queue order", async () => {
    const { id } = await fullSession({ maxParticipants: 2 });
    for (const who of ["q1", "q2", "q3"]) await joinQueue(id, `${who}@example.se`);
    expect((await seatsFor(testContext(), id).setMaxParticipants(4)).status).toBe("updated");
    expect((await entries(id)).map((e) => e.status)).toEqual(["offered", "offered", "waiting"]);
    expect(await seats(id)).toEqual({ current: 2, held: 2, max: 4 });
    // Max cannot go below the booked and held seats.
    expect((await seatsFor(testContext(), id).setMaxParticipants(3)).status).toBe("below-current");
  });

  it("closes the queue of a cancelled session: no holds, nobody waiting", async () => {
    const { id, bookingIds } = await fullSession();
    await joinQueue(id, "x1@example.se");
    await joinQueue(id, "x2@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    await seatsFor(testContext(), id).cancelSession([bookingIds[1]!]);
    expect((await entries(id)).map((e) => e.status)).toEqual(["closed", "closed"]);
    expect(await seats(id)).toEqual({ current: 0, held: 0, max: 2 });
    expect((await joinQueue(id, "x3@example.se")).result.status).toBe("session-cancelled");
  });

  it("closes the queue of a session that has started, from the cron", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { id } = await fullSession();
    await joinQueue(id, "sen@example.se");
    await env.DB.prepare("UPDATE sessions SET start_time = ?, end_time = ? WHERE id = ?")
      .bind(new Date(Date.now() - 60_000).toISOString(), new Date(Date.now() + 3_600_000).toISOString(), id)
      .run();
    await runCron(new Date());
    expect((await entries(id)).map((e) => e.status)).toEqual(["closed"]);
    vi.restoreAllMocks();
  });

  it("refuses to queue while a seat is free: book directly", async () => {
    const id = await createSession({ maxParticipants: 3 });
    expect((await joinQueue(id, "direkt@example.se")).result).toEqual({ status: "seats-free" });
    expect(await entries(id)).toHaveLength(0);
  });

  it("answers a second join by the same address like the first, storing and mailing nothing new", async () => {
    const { id } = await fullSession();
    expect((await joinQueue(id, "Dubbel@Example.se")).result.status).toBe("joined");
    expect((await joinQueue(id, "dubbel@example.SE")).result).toEqual({ status: "already-queued" });
    // Someone who booked the session cannot queue for it either.
    expect((await joinQueue(id, `kund${id}-0@example.se`)).result).toEqual({ status: "already-queued" });
    expect(await entries(id)).toHaveLength(1);
  });

  it("holds a private session's one seat for the first in line", async () => {
    const { id, bookingIds } = await fullSession({ passType: "private", maxParticipants: 1, title: "PLAN", location: "Online" });
    await joinQueue(id, "privat@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    expect(await seats(id)).toEqual({ current: 0, held: 1, max: 1 });
    expect((await seatsFor(testContext(), id).book(seatInput(`priv-${id}`))).status).toBe("full");
    expect((await bookWithHold(id, await offerTokenOf("privat@example.se"), "privat@example.se")).status).toBe("booked");
  });
});

describe("a queue longer than one read of it", () => {
  it("offers 25 freed seats to 25 waiting, each offer and its mail counted once", async () => {
    const { id } = await fullSession({ maxParticipants: 2 });
    for (let i = 0; i < 25; i++) {
      expect((await joinQueue(id, `ko${i}@example.se`)).result.status).toBe("joined");
    }
    // Seats added behind the object's back, so one queue step finds all 25 free (more than one chunk of the queue).
    await env.DB.prepare("UPDATE sessions SET max_participants = 27 WHERE id = ?").bind(id).run();
    const step = await seatsFor(testContext(), id).runQueue();
    expect(step.offered).toBe(25);
    expect(new Set(step.mailIds).size).toBe(25);
    expect(step.mailIds).toHaveLength(25);
    expect(await seats(id)).toEqual({ current: 2, held: 25, max: 27 });
    expect((await entries(id)).every((e) => e.status === "offered")).toBe(true);
  });
});
