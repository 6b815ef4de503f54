/**
 * Flurre's answer to one question: retrieves passages from the site's own
 * content in D1, ranks them for the question and composes the answer.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { FlurreAnswer } from "~/domain/flurre/answer";

export type FlurreQuestion = {
  /** Trimmed, at most FLURRE_QUESTION_MAX_LENGTH characters. */
  question: string;
  /** The path the question was asked from, if known. */
  page: string | null;
  /** Store the question for staff if Flurre cannot answer it (false for a plain GET of /flurre?fraga=). */
  record: boolean;
};

export async function askFlurre(_context: AppLoadContext, _input: FlurreQuestion): Promise<FlurreAnswer> {
  return {
    kind: "fallback",
    paragraphs: ["Det där vet jag tyvärr inte än. Skriv till tränarna så svarar de dig via e-post."],
    links: [{ label: "Kontakta oss", href: "/om#kontakt" }],
    source: "extractive",
  };
}
