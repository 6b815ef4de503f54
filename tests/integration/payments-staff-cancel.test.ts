// Every staff cancellation refunds a paid booking in full, once, with
// PAYMENTS=stripe: 'Avboka', 'Släpp till försäljning', 'Ställ in pass' and
// the minimum-participant decision's default, through the Worker and the
// cron's scheduled entry as the platform calls them, with Stripe faked at the
// fetch edge. The refund is queued in the cancel's batch and sent right after
// the response; a refund that fails is retried by the cron.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cancellationMail } from "~/domain/mail/cancellation";
import { toOutboxRow } from "~/server/email/outbox.server";
import { refundRetryDelayMs } from "~/server/payments/refunds.server";
import { seatsFor } from "~/server/seats/seats.server";
import app from "../../workers/app";
import cron, { CRONS } from "../../workers/cron";
import { bookMany, toastOf } from "./admin-fixtures";
import { createSession } from "./booking-fixtures";
import { signInAs, testContext } from "./helpers";
import { fakeStripe, postStripeEvent, type StripeFake } from "./stripe-fake";

const stripeEnv = {
  ...env,
  PAYMENTS: "stripe",
  STRIPE_SECRET_KEY: "sk_test_hundpassStaffCancel",
  STRIPE_WEBHOOK_SECRET: "whsec_hundpassStaffCancel",
};

const HOUR = 60 * 60_000;

/** An admin form POST through the Worker, waiting for what follows the response (the refunds, the mails). */
async function adminPost(path: string, fields: Record<string, string>, cookie: string, workerEnv: typeof env = stripeEnv) {
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  const res = await app.fetch(request as Request<unknown, IncomingRequestCfProperties>, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** An admin page through the Worker with payments on, as HTML. */
async function adminPage(path: string, cookie: string) {
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: cookie, Accept: "text/html" } });
  const res = await app.fetch(request as Request<unknown, IncomingRequestCfProperties>, stripeEnv, ctx);
  await waitOnExecutionContext(ctx);
  expect(res.status).toBe(200);
  return res.text();
}

