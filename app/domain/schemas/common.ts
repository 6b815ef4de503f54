// Shared building blocks for the form schemas: the e-mail and phone fields,
// trimmed text fields, built with zod on the plain rules and Swedish
// messages of ./field-rules (re-exported here for the schemas' use). They
// load the same way in the browser and in the Worker.
import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  HAS_VISIBLE_CHARACTER,
  MESSAGES,
  NO_CONTROL_CHARACTERS,
  PHONE_MAX_LENGTH,
  isValidEmail,
  isValidPhone,
  maxLengthMessage,
  sameEmail,
} from "./field-rules";

export {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  TEXTAREA_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  MESSAGES,
  maxLengthMessage,
  isValidEmail,
  normalizePhone,
  isValidPhone,
  sameEmail,
} from "./field-rules";

/**
 * A trimmed string that must not be empty. conform turns "" into undefined
 * before zod sees it, so the same message covers missing, empty and blank;
 * invisible characters alone (zero-width spaces, direction marks) are blank.
 */
export function requiredText(message: string, max?: number, maxMessage?: string) {
  const base = z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .regex(HAS_VISIBLE_CHARACTER, message);
  return max === undefined ? base : base.max(max, maxMessage ?? maxLengthMessage(max));
}

/**
 * Characters that hide or turn text around in a text of several lines: control characters but the tab and line breaks,
 * and the controls that override or isolate the direction of text. Pasted in unseen, they are taken out rather than
 * refused, since the visitor cannot see them to remove them.
 */
const HIDDEN_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
const withoutHiddenControls = (value: string) => value.replace(HIDDEN_CONTROLS, "");

/** requiredText for a field of several lines (a message, an address), hidden controls taken out. */
export function requiredMultiline(message: string, max?: number, maxMessage?: string) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .transform(withoutHiddenControls)
    .pipe(requiredText(message, max, maxMessage));
}

/** optionalText for a field of several lines, hidden controls taken out. */
export function optionalMultiline(max: number, maxMessage?: string) {
  return z.string().transform(withoutHiddenControls).pipe(optionalText(max, maxMessage)).optional();
}

/** requiredText for a one-line field (names, phone, subjects): no line breaks or control characters. */
export function requiredLine(message: string, max?: number, maxMessage?: string) {
  return requiredText(message, max, maxMessage).regex(NO_CONTROL_CHARACTERS, MESSAGES.singleLine);
}

/** optionalText for a one-line field: no line breaks or control characters. */
export function optionalLine(max: number, maxMessage?: string) {
  return z
    .string()
    .trim()
    .max(max, maxMessage ?? maxLengthMessage(max))
    .regex(NO_CONTROL_CHARACTERS, MESSAGES.singleLine)
    .transform((value) => (value === "" ? undefined : value))
    .optional();
}

/** A trimmed string that may be left out; blank input becomes undefined. */
export function optionalText(max: number, maxMessage?: string) {
  return z
    .string()
    .trim()
    .max(max, maxMessage ?? maxLengthMessage(max))
    .transform((value) => (value === "" ? undefined : value))
    .optional();
}

/**
 * A required e-mail field. Exactly one message per failure: `required` when
 * empty, `invalid` when too long or malformed.
 */
export function emailField(required: string, invalid: string = MESSAGES.invalidEmail) {
  return requiredText(required)
    .max(EMAIL_MAX_LENGTH, invalid)
    .refine((value) => value === "" || value.length > EMAIL_MAX_LENGTH || EMAIL_PATTERN.test(value), {
      message: invalid,
    });
}

/** A required phone field checked with the phone rule above. */
export function phoneField(required: string, invalid: string = MESSAGES.invalidPhone) {
  return requiredLine(required)
    .max(PHONE_MAX_LENGTH, invalid)
    .refine((value) => value.length > PHONE_MAX_LENGTH || isValidPhone(value), { message: invalid });
}

/** A select/radio value from a fixed list; one message for missing and unknown values. */
export function choiceField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { errorMap: () => ({ message }) });
}

/**
 * The e-mail typed twice must match. zod skips an object's refinements while any field is missing, so a mismatch on
 * the whole form would only show once everything else is filled in; checked on its own (the left side of an
 * intersection, `emailsMatch().and(fields)`, so the fields' constraints still win for getZodConstraint), it shows as
 * soon as both addresses are typed.
 */
export const emailsMatch = () =>
  z
    .object({ user_email: z.string().trim().optional(), user_email_confirm: z.string().trim().optional() })
    .superRefine(({ user_email: email, user_email_confirm: confirm }, ctx) => {
      // A malformed confirmation already has its own message.
      if (email && confirm && isValidEmail(confirm) && !sameEmail(email, confirm)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["user_email_confirm"], message: MESSAGES.emailMismatch });
      }
    });
