// The /rapportera-problem form ("Felanmälan"): who reports, how to reach them,
// what went wrong and whether they want help.
import { z } from "zod";
import { NAME_MAX_LENGTH, choiceField, emailField, emailsMatch, phoneField, requiredLine, requiredMultiline } from "./common";

export const PROBLEM_MESSAGE_MAX_LENGTH = 2000;
export const NEEDS_HELP_CHOICES = ["yes", "no"] as const;

export const PROBLEM_REPORT_MESSAGES = {
  required: "Fyll i alla fält",
} as const;

const required = PROBLEM_REPORT_MESSAGES.required;

// The e-mails' match is checked on its own, so it shows with the other fields' messages.
export const ProblemReportSchema = emailsMatch().and(
  z.object({
    user_name: requiredLine(required, NAME_MAX_LENGTH),
    user_email: emailField(required),
    user_email_confirm: emailField(required),
    user_phone: phoneField(required),
    message: requiredMultiline(required, PROBLEM_MESSAGE_MAX_LENGTH),
    needs_help: choiceField(NEEDS_HELP_CHOICES, required),
  }),
);

export type ProblemReportValues = z.output<typeof ProblemReportSchema>;