async function runCron(scheduledTime: Date, cronEnv: typeof env = stripeEnv) {
  const ctx = createExecutionContext();
  await cron.scheduled(createScheduledController({ scheduledTime: scheduledTime.getTime(), cron: CRONS.everyFiveMinutes }), cronEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/** The booking as the payment flow leaves it paid: its payment 'paid' by `method`, with its PaymentIntent. */
async function paid(bookingId: string, method: "card" | "swish" = "card") {
  const row = await env.DB.prepare("SELECT session_id, price_sek FROM bookings WHERE id = ?").bind(bookingId).first<{ session_id: number; price_sek: number }>();
  const now = new Date().toISOString();
  await env.DB.prepare(
    `INSERT INTO payments (id, booking_id, session_id, amount_ore, status, checkout_session_id, payment_intent_id, method, paid_at, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, 'paid', ?5, ?6, ?7, ?8, ?8, ?8)`,
  )
    .bind(`pay-${bookingId}`, bookingId, row!.session_id, row!.price_sek * 100, `cs_test_${bookingId.replaceAll("-", "")}`, `pi_${bookingId.replaceAll("-", "")}`, method, now)
    .run();
}

/** A booking awaiting payment: status 'pending', counted as taken, with an open Checkout. */
async function awaitingPayment(sessionId: number): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, price_sek, booking_status, idempotency_key,
         session_title, session_location, session_start_time, session_end_time)
       SELECT ?1, id, 'Vera Väntar', 'vera@example.se', '0701234567', 'Ludde', price_sek, 'pending', ?1, title, location, start_time, end_time
       FROM sessions WHERE id = ?2`,
    ).bind(id, sessionId),
    env.DB.prepare(
      `INSERT INTO payments (id, booking_id, session_id, amount_ore, status, checkout_session_id, checkout_expires_at, created_at, updated_at)
       SELECT ?1, ?2, ?3, price_sek * 100, 'open', ?4, ?5, ?6, ?6 FROM sessions WHERE id = ?3`,
    ).bind(`pay-${id}`, id, sessionId, `cs_test_open${id.replaceAll("-", "")}`, new Date(Date.now() + 30 * 60_000).toISOString(), now),
    env.DB.prepare("UPDATE sessions SET current_participants = current_participants + 1 WHERE id = ?").bind(sessionId),
  ]);
  return id;
}

type PaymentState = { status: string; refund_reason: string | null; refund_id: string | null; refund_attempts: number; refund_error: string | null };
const paymentOf = async (bookingId: string) =>
  (await env.DB.prepare("SELECT status, refund_reason, refund_id, refund_attempts, refund_error FROM payments WHERE booking_id = ?")
    .bind(bookingId)
    .first<PaymentState>())!;
const cancellationText = async (bookingId: string) =>
  (await env.DB.prepare("SELECT text_body FROM email_outbox WHERE idempotency_key = ?").bind(`booking-cancelled:${bookingId}`).first<string>("text_body"))!;
const refundAudits = async (bookingId: string) =>
  (await env.DB.prepare("SELECT action, actor_email AS actor FROM audit_log WHERE target_id = ? AND action LIKE 'payment.%' ORDER BY id")
    .bind(bookingId)
    .all<{ action: string; actor: string }>()).results;

let stripe: StripeFake;
/** The refund calls for one booking (a cron run also sends what other tests left owed). */
const callsFor = (bookingId: string) => stripe.refundCalls().filter((c) => c.idempotencyKey?.startsWith(`refund-${bookingId}`));
const refundsOf = (bookingId: string) => [...stripe.refunds.keys()].filter((intent) => intent === `pi_${bookingId.replaceAll("-", "")}`);
let admin: string;
let adminEmail: string;

beforeEach(async () => {
  stripe = fakeStripe();
  adminEmail = `admin-${crypto.randomUUID().slice(0, 8)}@hundpass.se`;
  admin = await signInAs({ email: adminEmail, admin: true });
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  stripe.restore();
  vi.restoreAllMocks();
});

describe("'Avboka' of a paid booking", () => {
  it("refunds the full amount once under the booking's key, says so in the mail, and a repeat refunds nothing more", async () => {
    const sessionId = await createSession({ priceSek: 450 });
    const [bookingId] = await bookMany(sessionId, 1);
    await paid(bookingId!, "card");

    const res = await adminPost(`/admin/bokning/${bookingId}`, { intent: "cancel-booking" }, admin);
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    expect(await paymentOf(bookingId!)).toMatchObject({ status: "refunded", refund_reason: "staff-cancel", refund_id: "re_fake1" });
    expect(stripe.refundCalls().map((c) => [c.idempotencyKey, c.params.get("amount")])).toEqual([[`refund-${bookingId}`, "45000"]]);
    expect(await cancellationText(bookingId!)).toContain(
      "Du får tillbaka hela beloppet, 450 kr, till kortet du betalade med. Återbetalningen är på väg och brukar synas inom några bankdagar.",
    );
    expect(await refundAudits(bookingId!)).toEqual([{ action: "payment.refund", actor: adminEmail }]);

    const again = await adminPost(`/admin/bokning/${bookingId}`, { intent: "cancel-booking" }, admin);
    expect(await toastOf(again)).toMatchObject({ type: "error" });
    expect(stripe.refundCalls()).toHaveLength(1);
    expect(await refundAudits(bookingId!)).toHaveLength(1);
  });

  it("two 'Avboka' at once refund once: Stripe makes one refund and the row says refunded once", async () => {
    const sessionId = await createSession({ priceSek: 300 });
    const [bookingId] = await bookMany(sessionId, 1);
    await paid(bookingId!, "swish");
    stripe.latencyMs = 30;
    await Promise.all([
      adminPost(`/admin/bokning/${bookingId}`, { intent: "cancel-booking" }, admin),
      adminPost(`/admin/bokning/${bookingId}`, { intent: "cancel-booking" }, admin),
    ]);
    expect(stripe.refunds.size).toBe(1);
    expect(new Set(stripe.refundCalls().map((c) => c.idempotencyKey))).toEqual(new Set([`refund-${bookingId}`]));
    expect((await paymentOf(bookingId!)).status).toBe("refunded");
    expect(await refundAudits(bookingId!)).toEqual([{ action: "payment.refund", actor: adminEmail }]);
    expect(await cancellationText(bookingId!)).toContain("Du får tillbaka hela beloppet, 300 kr, till kontot du swishade från.");
  });

  it("a payment that still arrives for a booking staff cancelled is refunded, and the booking stays cancelled though its seat is free", async () => {
    const sessionId = await createSession({ priceSek: 249 });
    const bookingId = await awaitingPayment(sessionId);
    await adminPost(`/admin/bokning/${bookingId}`, { intent: "cancel-booking" }, admin);
    const session = {
      id: `cs_test_open${bookingId.replaceAll("-", "")}`,
      object: "checkout.session",
      payment_status: "paid",
      payment_intent: "pi_arrivedlate",
      payment_method_types: ["swish"],
      status: "complete",
    };
    const body = JSON.stringify({ id: `evt_late${bookingId.slice(0, 8)}`, object: "event", type: "checkout.session.completed", created: 0, data: { object: session } });
    const res = await postStripeEvent(body, stripeEnv);
    expect(res.status).toBe(200);
    expect(await env.DB.prepare("SELECT booking_status FROM bookings WHERE id = ?").bind(bookingId).first("booking_status")).toBe("cancelled");
    expect((await paymentOf(bookingId)).status).toBe("refunded");
    expect(callsFor(bookingId).map((c) => [c.idempotencyKey, c.params.get("payment_intent")])).toEqual([[`refund-${bookingId}`, "pi_arrivedlate"]]);
  });

  it("calls off the Checkout of a booking still awaiting payment: payment 'cancelled', the session expired at Stripe, nothing refunded", async () => {
    const sessionId = await createSession();
    const bookingId = await awaitingPayment(sessionId);
    const res = await adminPost(`/admin/bokning/${bookingId}`, { intent: "cancel-booking" }, admin);
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    expect((await paymentOf(bookingId)).status).toBe("cancelled");
    expect(stripe.expired).toEqual([`cs_test_open${bookingId.replaceAll("-", "")}`]);
    expect(stripe.refundCalls()).toHaveLength(0);
    expect(await cancellationText(bookingId)).not.toContain("tillbaka hela beloppet");
  });
});

describe("what 'Avboka' tells staff of the money", () => {
  const question = "Avboka bokningen? Kunden får ett mejl om att bokningen är avbokad.";

  it.each([
    ["card", "249 kr betalas tillbaka till kortet."],
    ["swish", "249 kr betalas tillbaka till Swish."],
  ] as const)("a booking paid by %s: the confirmation asks, and the toast says, '%s'", async (method, note) => {
    const sessionId = await createSession({ priceSek: 249 });
    const [bookingId] = await bookMany(sessionId, 1);
    await paid(bookingId!, method);
    // The session's own page, as a list opens it.
    const returnTo = `/admin/pass/${sessionId}?tillbaka=${encodeURIComponent("/admin/bokade-pass")}`;

    const confirm = await adminPage(`/admin/bokning/${bookingId}?tillbaka=${encodeURIComponent(returnTo)}`, admin);
    expect(confirm).toContain(`${question} ${note}`);
    // The session's page offers Avboka for the booking, back to that page.
    const sessionPage = await adminPage(returnTo, admin);
    expect(sessionPage).toContain(`href="/admin/bokning/${bookingId}?tillbaka=${encodeURIComponent(returnTo)}"`);

    const res = await adminPost(`/admin/bokning/${bookingId}`, { intent: "cancel-booking", returnTo }, admin);
    expect(res.headers.get("Location")).toBe(returnTo);
    expect(await toastOf(res)).toEqual({ type: "success", title: "Framgång", description: `Bokningen är avbokad. ${note}` });
    expect((await paymentOf(bookingId!)).status).toBe("refunded");
  });

  it("an unpaid booking, and one still awaiting payment: the question and the toast say nothing of money", async () => {
    const sessionId = await createSession({ priceSek: 249 });
    const [unpaid] = await bookMany(sessionId, 1);
    const awaiting = await awaitingPayment(sessionId);
    for (const bookingId of [unpaid!, awaiting]) {
      const confirm = await adminPage(`/admin/bokning/${bookingId}`, admin);
      expect(confirm).toContain(question);
      expect(confirm).not.toContain("betalas tillbaka");
      const res = await adminPost(`/admin/bokning/${bookingId}`, { intent: "cancel-booking" }, admin);
      expect(await toastOf(res)).toEqual({ type: "success", title: "Framgång", description: "Bokningen är avbokad" });
    }
  });
});

describe("the mail of a booking that awaited payment", () => {
  /** 'Avboka' as the seat object runs it, with both mails composed while the payment was open. */
  async function cancelWithBothMails(bookingId: string, sessionId: number) {
    const booking = (await env.DB.prepare("SELECT * FROM bookings WHERE id = ?").bind(bookingId).first())!;
    const cancelled = {
      id: bookingId,
      userName: String(booking.user_name),
      userEmail: String(booking.user_email),
      sessionId,
      sessionTitle: String(booking.session_title),
      sessionLocation: String(booking.session_location),
      sessionStartTime: String(booking.session_start_time),
      sessionEndTime: String(booking.session_end_time),
    };
    const site = { siteUrl: "http://localhost:8787", adminEmail: "admin@hundpass.se" };
    const now = new Date();
    const row = (refund: { amountOre: number; method: null } | null) =>
      toOutboxRow(cancellationMail(site, cancelled, "booking", now, 1, refund), { from: "Hundpass <bokning@hundpass.se>" }, now.toISOString());
    return seatsFor(testContext(), sessionId).cancelBooking(bookingId, {
      mails: [
        { bookingId, row: row(null), refunded: false },
        { bookingId, row: row({ amountOre: 24900, method: null }), refunded: true },
      ],
      payments: { refundReason: "staff-cancel" },
    });
  }

  const mailsOf = async (bookingId: string) =>
    (await env.DB.prepare("SELECT text_body FROM email_outbox WHERE idempotency_key = ?").bind(`booking-cancelled:${bookingId}`).all<{ text_body: string }>()).results;

  it("still unpaid when the cancel runs: the mail without money goes out, and the payment is called off", async () => {
    const sessionId = await createSession();
    const bookingId = await awaitingPayment(sessionId);
    expect((await cancelWithBothMails(bookingId, sessionId)).status).toBe("cancelled");
    const mails = await mailsOf(bookingId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).not.toContain("tillbaka hela beloppet");
    expect((await paymentOf(bookingId)).status).toBe("cancelled");
  });

  it("paid between the staff's read and the cancel: the refund is queued and the mail that says so goes out", async () => {
    const sessionId = await createSession();
    const bookingId = await awaitingPayment(sessionId);
    await env.DB.prepare("UPDATE payments SET status = 'paid', payment_intent_id = 'pi_sent', method = 'swish' WHERE booking_id = ?").bind(bookingId).run();
    expect((await cancelWithBothMails(bookingId, sessionId)).status).toBe("cancelled");
    const mails = await mailsOf(bookingId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain("Du får tillbaka hela beloppet, 249 kr");
    expect((await paymentOf(bookingId)).status).toBe("refund_pending");
  });
});

describe("releasing and cancelling a session", () => {
  it("'Släpp till försäljning' refunds each paid booking, calls off the unpaid one, and mails each what applies", async () => {
    const sessionId = await createSession({ priceSek: 249 });
    const [card, swish, unpaid] = await bookMany(sessionId, 3);
    await paid(card!, "card");
    await paid(swish!, "swish");
    const waiting = await awaitingPayment(sessionId);

    const res = await adminPost(`/admin/pass/${sessionId}`, { intent: "release" }, admin);
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    expect(await paymentOf(card!)).toMatchObject({ status: "refunded", refund_reason: "staff-cancel" });
    expect(await paymentOf(swish!)).toMatchObject({ status: "refunded", refund_reason: "staff-cancel" });
    expect((await paymentOf(waiting)).status).toBe("cancelled");
    expect(stripe.refundCalls().map((c) => c.idempotencyKey).sort()).toEqual([`refund-${card}`, `refund-${swish}`].sort());
    expect(stripe.expired).toHaveLength(1);
    expect(await cancellationText(card!)).toContain("Du får tillbaka hela beloppet, 249 kr, till kortet du betalade med.");
    expect(await cancellationText(swish!)).toContain("till kontot du swishade från");
    expect(await cancellationText(unpaid!)).not.toContain("tillbaka hela beloppet");

    await adminPost(`/admin/pass/${sessionId}`, { intent: "release" }, admin);
    expect(stripe.refundCalls()).toHaveLength(2);
  });

  it("'Ställ in pass' refunds each paid booking with the session's reason and says so in the 'Inställt' mail", async () => {
    const sessionId = await createSession({ priceSek: 1495 });
    const [bookingId] = await bookMany(sessionId, 2);
    await paid(bookingId!, "card");
    const res = await adminPost(`/admin/pass/${sessionId}`, { intent: "cancel" }, admin);
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    expect(await paymentOf(bookingId!)).toMatchObject({ status: "refunded", refund_reason: "session-cancelled" });
    expect(await cancellationText(bookingId!)).toContain("Du får tillbaka hela beloppet, 1\u00A0495 kr, till kortet du betalade med.");
    await adminPost(`/admin/pass/${sessionId}`, { intent: "cancel" }, admin);
    expect(stripe.refundCalls()).toHaveLength(1);
  });
});

describe("the minimum-participant decision's cancel", () => {
  it("refunds each paid booking when the default cancels the session at T−25 h, once however often the cron runs", async () => {
    const start = new Date(Math.ceil((Date.now() + 15 * 24 * HOUR) / HOUR) * HOUR);
    const sessionId = await createSession({ startsInMs: start.getTime() - Date.now(), priceSek: 200 });
    const [bookingId] = await bookMany(sessionId, 2);
    await paid(bookingId!, "swish");

    await runCron(new Date(start.getTime() - 30 * HOUR));
    expect(callsFor(bookingId!)).toHaveLength(0);
    await runCron(new Date(start.getTime() - 25 * HOUR));
    expect(await paymentOf(bookingId!)).toMatchObject({ status: "refunded", refund_reason: "decision" });
    expect(await cancellationText(bookingId!)).toContain("Du får tillbaka hela beloppet, 200 kr, till kontot du swishade från.");
    expect((await refundAudits(bookingId!)).map((a) => a.actor)).toEqual(["automatiskt"]);
    await runCron(new Date(start.getTime() - 25 * HOUR + 5 * 60_000));
    expect(new Set(callsFor(bookingId!).map((c) => c.idempotencyKey))).toEqual(new Set([`refund-${bookingId}`]));
    expect(refundsOf(bookingId!)).toHaveLength(1);
  });
});

describe("a refund that fails", () => {
  it("is marked failed with Stripe's error, retried by the cron once its pause is over, and then refunded", async () => {
    const sessionId = await createSession({ priceSek: 450 });
    const [bookingId] = await bookMany(sessionId, 1);
    await paid(bookingId!);
    stripe.failRefunds(1);
    const cancelledAt = Date.now();
    await adminPost(`/admin/bokning/${bookingId}`, { intent: "cancel-booking" }, admin);
    const failed = await paymentOf(bookingId!);
    expect(failed).toMatchObject({ status: "refund_failed", refund_attempts: 1 });
    expect(failed.refund_error).toContain("balance_insufficient");
    expect(await refundAudits(bookingId!)).toEqual([{ action: "payment.refund-failed", actor: adminEmail }]);

    // The next five-minute run comes before the pause is over: nothing is asked.
    await runCron(new Date(cancelledAt + refundRetryDelayMs(1) - 60_000));
    expect(callsFor(bookingId!)).toHaveLength(1);
    await runCron(new Date(cancelledAt + refundRetryDelayMs(1) + 60_000));
    expect(await paymentOf(bookingId!)).toMatchObject({ status: "refunded", refund_error: null });
    expect(refundsOf(bookingId!)).toHaveLength(1);
    expect((await refundAudits(bookingId!)).map((a) => [a.action, a.actor])).toEqual([
      ["payment.refund-failed", adminEmail],
      ["payment.refund", "automatiskt"],
    ]);
  });

  it("a refund queued by a cancel whose own send never ran (a crash between) is sent by the next cron run", async () => {
    const sessionId = await createSession({ priceSek: 450 });
    const [bookingId] = await bookMany(sessionId, 1);
    await paid(bookingId!);
    await env.DB.batch([
      env.DB.prepare("UPDATE bookings SET booking_status = 'cancelled' WHERE id = ?").bind(bookingId),
      env.DB.prepare("UPDATE payments SET status = 'refund_pending', refund_reason = 'staff-cancel' WHERE booking_id = ?").bind(bookingId),
    ]);
    await runCron(new Date());
    expect((await paymentOf(bookingId!)).status).toBe("refunded");
    expect(callsFor(bookingId!).map((c) => c.idempotencyKey)).toEqual([`refund-${bookingId}`]);
  });
});

describe("with PAYMENTS=off", () => {
  it("cancels as before: no payment is read or written, Stripe is never asked, the mail has no money in it", async () => {
    const sessionId = await createSession({ priceSek: 450 });
    const [bookingId] = await bookMany(sessionId, 1);
    const res = await adminPost(`/admin/bokning/${bookingId}`, { intent: "cancel-booking" }, admin, env);
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    await runCron(new Date(), env);
    expect(stripe.calls).toHaveLength(0);
    expect(await cancellationText(bookingId!)).not.toMatch(/tillbaka hela beloppet|återbetal/i);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE booking_id = ?").bind(bookingId).first("n")).toBe(0);
  });
});
