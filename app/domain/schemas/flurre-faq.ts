// An FAQ row of Flurre's in /admin/flurre: the question (one line, its
// whitespace collapsed), the answer (plain text, paragraphs kept) and the
// links field, parsed into { label, href } pairs by the FAQ rules
// (app/domain/flurre-faq-links.ts). Shared by the action and the form.
import { z } from "zod";
import {
  FAQ_ANSWER_MAX_LENGTH,
  FAQ_QUESTION_MAX_LENGTH,
  parseFaqLinkLines,
} from "../flurre-faq-links";
import type { FlurreLink } from "../flurre/answer";
import { requiredText } from "./common";

export const FAQ_MESSAGES = {
  questionRequired: "Skriv frågan",
  questionTooLong: `Frågan får vara högst ${FAQ_QUESTION_MAX_LENGTH} tecken`,
  answerRequired: "Skriv svaret",
  answerTooLong: `Svaret får vara högst ${FAQ_ANSWER_MAX_LENGTH} tecken`,
} as const;

// Stray control characters (not line breaks or tabs) never belong in text Flurre shows.
const STRAY_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

const withoutStrayControls = (value: unknown) =>
  typeof value === "string" ? value.replace(/\r\n?/g, "\n").replace(STRAY_CONTROL, "") : value;

export const FlurreFaqSchema = z.object({
  question: z.preprocess(
    withoutStrayControls,
    requiredText(FAQ_MESSAGES.questionRequired, FAQ_QUESTION_MAX_LENGTH, FAQ_MESSAGES.questionTooLong).transform((value) =>
      value.replace(/\s+/g, " "),
    ),
  ),
  answer: z.preprocess(
    withoutStrayControls,
    requiredText(FAQ_MESSAGES.answerRequired, FAQ_ANSWER_MAX_LENGTH, FAQ_MESSAGES.answerTooLong),
  ),
  links: z
    .string()
    .optional()
    .transform((value, ctx): FlurreLink[] => {
      const parsed = parseFaqLinkLines(value ?? "");
      if (parsed.ok) return parsed.links;
      for (const message of parsed.errors) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }),
});

export type FlurreFaqValues = z.output<typeof FlurreFaqSchema>;
