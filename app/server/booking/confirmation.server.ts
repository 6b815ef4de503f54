/**
 * The booking confirmation that stays: which bookings were made in this
 * browser, and what /mina-bokningar and its calendar file show of them.
 *
 * A booked outcome (the session's form, a queue offer's form, a payment
 * confirmed on the return page for the browser that made the hold) sends the
 * booker to /mina-bokningar with the usual toast and adds the booking's id to
 * a signed, HttpOnly cookie (`hp_booked`, a few hours). The page reads the
 * bookings it names from D1, confirmed ones only, and shows them above the
 * sign-in form; the cookie carries ids only, never what is shown. Its
 * signature (the session secret) makes it unforgeable: another browser, or
 * an id typed into the cookie, shows nothing.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { BOOKING_TEXTS, CONFIRMATION_TEXTS } from "~/domain/booking-texts";
import { bookedFacts, bookingIcs, icsFilename, type BookedSession, type BookingDetails } from "~/domain/mail/booking";
import { BOOKER_COLUMNS } from "./booker-columns.server";
import { cardUsesOf } from "../cards/card-spend.server";
import { schema } from "../db/client.server";
import { getCookies, readCookie } from "../platform/cookies.server";
import { redirectWithToast } from "../platform/toast.server";

const { bookings, sessions, payments } = schema;

/** The most bookings one browser's confirmation names (the newest): more than anyone books in an afternoon. */
const MAX_CONFIRMED = 5;

const BookedSchema = z.array(z.string().min(1).max(64)).max(MAX_CONFIRMED);

/** Where the confirmation is shown, and its calendar file. */
export const CONFIRMATION_PATH = "/mina-bokningar";
export const CONFIRMATION_ICS_PATH = "/mina-bokningar/bekraftelse.ics";

/** The ids of the bookings made in this browser, newest first (none for a missing, expired or tampered cookie). */
export async function bookedInThisBrowser(context: AppLoadContext, request: Request): Promise<string[]> {
  const raw = await readCookie(getCookies(context.config).booked, request.headers.get("Cookie"));
  const parsed = BookedSchema.safeParse(raw);
  return parsed.success ? parsed.data : [];
}

/** The Set-Cookie header that adds `bookingId` to this browser's confirmation (newest first, the oldest dropped). */
export async function bookedCookie(context: AppLoadContext, request: Request, bookingId: string): Promise<string> {
  const kept = (await bookedInThisBrowser(context, request)).filter((id) => id !== bookingId);
  return getCookies(context.config).booked.serialize([bookingId, ...kept].slice(0, MAX_CONFIRMED));
}

/**
 * The answer to a booked outcome: to /mina-bokningar with the confirmation
 * toast, and, given the booking this browser made, its place in the
 * confirmation that stays there.
 */
export async function redirectToConfirmation(context: AppLoadContext, request: Request, bookingId: string | null) {
  const headers = new Headers();
  if (bookingId) headers.append("Set-Cookie", await bookedCookie(context, request, bookingId));
  return redirectWithToast(
    context,
    CONFIRMATION_PATH,
    { type: "success", title: BOOKING_TEXTS.successTitle, description: BOOKING_TEXTS.successMailQueued },
    { headers },
  );
}

/** The confirmed bookings among `ids`, newest first, with their session as it is now, their payment and the card that paid them. */
async function confirmedBookings(context: AppLoadContext, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await context.db
    .select({
      booking: {
        id: bookings.id,
        ...BOOKER_COLUMNS,
        variant: bookings.variant,
        priceSek: bookings.priceSek,
        createdAt: bookings.createdAt,
      },
      session: {
        id: sessions.id,
        title: sessions.title,
        location: sessions.location,
        startTime: sessions.startTime,
        endTime: sessions.endTime,
        passType: sessions.passType,
        revision: sessions.revision,
      },
      payment: { status: payments.status, amountOre: payments.amountOre, method: payments.method },
    })
    .from(bookings)
    .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(and(inArray(bookings.id, ids), eq(bookings.bookingStatus, "confirmed"), isNull(bookings.anonymizedAt)));
  const cardUses = await cardUsesOf(context, rows.map((row) => row.booking.id));
  return rows
    .sort((a, b) => ids.indexOf(a.booking.id) - ids.indexOf(b.booking.id))
    .map(({ booking, session: { revision, ...session }, payment }) => {
      const paid = payment?.status === "paid" ? { amountOre: payment.amountOre, method: payment.method } : undefined;
      const use = cardUses.get(booking.id);
      // Without a payment row the rest of a presentkort's booking is paid on the spot.
      const restOnSpotSek = use && !payment ? booking.priceSek - (use.kind === "presentkort" ? use.amountSek : booking.priceSek) : 0;
      const card = use && { kind: use.kind, amountSek: use.amountSek, left: use.left, restOnSpotSek };
      const details: BookingDetails = { ...booking, paid, card };
      const booked: BookedSession = session;
      return { session: booked, booking: details, revision };
    });
}

export type ConfirmationView = {
  id: string;
  facts: Array<[label: string, value: string]>;
  email: string;
  icsHref: string;
};

/** What /mina-bokningar shows of the bookings this browser made: empty when it made none (or none still stands). */
export async function confirmationsForBrowser(context: AppLoadContext, request: Request): Promise<ConfirmationView[]> {
  const ids = await bookedInThisBrowser(context, request);
  const found = await confirmedBookings(context, ids);
  return found.map(({ session, booking }) => ({
    id: booking.id,
    facts: [
      [CONFIRMATION_TEXTS.sessionLabel, session.title],
      [CONFIRMATION_TEXTS.typeLabel, CONFIRMATION_TEXTS.passTypes[session.passType]],
      ...bookedFacts(session, booking),
    ],
    email: booking.userEmail,
    icsHref: `${CONFIRMATION_ICS_PATH}?bokning=${encodeURIComponent(booking.id)}`,
  }));
}

/**
 * The calendar file of one booking this browser made, as the confirmation
 * mail attaches it (same UID, so a calendar keeps one event), with the
 * session as it is now; null for any booking the browser did not make or
 * that no longer stands.
 */
export async function confirmationIcs(context: AppLoadContext, request: Request, bookingId: string | null, now: Date) {
  if (!bookingId) return null;
  const ids = await bookedInThisBrowser(context, request);
  if (!ids.includes(bookingId)) return null;
  const [found] = await confirmedBookings(context, [bookingId]);
  if (!found) return null;
  const { config } = context;
  const site = { siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL };
  return {
    filename: icsFilename(found.session),
    body: bookingIcs(found.session, found.booking, site, now, found.revision),
  };
}
