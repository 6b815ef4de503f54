/**
 * What Flurre answers: plain text (never HTML) with the links to the pages
 * that settle the question. Shared by the chat widget, the /flurre page and
 * the server that composes it.
 */

/** The longest question Flurre takes (characters, after trimming). */
export const FLURRE_QUESTION_MAX_LENGTH = 500;

export type FlurreLink = {
  label: string;
  /** A path on the site ("/session/12") or an https address (a map link). */
  href: string;
};

export type FlurreAnswer = {
  /** 'answer': composed from our own data; 'fallback': nothing matched well enough. */
  kind: "answer" | "fallback";
  /** Plain-text paragraphs, rendered as text (React escapes them). */
  paragraphs: string[];
  links: FlurreLink[];
  /** 'model' only when the AI binding phrased it and the fact check passed. */
  source: "extractive" | "model";
};
