// Session availability (spec section 4): the public state shown to customers,
// the admin derived state, and which admin list a session belongs to.
// Derived only from participant counts, pass type and (for "upcoming") end time.
// Seats held for the waitlist (a freed seat offered to the first in line)
// count as taken for everyone else: free = max − booked − held.

import { GROUP_CONFIRMED_THRESHOLD, type PassType } from "./constants";
import { participantsNote, waitingLabel } from "./participant-texts";


export type SeatCounts = {
  currentParticipants: number;
  maxParticipants: number;
  /** Seats held for waitlist offers; taken for everyone else. Absent means none. */
  heldSeats?: number;
  /** Of currentParticipants, bookings still being paid for: taken seats, not yet participants. Absent means none. */
  payingSeats?: number;
};
export type SessionCounts = SeatCounts & { passType: PassType };

export type PublicState = "available" | "pending-1" | "pending-2" | "confirmed" | "full" | "cancelled";
export type PublicColour = "green" | "pink" | "yellow" | "red";
export type PublicAvailability = {
  state: PublicState;
  label: string;
  note: string;
  colour: PublicColour;
  bookable: boolean;
};

export type AdminStateName = "available" | "confirmed" | "waiting";
export type AdminColour = "green" | "red" | "yellow";
export type AdminState = {
  state: AdminStateName;
  label: string;
  colour: AdminColour;
  /** A waiting session's public note (how many more it needs), in the public pages' words. */
  note?: string;
};

export function seatsLeft(session: SeatCounts): number {
  return Math.max(0, session.maxParticipants - session.currentParticipants - (session.heldSeats ?? 0));
}

const FULL: PublicAvailability = {
  state: "full",
  label: "Fullbokat",
  note: "",
  colour: "red",
  bookable: false,
};
const AVAILABLE: PublicAvailability = {
  state: "available",
  label: "Ledigt",
  note: "",
  colour: "green",
  bookable: true,
};

/** A cancelled session's page: said as such, with no seats on offer (whatever its counts were). */
export const CANCELLED_AVAILABILITY: PublicAvailability = {
  state: "cancelled",
  label: "Inställt",
  note: "",
  colour: "red",
  bookable: false,
};

/** Rows of the "Session availability (public)" table, checked in table order. */
export function publicAvailability(session: SessionCounts): PublicAvailability {
  const n = session.currentParticipants;
  const held = session.heldSeats ?? 0;
  if (n + held >= session.maxParticipants) return { ...FULL };
  if (session.passType === "private") {
    // A private session belongs to one customer: any booking (or a hold for one) makes it full.
    return n + held === 0 ? { ...AVAILABLE } : { ...FULL };
  }
  // Whether a group session has enough participants counts the bookings paid for, not the seats being paid.
  const participants = n - (session.payingSeats ?? 0);
  if (participants <= 0) return { ...AVAILABLE };
  if (participants === 1) {
    return {
      state: "pending-1",
      label: "Väntande",
      note: participantsNote(participants),
      colour: "pink",
      bookable: true,
    };
  }
  if (participants === 2) {
    return {
      state: "pending-2",
      label: "Väntande",
      note: participantsNote(participants),
      colour: "pink",
      bookable: true,
    };
  }
  return {
    state: "confirmed",
    label: "Bekräftat",
    note: participantsNote(participants),
    colour: "yellow",
    bookable: true,
  };
}

/** "Admin derived state"; a waiting session's label and note come from participant-texts.ts. */
export function adminState(session: {
  passType: PassType;
  currentParticipants: number;
  /** Bookings still being paid for: not yet participants. */
  payingSeats?: number;
}): AdminState {
  // A private session is its booker's as soon as it is held; a group session runs on bookings paid for.
  const n = session.currentParticipants - (session.passType === "private" ? 0 : (session.payingSeats ?? 0));
  if (n <= 0) return { state: "available", label: "Ledigt", colour: "green" };
  if (session.passType === "private" || n >= GROUP_CONFIRMED_THRESHOLD) {
    return { state: "confirmed", label: "Bekräftat", colour: "red" };
  }
  return { state: "waiting", label: waitingLabel(n), colour: "yellow", note: participantsNote(n) };
}

// The three admin lists. They overlap on purpose (a group session with 3+
// participants and free seats is both available and confirmed). Callers also
// filter with isUpcoming.

/** /admin/lediga-pass: free seats, and nobody booked yet or (group) enough to run. */
export function isListedAvailable(session: SessionCounts): boolean {
  if (seatsLeft(session) === 0) return false;
  const n = session.currentParticipants;
  if (session.passType === "private") return n === 0;
  return n === 0 || n >= GROUP_CONFIRMED_THRESHOLD;
}

/** /admin/bokade-pass: private with a booking, or group with enough to run. */
export function isListedConfirmed(session: SessionCounts): boolean {
  const n = session.currentParticipants;
  if (session.passType === "private") return n >= 1;
  return n >= GROUP_CONFIRMED_THRESHOLD;
}

/** /admin/vantande-pass: group sessions with 1 or 2 participants. */
export function isListedWaiting(session: SessionCounts): boolean {
  const n = session.currentParticipants;
  return session.passType === "group" && n >= 1 && n < GROUP_CONFIRMED_THRESHOLD;
}

/** A session is upcoming until its end time has passed. */
export function isUpcoming(endTimeIso: string, now: Date): boolean {
  return Date.parse(endTimeIso) >= now.getTime();
}
