// The contact form on /om: name, e-mail and a message to the team.
import { z } from "zod";
import { NAME_MAX_LENGTH, TEXTAREA_MAX_LENGTH, emailField, requiredLine, requiredMultiline } from "./common";

export const CONTACT_MESSAGE_MAX_LENGTH = TEXTAREA_MAX_LENGTH;

export const CONTACT_MESSAGES = {
  required: "Alla fält måste fyllas i",
} as const;

export const ContactSchema = z.object({
  name: requiredLine(CONTACT_MESSAGES.required, NAME_MAX_LENGTH),
  email: emailField(CONTACT_MESSAGES.required),
  message: requiredMultiline(CONTACT_MESSAGES.required, CONTACT_MESSAGE_MAX_LENGTH),
});

export type ContactValues = z.output<typeof ContactSchema>;
