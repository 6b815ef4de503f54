// What the admin area says about staff changes to sessions and bookings
// (spec section 8's admin toasts where it gives them; the rest in its style).
import type { ToastView } from "./toast";

const error = (description: string): ToastView => ({ type: "error", title: "Fel", description });
const success = (description: string): ToastView => ({ type: "success", title: "Framgång", description });

export const ADMIN_TOASTS = {
  notFound: error("Kunde inte hitta passet"),
  bookingNotFound: error("Kunde inte hitta bokningen"),
  releaseFailed: error("Kunde inte släppa passet till försäljning"),
  cancelFailed: error("Kunde inte ställa in passet"),
  deleteFailed: error("Kunde inte ta bort pass"),
  cancelBookingFailed: error("Kunde inte avboka bokningen"),
  released: success("Passet är släppt till försäljning"),
  cancelled: success("Passet är inställt"),
  deleted: { type: "success", title: "Pass borttaget" } satisfies ToastView,
  bookingCancelled: success("Bokningen är avbokad"),
} as const;

/** The destructive changes, each with its button and the question its confirmation asks. */
export const SESSION_CHANGES = {
  release: {
    button: "Släpp till försäljning",
    question: "Släppa passet till försäljning? Alla bokningar avbokas och varje kund får ett mejl om det.",
  },
  cancel: {
    button: "Ställ in pass",
    question: "Ställa in passet? Alla bokningar avbokas, varje kund får ett mejl och passet tas bort från försäljning.",
  },
  delete: {
    button: "Ta bort",
    question: "Ta bort passet? Det går bara för ett pass som aldrig har haft någon bokning.",
  },
} as const;

export type SessionChange = keyof typeof SESSION_CHANGES;

export const BOOKING_CANCEL = {
  button: "Avboka",
  question: "Avboka bokningen? Kunden får ett mejl om att bokningen är avbokad.",
} as const;
