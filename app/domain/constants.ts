// Business constants of the booking app (spec sections 3, 5 and 9): time zone,
// fixed locations, prices, thresholds, defaults, text limits, timings and
// newsletter segments. Plain values only; the rules that use them live next door.

export const TIME_ZONE = "Europe/Stockholm";

/** A session is for a group or for one customer (the sessions.pass_type column). */
export const PASS_TYPES = ["group", "private"] as const;
export type PassType = (typeof PASS_TYPES)[number];

/** A booking's state (the bookings.booking_status column). */
export const BOOKING_STATUSES = ["confirmed", "pending", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A session's location: the name of a place (staff keep them on /admin/platser) or 'Hembesök' / 'Online'. */
export type Location = string;

/** "From" prices on the booking entry cards, in SEK. */
export const FROM_PRICES = { group: 249, private: 395 } as const;

/** A group session runs ("Bekräftat") from this many participants. */
export const GROUP_CONFIRMED_THRESHOLD = 3;

/** Group sessions at or below this count may be cancelled, with notice by e-mail. */
export const GROUP_CANCEL_NOTICE_HOURS = 24;

/** At most this many fully booked sessions are shown in the booking list view. */
export const FULLY_BOOKED_LIST_CAP = 3;

/** Sort value for a session type whose app_order is missing. */
export const DEFAULT_APP_ORDER = 999;

export const SESSION_DEFAULTS = {
  maxParticipants: 10,
  priceSek: 0,
  passType: "group",
  durationMinutes: 60,
} as const;

/**
 * What a session type's booking form asks beyond the usual fields (migration
 * 0143): the meeting form of an online session, the home address of a home
 * visit, or the variant (Privat or Proffs, each with its own price).
 */
export const BOOKING_ASKS = ["meeting_type", "home_address", "variant"] as const;
export type BookingAsk = (typeof BOOKING_ASKS)[number];

/** The variants a session asking for one offers, and their prices (spec section 9). */
export const VARIANT_PRICES = { privat: 495, proffs: 595 } as const;
export type Variant = keyof typeof VARIANT_PRICES;

export const MEETING_TYPES = [
  "Telefonmöte",
  "Google Meets",
  "Facebook Messenger",
  "Microsoft Teams",
] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];

export const TEXT_LIMITS = {
  email: 254,
  notes: 500,
  homeAddress: 500,
  dogAge: 50,
  textareaDefault: 1000,
  contactMessage: 1000,
  reportMessage: 2000,
  campaignName: 200,
  campaignSubject: 255,
  campaignContent: 10000,
  campaignSubheader: 200,
  campaignImageUrl: 500,
  campaignButtonUrl: 500,
  campaignButtonText: 50,
  campaignFooterLine: 200,
} as const;

/** Client timings in milliseconds. */
export const TIMINGS_MS = {
  botCheckWait: 10_000,
  botCheckPoll: 100,
  botCheckRetry: 2_000,
  signupErrorReset: 3_000,
  verifyRedirect: 1_000,
  signOutRedirect: 500,
  countdownTick: 1_000,
  toast: 6_000,
  sendingConfirmToast: 8_000,
  problemThanksToast: 5_000,
  draftAutoSave: 10_000,
  chatMessageDelay: 500,
} as const;

export const DEFAULT_SESSION_IMAGE = "/images/default-session.svg";
