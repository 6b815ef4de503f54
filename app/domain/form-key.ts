/**
 * The one-time key of a staff form that creates something: a random UUID
 * made when the page is drawn and posted in a hidden field, so the server
 * creates once however often the same form arrives (a double click, a
 * browser's "resend form"). Shared by the forms and the server's claims
 * (app/server/forms/form-claim.server.ts).
 */

/** The hidden field's name. */
export const FORM_KEY_FIELD = "form_key";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The posted key when it is one (a UUID), lower case; otherwise null. */
export function parseFormKey(value: unknown): string | null {
  return typeof value === "string" && UUID.test(value) ? value.toLowerCase() : null;
}

export const FORM_KEY_TEXTS = {
  /** A post without a key of its own (or with one made for another form): nothing is created. */
  missing: "Formuläret saknar sin engångsnyckel, så inget sparades. Skicka formuläret igen från sidan.",
} as const;
