// Shared building blocks for the form schemas: the e-mail and phone rules,
// trimmed text fields and the Swedish messages several forms reuse.
// Constants live here (not in app/domain/constants.ts) so the schemas stay
// self-contained and load the same way in the browser and in the Worker.
import { z } from "zod";

export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const TEXTAREA_MAX_LENGTH = 1000;
/** Raw phone input, before spaces/dashes/brackets are removed. */
export const PHONE_MAX_LENGTH = 40;

export const MESSAGES = {
  invalidEmail: "Ange en giltig e-postadress",
  invalidPhone: "Ange ett giltigt telefonnummer",
  emailMismatch: "E-postadresserna matchar inte",
  singleLine: "Fältet får inte innehålla radbrytningar eller andra kontrolltecken",
} as const;

// Control characters, line breaks included (also U+2028/U+2029): never part of
// a name, a phone number or a subject, and a way to smuggle lines into mail.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029]*$/;

export function maxLengthMessage(max: number): string {
  return `Högst ${max} tecken`;
}

// Letters/digits/._%+- before @, a domain, a top-level part of 2+ letters.
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const PHONE_PATTERN = /^\+?\d{8,20}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Removes the spaces, dashes and brackets people type into phone numbers. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s\-()]/g, "");
}

/** Optional leading + then 8–20 digits; an empty value passes (requiredness is separate). */
export function isValidPhone(value: string): boolean {
  const digits = normalizePhone(value);
  return digits === "" || PHONE_PATTERN.test(digits);
}

/** Case- and whitespace-insensitive comparison, used for "confirm e-mail" fields. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * A trimmed string that must not be empty. conform turns "" into undefined
 * before zod sees it, so the same message covers missing, empty and blank.
 */
export function requiredText(message: string, max?: number, maxMessage?: string) {
  const base = z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message);
  return max === undefined ? base : base.max(max, maxMessage ?? maxLengthMessage(max));
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
