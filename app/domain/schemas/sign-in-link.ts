// The /mina-bokningar form: a customer asks for a one-time sign-in link.
import { z } from "zod";
import { emailField } from "./common";

export const SIGN_IN_LINK_MESSAGES = {
  email: "Vänligen ange din e-postadress",
  invalidEmail: "Vänligen ange en giltig e-postadress",
} as const;

export const SignInLinkSchema = z.object({
  email: emailField(SIGN_IN_LINK_MESSAGES.email, SIGN_IN_LINK_MESSAGES.invalidEmail),
});

export type SignInLinkValues = z.output<typeof SignInLinkSchema>;
