// "Mina bokningar" (spec sections 2 and 4): which of a customer's bookings are
// upcoming and which are past, the Swedish status labels, and the countdown
// text for the time left in the sign-in session. Pure, no I/O.
import type { BookingStatus } from "./constants";


export const BOOKING_STATUS_LABEL: Record<BookingStatus, string> = {
  confirmed: "Bekräftad",
  pending: "Väntande",
  cancelled: "Avbokad",
};

export const BOOKING_STATUS_BADGE: Record<BookingStatus, string> = {
  confirmed: "badge-green",
  pending: "badge-yellow",
  cancelled: "badge-red",
};

export interface DatedBooking {
  bookingStatus: BookingStatus;
  /** The session's start as booked (snapshot), UTC ISO. */
  sessionStartTime: string;
}

/**
 * Upcoming: confirmed bookings whose session has not started, soonest first.
 * Past: every booking whose session has started, whatever its status, latest
 * first. A pending or cancelled booking of a future session is in neither.
 * Cancelled: bookings of future sessions that staff cancelled (released or
 * 'Ställ in pass'), soonest first, so the customer sees 'Avbokad' on them.
 * Awaiting payment: pending bookings of future sessions (a seat held while
 * its booker pays, PAYMENTS=stripe), soonest first.
 */
export function splitBookings<T extends DatedBooking>(bookings: readonly T[], now: Date) {
  const nowIso = now.toISOString();
  const upcoming = bookings
    .filter((b) => b.bookingStatus === "confirmed" && b.sessionStartTime > nowIso)
    .sort((a, b) => a.sessionStartTime.localeCompare(b.sessionStartTime));
  const past = bookings
    .filter((b) => b.sessionStartTime <= nowIso)
    .sort((a, b) => b.sessionStartTime.localeCompare(a.sessionStartTime));
  const cancelled = bookings
    .filter((b) => b.bookingStatus === "cancelled" && b.sessionStartTime > nowIso)
    .sort((a, b) => a.sessionStartTime.localeCompare(b.sessionStartTime));
  const awaitingPayment = bookings
    .filter((b) => b.bookingStatus === "pending" && b.sessionStartTime > nowIso)
    .sort((a, b) => a.sessionStartTime.localeCompare(b.sessionStartTime));
  return { upcoming, past, cancelled, awaitingPayment };
}

/** "29:05" for minutes and seconds; "7:59:59" once an hour or more is left. Never negative. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const mmss = `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}
