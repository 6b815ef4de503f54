// How a payment reads for staff and in the cancellation mail (app/domain/payment-status.ts).
import { describe, expect, it } from "vitest";
import { bookingCancelledToast, bookingCancelQuestion } from "../../app/domain/admin-texts";
import { auditActionLabel, auditTargetHref } from "../../app/domain/audit";
import { cancellationMail, type CancelledBooking } from "../../app/domain/mail/cancellation";
import {
  cancelRefundNote,
  formatOre,
  paymentOf,
  paymentStatusLabel,
  paymentStatusLine,
  refundSentence,
  sessionMoney,
  sessionRefundNote,
  staffRefundNote,
  toSessionPaymentsView,
} from "../../app/domain/payment-status";
import { refundIdempotencyKey, refundRetryDelayMs } from "../../app/server/payments/refunds.server";

describe("amounts", () => {
  it("shows öre as kronor, öre only when there are any, thousands split by a non-breaking space", () => {
    expect(formatOre(45000)).toBe("450 kr");
    expect(formatOre(149500)).toBe("1\u00A0495 kr");
    expect(formatOre(9950)).toBe("99,50 kr");
    expect(formatOre(5)).toBe("0,05 kr");
  });
});

describe("a payment's state for staff", () => {
  it("names each state, with the method when it is known", () => {
    expect(paymentStatusLabel({ status: "paid", method: "card" })).toBe("Betald (kort)");
    expect(paymentStatusLabel({ status: "paid", method: "swish" })).toBe("Betald (Swish)");
    expect(paymentStatusLabel({ status: "paid", method: null })).toBe("Betald");
    expect(paymentStatusLabel({ status: "open", method: null })).toBe("Väntar på betalning");
    expect(paymentStatusLabel({ status: "refund_pending", method: "card" })).toBe("Återbetalas");
    expect(paymentStatusLabel({ status: "refunded", method: "card" })).toBe("Återbetald");
    expect(paymentStatusLabel({ status: "refund_failed", method: "card" })).toBe("Återbetalning misslyckades");
    expect(paymentStatusLabel({ status: "expired", method: null })).toBe("Obetald");
    expect(paymentStatusLabel({ status: "cancelled", method: null })).toBe("Obetald");
  });

  it("puts the amount, and for a failed refund Stripe's error, on one line", () => {
    expect(paymentStatusLine({ status: "paid", method: "swish", amountOre: 45000, refundError: null })).toBe("Betald (Swish), 450 kr");
    expect(paymentStatusLine({ status: "refund_failed", method: "card", amountOre: 45000, refundError: "Stripe: fel" })).toBe(
      "Återbetalning misslyckades, 450 kr – Stripe: fel",
    );
  });

  it("reads no payment from a booking without one", () => {
    expect(paymentOf({ paymentStatus: null, paymentMethod: null, paymentAmountOre: null, paymentRefundError: null })).toBeNull();
    expect(paymentOf({})).toBeNull();
  });

  it("sums what came in, what went back and what is still to go back", () => {
    const list = [
      { status: "paid", amountOre: 45000 },
      { status: "open", amountOre: 45000 },
      { status: "refunded", amountOre: 30000 },
      { status: "refund_failed", amountOre: 20000 },
      { status: "refund_pending", amountOre: 10000 },
      { status: "expired", amountOre: 45000 },
    ] as const;
    expect(sessionMoney(list)).toEqual({ paidOre: 105000, refundedOre: 30000, owedOre: 30000 });
    const view = toSessionPaymentsView([], sessionMoney([]));
    expect(view).toEqual({ paidLabel: "0 kr", refundedLabel: "0 kr", owedLabel: null, rows: [] });
  });
});

describe("the cancellation mail of a paid booking", () => {
  const site = { siteUrl: "https://hundpass.se", adminEmail: "admin@hundpass.se" };
  const booking: CancelledBooking = {
    id: "bok-1",
    userName: "Anna",
    userEmail: "anna@example.se",
    sessionId: 14,
    sessionTitle: "VALPKURS",
    sessionLocation: "Hundhallen Gävle",
    sessionStartTime: "2026-12-07T17:00:00.000Z",
    sessionEndTime: "2026-12-07T18:00:00.000Z",
  };
  const now = new Date("2026-11-21T06:00:00Z");

  it("says how much comes back, where, and that it is on its way, in the text and the HTML", () => {
    const mail = cancellationMail(site, booking, "session", now, 1, { amountOre: 45000, method: "card" });
    const sentence = "Du får tillbaka hela beloppet, 450 kr, till kortet du betalade med. Återbetalningen är på väg och brukar synas inom några bankdagar.";
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(sentence);
    expect(refundSentence(45000, "swish")).toContain("till kontot du swishade från");
    expect(refundSentence(45000, null)).toContain("på samma sätt som du betalade, med kort eller Swish");
  });

  it("is word for word as before for a booking without a payment", () => {
    expect(cancellationMail(site, booking, "booking", now, 1, null)).toEqual(cancellationMail(site, booking, "booking", now));
    expect(cancellationMail(site, booking, "booking", now).text).not.toMatch(/tillbaka hela beloppet|kr\b/);
  });
});

