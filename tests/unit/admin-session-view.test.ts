import { describe, expect, it } from "vitest";
import { toAdminBooking, toAdminCard } from "../../app/domain/admin-session-view";
import type { PublicSession } from "../../app/domain/session-view";

const session: PublicSession = {
  id: 7,
  title: "VALPKURS",
  description: "Valpar",
  location: "Hundhallen Gävle",
  startTime: "2026-07-01T16:00:00.000Z",
  endTime: "2026-07-01T17:00:00.000Z",
  passType: "group",
  priceSek: 1249,
  currentParticipants: 2,
  maxParticipants: 6,
  imageUrl: null,
};

describe("toAdminCard", () => {
  // The day has no leading zero since '02 nov.' stood beside '15 nov.' elsewhere (time.ts).
  it("shows the start as 'd MMM yyyy HH:mm' in Stockholm, participants x/y, price in kr and the admin state", () => {
    expect(toAdminCard(session)).toEqual({
      id: 7,
      title: "VALPKURS",
      description: "Valpar",
      location: "Hundhallen Gävle",
      startLabel: "1 juli 2026 18:00",
      participantsLabel: "2/6",
      priceLabel: "1\u00A0249 kr",
      state: {
        state: "waiting",
        label: "Väntande (2 av minst 3)",
        colour: "yellow",
        note: "Behöver bara 1 deltagare till för att helt säkert bli av",
      },
      hasParticipants: true,
    });
  });

  it("says whether anyone holds a seat (delete is disabled then)", () => {
    expect(toAdminCard({ ...session, currentParticipants: 0 }).hasParticipants).toBe(false);
  });

  it("shows a session asking for a variant at list price 0 as 495 kr, as everywhere else", () => {
    expect(toAdminCard({ ...session, title: "PRIVAT & PROFFS", priceSek: 0, bookingAsk: "variant" }).priceLabel).toBe("495 kr");
  });
});

describe("toAdminBooking", () => {
  const booking = {
    id: "b1",
    userName: "Anna",
    userEmail: "anna@example.se",
    userPhone: "070-123 45 67",
    dogName: "Flurre",
    dogBreed: "Tax",
    dogAge: "2 år",
    specialNotes: null,
    homeAddress: null,
    meetingType: null,
    createdAt: "2026-11-09T20:00:00.000Z",
  };

  it("puts breed and age after the dog's name and dates the booking in Stockholm time", () => {
    // No leading zero on the day ('9 nov.', as every date on the site writes it).
    expect(toAdminBooking(booking)).toMatchObject({ dogLabel: "Flurre (Tax, 2 år)", bookedAtLabel: "9 nov. 2026 21:00" });
  });

  it("says what Avboka pays back of a paid booking, and nothing of one unpaid or without a payment", () => {
    const payment = { paymentMethod: "card", paymentAmountOre: 24900, paymentRefundError: null } as const;
    expect(toAdminBooking({ ...booking, ...payment, paymentStatus: "paid" })).toMatchObject({
      paymentLabel: "Betald (kort), 249 kr",
      refundNote: "249 kr betalas tillbaka till kortet.",
    });
    const open = toAdminBooking({ ...booking, ...payment, paymentStatus: "open" });
    expect(open.paymentLabel).toBe("Väntar på betalning, 249 kr");
    expect(open.refundNote).toBeUndefined();
    expect(toAdminBooking(booking).refundNote).toBeUndefined();
  });

  it("shows the dog's name alone when neither breed nor age is given", () => {
    expect(toAdminBooking({ ...booking, dogBreed: null, dogAge: "" }).dogLabel).toBe("Flurre");
    expect(toAdminBooking({ ...booking, dogBreed: null }).dogLabel).toBe("Flurre (2 år)");
  });
});
