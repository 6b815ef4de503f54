// The newsletter signup block on the start page: an e-mail address and the
// Turnstile widget's token (verified server-side, not here).
import { z } from "zod";
import { TURNSTILE_FIELD } from "../newsletter/turnstile";
import { MESSAGES, emailField } from "./common";
// Cloudflare documents tokens as at most 2048 characters.
const TURNSTILE_TOKEN_MAX_LENGTH = 2048;

export const NEWSLETTER_SIGNUP_MESSAGES = {
  email: MESSAGES.invalidEmail,
  verificationFailed: "Verifiering misslyckades",
} as const;

export const NewsletterSignupSchema = z.object({
  email: emailField(NEWSLETTER_SIGNUP_MESSAGES.email, NEWSLETTER_SIGNUP_MESSAGES.email),
  [TURNSTILE_FIELD]: z
    .string()
    .max(TURNSTILE_TOKEN_MAX_LENGTH, NEWSLETTER_SIGNUP_MESSAGES.verificationFailed)
    .optional(),
});

export type NewsletterSignupValues = z.output<typeof NewsletterSignupSchema>;
