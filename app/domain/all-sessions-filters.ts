// The filters of /admin/old ('Alla pass') as URL state: parsed from the query
// string of the page's GET form, and written back into its links (paging, and
// the `tillbaka` address of the pages it links to). Anything unknown or
// malformed falls back to the default; a page is never refused for its query.

import { z } from "zod";
import { pageCountFor } from "./paging";

export const ALL_SESSIONS_PATH = "/admin/old";
export const ALL_SESSIONS_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;
/** Far beyond any real page; a larger number is read as this and then clamped to the last page. */
const PAGE_MAX = 1_000_000;

export const PASS_TYPE_FILTERS = ["alla", "group", "private"] as const;
export const PERIOD_FILTERS = ["alla", "kommande", "passerade"] as const;
export const STATUS_FILTERS = ["alla", "ledigt", "vantande", "bekraftat", "installt", "avslutat"] as const;

export const AllSessionsFiltersSchema = z.object({
  typ: z.enum(PASS_TYPE_FILTERS).catch("alla"),
  period: z.enum(PERIOD_FILTERS).catch("alla"),
  status: z.enum(STATUS_FILTERS).catch("alla"),
  q: z
    .string()
    .transform((value) => value.trim().slice(0, SEARCH_MAX_LENGTH).trim())
    .catch(""),
  sida: z.coerce
    .number()
    .int()
    .min(1)
    .transform((page) => Math.min(page, PAGE_MAX))
    .catch(1),
  /** The session whose booking info is open, if any. */
  visa: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

export type AllSessionsFilters = z.infer<typeof AllSessionsFiltersSchema>;

export const DEFAULT_ALL_SESSIONS_FILTERS: AllSessionsFilters = AllSessionsFiltersSchema.parse({});

/** The filters of a request's query string (the first value of each name). */
export function parseAllSessionsFilters(params: URLSearchParams): AllSessionsFilters {
  const value = (name: string) => params.get(name) ?? undefined;
  return AllSessionsFiltersSchema.parse({
    typ: value("typ"),
    period: value("period"),
    status: value("status"),
    q: value("q"),
    sida: value("sida"),
    visa: value("visa"),
  });
}

/**
 * Percent-encodes everything but letters, digits, '-' and '_', so the address
 * is a valid `tillbaka` value as it is (app/domain/admin-return.ts).
 */
function encodeStrict(value: string): string {
  return encodeURIComponent(value).replace(/[.!~*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The page's address for `filters` (defaults left out), on page `page`
 * (default: the filters' own), with the booking info of session `visa` open
 * (default: none; paging closes it).
 */
export function allSessionsHref(filters: AllSessionsFilters, page: number = filters.sida, visa?: number): string {
  const pairs: Array<[string, string]> = [];
  if (filters.typ !== "alla") pairs.push(["typ", filters.typ]);
  if (filters.period !== "alla") pairs.push(["period", filters.period]);
  if (filters.status !== "alla") pairs.push(["status", filters.status]);
  if (filters.q) pairs.push(["q", filters.q]);
  if (page > 1) pairs.push(["sida", String(page)]);
  if (visa !== undefined) pairs.push(["visa", String(visa)]);
  const query = pairs.map(([name, value]) => `${name}=${encodeStrict(value)}`).join("&");
  return query ? `${ALL_SESSIONS_PATH}?${query}` : ALL_SESSIONS_PATH;
}

/** The last page of `total` results: at least 1, so an empty result is page 1 of 1. */
export function pageCountOf(total: number): number {
  return pageCountFor(total, ALL_SESSIONS_PAGE_SIZE);
}

/** A LIKE pattern matching `text` anywhere, with `\` as the escape character for %, _ and \ itself. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
