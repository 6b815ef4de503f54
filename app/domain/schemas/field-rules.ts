// The rules of the common form fields as plain values and checks, without
// zod: a component that only needs a limit, a message or the e-mail check
// (the start page's newsletter form) loads this and not the schema library.
// app/domain/schemas/common.ts builds the zod fields on the same rules.

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

// Control characters, line breaks included (also U+2028/U+2029), and the
// controls that override or isolate the direction of text (U+202A–U+202E,
// U+2066–U+2069): never part of a name, a phone number or a subject; a way to
// smuggle lines into mail, or to show a name reversed in a mail's subject.
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]*$/;

// At least one character that shows: a text of spaces and invisible format
// characters only (zero-width spaces and joiners, direction marks, a BOM) is
// as empty as a blank one.
export const HAS_VISIBLE_CHARACTER = /[^\s\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/u;

export function maxLengthMessage(max: number): string {
  return `Högst ${max} tecken`;
}

// Letters/digits/._%+- before @, a domain, a top-level part of 2+ letters.
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
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
