/** Questions Flurre could not answer, kept for staff (/admin/flurre groups them by `normalized`). */
import { getDb, schema } from "../db/client.server";
import type { Env } from "../platform/env.server";

/** The question lower-cased (Swedish rules) with its whitespace collapsed: repeats of one question group together. */
export function normalizeQuestion(question: string): string {
  return question.normalize("NFC").toLocaleLowerCase("sv-SE").replace(/\s+/g, " ").trim();
}

export async function storeUnansweredQuestion(
  env: Pick<Env, "DB">,
  input: { question: string; page: string | null },
): Promise<void> {
  const question = input.question.trim();
  const normalized = normalizeQuestion(question);
  if (!normalized) return;
  await getDb(env)
    .insert(schema.flurreUnanswered)
    .values({ question, normalized, page: input.page && input.page.length <= 200 ? input.page : null });
}
