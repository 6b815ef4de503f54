// A question to Flurre, from the chat widget or the /flurre page: the
// question itself (fraga) and the path it was asked from (sida).
import { z } from "zod";
import { FLURRE_QUESTION_MAX_LENGTH } from "../flurre/answer";
import { requiredText } from "./common";

export const FLURRE_MESSAGES = {
  required: "Skriv en fråga till Flurre.",
  tooLong: `Frågan får vara högst ${FLURRE_QUESTION_MAX_LENGTH} tecken.`,
} as const;

/**
 * A path on this site: one slash first (not "//"), no spaces and no "\"
 * (browsers read "/\host" as another site). The admin's isSitePath says the
 * same; kept apart so the question form does not load the FAQ code.
 */
const PAGE_PATH = /^\/(?!\/)[^\s\\]*$/;

export const FlurreQuestionSchema = z.object({
  fraga: requiredText(FLURRE_MESSAGES.required, FLURRE_QUESTION_MAX_LENGTH, FLURRE_MESSAGES.tooLong),
  sida: z.string().trim().max(200).regex(PAGE_PATH).optional().catch(undefined),
});

export type FlurreQuestionValues = z.output<typeof FlurreQuestionSchema>;
