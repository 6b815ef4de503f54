// Refunds (app/server/payments/refunds.server.ts): queued in someone else's
// batch, sent through the stripe library to Stripe faked at the fetch edge
// (stripe-fake.ts), marked once, audited once.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBatch, BatchBuilder } from "~/server/db/batch.server";
import {
  MAX_REFUND_ATTEMPTS,
  refundQueueStatements,
  refundRetryDelayMs,
  sendRefunds,
} from "~/server/payments/refunds.server";
import { getConfig } from "~/server/platform/env.server";
import { testContext } from "./helpers";
import { fakeStripe, postStripeEvent, type StripeFake } from "./stripe-fake";

const stripeEnv = { ...env, PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_test_hundpassRefundTests", STRIPE_WEBHOOK_SECRET: "whsec_hundpassRefundTests" };
const stripeContext = () => ({ ...testContext(), config: getConfig(stripeEnv) });

type Payment = {
  status: string;
  refund_id: string | null;
  refunded_at: string | null;
  refund_error: string | null;
  refund_attempts: number;
  refund_reason: string | null;
  refund_retry_at: string | null;
};
const paymentOf = (bookingId: string) =>
  env.DB.prepare("SELECT * FROM payments WHERE booking_id = ?").bind(bookingId).first<Payment>() as Promise<Payment>;
const auditRows = async (action: string) =>
  (await env.DB.prepare("SELECT actor_email, target_id, details_json FROM audit_log WHERE action = ? ORDER BY id").bind(action).all<{
    actor_email: string;
    target_id: string;
    details_json: string;
  }>()).results;

let sessionId: number;
let stripe: StripeFake;

/** A booking of the session (cancelled unless said) with a payment in `status`. */
async function bookingWithPayment(id: string, status: string, { bookingStatus = "cancelled", intent = `pi_${id.replaceAll("-", "")}` } = {}) {
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, price_sek, booking_status, idempotency_key,
         session_title, session_location, session_start_time, session_end_time)
       SELECT ?1, id, 'Ada Betalar', 'ada@example.se', '0701234567', 'Bamse', 450, ?2, ?1, title, location, start_time, end_time FROM sessions WHERE id = ?3`,
    ).bind(id, bookingStatus, sessionId),
    env.DB.prepare(
      `INSERT INTO payments (id, booking_id, session_id, amount_ore, status, checkout_session_id, payment_intent_id, method, paid_at, created_at, updated_at)
       VALUES (?1, ?2, ?3, 45000, ?4, ?5, ?6, 'card', ?7, ?7, ?7)`,
    ).bind(`pay-${id}`, id, sessionId, status, `cs_test_${id.replaceAll("-", "")}`, intent, now),
  ]);
}

async function queue(bookingIds: string[], reason: "staff-cancel" | "decision" = "staff-cancel") {
  const b = new BatchBuilder();
  b.addAll(refundQueueStatements(bookingIds, new Date().toISOString(), reason));
  await runBatch(testContext(), b.plan(() => null));
}

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM payments"), env.DB.prepare("DELETE FROM bookings"), env.DB.prepare("DELETE FROM audit_log")]);
  const start = new Date(Date.now() + 7 * 86_400_000);
  sessionId = (await env.DB.prepare(
    `INSERT INTO sessions (title, location, start_time, end_time, pass_type, max_participants, price_sek)
     VALUES ('VALPKURS', 'Hundhallen Gävle', ?, ?, 'group', 6, 450) RETURNING id`,
  )
    .bind(start.toISOString(), new Date(start.getTime() + 3_600_000).toISOString())
    .first<number>("id"))!;
  stripe = fakeStripe();
});
afterEach(() => stripe.restore());

describe("queuing a refund in a change's batch", () => {
  it("queues every paid payment of a cancelled booking with its reason, and nothing else", async () => {
    await bookingWithPayment("avbokad-betald", "paid");
    await bookingWithPayment("aktiv-betald", "paid", { bookingStatus: "confirmed" });
    await bookingWithPayment("avbokad-oppen", "open", { bookingStatus: "cancelled" });
    await queue(["avbokad-betald", "aktiv-betald", "avbokad-oppen"], "decision");
    expect(await paymentOf("avbokad-betald")).toMatchObject({ status: "refund_pending", refund_reason: "decision" });
    expect((await paymentOf("aktiv-betald")).status).toBe("paid");
    expect((await paymentOf("avbokad-oppen")).status).toBe("open");
    expect(refundQueueStatements([], new Date().toISOString(), "staff-cancel")).toEqual([]);
  });

  it("queues nothing the second time: a refunded payment stays refunded", async () => {
    await bookingWithPayment("b1", "refunded");
    await queue(["b1"]);
    expect((await paymentOf("b1")).status).toBe("refunded");
  });
});

describe("sending refunds", () => {
  it("refunds the full amount once under the booking's key, marks it refunded and writes one audit row", async () => {
    await bookingWithPayment("b1", "paid");
    await queue(["b1"]);
    const outcomes = await sendRefunds(stripeContext(), {}, new Date());
    expect(outcomes).toEqual([{ bookingId: "b1", status: "refunded", refundId: "re_fake1", amountOre: 45000 }]);
    const [call] = stripe.refundCalls();
    expect(stripe.refundCalls()).toHaveLength(1);
    expect(call!.idempotencyKey).toBe("refund-b1");
    expect(call!.params.get("payment_intent")).toBe("pi_b1");
    expect(call!.params.get("amount")).toBe("45000");
    const row = await paymentOf("b1");
    expect(row).toMatchObject({ status: "refunded", refund_id: "re_fake1", refund_error: null, refund_attempts: 0 });
    expect(row.refunded_at).not.toBeNull();
    const audit = await auditRows("payment.refund");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: "automatiskt", target_id: "b1" });
    expect(JSON.parse(audit[0]!.details_json)).toMatchObject({ amountOre: 45000, refundId: "re_fake1", reason: "staff-cancel" });

    // Sent again: nothing is owed, Stripe is not asked.
    expect(await sendRefunds(stripeContext(), { bookingIds: ["b1"] }, new Date())).toEqual([]);
    expect(stripe.refundCalls()).toHaveLength(1);
  });

  it("two sends at once get one refund from Stripe and mark the row refunded once", async () => {
    await bookingWithPayment("b1", "paid");
    await queue(["b1"]);
    stripe.latencyMs = 50;
    const [a, b] = await Promise.all([
      sendRefunds(stripeContext(), { bookingIds: ["b1"] }, new Date()),
      sendRefunds(stripeContext(), {}, new Date()),
    ]);
    expect(stripe.refunds.size).toBe(1);
    expect(new Set(stripe.refundCalls().map((c) => c.idempotencyKey))).toEqual(new Set(["refund-b1"]));
    expect([...a!, ...b!].map((o) => o.status).sort()).toEqual(["refunded", "unchanged"]);
    expect((await paymentOf("b1")).status).toBe("refunded");
    expect(await auditRows("payment.refund")).toHaveLength(1);
  });

  it("records a refused refund as failed with Stripe's error, retries it when due under a key of its own, and then refunds", async () => {
    await bookingWithPayment("b1", "paid");
    await queue(["b1"]);
    stripe.failRefunds(1);
    const t0 = new Date();
    expect(await sendRefunds(stripeContext(), {}, t0)).toEqual([
      { bookingId: "b1", status: "failed", attempts: 1, error: expect.stringContaining("balance_insufficient") },
    ]);
    const failed = await paymentOf("b1");
    expect(failed).toMatchObject({ status: "refund_failed", refund_attempts: 1, refund_id: null });
    expect(failed.refund_error).toContain("Insufficient funds");
    expect(failed.refund_retry_at).toBe(new Date(t0.getTime() + refundRetryDelayMs(1)).toISOString());
    expect(await auditRows("payment.refund-failed")).toHaveLength(1);

    // Not yet due: left alone.
    expect(await sendRefunds(stripeContext(), {}, new Date(t0.getTime() + refundRetryDelayMs(1) - 1000))).toEqual([]);
    const due = new Date(t0.getTime() + refundRetryDelayMs(1));
    expect(await sendRefunds(stripeContext(), {}, due)).toMatchObject([{ bookingId: "b1", status: "refunded" }]);
    expect(stripe.refundCalls().map((c) => c.idempotencyKey)).toEqual(["refund-b1", "refund-b1-retry1"]);
    expect(await paymentOf("b1")).toMatchObject({ status: "refunded", refund_error: null, refund_attempts: 1 });
  });

  it("stops retrying at the cap, and sends again when asked for that booking", async () => {
    await bookingWithPayment("b1", "refund_failed");
    await env.DB.prepare("UPDATE payments SET refund_attempts = ?, refund_error = 'Stripe: fel', refund_retry_at = ?").bind(MAX_REFUND_ATTEMPTS, new Date(0).toISOString()).run();
    expect(await sendRefunds(stripeContext(), {}, new Date())).toEqual([]);
    expect(stripe.refundCalls()).toHaveLength(0);
    expect(await sendRefunds(stripeContext(), { bookingIds: ["b1"] }, new Date())).toMatchObject([{ status: "refunded" }]);
  });

  it("takes a charge Stripe says is refunded already as refunded", async () => {
    await bookingWithPayment("b1", "refund_failed");
    await env.DB.prepare("UPDATE payments SET refund_attempts = 1, refund_retry_at = ?").bind(new Date(0).toISOString()).run();
    stripe.refunds.set("pi_b1", { id: "re_earlier", amount: 45000 });
    expect(await sendRefunds(stripeContext(), {}, new Date())).toEqual([{ bookingId: "b1", status: "refunded", refundId: null, amountOre: 45000 }]);
    expect((await paymentOf("b1")).status).toBe("refunded");
  });

  it("starts no refund once its time budget is spent; the rest wait for the next run", async () => {
    await bookingWithPayment("b1", "paid");
    await bookingWithPayment("b2", "paid");
    await queue(["b1", "b2"]);
    stripe.latencyMs = 60;
    expect(await sendRefunds(stripeContext(), { budgetMs: 30 }, new Date())).toHaveLength(1);
    expect(stripe.refundCalls()).toHaveLength(1);
    expect((await sendRefunds(stripeContext(), {}, new Date())).map((o) => o.status)).toEqual(["refunded"]);
  });

  it("a refund that fails after Stripe accepted it (refund.failed) is failed again, shown, and retried under a new key; a replay changes nothing", async () => {
    await bookingWithPayment("b1", "paid");
    await queue(["b1"]);
    await sendRefunds(stripeContext(), {}, new Date());
    expect((await paymentOf("b1")).refund_id).toBe("re_fake1");
    stripe.refunds.delete("pi_b1"); // Stripe gave the money back to the account: a new refund can be made.

    const event = JSON.stringify({
      id: "evt_refundfailed1",
      object: "event",
      type: "refund.failed",
      created: 0,
      data: { object: { id: "re_fake1", object: "refund", status: "failed", failure_reason: "expired_or_canceled_card" } },
    });
    const res = await postStripeEvent(event, stripeEnv);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: "Stored" });
    const failed = await paymentOf("b1");
    expect(failed).toMatchObject({ status: "refund_failed", refund_attempts: 1 });
    expect(failed.refund_error).toBe("Stripe: återbetalningen re_fake1 misslyckades hos banken (expired_or_canceled_card).");
    const audit = await auditRows("payment.refund-failed");
    expect(audit).toMatchObject([{ actor_email: "automatiskt", target_id: "b1" }]);
    expect(JSON.parse(audit[0]!.details_json)).toMatchObject({ amountOre: 45000, refundId: "re_fake1" });

    expect(await (await postStripeEvent(event, stripeEnv)).json()).toEqual({ ok: true, message: "Already stored" });
    expect(await auditRows("payment.refund-failed")).toHaveLength(1);

    expect(await sendRefunds(stripeContext(), {}, new Date())).toMatchObject([{ bookingId: "b1", status: "refunded", refundId: "re_fake2" }]);
    expect(stripe.refundCalls().map((c) => c.idempotencyKey)).toEqual(["refund-b1", "refund-b1-retry1"]);
  });

  it("acknowledges refund.failed for a refund it never made, changing nothing", async () => {
    const event = JSON.stringify({
      id: "evt_refundfailed2",
      object: "event",
      type: "refund.failed",
      created: 0,
      data: { object: { id: "re_notours", object: "refund", status: "failed", failure_reason: null } },
    });
    expect(await (await postStripeEvent(event, stripeEnv)).json()).toEqual({ ok: true, message: "Ignored" });
    expect(await auditRows("payment.refund-failed")).toHaveLength(0);
  });

  it("with payments off sends nothing and asks nobody", async () => {
    await bookingWithPayment("b1", "paid");
    await queue(["b1"]);
    expect(await sendRefunds(testContext(), {}, new Date())).toEqual([]);
    expect(stripe.calls).toHaveLength(0);
    expect((await paymentOf("b1")).status).toBe("refund_pending");
  });
});
