// The admin's e-mail composer (spec section 3, "Email draft": subject and
// message), to one booking's customer or to every confirmed customer of a
// session. `draft_id` names one composed message: a second post of the same
// draft (a double submit) mails nobody twice.
import { z } from "zod";
import { requiredLine, requiredText } from "./common";

export const ADMIN_EMAIL_SUBJECT_MAX_LENGTH = 200;
export const ADMIN_EMAIL_MESSAGE_MAX_LENGTH = 5000;

export const ADMIN_EMAIL_MESSAGES = {
  subject: "Ämne är obligatoriskt",
  message: "Meddelande är obligatoriskt",
  draft: "Formuläret har gått ut, ladda om sidan och försök igen",
} as const;

export const AdminEmailSchema = z.object({
  subject: requiredLine(ADMIN_EMAIL_MESSAGES.subject, ADMIN_EMAIL_SUBJECT_MAX_LENGTH),
  message: requiredText(ADMIN_EMAIL_MESSAGES.message, ADMIN_EMAIL_MESSAGE_MAX_LENGTH),
  draft_id: z
    .string({ required_error: ADMIN_EMAIL_MESSAGES.draft })
    .regex(/^[0-9a-f-]{36}$/, ADMIN_EMAIL_MESSAGES.draft),
  returnTo: z.string().optional(),
});

export type AdminEmailValues = z.output<typeof AdminEmailSchema>;
