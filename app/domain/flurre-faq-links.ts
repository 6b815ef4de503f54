/**
 * Flurre's FAQ rows as staff write them: the links field (one link a line,
 * 'Text | /sökväg' or 'Text | https://…', at most five) parsed and checked,
 * written back as text for the edit form, and read back from links_json.
 * A link goes either to a path on this site (one leading slash) or to an
 * https address; nothing else is ever stored or rendered as a link. Pure.
 */
import type { FlurreLink } from "./flurre/answer";

export const FAQ_QUESTION_MAX_LENGTH = 500;
export const FAQ_ANSWER_MAX_LENGTH = 2000;
export const FAQ_LINKS_MAX = 5;
export const FAQ_LINK_LABEL_MAX_LENGTH = 100;
export const FAQ_LINK_HREF_MAX_LENGTH = 500;
/** The whole links field: five full lines fit with room to spare. */
export const FAQ_LINKS_TEXT_MAX_LENGTH = 4000;

export const FAQ_LINK_MESSAGES = {
  tooMany: `Högst ${FAQ_LINKS_MAX} länkar`,
  tooLong: `Länkarna får vara högst ${FAQ_LINKS_TEXT_MAX_LENGTH} tecken`,
  format: (line: number) => `Rad ${line}: skriv länken som Text | /sökväg eller Text | https://…`,
  label: (line: number) => `Rad ${line}: länktexten saknas`,
  labelTooLong: (line: number) => `Rad ${line}: länktexten får vara högst ${FAQ_LINK_LABEL_MAX_LENGTH} tecken`,
  href: (line: number) =>
    `Rad ${line}: länken måste vara en sökväg på webbplatsen som börjar med / eller en adress som börjar med https://`,
  hrefTooLong: (line: number) => `Rad ${line}: länken får vara högst ${FAQ_LINK_HREF_MAX_LENGTH} tecken`,
} as const;

// Control characters (line breaks included) and whitespace never belong in a link.
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001F\u007F-\u009F]/;

/**
 * A path on this site: one leading slash and no second one or backslash
 * right after it (browsers read '//host' and '/\host' as another site), no
 * backslash anywhere, no whitespace.
 */
export function isSitePath(href: string): boolean {
  return (
    href.length <= FAQ_LINK_HREF_MAX_LENGTH &&
    href.startsWith("/") &&
    !href.startsWith("//") &&
    !href.includes("\\") &&
    !WHITESPACE_OR_CONTROL.test(href)
  );
}

/** An absolute https address with a host and no user name or password. */
export function isHttpsUrl(href: string): boolean {
  if (href.length > FAQ_LINK_HREF_MAX_LENGTH || WHITESPACE_OR_CONTROL.test(href) || href.includes("\\")) return false;
  if (!/^https:\/\/[^/]/i.test(href)) return false;
  try {
    const url = new URL(href);
    return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

export function isFaqHref(href: string): boolean {
  return isSitePath(href) || isHttpsUrl(href);
}

export type FaqLinksResult = { ok: true; links: FlurreLink[] } | { ok: false; errors: string[] };

/**
 * Parses the links field: one 'Text | adress' a line (split at the first
 * '|'), blank lines skipped. Every faulty line gets its own message, named by
 * its line number as the admin sees it.
 */
export function parseFaqLinkLines(text: string): FaqLinksResult {
  if (text.length > FAQ_LINKS_TEXT_MAX_LENGTH) return { ok: false, errors: [FAQ_LINK_MESSAGES.tooLong] };
  const lines = text.split(/\r\n|\r|\n/);
  const links: FlurreLink[] = [];
  const errors: string[] = [];
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    const bar = raw.indexOf("|");
    if (bar === -1) {
      errors.push(FAQ_LINK_MESSAGES.format(line));
      return;
    }
    const label = raw.slice(0, bar).trim();
    const href = raw.slice(bar + 1).trim();
    if (label === "") errors.push(FAQ_LINK_MESSAGES.label(line));
    else if (label.length > FAQ_LINK_LABEL_MAX_LENGTH) errors.push(FAQ_LINK_MESSAGES.labelTooLong(line));
    else if (CONTROL.test(label)) errors.push(FAQ_LINK_MESSAGES.format(line));
    if (href.length > FAQ_LINK_HREF_MAX_LENGTH) errors.push(FAQ_LINK_MESSAGES.hrefTooLong(line));
    else if (!isFaqHref(href)) errors.push(FAQ_LINK_MESSAGES.href(line));
    links.push({ label, href });
  });
  if (links.length > FAQ_LINKS_MAX) errors.unshift(FAQ_LINK_MESSAGES.tooMany);
  return errors.length ? { ok: false, errors } : { ok: true, links };
}

/** The links as the form's text, one 'Text | adress' a line. */
export function formatFaqLinks(links: readonly FlurreLink[]): string {
  return links.map((link) => `${link.label} | ${link.href}`).join("\n");
}

/**
 * The links stored in links_json, read defensively: anything that is not a
 * {label, href} pair with an allowed address is left out, so a row written
 * past this module can never put another kind of link on a page.
 */
export function readFaqLinks(json: string | null | undefined): FlurreLink[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const links: FlurreLink[] = [];
  for (const item of value) {
    if (!item || typeof item !== "object") continue;
    const { label, href } = item as Record<string, unknown>;
    if (typeof label !== "string" || typeof href !== "string") continue;
    const text = label.trim();
    if (text === "" || text.length > FAQ_LINK_LABEL_MAX_LENGTH || !isFaqHref(href)) continue;
    links.push({ label: text, href });
    if (links.length === FAQ_LINKS_MAX) break;
  }
  return links;
}
