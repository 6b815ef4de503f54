/** Helpers for the public-site integration tests: demo data, HTML reading and form posts. */
import { env, exports } from "cloudflare:workers";
import { formRenderedAt } from "../../app/server/forms/bot-check.server";
import { getConfig } from "../../app/server/platform/env.server";
import { demoSeedStatements } from "../fixtures/demo-data";

export const SELF = exports.default;

export async function seedDemo(now = new Date()) {
  await env.DB.batch(demoSeedStatements(now).map((s) => env.DB.prepare(s)));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: "\u00a0" };

export function decode(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "");
}

/** The visible text of some HTML: tags removed (React's <!-- --> markers too), entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return decode(html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** The top bar's signed-in name as a visitor reads it ('Linnea Berg (Admin)'): the break hints after an '@' and React's markers left out. */
export function displayNameOf(html: string): string | null {
  const shown = html.match(/data-testid="display-name">([\s\S]*?)<\/span><\/span>/)?.[1];
  return shown === undefined ? null : shown.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim();
}

/** The HTML of the element that starts with `openTag` (matched literally) up to its closing tag. */
export function elementHtml(html: string, marker: string, tag = "article"): string | null {
  const at = html.indexOf(marker);
  if (at < 0) return null;
  const start = html.lastIndexOf(`<${tag}`, at);
  const end = html.indexOf(`</${tag}>`, at);
  return end < 0 ? null : html.slice(start, end + tag.length + 3);
}

export function sessionCard(html: string, id: number): string | null {
  return elementHtml(html, `data-testid="session-card-${id}"`);
}

/** Session ids of the cards in the order they appear. */
export function cardIds(html: string): number[] {
  return [...html.matchAll(/data-testid="session-card-(\d+)"/g)].map((m) => Number(m[1]));
}

/** The part of the page inside <section id="...">. */
export function sectionHtml(html: string, id: string): string {
  return elementHtml(html, `id="${id}"`, "section") ?? "";
}

export async function stamp(ageMs = 5_000): Promise<string> {
  return formRenderedAt(getConfig(env), Date.now() - ageMs);
}

export async function postForm(
  path: string,
  fields: Record<string, string>,
  opts: { ip?: string; ageMs?: number; cookie?: string } = {},
): Promise<Response> {
  const body = new URLSearchParams({ website: "", form_rendered_at: await stamp(opts.ageMs), ...fields });
  return SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost",
      Host: "localhost",
      "CF-Connecting-IP": opts.ip ?? "203.0.113.1",
      ...(opts.cookie ? { Cookie: opts.cookie } : {}),
    },
  });
}

export async function countRows(table: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}
