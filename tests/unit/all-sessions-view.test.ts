import { describe, expect, it } from "vitest";
import { toAllSessionView, type AllSessionRow, type AllSessionsBookingRow } from "../../app/domain/all-sessions-view";

const now = new Date("2026-07-01T12:00:00.000Z");
const row = (over: Partial<AllSessionRow> = {}): AllSessionRow => ({
  id: 1,
  title: "VALPKURS",
  description: "",
  location: "Hundhallen Gävle",
  startTime: "2026-07-02T16:00:00.000Z",
  endTime: "2026-07-02T17:00:00.000Z",
  passType: "group",
  priceSek: 249,
  currentParticipants: 0,
  maxParticipants: 10,
  imageUrl: null,
  cancelledAt: null,
  bookingCount: 0,
  confirmedCount: 0,
  seriesId: null,
  seriesCount: 0,
  seriesHasConfirmed: 0,
  ...over,
});
const booking = (status: AllSessionsBookingRow["bookingStatus"]): AllSessionsBookingRow => ({
  id: `b-${status}`,
  userName: "Anna",
  userEmail: "anna@example.se",
  userPhone: "0701234567",
  dogName: "Sigge",
  dogBreed: null,
  dogAge: null,
  specialNotes: null,
  homeAddress: null,
  meetingType: null,
  createdAt: "2026-06-01T10:00:00.000Z",
  bookingStatus: status,
});

describe("toAllSessionView", () => {
  it("offers release and cancel for an open session with participants, and no delete once booked", () => {
    const view = toAllSessionView(row({ currentParticipants: 1, bookingCount: 1, confirmedCount: 1 }), null, now);
    expect(view).toMatchObject({ closed: null, changes: ["release", "cancel"], hasConfirmedBookings: true });
    expect(view.state.label).toBe("Väntande (1 av minst 3)");
  });

  it("offers cancel and delete for an open session never booked", () => {
    expect(toAllSessionView(row(), null, now).changes).toEqual(["cancel", "delete"]);
  });

  it("marks a cancelled session and offers nothing but delete when it was never booked", () => {
    const view = toAllSessionView(row({ cancelledAt: "2026-06-30T10:00:00.000Z", bookingCount: 1 }), [booking("cancelled")], now);
    expect(view).toMatchObject({ closed: "cancelled", changes: [], hasConfirmedBookings: false, bookingCount: 1 });
    expect(view.bookings?.map((b) => b.status)).toEqual(["cancelled"]);
    expect(toAllSessionView(row({ cancelledAt: "2026-06-30T10:00:00.000Z" }), null, now).changes).toEqual(["delete"]);
  });

  it("marks a session whose end has passed as ended, with no release or cancel", () => {
    const view = toAllSessionView(
      row({ endTime: "2026-07-01T11:59:59.000Z", currentParticipants: 3, bookingCount: 3, confirmedCount: 3 }),
      null,
      now,
    );
    expect(view).toMatchObject({ closed: "ended", changes: [], bookings: null });
  });
});
