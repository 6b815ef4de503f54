/**
 * How a 'Fråga Flurre' button reaches the chat: the cancelable `flurre:ask`
 * window event (the chat cancels it to open in place; if nothing does, the
 * button's link to /flurre?fraga=… is followed). Tiny on purpose: every
 * page's first load carries it.
 */

export const FLURRE_PATH = "/flurre";
export const FLURRE_ASK_EVENT = "flurre:ask";

/** The `flurre:ask` event's detail: the prefilled question, and the element focus returns to. */
export type FlurreAskDetail = { question: string | null; opener: HTMLElement | null };

export function flurreHref(question: string): string {
  return `${FLURRE_PATH}?${new URLSearchParams({ fraga: question }).toString()}`;
}

/** A plain left click: a modified one (new tab, new window, download) stays the browser's. */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
