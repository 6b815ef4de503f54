// The one door for request bodies, walked over every route module that
// exports an action (found from the route files, so a new form is covered the
// day it is added): a body that is not a form gets 415, a broken form 400, a
// form over the cap 413, a form with names nested thousands deep or with a
// thousand fields 400, a form sent to another host than its Origin names 400,
// never a 5xx; signed out and signed in as staff, as
// a page post (without JavaScript) and as a data request (with it); and
// nothing is written.
// (Each post through the test pool's worker is a little slower than the one
// before it, which the real worker does not show: the walk keeps its posts few.)
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BODY_REFUSAL_MESSAGES,
  FORM_MAX_BYTES_DEFAULT,
  HOST_MISMATCH_REFUSAL,
} from "~/server/forms/request-body.server";
import { seedDemoData } from "./auth-helpers";
import { signInAs } from "./helpers";
import { dataUrlOf, routeOf } from "./route-files";

const SELF = exports.default;

const modules = import.meta.glob<{ action?: unknown }>("../../app/routes/**/*.{ts,tsx}");

const oversized = `message=${"x".repeat(FORM_MAX_BYTES_DEFAULT + 1)}`;

/** A body with no Content-Length: the door counts while reading. */
function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
      controller.close();
    },
  });
}

const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };

/** About 3 000 levels (6 kB) of a path in a field name: enough to overflow a recursive parser's stack. */
const dottedName = `x${".a".repeat(3000)}`;
const bracketName = `x${"[0]".repeat(2000)}`;

/** A form the door would admit, sent with headers naming another host than its Origin's. */
function wrongHost(headers: Record<string, string>): RequestInit {
  return { headers: { ...urlencoded, ...headers }, body: "intent=save&name=x" };
}

const BAD_BODIES: { name: string; status: 400 | 413 | 415; message?: string; init: () => RequestInit }[] = [
  { name: "JSON", status: 415, init: () => ({ headers: { "Content-Type": "application/json" }, body: '{"intent":"save"}' }) },
  { name: "text/plain", status: 415, init: () => ({ headers: { "Content-Type": "text/plain" }, body: "intent=save" }) },
  { name: "no content type", status: 415, init: () => ({ body: new TextEncoder().encode("intent=save") }) },
  {
    name: "broken multipart",
    status: 400,
    init: () => ({
      headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
      body: '--XYZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave',
    }),
  },
  {
    name: "multipart without a boundary",
    status: 400,
    init: () => ({ headers: { "Content-Type": "multipart/form-data" }, body: "intent=save" }),
  },
  {
    name: "a form over the cap",
    status: 413,
    init: () => ({ headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: oversized }),
  },
  {
    name: "a form over the cap, without Content-Length",
    status: 413,
    init: () => ({
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: streamOf(oversized),
      duplex: "half",
    }),
  },
  { name: "a form with a name nested 3 000 deep (dots)", status: 400, init: () => ({ headers: urlencoded, body: `${dottedName}=1` }) },
  {
    name: "a form with a name nested 2 000 deep (brackets)",
    status: 400,
    init: () => ({ headers: urlencoded, body: new URLSearchParams({ [bracketName]: "1" }).toString() }),
  },
  {
    name: "a form of 1 000 fields",
    status: 400,
    init: () => ({ headers: urlencoded, body: Array.from({ length: 1000 }, (_, i) => `f${i}=1`).join("&") }),
  },
  {
    name: "a form sent to a second host name with SITE_URL's Origin",
    status: 400,
    message: HOST_MISMATCH_REFUSAL.message,
    init: () => wrongHost({ Host: "hundpass.example.workers.dev", Origin: "http://localhost:8787" }),
  },
  {
    name: "a form sent with an X-Forwarded-Host its Origin does not name",
    status: 400,
    message: HOST_MISMATCH_REFUSAL.message,
    init: () => wrongHost({ Host: "localhost", "X-Forwarded-Host": "evil.example", Origin: "http://localhost" }),
  },
];

/** Row counts of every table: a refused body must change none of them. */
async function tableCounts(): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
  ).all<{ name: string }>();
  const counts: Record<string, number> = {};
  for (const { name } of results) {
    counts[name] = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).first<{ n: number }>())!.n;
  }
  return counts;
}

