/**
 * Server rendering on Workers. Every page is sent complete (all data
 * rendered), so crawlers and browsers without JavaScript see the whole page.
 * Inline scripts carry the request's CSP nonce (set by workers/app.ts).
 */
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";

const ABORT_DELAY_MS = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  let status = responseStatusCode;

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        status = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout), () => clearTimeout(timeout));

  // Pages render fully on the server: wait for the whole document so that
  // crawlers and browsers without JavaScript get complete HTML.
  await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A page decides its own caching (public pages through their headers); one that says nothing may show a signed-in
  // visitor's name or address (Mina bokningar, the sign-in pages, a refusal or not-found page), so it is never stored.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-store");
  return new Response(insideBody(await new Response(body).text()), { headers: responseHeaders, status });
}

const DOCUMENT_END = "</body></html>";

/**
 * Remix writes its data scripts (the single-fetch stream) after the root
 * element, so they land behind `</html>`, where a browser's parser puts them
 * into the body anyway and the HTML checker stops reading. The document is
 * complete at this point (allReady), so they are moved in before `</body>`:
 * the same scripts, in the same order, in valid HTML.
 */
/**
 * What Remix logs of a loader's or action's error. A refusal a route throws on
 * purpose (a 4xx such as the 401 of a signed-out download) is an answer, not
 * a fault, and a request the client left is not ours: neither is logged.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}

export function insideBody(html: string): string {
  const end = html.indexOf(DOCUMENT_END);
  if (end === -1 || end + DOCUMENT_END.length === html.length) return html;
  return html.slice(0, end) + html.slice(end + DOCUMENT_END.length) + DOCUMENT_END;
}
