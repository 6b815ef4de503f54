/**
 * GET /healthz for an uptime monitor: 200 with `{"ok":true,…}` when the
 * database answers and no cron job is overdue, 503 otherwise. One statement
 * on a table of a dozen rows, no rate limit, never cached, and nothing in it
 * a stranger could use: no names, no errors, no addresses.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readJobHealth } from "./status.server";
import { deployedVersion } from "./version.server";

export const HEALTH_PATH = "/healthz";

function answer(status: number, body: Record<string, unknown>, head: boolean): Response {
  return new Response(head ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function handleHealthCheck(context: AppLoadContext, request: Request, now = new Date()): Promise<Response> {
  const head = request.method === "HEAD";
  if (request.method !== "GET" && !head) {
    return new Response(null, { status: 405, headers: { Allow: "GET, HEAD", "Cache-Control": "no-store" } });
  }
  const version = deployedVersion(context).id;
  let overdue: number;
  try {
    overdue = (await readJobHealth(context, now)).filter((job) => job.overdue).length;
  } catch (error) {
    console.error("/healthz: the database did not answer", error);
    return answer(503, { ok: false, database: "error", version }, head);
  }
  const ok = overdue === 0;
  return answer(ok ? 200 : 503, { ok, database: "ok", jobs: ok ? "ok" : "overdue", overdueJobs: overdue, version }, head);
}
