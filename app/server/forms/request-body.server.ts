/**
 * The one door for request bodies. The Worker admits every state-changing
 * request's body here before any route runs: a form (URL-encoded or
 * multipart) up to a size cap, parsed once. Anything else is refused with a
 * clear 4xx: another content type 415, a body over the cap 413 (before it is
 * buffered when Content-Length says so, while reading when it does not), a
 * body that does not parse 400, and so does a form whose field names would
 * nest deeper, run longer or come in greater number than any of our forms
 * (the form parser builds a nested object from names such as `a.b[0].c`, by
 * recursion: a few thousand levels overflow its stack). Actions read the
 * parsed form from the load context with `readForm`; no route parses a body
 * itself.
 *
 * Whatever is refused, the body is read to its end first (within a bound)
 * or cancelled: an answer sent while the sender is still sending makes the
 * local proxy of `wrangler dev` answer 502 in its place.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

export const FORM_MAX_BYTES_DEFAULT = 64 * 1024;

/** Field limits far above any form of ours (the largest has about 30 fields, all with flat names). */
export const FORM_LIMITS = { fields: 300, nameLength: 200, nameDepth: 8 } as const;

/**
 * The most of a refused body read (and thrown away) before answering, so the
 * sender has finished sending; a longer one is cancelled mid-way.
 */
export const DRAIN_MAX_BYTES = 1024 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type BodyRefusal = { status: 400 | 413 | 415; message: string };

/** What the visitor reads when a body is refused (a page without JavaScript, plain text for a script). */
export const BODY_REFUSAL_MESSAGES = {
  415: "Formuläret kunde inte läsas: det skickades i ett format som sidan inte tar emot.",
  413: "Formuläret är för stort. Korta ner texten och försök igen.",
  400: "Formuläret kunde inte läsas. Gå tillbaka och försök igen.",
} as const;

/**
 * A form posted from one of the site's own origins to another of its hosts
 * (see isHostOriginMismatch): only a proxy that rewrites hosts, or a
 * hand-made request, sends one.
 */
export const HOST_MISMATCH_REFUSAL: BodyRefusal = {
  status: 400,
  message: "Formuläret kunde inte tas emot: det skickades till en annan adress än sidan det kom från. Ladda om sidan och försök igen.",
};

const refusal = (status: BodyRefusal["status"]): BodyRefusal => ({ status, message: BODY_REFUSAL_MESSAGES[status] });

/** Whether the request carries a body the door must admit (every method but GET and HEAD). */
export function hasBody(request: Request): boolean {
  return request.method !== "GET" && request.method !== "HEAD";
}

function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * A signed webhook's body as text (its signature covers these exact bytes),
 * or null when it is larger than `maxBytes` (by its Content-Length or as
 * read; the rest is left to discardBody).
 */
export async function readWebhookText(request: Request, maxBytes: number): Promise<string | null> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) return null;
  const bytes = await readCapped(request, maxBytes);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

/** A webhook's answer to its sender: JSON `{ ok, message }`, never cached. */
export function webhookAnswer(status: number, message: string): Response {
  return new Response(JSON.stringify({ ok: status < 300, message }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Reads at most `maxBytes` of the body; null once it runs past them (the rest is left unread). */
export async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // The rest is left to discardBody, which reads it away before the refusal goes out.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Admits a request's form body: the parsed form and a request that still
 * carries the same bytes (for the Remix handler), or the refusal.
 */
export async function admitFormBody(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; form: FormData; request: Request } | { ok: false; refusal: BodyRefusal }> {
  const admitted = await admit(request, maxBytes);
  if (!admitted.ok) await discardBody(request, Math.max(maxBytes, DRAIN_MAX_BYTES));
  return admitted;
}

/**
 * Reads what is left of a body and throws it away, up to `limit` bytes, then
 * cancels the rest: the answer goes out once the sender is done (or cut off).
 * A body read to its end has nothing left (and is still locked by its reader).
 */
export async function discardBody(request: Request, limit: number): Promise<void> {
  if (!request.body || request.body.locked) return;
  const declared = Number(request.headers.get("Content-Length") ?? "NaN");
  const reader = request.body.getReader();
  try {
    if (declared > limit) return;
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > limit) return;
    }
  } catch {
    // A broken stream has nothing more to give.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Whether every field name is one our forms could send (see FORM_LIMITS), and not too many of them. */
export function hasPlainFieldNames(form: FormData): boolean {
  let count = 0;
  for (const name of form.keys()) {
    if (++count > FORM_LIMITS.fields) return false;
    if (name.length > FORM_LIMITS.nameLength) return false;
    // A path segment starts at each "." or "[" (conform's `a.b[0]` notation).
    let depth = 1;
    for (let i = 0; i < name.length; i++) if (name[i] === "." || name[i] === "[") depth++;
    if (depth > FORM_LIMITS.nameDepth) return false;
  }
  return true;
}

async function admit(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; form: FormData; request: Request } | { ok: false; refusal: BodyRefusal }> {
  const type = mediaType(request);
  // A POST with no body at all (a bare sign-out button, a script's empty post) is an empty form.
  const declared = request.headers.get("Content-Length");
  if (type === "" && (request.body === null || declared === "0")) return { ok: true, form: new FormData(), request };
  if (!FORM_TYPES.includes(type)) return { ok: false, refusal: refusal(415) };
  if (declared !== null && !(Number(declared) <= maxBytes)) return { ok: false, refusal: refusal(413) };
  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = await readCapped(request, maxBytes);
  } catch {
    return { ok: false, refusal: refusal(400) };
  }
  if (bytes === null) return { ok: false, refusal: refusal(413) };
  const contentType = request.headers.get("Content-Type")!;
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return { ok: false, refusal: refusal(400) };
  }
  if (!hasPlainFieldNames(form)) return { ok: false, refusal: refusal(400) };
  return { ok: true, form, request: new Request(request, { body: bytes }) };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page whose form was sent: the action's own path (Remix's data suffix dropped). */
function formPagePath(request: Request): string {
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/_root$/, "/");
  return path.startsWith("/") && !path.startsWith("//") ? path : "/";
}

/** The refusal as a short Swedish page with a way back for a browser, plain text for anything else. */
export function bodyRefusalResponse(request: Request, { status, message }: BodyRefusal): Response {
  const headers = { "Cache-Control": "no-store" };
  const wantsPage = (request.headers.get("Accept") ?? "").includes("text/html");
  if (!wantsPage) {
    return new Response(message, { status, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  }
  const html = `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Formuläret kunde inte tas emot – Hundpass</title><link rel="icon" href="/favicon.svg"></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Formuläret kunde inte tas emot</h1>
<p>${message}</p>
<p><a href="${escapeHtml(formPagePath(request))}">Tillbaka till sidan</a> · <a href="/">Till startsidan</a></p>
</body></html>`;
  return new Response(html, { status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

/**
 * The action's form: the one the Worker's door admitted and parsed, or (for
 * an action called without the Worker, as tests do) admitted here by the same
 * rules, a refusal thrown as its 4xx response. Every action reads its body
 * through this, and the form is parsed once per request.
 */
export async function readForm({ request, context }: { request: Request; context: AppLoadContext }): Promise<FormData> {
  if (context.form) return context.form;
  const body = await admitFormBody(request, context.config.FORM_MAX_BYTES);
  if (!body.ok) throw bodyRefusalResponse(request, body.refusal);
  context.form = body.form;
  return body.form;
}
