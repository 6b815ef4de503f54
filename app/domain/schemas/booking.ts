// The booking form on /session/{id}: customer, dog and consent fields, plus
// the extra field a session's type may ask (a meeting type, a home address or
// a variant: popup_types.booking_ask). Build the schema for a session with
// createBookingSchema(bookingRulesFor(session.bookingAsk)).
import { z } from "zod";
import {
  NAME_MAX_LENGTH,
  choiceField,
  emailField,
  emailsMatch,
  maxLengthMessage,
  optionalLine,
  optionalMultiline,
  phoneField,
  requiredLine,
  requiredMultiline,
} from "./common";

import { MEETING_TYPES, VARIANT_PRICES, type BookingAsk, type MeetingType, type Variant } from "../constants";
import { parseCardCode } from "../cards/card-code";
import { CARD_CODE_PROBLEMS } from "../cards/card-code-field";

export { MEETING_TYPES, type MeetingType };

export const BOOKING_VARIANTS = Object.keys(VARIANT_PRICES) as [Variant, ...Variant[]];
export type BookingVariant = Variant;

export const DOG_AGE_MAX_LENGTH = 50;
export const SPECIAL_NOTES_MAX_LENGTH = 500;
export const HOME_ADDRESS_MAX_LENGTH = 500;

export const BOOKING_MESSAGES = {
  name: "Ange ditt namn",
  email: "Ange din e-postadress",
  emailConfirm: "Bekräfta din e-postadress",
  phone: "Ange ditt telefonnummer",
  dogName: "Ange hundens namn",
  meetingType: "Välj mötestyp",
  homeAddress: "Ange hemadress",
  variant: "Välj variant",
  terms: "Villkor måste accepteras",
  idempotencyKey: "Formuläret har gått ut, ladda om sidan och försök igen",
} as const;

export type BookingRules = {
  requiresMeetingType: boolean;
  requiresHomeAddress: boolean;
  requiresVariant: boolean;
};

/** Which extra booking fields a session needs: what its type asks (null: none). */
export function bookingRulesFor(ask: BookingAsk | null | undefined): BookingRules {
  return {
    requiresMeetingType: ask === "meeting_type",
    requiresHomeAddress: ask === "home_address",
    requiresVariant: ask === "variant",
  };
}

// Any UUID-shaped value; the form renders crypto.randomUUID() in a hidden field.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const meetingType = choiceField(MEETING_TYPES, BOOKING_MESSAGES.meetingType);
const variant = choiceField(BOOKING_VARIANTS, BOOKING_MESSAGES.variant);
const homeAddress = requiredMultiline(
  BOOKING_MESSAGES.homeAddress,
  HOME_ADDRESS_MAX_LENGTH,
  maxLengthMessage(HOME_ADDRESS_MAX_LENGTH),
);

// Typed as "maybe undefined" whichever way the rule goes, so every variant of
// the schema infers the same values type.
type MaybeField<T> = z.ZodType<T | undefined, z.ZodTypeDef, T | undefined>;

/** The longest a typed card code may be: its 16 characters with room for spaces and dashes between the groups. */
export const CARD_CODE_MAX_LENGTH = 40;

/**
 * A klippkort's or presentkort's code, optional: read the way card-code.ts
 * reads it (any case, spaces and dashes), its value the plain code; a
 * lookalike (0, O, 1, I, L) or a wrong length is refused with its message.
 */
const cardCodeField = z
  .string()
  .max(CARD_CODE_MAX_LENGTH, CARD_CODE_PROBLEMS.length)
  .optional()
  .superRefine((typed, ctx) => {
    if (typed === undefined) return;
    const parsed = parseCardCode(typed);
    if (!parsed.ok && parsed.problem !== "empty") ctx.addIssue({ code: z.ZodIssueCode.custom, message: CARD_CODE_PROBLEMS[parsed.problem] });
  })
  .transform((typed) => {
    const parsed = typed === undefined ? null : parseCardCode(typed);
    return parsed?.ok ? parsed.code : undefined;
  });

export function createBookingSchema(rules: BookingRules) {
  const meetingTypeField: MaybeField<MeetingType> = rules.requiresMeetingType ? meetingType : meetingType.optional();
  const variantField: MaybeField<BookingVariant> = rules.requiresVariant ? variant : variant.optional();
  const homeAddressField: MaybeField<string> = rules.requiresHomeAddress
    ? homeAddress
    : optionalMultiline(HOME_ADDRESS_MAX_LENGTH);

  const fields = z.object({
    user_name: requiredLine(BOOKING_MESSAGES.name, NAME_MAX_LENGTH),
    user_email: emailField(BOOKING_MESSAGES.email),
    user_email_confirm: emailField(BOOKING_MESSAGES.emailConfirm),
    user_phone: phoneField(BOOKING_MESSAGES.phone),
    dog_name: requiredLine(BOOKING_MESSAGES.dogName, NAME_MAX_LENGTH),
    dog_breed: optionalLine(NAME_MAX_LENGTH),
    dog_age: optionalLine(DOG_AGE_MAX_LENGTH),
    special_notes: optionalMultiline(SPECIAL_NOTES_MAX_LENGTH),
    home_address: homeAddressField,
    meeting_type: meetingTypeField,
    variant: variantField,
    card_code: cardCodeField,
    terms: z.literal("on", { errorMap: () => ({ message: BOOKING_MESSAGES.terms }) }),
    idempotency_key: z
      .string({ required_error: BOOKING_MESSAGES.idempotencyKey, invalid_type_error: BOOKING_MESSAGES.idempotencyKey })
      .regex(UUID_PATTERN, BOOKING_MESSAGES.idempotencyKey),
  });

  return emailsMatch().and(fields);
}

/** The booking form for an ordinary session (no extra field required). */
export const BookingSchema = /* @__PURE__ */ createBookingSchema({
  requiresMeetingType: false,
  requiresHomeAddress: false,
  requiresVariant: false,
});

export type BookingFormValues = z.output<typeof BookingSchema>;

/** Values a booking form starts from: a waitlist hold's name and dog, or the form as sent before a payment that ended unpaid. */
export type BookingFormDefaults = Partial<
  Pick<
    BookingFormValues,
    | "user_name"
    | "user_email"
    | "user_email_confirm"
    | "user_phone"
    | "dog_name"
    | "dog_breed"
    | "dog_age"
    | "special_notes"
    | "home_address"
    | "meeting_type"
    | "variant"
  >
>;

