// The admin guard, for every admin route module there is and will be: the
// list comes from the route files themselves, so a new /admin screen is
// covered the day it is added. Each module is checked three ways:
//   - its loader and action called directly (each must call requireAdmin,
//     not lean on the layout: Remix runs an action without the layout loader);
//   - a page GET through the Worker;
//   - an action POST through the Worker as a single-fetch data request, which
//     runs the action alone, with no layout loader to hide a missing guard.
// Anonymous → redirect to the staff sign-in page, /logga-in?till={the page}
// (it was the start page, which told staff nothing of how to sign in),
// signed in without the admin role (a staff account without it, or a
// customer's link sign-in) → 403, admin → neither.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getConfig } from "~/server/platform/env.server";
import { getDb } from "~/server/db/client.server";
import { seedDemoData } from "./auth-helpers";
import { signInAs } from "./helpers";
import { dataUrlOf, routeOf } from "./route-files";

const SELF = exports.default;

type RouteModule = {
  loader?: (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;
  action?: (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;
  default?: unknown;
};

const modules = {
  ...import.meta.glob<RouteModule>("../../app/routes/admin*.{ts,tsx}"),
  ...import.meta.glob<RouteModule>("../../app/routes/admin*/route.{ts,tsx}"),
};

const routes = Object.keys(modules).sort().map(routeOf);

/** Where an anonymous request for `path` is sent: the staff sign-in page, carrying the admin page back (or /admin). */
const signInFor = (path: string) => `/logga-in?till=${encodeURIComponent(/^\/admin(\/[a-z0-9-]+)*$/i.test(path) ? path : "/admin")}`;

function loadContext(): AppLoadContext {
  return { cloudflare: { env, ctx: createExecutionContext() }, config: getConfig(env), db: getDb(env), cspNonce: "test" };
}

/** Status and Location of whatever a loader/action returned or threw. */
async function outcome(run: () => unknown): Promise<{ status: number; location: string | null }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location") };
  if (value && typeof value === "object" && "init" in value) {
    const init = (value as { init?: ResponseInit | null }).init;
    return { status: init?.status ?? 200, location: new Headers(init?.headers).get("Location") };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null };
}

/** The redirect a page or single-fetch data response asks for, if any. */
async function redirectOf(res: Response): Promise<string | null> {
  if (res.status >= 300 && res.status < 400) return res.headers.get("Location");
  if (res.status === 202 && res.headers.get("X-Remix-Response")) {
    return (await res.clone().text()).match(/"redirect","([^"]*)"/)?.[1] ?? null;
  }
  return null;
}


const who = {} as Record<"staff" | "customer" | "admin", string>;

beforeAll(async () => {
  await seedDemoData();
  who.staff = await signInAs({ email: "personal.utan.roll@example.se" });
  who.customer = await signInAs({ email: "kund.med.lank@example.se", kind: "customer" });
  who.admin = await signInAs({ email: "admin.med.roll@example.se", admin: true });
});

it("finds the admin route modules, including the layout and the menu", () => {
  expect(routes.map((r) => r.name)).toEqual(expect.arrayContaining(["admin.tsx", "admin._index.tsx"]));
  expect(routes.every((r) => r.path === "/admin" || r.path.startsWith("/admin/"))).toBe(true);
});

describe.each(routes)("$name ($path)", (route) => {
  const load = () => modules[route.file]!();
  // A POST carries an empty form, as a browser's would.
  const request = (method: string, cookie?: string) =>
    new Request(`http://localhost${route.path}`, {
      method,
      headers: cookie ? { Cookie: cookie } : {},
      body: method === "POST" ? new URLSearchParams() : undefined,
    });
  const call = async (kind: "loader" | "action", cookie?: string) => {
    const fn = (await load())[kind]!;
    return outcome(() =>
      fn({ request: request(kind === "loader" ? "GET" : "POST", cookie), context: loadContext(), params: route.params }),
    );
  };

  it("calls requireAdmin in its loader and action", async () => {
    const mod = await load();
    for (const kind of ["loader", "action"] as const) {
      if (!mod[kind]) continue;
      expect(await call(kind), `${kind} anonymous`).toEqual({ status: 302, location: signInFor(route.path) });
      expect((await call(kind, who.staff)).status, `${kind} non-admin`).toBe(403);
      expect((await call(kind, who.customer)).status, `${kind} customer`).toBe(403);
      const admin = await call(kind, who.admin);
      expect(admin.status, `${kind} admin`).not.toBe(403);
      expect(admin.location, `${kind} admin`).not.toBe("/");
    }
  });

  it("sends an anonymous visitor's page request to the staff sign-in page", async () => {
    const mod = await load();
    const res = await SELF.fetch(`http://localhost${route.path}`, { redirect: "manual" });
    if (!mod.loader && !mod.default) {
      expect(res.status).toBeGreaterThanOrEqual(400); // a resource route without a loader
      return;
    }
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(signInFor(route.path));
  });

  it.each(["staff", "customer"] as const)("answers a signed-in non-admin's (%s) page request with 403 'Åtkomst nekad'", async (kind) => {
    const mod = await load();
    const res = await SELF.fetch(`http://localhost${route.path}`, { headers: { Cookie: who[kind] }, redirect: "manual" });
    if (!mod.loader && !mod.default) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      return;
    }
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Åtkomst nekad");
  });

  it("lets an admin open the page", async () => {
    const res = await SELF.fetch(`http://localhost${route.path}`, { headers: { Cookie: who.admin }, redirect: "manual" });
    expect(res.status).not.toBe(403);
    expect(await redirectOf(res)).not.toBe("/");
  });

  it("runs the action for nobody but an admin", async () => {
    const mod = await load();
    const post = (cookie?: string) =>
      SELF.fetch(dataUrlOf(route), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
        body: "",
        redirect: "manual",
      });
    if (!mod.action) {
      // Nothing to run; the request must still not succeed. (Remix logs the 405.)
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        expect((await post()).status).toBeGreaterThanOrEqual(400);
        expect((await post(who.staff)).status).toBeGreaterThanOrEqual(400);
        expect((await post(who.customer)).status).toBeGreaterThanOrEqual(400);
      } finally {
        quiet.mockRestore();
      }
      return;
    }
    const anonymous = await post();
    const staff = await post(who.staff);
    const customer = await post(who.customer);
    expect(await redirectOf(anonymous)).toBe(signInFor(route.path));
    expect(staff.status).toBe(403);
    expect(customer.status).toBe(403);
    const admin = await post(who.admin);
    expect(admin.status).not.toBe(403);
    expect(await redirectOf(admin)).not.toBe("/");
  });
});
