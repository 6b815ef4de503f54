import { describe, expect, it } from "vitest";
import { customerConfirmationMail, adminNotificationMail, type BookedSession, type BookingDetails } from "../../app/domain/mail/booking";
import { latePaymentMailKey, latePaymentRefundMail } from "../../app/domain/mail/payment";
import { paidLine } from "../../app/domain/payment-texts";

const site = { siteUrl: "https://hundpass.se", adminEmail: "admin@hundpass.se" };
const session: BookedSession = {
  id: 14,
  title: "VALPKURS",
  location: "Hundhallen Gävle",
  startTime: "2026-12-07T17:00:00.000Z",
  endTime: "2026-12-07T18:00:00.000Z",
  passType: "group",
};
const booking: BookingDetails = {
  id: "b-1",
  userName: "Anna Andersson",
  userEmail: "anna@example.se",
  userPhone: "070-123 45 67",
  dogName: "Flurre",
  dogBreed: null,
  dogAge: null,
  specialNotes: null,
  homeAddress: null,
  meetingType: null,
  variant: null,
  priceSek: 1450,
  createdAt: "2026-11-21T06:00:00.000Z",
};
const stored = {
  id: "b-1",
  userName: "Anna Andersson",
  userEmail: "anna@example.se",
  sessionId: 14,
  sessionTitle: "VALPKURS",
  sessionLocation: "Hundhallen Gävle",
  sessionStartTime: session.startTime,
  sessionEndTime: session.endTime,
};

describe("what a paid booking's mails say", () => {
  it("says the amount in kronor and how it was paid, or the amount alone", () => {
    expect(paidLine(145000, "swish")).toBe("1\u00A0450 kr med Swish");
    expect(paidLine(45000, "card")).toBe("450 kr med kort");
    expect(paidLine(45000, null)).toBe("450 kr");
  });

  it("adds a 'Betalt' line to both confirmations of a paid booking, and none without a payment", () => {
    const paid = { ...booking, paid: { amountOre: 145000, method: "card" as const } };
    expect(customerConfirmationMail(session, paid, site).text).toContain("Betalt: 1\u00A0450 kr med kort");
    expect(customerConfirmationMail(session, paid, site).html).toContain("1\u00A0450 kr med kort");
    expect(adminNotificationMail(session, paid, site).text).toContain("Betalt: 1\u00A0450 kr med kort");
    expect(customerConfirmationMail(session, booking, site).text).not.toContain("Betalt");
  });

  it("tells a late payer the whole amount comes back: the seat taken, or the booking no longer possible", () => {
    const taken = latePaymentRefundMail(site, stored, 45000, "taken");
    expect(taken).toMatchObject({ kind: "payment-late-refund", to: "anna@example.se", idempotencyKey: latePaymentMailKey("b-1") });
    expect(taken.subject).toBe("Platsen hann gå till någon annan: VALPKURS mån 7 dec. 18:00");
    expect(taken.text).toContain("platsen redan bokats av någon annan");
    expect(taken.text).toContain("Hela beloppet, 450 kr, betalas tillbaka");
    const closed = latePaymentRefundMail(site, stored, 45000, "closed");
    expect(closed.subject).toContain("Din betalning betalas tillbaka");
    expect(closed.text).toContain("var avbokad, eller passet var inställt eller hade börjat");
    expect(closed.idempotencyKey).toBe(taken.idempotencyKey);
  });
});
