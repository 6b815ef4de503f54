// Staff sign-in and sign-up with e-mail and password. Sign-in only checks that
// something was typed, so it does not reveal the password policy.
import { z } from "zod";
import { NAME_MAX_LENGTH, emailField, optionalLine } from "./common";
import { linkToken } from "./link";

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  email: "Ange din e-postadress",
  password: "Ange ditt lösenord",
  passwordTooShort: `Lösenordet måste vara minst ${PASSWORD_MIN_LENGTH} tecken`,
  passwordTooLong: `Lösenordet får vara högst ${PASSWORD_MAX_LENGTH} tecken`,
  displayNameTooLong: `Namnet får vara högst ${NAME_MAX_LENGTH} tecken`,
} as const;

// Passwords are never trimmed: spaces are allowed characters.
const password = z
  .string({ required_error: PASSWORD_MESSAGES.password, invalid_type_error: PASSWORD_MESSAGES.password })
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.passwordTooLong);

export const PasswordSignInSchema = z.object({
  email: emailField(PASSWORD_MESSAGES.email),
  password,
});

export const SignUpSchema = z.object({
  email: emailField(PASSWORD_MESSAGES.email),
  password: password.min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.passwordTooShort),
  display_name: optionalLine(NAME_MAX_LENGTH, PASSWORD_MESSAGES.displayNameTooLong),
});

/** The staff confirmation page: the mailed link's token and the sign-up's password typed again (empty is answered on the page). */
export const StaffConfirmLinkSchema = z.object({ token: linkToken, password: z.string().max(PASSWORD_MAX_LENGTH).default("") });

export const STAFF_CONFIRM_TEXTS = {
  intro: "Skriv lösenordet du valde när du skapade kontot och tryck på knappen för att bekräfta din e-postadress och aktivera ditt personalkonto.",
  passwordHint: "Samma lösenord som när du skapade kontot.",
  passwordMissing: "Ange lösenordet du valde när du skapade kontot",
  wrongPassword:
    "Lösenordet stämmer inte med det som valdes när kontot skapades. Skapade du inte kontot själv, eller minns du inte lösenordet? Skapa kontot igen.",
} as const;

export type PasswordSignInValues = z.output<typeof PasswordSignInSchema>;
export type SignUpValues = z.output<typeof SignUpSchema>;
