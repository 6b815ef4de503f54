/**
 * What a route's `handle` may ask of the document around it (app/root.tsx).
 *
 * refreshWithoutScript: seconds after which the page reloads itself when
 * JavaScript is off (a meta refresh inside <noscript> in the head), or null
 * for none. With JavaScript the page asks again by itself, so no refresh
 * reloads the document under the visitor.
 */
export type PageHandle = {
  refreshWithoutScript?: (data: unknown) => number | null;
};

/** The first refresh a matched route asks for. */
export function refreshWithoutScript(matches: readonly { handle?: unknown; data?: unknown }[]): number | null {
  for (const match of matches) {
    const seconds = (match.handle as PageHandle | undefined)?.refreshWithoutScript?.(match.data);
    if (typeof seconds === "number" && seconds > 0) return seconds;
  }
  return null;
}
