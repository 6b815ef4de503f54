/**
 * The chat's conversation, kept for the browser tab (sessionStorage) so it
 * survives navigation and reload, and the one request that asks Flurre:
 * a plain fetch to POST /flurre/svar (no Remix action, so no page loader
 * runs again). Browser-only; loaded with the chat panel.
 */
import type { FlurreAnswer } from "~/domain/flurre/answer";
import { FLURRE_CHAT_TEXTS } from "./flurre-texts";
import type { FlurreReply } from "~/routes/flurre.svar";

export type FlurreMessage =
  | { id: string; from: "visitor"; text: string }
  | { id: string; from: "flurre"; answer: FlurreAnswer };

const STORAGE_KEY = "hundpass:flurre";
/** The newest messages kept: a long chat in one tab stays small in storage. */
const KEPT_MESSAGES = 40;
/** Longer than any answer should take; then the visitor may try again. */
const REQUEST_TIMEOUT_MS = 20_000;

export function messageId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

function isAnswer(value: unknown): value is FlurreAnswer {
  if (typeof value !== "object" || value === null) return false;
  const answer = value as Record<string, unknown>;
  return (
    Array.isArray(answer.paragraphs) &&
    answer.paragraphs.every((p) => typeof p === "string") &&
    Array.isArray(answer.links) &&
    answer.links.every(
      (l) => typeof l === "object" && l !== null && typeof l.label === "string" && typeof l.href === "string",
    )
  );
}

/** What storage gives back is checked, not trusted: it may come from an older version of the chat. */
function isMessage(value: unknown): value is FlurreMessage {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  if (typeof m.id !== "string") return false;
  if (m.from === "visitor") return typeof m.text === "string";
  return m.from === "flurre" && isAnswer(m.answer);
}

/** The stored conversation; null when the browser keeps no storage (then the chat lives in memory). */
export function loadConversation(): FlurreMessage[] | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isMessage) : [];
  } catch {
    return null;
  }
}

export function saveConversation(messages: FlurreMessage[]): FlurreMessage[] {
  const kept = messages.slice(-KEPT_MESSAGES);
  try {
    if (kept.length === 0) window.sessionStorage.removeItem(STORAGE_KEY);
    else window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or switched off: the conversation lasts as long as the page.
  }
  return kept;
}

/** The question the visitor asked last, for handing it on to the trainers. */
export function lastQuestion(messages: FlurreMessage[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.from === "visitor") return m.text;
  }
  return null;
}

export type AskResult = { ok: true; answer: FlurreAnswer } | { ok: false; error: string };

/** Asks Flurre; every failure comes back as a Swedish sentence for the visitor. */
export async function askFlurreOverNetwork(question: string, page: string): Promise<AskResult> {
  let response: Response;
  try {
    response = await fetch("/flurre/svar", {
      method: "POST",
      body: new URLSearchParams({ fraga: question, sida: page }),
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, error: FLURRE_CHAT_TEXTS.networkError };
  }
  let reply: FlurreReply | null = null;
  try {
    reply = (await response.json()) as FlurreReply;
  } catch {
    // Not JSON: an error page from somewhere on the way.
  }
  if (reply?.ok === true && isAnswer(reply.answer)) {
    return { ok: true, answer: reply.answer };
  }
  if (reply?.ok === false && typeof reply.error === "string" && reply.error !== "") {
    return { ok: false, error: reply.error };
  }
  return { ok: false, error: FLURRE_CHAT_TEXTS.serverError };
}
