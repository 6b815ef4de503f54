/**
 * Flurre's model path, used only when the Workers AI binding is configured
 * (production): a text-generation model phrases the answer from the chosen
 * passages alone. It gets a time limit; a model that is slow, fails or
 * answers with anything but plain text gives null, and the caller keeps the
 * extractive answer. The fact check of what it wrote is the caller's.
 */
import type { Passage } from "~/domain/flurre/passages";
import type { Env } from "../platform/env.server";

export const DEFAULT_FLURRE_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";
export const DEFAULT_FLURRE_AI_TIMEOUT_MS = 5_000;
/** Longer than this is not the short answer asked for. */
const MAX_ANSWER_CHARS = 1_500;

export const FLURRE_SYSTEM_PROMPT = [
  "Du är Flurre, kontorshund hos Hundpass – hundträning i Gävle och Sandviken.",
  "Svara på besökarens fråga på svenska, kort, vänligt och gärna med ett glatt 'Voff!' i början.",
  "Använd bara det som står i texterna nedan. Hitta aldrig på priser, datum, veckodagar, tider, antal platser, adresser eller länkar, och skriv dem exakt som i texterna.",
  "Står svaret inte i texterna, säg att du inte vet och att tränarna svarar via kontaktformuläret.",
  "Skriv vanlig text i högst fyra korta stycken, utan HTML, markdown eller webbadresser.",
].join("\n");

export function modelMessages(question: string, passages: readonly Passage[]) {
  const sources = passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text}`).join("\n\n");
  return [
    { role: "system", content: FLURRE_SYSTEM_PROMPT },
    { role: "user", content: `Texter:\n\n${sources}\n\nFråga: ${question}` },
  ];
}

export function flurreModelSettings(env: Pick<Env, "FLURRE_AI_MODEL" | "FLURRE_AI_TIMEOUT_MS">) {
  const timeout = Number(env.FLURRE_AI_TIMEOUT_MS);
  return {
    model: env.FLURRE_AI_MODEL?.trim() || DEFAULT_FLURRE_AI_MODEL,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_FLURRE_AI_TIMEOUT_MS,
  };
}

/** The model's text as plain paragraphs; null if it is empty, too long or not plain text. */
export function modelParagraphs(text: string): string[] | null {
  if (/<\s*\/?\s*[a-z!]/i.test(text)) return null;
  const plain = text
    .replace(/\*\*|__|`/g, "")
    .replace(/^\s{0,3}(?:#{1,6}\s+|[-*•]\s+)/gm, "")
    .trim();
  if (!plain || plain.length > MAX_ANSWER_CHARS) return null;
  const paragraphs = plain
    .split(/\n\s*\n|\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return paragraphs.length > 0 ? paragraphs : null;
}

class ModelTimeout extends Error {
  override name = "ModelTimeout";
}

/** The model's answer text, or null (no binding, timed out, failed, or no text). */
export async function phraseWithModel(
  env: Pick<Env, "AI" | "FLURRE_AI_MODEL" | "FLURRE_AI_TIMEOUT_MS">,
  question: string,
  passages: readonly Passage[],
): Promise<string | null> {
  const ai = env.AI;
  if (!ai) return null;
  const { model, timeoutMs } = flurreModelSettings(env);
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ModelTimeout(`no answer from ${model} within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const result = await Promise.race([
      ai.run(
        model,
        { messages: modelMessages(question, passages), max_tokens: 400, temperature: 0.2 },
        { signal: controller.signal },
      ),
      timeout,
    ]);
    const response: unknown = result.response;
    return typeof response === "string" && response.trim() ? response : null;
  } catch (error) {
    console.error("Flurre: the model gave no answer; answering without it", error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
