// What the public pages show about a session, computed once on the server:
// availability (badge, colour, note), places left, price label, image, and
// Stockholm date/time texts. Components receive these ready-made strings, so
// the browser needs no time-zone or locale code and server and client always
// render the same text.

import { DEFAULT_SESSION_IMAGE, FULLY_BOOKED_LIST_CAP } from "./constants";
import type { BookingAsk, PassType } from "./constants";
import { publicAvailability, seatsLeft, type PublicAvailability } from "./availability";
import { displayPriceSek, formatKr, showPriceInList } from "./price";
import { findTypeContaining, findTypeExact } from "./session-types";
import { formatDayHeading, formatSessionDate, formatTime, stockholmDayKey } from "./time";

/** A session as the public pages read it (the columns they show). */
export type PublicSession = {
  id: number;
  title: string;
  description: string;
  location: string;
  startTime: string;
  endTime: string;
  passType: PassType;
  priceSek: number;
  currentParticipants: number;
  maxParticipants: number;
  /** Seats held for waitlist offers (taken for everyone else); the reads always give it. */
  heldSeats?: number;
  /** Seats taken by bookings still being paid for: taken, but not yet participants (absent: none). */
  payingSeats?: number;
  imageUrl: string | null;
  /** What its booking form asks beyond the usual fields (its type's); the reads always give it. */
  bookingAsk?: BookingAsk | null;
};

export type TypeImage = { name: string; imageUrl: string | null };

export type SessionCardView = {
  id: number;
  title: string;
  description: string;
  location: string;
  passType: PassType;
  /** Stockholm calendar day, "yyyy-MM-dd". */
  dayKey: string;
  /** "tisdag 24 november" */
  dateLabel: string;
  /** "tis 24 nov. 18:00" (spec format 'EEE d MMM HH:mm') */
  startLabel: string;
  /** "18:00–19:00" */
  timeRange: string;
  /** "249 kr", or null when the price is 0 (the list shows prices above 0 only). */
  priceLabel: string | null;
  availability: PublicAvailability;
  /** Places a customer can still book: 0 whenever the session is not bookable. */
  placesLeft: number;
  placesLabel: string;
  /** "2/6" */
  /** How many of the seats are taken, of a group session only. */
  takenLabel?: string;
  imageUrl: string;
};

/** "1 plats kvar", "3 platser kvar" */
export function placesLeftLabel(places: number): string {
  return places === 1 ? "1 plats kvar" : `${places} platser kvar`;
}

/**
 * A session's picture: its own image_url, else the image of its type, else the
 * default. The start page matches a type by exact title, the lists by a title
 * containing the type name (spec section 3).
 */
export function sessionImage(
  row: Pick<PublicSession, "title" | "imageUrl">,
  types: readonly TypeImage[],
  match: "exact" | "containing",
): string {
  if (row.imageUrl) return row.imageUrl;
  const type = match === "exact" ? findTypeExact(types, row.title) : findTypeContaining(types, row.title);
  return type?.imageUrl || DEFAULT_SESSION_IMAGE;
}

export function toSessionCard(
  row: PublicSession,
  types: readonly TypeImage[],
  match: "exact" | "containing" = "containing",
): SessionCardView {
  const availability = publicAvailability(row);
  // A private session with a booking is full even when a seat is left (spec section 4).
  const placesLeft = availability.bookable ? seatsLeft(row) : 0;
  const price = displayPriceSek(row);
  const dayKey = stockholmDayKey(row.startTime);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    passType: row.passType,
    dayKey,
    dateLabel: formatDayHeading(dayKey),
    startLabel: formatSessionDate(row.startTime),
    timeRange: `${formatTime(row.startTime)}–${formatTime(row.endTime)}`,
    priceLabel: showPriceInList(price) ? formatKr(price) : null,
    availability,
    placesLeft,
    placesLabel: placesLeftLabel(placesLeft),
    // A private session is full with one booking, whatever its seats: 'Bokade 1/2' beside 'Fullbokat' would puzzle.
    takenLabel: row.passType === "private" ? undefined : `${row.currentParticipants}/${row.maxParticipants}`,
    imageUrl: sessionImage(row, types, match),
  };
}

export type CardVariant = "list" | "teaser" | "booking" | "compact";

/**
 * What one card variant shows, and nothing more: the page's data travels to
 * the browser a second time for hydration, so every unused field costs.
 */
export type SessionCardData = Pick<SessionCardView, "id" | "title" | "location" | "priceLabel" | "placesLabel"> & {
  availability: Pick<PublicAvailability, "state" | "label" | "note" | "colour" | "bookable">;
  description?: string;
  imageUrl?: string;
  dateLabel?: string;
  timeRange?: string;
  startLabel?: string;
  takenLabel?: string;
};

export function cardData(view: SessionCardView, variant: CardVariant): SessionCardData {
  const { id, title, location, priceLabel, placesLabel, availability } = view;
  const base = { id, title, location, priceLabel, placesLabel, availability };
  if (variant === "list") {
    return { ...base, description: view.description, imageUrl: view.imageUrl, dateLabel: view.dateLabel, timeRange: view.timeRange };
  }
  if (variant === "teaser") return { ...base, dateLabel: view.dateLabel, timeRange: view.timeRange };
  if (variant === "booking") {
    return { ...base, description: view.description, imageUrl: view.imageUrl, startLabel: view.startLabel, takenLabel: view.takenLabel };
  }
  return { ...base, timeRange: view.timeRange };
}

/**
 * The /boka list view: bookable sessions under "available", and the first
 * few full ones (at most FULLY_BOOKED_LIST_CAP) as information only.
 */
export function splitForBookingList<T extends { availability: { bookable: boolean } }>(
  cards: readonly T[],
): { available: T[]; fullyBooked: T[] } {
  return {
    available: cards.filter((c) => c.availability.bookable),
    fullyBooked: cards.filter((c) => !c.availability.bookable).slice(0, FULLY_BOOKED_LIST_CAP),
  };
}
