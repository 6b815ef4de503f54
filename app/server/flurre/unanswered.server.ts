/** Questions Flurre could not answer, kept for staff (/admin/flurre groups them by `normalized`). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { schema } from "../db/client.server";

/** The question lower-cased (Swedish rules) with its whitespace collapsed: repeats of one question group together. */
export function normalizeQuestion(question: string): string {
  return question.normalize("NFC").toLocaleLowerCase("sv-SE").replace(/\s+/g, " ").trim();
}

export async function storeUnansweredQuestion(
  context: AppLoadContext,
  input: { question: string; page: string | null },
): Promise<void> {
  const question = input.question.trim();
  const normalized = normalizeQuestion(question);
  if (!normalized) return;
  await context.db
    .insert(schema.flurreUnanswered)
    .values({ question, normalized, page: input.page && input.page.length <= 200 ? input.page : null });
}
