// What the admin lists show about a session and its bookings, computed once
// on the server: the admin state badge, 'd MMM yyyy HH:mm' Stockholm times,
// participants x/y, price in kr and the dog's line. Components get strings.

import { adminState, type AdminState } from "./availability";
import { cardPaidText } from "./cards/card-texts";
import type { CardPaid } from "./cards/card-terms";
import { dogLine, type BookingDetails } from "./mail/booking";
import { cancelRefundNote, paymentOf, paymentStatusLine, type PaymentColumns } from "./payment-status";
import { displayPriceSek, formatKr } from "./price";
import type { PublicSession } from "./session-view";
import { formatDateTime } from "./time";
import { takenWithHolds } from "./waitlist";

/** A session card as the admin lists show it. */
export type AdminSessionCardView = {
  id: number;
  title: string;
  description: string;
  location: string;
  /** 'd MMM yyyy HH:mm' in Stockholm time (spec section 9's 'dd MMM yyyy HH:mm', the day without a leading zero as time.ts writes every date). */
  startLabel: string;
  /** "2/10", or "9/10 (+1 reserverad)" while a seat is held for the waitlist */
  participantsLabel: string;
  priceLabel: string;
  state: AdminState;
  /** Whether anyone holds a seat (delete is disabled then). */
  hasParticipants: boolean;
};

export type AdminBookingView = {
  id: string;
  userName: string;
  userEmail: string;
  userPhone: string;
  /** "Sigge (Labrador, 3 år)", or the name alone. */
  dogLabel: string;
  specialNotes: string | null;
  homeAddress: string | null;
  meetingType: string | null;
  bookedAtLabel: string;
  /** 'Betald (kort), 450 kr' (PAYMENTS=stripe, a booking with a payment); absent otherwise. */
  paymentLabel?: string;
  /** What Avboka pays back, '249 kr betalas tillbaka till kortet.' (a paid booking); absent otherwise. */
  refundNote?: string;
  /** The klippkort or presentkort that paid it, 'Klippkort (…ABCD)' (where the list reads it); absent otherwise. */
  cardLabel?: string;
};

export function toAdminCard(row: PublicSession): AdminSessionCardView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    startLabel: formatDateTime(row.startTime),
    participantsLabel: takenWithHolds(row.currentParticipants, row.maxParticipants, row.heldSeats ?? 0),
    priceLabel: formatKr(displayPriceSek(row)),
    state: adminState(row),
    hasParticipants: row.currentParticipants > 0,
  };
}

/** A stored booking as the confirmed list reads it (with its payment's columns, where the list reads them). */
export type AdminBookingRow = Omit<BookingDetails, "variant" | "priceSek"> & Partial<PaymentColumns> & { cardPaid?: CardPaid | null };

export function toAdminBooking(row: AdminBookingRow): AdminBookingView {
  return {
    id: row.id,
    userName: row.userName,
    userEmail: row.userEmail,
    userPhone: row.userPhone,
    dogLabel: dogLine(row),
    specialNotes: row.specialNotes,
    homeAddress: row.homeAddress,
    meetingType: row.meetingType,
    bookedAtLabel: formatDateTime(row.createdAt),
    ...paymentLabelOf(row),
    ...(row.cardPaid ? { cardLabel: cardPaidText(row.cardPaid) } : {}),
  };
}

function paymentLabelOf(row: Partial<PaymentColumns>): { paymentLabel?: string; refundNote?: string } {
  const payment = paymentOf(row);
  if (!payment) return {};
  const refundNote = cancelRefundNote(payment);
  return refundNote ? { paymentLabel: paymentStatusLine(payment), refundNote } : { paymentLabel: paymentStatusLine(payment) };
}

/** A confirmed booking on its session's admin page, with when its reminder was queued (null: not reminded). */
export type AdminRemindedBookingRow = AdminBookingRow & {
  remindedAt: string | null;
  /** Its confirmation became a dead letter or bounced (/admin/epost-status). */
  confirmationUndelivered?: boolean;
};

export type AdminRemindedBookingView = AdminBookingView & {
  /** "Påmind 24 okt. 2026 19:00" (Stockholm time) once reminded; null before. */
  remindedLabel: string | null;
  confirmationUndelivered: boolean;
};

export function reminderLabel(remindedAt: string | null): string | null {
  return remindedAt ? `Påmind ${formatDateTime(remindedAt)}` : null;
}

export function toAdminRemindedBooking(row: AdminRemindedBookingRow): AdminRemindedBookingView {
  return {
    ...toAdminBooking(row),
    remindedLabel: reminderLabel(row.remindedAt),
    confirmationUndelivered: row.confirmationUndelivered === true,
  };
}
