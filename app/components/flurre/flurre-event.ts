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

/** The /flurre page asked the question, and, when it is asked of a page (a session's), that page as `sida`, as the chat sends it. */
export function flurreHref(question: string, page?: string): string {
  return `${FLURRE_PATH}?${new URLSearchParams(page ? { fraga: question, sida: page } : { fraga: question }).toString()}`;
}

/** A plain left click: a modified one (new tab, new window, download) stays the browser's. */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