describe("what staff are told a cancellation pays back", () => {
  it("names the amount and where it goes, by the way it was paid", () => {
    expect(staffRefundNote(24900, "card")).toBe("249 kr betalas tillbaka till kortet.");
    expect(staffRefundNote(24900, "swish")).toBe("249 kr betalas tillbaka till Swish.");
    expect(staffRefundNote(149500, null)).toBe("1\u00A0495 kr betalas tillbaka.");
  });

  it("says it only of a paid booking: nothing for one unpaid, awaiting payment or without a payment", () => {
    expect(cancelRefundNote({ status: "paid", method: "swish", amountOre: 39500 })).toBe("395 kr betalas tillbaka till Swish.");
    for (const status of ["open", "expired", "cancelled", "refund_pending", "refunded", "refund_failed"] as const) {
      expect(cancelRefundNote({ status, method: "card", amountOre: 24900 }), status).toBeNull();
    }
    expect(cancelRefundNote(null)).toBeNull();
  });

  it("puts it after the Avboka question and in its toast, and leaves both as before when nothing is paid", () => {
    const note = staffRefundNote(24900, "card");
    expect(bookingCancelQuestion(note)).toBe(
      "Avboka bokningen? Kunden får ett mejl om att bokningen är avbokad. 249 kr betalas tillbaka till kortet.",
    );
    expect(bookingCancelQuestion(null)).toBe("Avboka bokningen? Kunden får ett mejl om att bokningen är avbokad.");
    expect(bookingCancelledToast(note)).toEqual({
      type: "success",
      title: "Framgång",
      description: "Bokningen är avbokad. 249 kr betalas tillbaka till kortet.",
    });
    expect(bookingCancelledToast(null)).toEqual({ type: "success", title: "Framgång", description: "Bokningen är avbokad" });
  });

  it("sums a session's paid bookings for releasing or cancelling it", () => {
    const paid = { status: "paid", amountOre: 24900 } as const;
    expect(sessionRefundNote([paid, { status: "open", amountOre: 24900 }])).toBe("Den betalda bokningen, 249 kr, betalas tillbaka i sin helhet.");
    expect(sessionRefundNote([paid, paid])).toBe("De 2 betalda bokningarna, 498 kr i allt, betalas tillbaka i sin helhet.");
    expect(sessionRefundNote([{ status: "refunded", amountOre: 24900 }])).toBeNull();
    expect(sessionRefundNote([])).toBeNull();
  });
});

describe("a refund's retries", () => {
  it("waits 5 minutes after the first failure, doubling up to 12 hours", () => {
    expect([1, 2, 3, 4, 8, 20].map((n) => refundRetryDelayMs(n) / 60_000)).toEqual([5, 10, 20, 40, 640, 720]);
  });

  it("asks Stripe under the booking's key, and after a failure under a key of that attempt", () => {
    expect(refundIdempotencyKey("b1")).toBe("refund-b1");
    expect(refundIdempotencyKey("b1", 2)).toBe("refund-b1-retry2");
  });
});

describe("refunds in the audit log", () => {
  it("names them in Swedish and links to the booking's session page", () => {
    expect(auditActionLabel("payment.refund")).toBe("Återbetalade en betalning");
    expect(auditActionLabel("payment.refund-failed")).toBe("Återbetalningen misslyckades");
    expect(auditTargetHref("booking", "b1", "payment.refund", JSON.stringify({ sessionId: 14, amountOre: 45000 }))).toBe("/admin/pass/14");
    expect(auditTargetHref("booking", "b1", "payment.refund", "not json")).toBeNull();
    expect(auditTargetHref("booking", "b1", "booking.cancel", JSON.stringify({ sessionId: 14 }))).toBeNull();
  });
});
