import { describe, expect, it } from "vitest";
import type { BookingStatus } from "~/domain/constants";
import { BOOKING_STATUS_LABEL, formatCountdown, splitBookings } from "~/domain/my-bookings";

const now = new Date("2026-05-10T12:00:00.000Z");

function booking(id: string, bookingStatus: BookingStatus, sessionStartTime: string) {
  return { id, bookingStatus, sessionStartTime };
}

const all = [
  booking("later", "confirmed", "2026-05-20T16:00:00.000Z"),
  booking("soon", "confirmed", "2026-05-11T16:00:00.000Z"),
  booking("pending-future", "pending", "2026-05-12T16:00:00.000Z"),
  booking("cancelled-future", "cancelled", "2026-05-13T16:00:00.000Z"),
  booking("old", "confirmed", "2026-04-01T16:00:00.000Z"),
  booking("recent", "cancelled", "2026-05-09T16:00:00.000Z"),
  booking("started-now", "confirmed", "2026-05-10T12:00:00.000Z"),
];

describe("splitBookings", () => {
  it("lists only confirmed bookings of sessions not yet started as upcoming, soonest first", () => {
    expect(splitBookings(all, now).upcoming.map((b) => b.id)).toEqual(["soon", "later"]);
  });

  it("lists every booking whose session has started as past, whatever its status, latest first", () => {
    expect(splitBookings(all, now).past.map((b) => b.id)).toEqual(["started-now", "recent", "old"]);
  });

  it("leaves pending and cancelled bookings of future sessions out of both lists", () => {
    const { upcoming, past } = splitBookings(all, now);
    const shown = [...upcoming, ...past].map((b) => b.id);
    expect(shown).not.toContain("pending-future");
    expect(shown).not.toContain("cancelled-future");
  });
});

describe("cancelled bookings of future sessions", () => {
  it("are listed on their own, soonest first; pending ones and those of started sessions are not", () => {
    const withLater = [...all, booking("cancelled-later", "cancelled", "2026-06-01T16:00:00.000Z")];
    expect(splitBookings(withLater, now).cancelled.map((b) => b.id)).toEqual(["cancelled-future", "cancelled-later"]);
  });
});

describe("status labels", () => {
  it("are the spec's Swedish words", () => {
    expect(BOOKING_STATUS_LABEL).toEqual({ confirmed: "Bekräftad", pending: "Väntande", cancelled: "Avbokad" });
  });
});

describe("formatCountdown", () => {
  it("shows minutes and seconds as mm:ss", () => {
    expect(formatCountdown(30 * 60)).toBe("30:00");
    expect(formatCountdown(29 * 60 + 5)).toBe("29:05");
    expect(formatCountdown(59)).toBe("00:59");
  });

  it("adds hours for long staff sessions", () => {
    expect(formatCountdown(8 * 3600)).toBe("8:00:00");
    expect(formatCountdown(3600 + 61)).toBe("1:01:01");
  });

  it("never goes below zero or shows fractions", () => {
    expect(formatCountdown(-5)).toBe("00:00");
    expect(formatCountdown(9.9)).toBe("00:09");
  });
});