const actionRoutes: ReturnType<typeof routeOf>[] = [];
let staff = "";

beforeAll(async () => {
  for (const [file, load] of Object.entries(modules)) {
    if ((await load()).action) actionRoutes.push(routeOf(file));
  }
  actionRoutes.sort((a, b) => a.name.localeCompare(b.name));
  await seedDemoData();
  staff = await signInAs({ email: "personal.kroppar@example.se", admin: true });
  // Loading every route module takes longer than the default hook time on a busy machine.
}, 60_000);

it("finds every route with an action, public and admin", () => {
  const names = actionRoutes.map((r) => r.name);
  expect(names).toEqual(expect.arrayContaining(["session.$id.tsx", "om.tsx", "flurre.svar.ts", "admin.skapa-pass.tsx", "ko.$token.tsx"]));
  expect(names.length).toBeGreaterThanOrEqual(20);
});

describe.each(BAD_BODIES)("a body that is $name", ({ status, message = BODY_REFUSAL_MESSAGES[status], init }) => {
  it(`gets ${status} from every action, signed out and signed in as staff, as a page and as data, and writes nothing`, async () => {
    const before = await tableCounts();
    const seen: string[] = [];
    for (const route of actionRoutes) {
      // Signed out as a page post (no JavaScript), signed in as staff as a data
      // request (the admin pages' forms with JavaScript), and the other way round
      // on alternate routes, so both pairs are walked without doubling the posts.
      const flip = actionRoutes.indexOf(route) % 2 === 1;
      for (const [cookie, asPage] of [
        [null, !flip],
        [staff, flip],
      ] as const) {
        {
          const url = asPage ? `http://localhost${route.path}${route.index ? "?index" : ""}` : dataUrlOf(route);
          const base = init();
          const headers = new Headers(base.headers);
          if (cookie) headers.set("Cookie", cookie);
          if (asPage) headers.set("Accept", "text/html,application/xhtml+xml");
          const res = await SELF.fetch(url, { ...base, method: "POST", headers, redirect: "manual" });
          const body = await res.text();
          seen.push(`${route.name} ${cookie ? "staff" : "anonymous"} ${asPage ? "page" : "data"} → ${res.status}`);
          expect(res.status, seen.at(-1)).toBe(status);
          expect(body, seen.at(-1)).toContain(message);
          if (asPage) {
            expect(res.headers.get("Content-Type"), seen.at(-1)).toMatch(/^text\/html/);
            expect(body, seen.at(-1)).toContain('<html lang="sv">');
            expect(body, seen.at(-1)).toContain('href="/"');
          } else {
            expect(res.headers.get("Content-Type"), seen.at(-1)).toMatch(/^text\/plain/);
          }
        }
      }
    }
    expect(await tableCounts()).toEqual(before);
    // About a hundred posts a case, each a little slower than the one before in the test pool:
    // past a minute on a loaded 2-core machine.
  }, 180_000);
});

it("still admits a form: a page post of the contact form reaches its action", async () => {
  const res = await SELF.fetch("http://localhost/om", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: new URLSearchParams({ name: "", email: "", message: "" }),
    redirect: "manual",
  });
  // The action ran: the form comes back with its own Swedish message, not the door's.
  expect(res.status).toBe(400);
  const html = await res.text();
  expect(html).not.toContain(BODY_REFUSAL_MESSAGES[400]);
});

it("parses bodies only at the door: no other server or route code reads a request body", () => {
  const sources = import.meta.glob<string>(["../../app/**/*.{ts,tsx}", "../../workers/*.ts"], {
    query: "?raw",
    import: "default",
    eager: true,
  });
  expect(Object.keys(sources).length).toBeGreaterThan(100);
  expect(Object.keys(sources)).toContain("../../workers/app.ts");
  const readers = Object.entries(sources)
    .filter(([file]) => !file.endsWith("/forms/request-body.server.ts"))
    .filter(([, source]) => /request(?:\.clone\(\))?\s*\.\s*(?:formData|json|text|arrayBuffer|blob)\(/.test(source))
    .map(([file]) => file);
  expect(readers).toEqual([]);
});
