// The links in mail that open a page with a secret in them: sign-in, a
// staff address's confirmation, a newsletter confirmation, a decision link,
// a personal unsubscribe link, a queue place's hold and leave links. Once the
// provider has taken a mail, our stored copy has no use for them: they are
// cut out of it (outbox.server.ts, markAllSent), so a database reader finds
// no link that works. Pure.

/** What stands where such a link was, in our copy of a sent mail. */
export const SCRUBBED_LINK = "[länken finns bara i mejlet]";

/**
 * Mail whose secret is no link but a code the reader types (a klippkort's or
 * presentkort's): the code is cut out of our copy once the provider has the
 * mail, and blanked when its card ends, in these words.
 */
export const CODE_MAIL_KINDS: readonly string[] = ["card-issued", "card-gift"];
export const SCRUBBED_CODE = "[koden finns bara i mejlet]";
export const BLANKED_CODE = "[koden gäller inte längre]";

/** The pages a mailed link opens with its secret: the path, then the secret in the path or the query. */
export const TOKEN_LINK_PATHS = [
  { path: "/mina-bokningar/verify", secretIn: "query" },
  { path: "/registrera/bekrafta", secretIn: "query" },
  { path: "/nyhetsbrev/bekrafta", secretIn: "query" },
  { path: "/beslut", secretIn: "query" },
  { path: "/unsubscribe", secretIn: "query" },
  { path: "/ko/lamna/", secretIn: "path" },
  { path: "/ko/", secretIn: "path" },
] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** An absolute http(s) URL to one of the pages above, up to where the URL ends (space, quote, bracket). */
const TOKEN_LINK = new RegExp(
  `https?://[^\\s"'<>()/]+(?:${TOKEN_LINK_PATHS.map(({ path, secretIn }) =>
    secretIn === "path" ? `${escape(path)}[A-Za-z0-9_-]{16,}[^\\s"'<>()]*` : `${escape(path)}\\?[^\\s"'<>()]*`,
  ).join("|")})`,
  "g",
);

/** The text with every secret-bearing link replaced by SCRUBBED_LINK. */
export function scrubTokenLinks(text: string): string {
  return text.replace(TOKEN_LINK, SCRUBBED_LINK);
}
