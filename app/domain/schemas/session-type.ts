// The session type form of /admin/passtyper (popup_types, spec section 3).
// Field names are the data model's. A combined type has no fixed price (the
// customer chooses), so its price may be left empty; every other kind needs one.
import { z } from "zod";
import { TEXTAREA_MAX_LENGTH, choiceField, maxLengthMessage, optionalLine, optionalText, requiredLine } from "./common";
import { SESSION_MAX_PARTICIPANTS, SESSION_MAX_PRICE_SEK, SESSION_MESSAGES } from "./session";
import { BOOKING_ASKS, type BookingAsk } from "../constants";

export const SESSION_TYPE_KINDS = ["group", "private", "combined"] as const;
export type SessionTypeKind = (typeof SESSION_TYPE_KINDS)[number];

export const SESSION_TYPE_NAME_MAX_LENGTH = 60;
export const SESSION_TYPE_INSPIRING_MAX_LENGTH = 300;
export const SESSION_TYPE_IMAGE_URL_MAX_LENGTH = 500;
/** A type's sessions take its max participants: the same bound as a session's. */
export const SESSION_TYPE_MAX_PARTICIPANTS = SESSION_MAX_PARTICIPANTS;
export const SESSION_TYPE_MAX_ORDER = 9999;
/** A place's name is at most this long (the places table's bound). */
export const SESSION_TYPE_LOCATION_MAX_LENGTH = 80;

export const SESSION_TYPE_MESSAGES = {
  name: "Namn är obligatoriskt",
  duplicateName: "Det finns redan en passtyp med det namnet",
  sessionType: "Välj sorts pass",
  maxParticipants: "Ange max antal deltagare",
  maxParticipantsRange: `Ange ett heltal från 1 till ${SESSION_TYPE_MAX_PARTICIPANTS}`,
  price: "Ange ett pris",
  priceMin: "Priset kan inte vara negativt",
  priceMax: SESSION_MESSAGES.priceMax,
  wholeNumber: "Ange ett heltal",
  order: `Ange ordningen som ett heltal från 0 till ${SESSION_TYPE_MAX_ORDER}`,
  imageUrl: "Ange en webbadress som börjar med https://, eller en sökväg på sajten som börjar med /",
  defaultLocation: "Välj en plats i listan",
  bookingAsk: "Välj ett alternativ i listan",
} as const;

/** An https URL or a site path such as /images/types/x.svg (not //host): never plain http on an https page. */
export function isHttpsImageUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

function wholeNumber(required: string) {
  return z
    .number({ required_error: required, invalid_type_error: SESSION_TYPE_MESSAGES.wholeNumber })
    .int(SESSION_TYPE_MESSAGES.wholeNumber);
}

export const SessionTypeSchema = z
  .object({
    name: requiredLine(SESSION_TYPE_MESSAGES.name, SESSION_TYPE_NAME_MAX_LENGTH),
    description: optionalText(TEXTAREA_MAX_LENGTH),
    inspiring_text: optionalLine(SESSION_TYPE_INSPIRING_MAX_LENGTH),
    image_url: z
      .string()
      .trim()
      .max(SESSION_TYPE_IMAGE_URL_MAX_LENGTH, maxLengthMessage(SESSION_TYPE_IMAGE_URL_MAX_LENGTH))
      .refine((value) => value === "" || value.length > SESSION_TYPE_IMAGE_URL_MAX_LENGTH || isHttpsImageUrl(value), {
        message: SESSION_TYPE_MESSAGES.imageUrl,
      })
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    max_participants: wholeNumber(SESSION_TYPE_MESSAGES.maxParticipants)
      .min(1, SESSION_TYPE_MESSAGES.maxParticipantsRange)
      .max(SESSION_TYPE_MAX_PARTICIPANTS, SESSION_TYPE_MESSAGES.maxParticipantsRange),
    session_type: choiceField(SESSION_TYPE_KINDS, SESSION_TYPE_MESSAGES.sessionType),
    price: z
      .number({ invalid_type_error: SESSION_TYPE_MESSAGES.wholeNumber })
      .int(SESSION_TYPE_MESSAGES.wholeNumber)
      .min(0, SESSION_TYPE_MESSAGES.priceMin)
      .max(SESSION_MAX_PRICE_SEK, SESSION_TYPE_MESSAGES.priceMax)
      .optional(),
    app_order: z
      .number({ invalid_type_error: SESSION_TYPE_MESSAGES.order })
      .int(SESSION_TYPE_MESSAGES.order)
      .min(0, SESSION_TYPE_MESSAGES.order)
      .max(SESSION_TYPE_MAX_ORDER, SESSION_TYPE_MESSAGES.order)
      .optional(),
    /** A place's name (checked against the places when saved), or empty for none. */
    default_location: optionalLine(SESSION_TYPE_LOCATION_MAX_LENGTH),
    /** What its sessions' booking form asks beyond the usual fields; empty for nothing more. */
    booking_ask: choiceField(BOOKING_ASKS, SESSION_TYPE_MESSAGES.bookingAsk).optional(),
    hidden: z.literal("on").optional(),
    /** Ticked to rename a type that sessions match by title (shown only then). */
    confirm_rename: z.literal("on").optional(),
  })
  .superRefine((values, ctx) => {
    if (values.session_type !== "combined" && values.price === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: SESSION_TYPE_MESSAGES.price });
    }
  });

export type SessionTypeFormValues = z.output<typeof SessionTypeSchema>;

/** What a valid form stores (popup_types' columns, camelCase). */
export interface SessionTypeFields {
  name: string;
  description: string;
  inspiringText: string;
  imageUrl: string | null;
  maxParticipants: number;
  sessionType: SessionTypeKind;
  price: number;
  appOrder: number | null;
  hidden: boolean;
  /** Where the type's new sessions take place unless staff choose otherwise, or null. */
  defaultLocation: string | null;
  /** What its sessions' booking form asks beyond the usual fields, or null. */
  bookingAsk: BookingAsk | null;
}

export function sessionTypeFields(values: SessionTypeFormValues): SessionTypeFields {
  return {
    name: values.name,
    description: values.description ?? "",
    inspiringText: values.inspiring_text ?? "",
    imageUrl: values.image_url ?? null,
    maxParticipants: values.max_participants,
    sessionType: values.session_type,
    // A combined type's price is the customer's choice; the column keeps 0.
    price: values.session_type === "combined" ? 0 : (values.price ?? 0),
    appOrder: values.app_order ?? null,
    hidden: values.hidden === "on",
    defaultLocation: values.default_location ?? null,
    bookingAsk: values.booking_ask ?? null,
  };
}
