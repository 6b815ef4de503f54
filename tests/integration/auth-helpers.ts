/**
 * Helpers for the sign-in tests: requests through the real Worker that wait
 * for the work it leaves for after the response, valid form stamps, the demo
 * data, and reading sign-in links out of the outbox.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { formRenderedAt } from "../../app/server/forms/bot-check.server";
import { getDb, schema } from "../../app/server/db/client.server";
import { getConfig } from "../../app/server/platform/env.server";
import app from "../../workers/app";
import { demoSeedStatements } from "../fixtures/demo-data";

export const BASE = "http://localhost";

/** A form stamp from a few seconds ago, so the minimum fill time has passed. */
export function formStamp(): Promise<string> {
  return formRenderedAt(getConfig(env), Date.now() - 5_000);
}

/** Fetches through the Worker and waits for its waitUntil work (e-mail, link issuing). */
export async function fetchAndSettle(input: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  // Only a request arriving from the network carries `cf`; the handler does not read it.
  const request = new Request(new URL(input, BASE), { redirect: "manual", ...init }) as Request<
    unknown,
    IncomingRequestCfProperties
  >;
  const res = await app.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** POSTs a form as a browser would, honeypot fields included. */
export async function postForm(
  path: string,
  fields: Record<string, string>,
  { cookie, ip = "198.51.100.1", headers = {} }: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const body = new URLSearchParams({ website: "", form_rendered_at: await formStamp(), ...fields });
  return fetchAndSettle(path, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": ip,
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
  });
}

export function requestLink(email: string, ip?: string) {
  return postForm("/mina-bokningar?index", { email }, { ip });
}

export async function seedDemoData(now = new Date()) {
  await env.DB.batch(demoSeedStatements(now).map((statement) => env.DB.prepare(statement)));
}

/** The outbox rows addressed to `email`, newest first. */
export function mailTo(email: string) {
  return getDb(env)
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.toAddress, email))
    .orderBy(desc(schema.emailOutbox.createdAt));
}

/** The link in the newest sign-in mail to `email`, split into token and purpose. */
export async function latestLink(email: string) {
  const [mail] = (await mailTo(email)).filter((m) => m.kind === "sign-in-link");
  if (!mail) throw new Error(`no sign-in mail to ${email}`);
  const match = mail.textBody.match(/https?:\/\/\S+\/mina-bokningar\/verify\?\S+/);
  if (!match) throw new Error("no link in the mail");
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get("token") ?? "", purpose: url.searchParams.get("purpose") ?? "customer" };
}

/** POSTs a token to the verify page the way the page's form does without JavaScript. */
export function submitToken(token: string, purpose = "customer", extra: { cookie?: string; js?: boolean } = {}) {
  const fields: Record<string, string> = { token, purpose };
  if (extra.js) fields.js = "1";
  return postForm("/mina-bokningar/verify", fields, { cookie: extra.cookie });
}

/** Turns Set-Cookie headers into a Cookie header. */
export function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}
