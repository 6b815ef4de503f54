/**
 * Flurre's model path, used only when the Workers AI binding is configured
 * (production): a text-generation model chooses, by their numbers, which of
 * the resolved passages' sentences answer the question, and in what order.
 * It writes no text of its own: the chosen sentences are shown as written,
 * and fact-checked by the caller as any answer is. It gets a time limit; a
 * model that is slow, fails or answers with anything but numbers of the
 * sentences it was given gives null, and the caller keeps the extractive
 * answer.
 */
import type { Passage } from "~/domain/flurre/passages";
import type { Env } from "../platform/env.server";

export const DEFAULT_FLURRE_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";
export const DEFAULT_FLURRE_AI_TIMEOUT_MS = 5_000;
/** The most sentences one answer is made of: a chat bubble's worth. */
export const MAX_CHOSEN_SENTENCES = 6;
/** A reply longer than this is not the list of numbers asked for. */
const MAX_REPLY_CHARS = 200;

export const FLURRE_SYSTEM_PROMPT = [
  "Du är Flurre, kontorshund hos Hundpass, som håller hundträning.",
  "Du får en fråga från en besökare och numrerade meningar ur webbplatsens texter.",
  `Välj de meningar som tillsammans svarar på frågan, högst ${MAX_CHOSEN_SENTENCES}, i den ordning de ska läsas.`,
  "Svara bara med meningarnas nummer, åtskilda med kommatecken, till exempel: 3, 1",
  "Svarar ingen av meningarna på frågan, svara: 0",
  "Skriv inga egna ord.",
].join("\n");

/** A sentence the model may choose: its number in the prompt, its passage and its text as written. */
export type NumberedSentence = { id: number; passageId: string; text: string };

const sentenceSegmenter = new Intl.Segmenter("sv", { granularity: "sentence" });

/** The passages' sentences, numbered from 1 in the passages' order (a line of its own is a sentence). */
export function numberedSentences(passages: readonly Passage[]): NumberedSentence[] {
  const sentences: NumberedSentence[] = [];
  for (const passage of passages) {
    for (const { segment } of sentenceSegmenter.segment(passage.text)) {
      const text = segment.replace(/\s+/g, " ").trim();
      if (text) sentences.push({ id: sentences.length + 1, passageId: passage.id, text });
    }
  }
  return sentences;
}

export function modelMessages(question: string, passages: readonly Passage[], sentences: readonly NumberedSentence[]) {
  const sources = passages
    .map((p) => [`## ${p.title}`, ...sentences.filter((s) => s.passageId === p.id).map((s) => `[${s.id}] ${s.text}`)].join("\n"))
    .join("\n\n");
  return [
    { role: "system", content: FLURRE_SYSTEM_PROMPT },
    { role: "user", content: `Meningar:\n\n${sources}\n\nFråga: ${question}` },
  ];
}

export function flurreModelSettings(env: Pick<Env, "FLURRE_AI_MODEL" | "FLURRE_AI_TIMEOUT_MS">) {
  const timeout = Number(env.FLURRE_AI_TIMEOUT_MS);
  return {
    model: env.FLURRE_AI_MODEL?.trim() || DEFAULT_FLURRE_AI_MODEL,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_FLURRE_AI_TIMEOUT_MS,
  };
}

/**
 * The sentences a reply chooses, in its order: a reply of numbers only (with
 * commas, spaces, brackets, 'och' or a closing full stop between them), each
 * one of `sentences`, at most MAX_CHOSEN_SENTENCES, a repeat read once. Null
 * for anything else (words of its own, a number it was not given, '0').
 */
export function chosenSentences(reply: string, sentences: readonly NumberedSentence[]): NumberedSentence[] | null {
  const text = reply.trim();
  if (!text || text.length > MAX_REPLY_CHARS) return null;
  if (!/^[\s\d,;.[\]()]*(?:(?:och|and)[\s\d,;.[\]()]*)*$/iu.test(text)) return null;
  const ids = [...new Set((text.match(/\d+/g) ?? []).map(Number))];
  if (ids.length === 0 || ids.length > MAX_CHOSEN_SENTENCES) return null;
  const byId = new Map(sentences.map((s) => [s.id, s]));
  const chosen = ids.map((id) => byId.get(id));
  return chosen.every((s): s is NumberedSentence => s !== undefined) ? chosen : null;
}

/** Chosen sentences as paragraphs: those next to each other from one passage read as one paragraph. */
export function sentenceParagraphs(chosen: readonly NumberedSentence[]): string[] {
  const paragraphs: { passageId: string; lastId: number; text: string }[] = [];
  for (const s of chosen) {
    const last = paragraphs.at(-1);
    if (last && last.passageId === s.passageId && s.id === last.lastId + 1) {
      last.text = `${last.text} ${s.text}`;
      last.lastId = s.id;
    } else paragraphs.push({ passageId: s.passageId, lastId: s.id, text: s.text });
  }
  return paragraphs.map((p) => p.text);
}

class ModelTimeout extends Error {
  override name = "ModelTimeout";
}

/** The sentences the model chose, as paragraphs; null (no binding, timed out, failed, or no valid choice). */
export async function chooseWithModel(
  env: Pick<Env, "AI" | "FLURRE_AI_MODEL" | "FLURRE_AI_TIMEOUT_MS">,
  question: string,
  passages: readonly Passage[],
): Promise<string[] | null> {
  const ai = env.AI;
  if (!ai) return null;
  const sentences = numberedSentences(passages);
  if (sentences.length === 0) return null;
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
        { messages: modelMessages(question, passages, sentences), max_tokens: 40, temperature: 0 },
        { signal: controller.signal },
      ),
      timeout,
    ]);
    const response: unknown = result.response;
    if (typeof response !== "string" || !response.trim()) return null;
    const chosen = chosenSentences(response, sentences);
    if (!chosen) {
      console.warn("Flurre: the model's reply chose no sentence it was given; answering without it", response.slice(0, MAX_REPLY_CHARS));
      return null;
    }
    return sentenceParagraphs(chosen);
  } catch (error) {
    console.error("Flurre: the model gave no answer; answering without it", error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
