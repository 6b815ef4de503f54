// What /admin/old ('Alla pass') shows about a session: the admin card, whether
// it is cancelled or has ended (its badge then says so instead of the admin
// state), which changes still apply, how many bookings it has had, and, for
// the session whose booking info is open (?visa=), those bookings with their
// status.

import { toAdminBooking, toAdminCard, type AdminBookingRow, type AdminBookingView, type AdminSessionCardView } from "./admin-session-view";
import type { SessionChange } from "./admin-texts";
import { isUpcoming } from "./availability";
import type { BookingStatus } from "./constants";
import type { PublicSession } from "./session-view";


export type AllSessionsBookingView = AdminBookingView & { status: BookingStatus };

export type AllSessionView = AdminSessionCardView & {
  /** Cancelled by staff, or over: the badge says so instead of the admin state. */
  closed: "cancelled" | "ended" | null;
  /** The changes that still apply, in the order the lists offer them. */
  changes: SessionChange[];
  hasConfirmedBookings: boolean;
  /** Every booking the session has had, cancelled ones too. */
  bookingCount: number;
  /** Those bookings, oldest first, while the session's booking info is open; null otherwise. */
  bookings: AllSessionsBookingView[] | null;
  /** The weekly series the session was created in: its size, and whether any of its sessions has a confirmed booking. */
  series: { id: string; count: number; mailable: boolean } | null;
};

export type AllSessionRow = PublicSession & {
  cancelledAt: string | null;
  bookingCount: number;
  confirmedCount: number;
  seriesId: string | null;
  seriesCount: number;
  seriesHasConfirmed: number;
};
export type AllSessionsBookingRow = AdminBookingRow & { bookingStatus: BookingStatus };

export function toAllSessionView(
  row: AllSessionRow,
  bookings: readonly AllSessionsBookingRow[] | null,
  now: Date,
): AllSessionView {
  const cancelled = row.cancelledAt !== null;
  const ended = !isUpcoming(row.endTime, now);
  const open = !cancelled && !ended;
  const changes: SessionChange[] = [];
  if (open && row.currentParticipants > 0) changes.push("release");
  if (open) changes.push("cancel");
  // Only a session that never had a booking can be deleted (the delete itself checks it again).
  if (row.bookingCount === 0) changes.push("delete");
  return {
    ...toAdminCard(row),
    closed: cancelled ? "cancelled" : ended ? "ended" : null,
    changes,
    hasConfirmedBookings: row.confirmedCount > 0,
    bookingCount: row.bookingCount,
    bookings: bookings ? bookings.map((b) => ({ ...toAdminBooking(b), status: b.bookingStatus })) : null,
    series: row.seriesId ? { id: row.seriesId, count: row.seriesCount, mailable: row.seriesHasConfirmed === 1 } : null,
  };
}
