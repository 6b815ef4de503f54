// The opt-in D1 round-trip counter that bench/admin-lists.mjs reads: what
// counts as one trip, that counted statements still run in the real batch,
// and that the Worker sends the header only when D1_ROUND_TRIPS is "1".
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countD1RoundTrips, ROUND_TRIPS_HEADER } from "../../app/server/db/round-trips.server";
import { getDb, schema } from "../../app/server/db/client.server";
import app from "../../workers/app";
import { signInAs } from "./helpers";

const SELF = exports.default;

async function fetchCounting(path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, { headers, redirect: "manual" }) as Request<
    unknown,
    IncomingRequestCfProperties
  >;
  const res = await app.fetch(request, { ...env, D1_ROUND_TRIPS: "1" }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("counting D1 round trips", () => {
  it("counts a batch of two statements as one trip, and the real batch runs them", async () => {
    const { db, count } = countD1RoundTrips(env.DB);
    const [one, two] = await db.batch<{ n: number }>([
      db.prepare("SELECT ?1 AS n").bind(1),
      db.prepare("SELECT ?1 AS n").bind(2),
    ]);
    expect(one?.results).toEqual([{ n: 1 }]);
    expect(two?.results).toEqual([{ n: 2 }]);
    expect(count()).toBe(1);
  });

  it("counts two first() calls as two trips", async () => {
    const { db, count } = countD1RoundTrips(env.DB);
    const select = db.prepare("SELECT ?1 AS n");
    expect(await select.bind(1).first("n")).toBe(1);
    expect(await select.bind(2).first("n")).toBe(2);
    expect(count()).toBe(2);
  });

  it("counts all, raw, run and exec once each, and preparing or binding not at all", async () => {
    const { db, count } = countD1RoundTrips(env.DB);
    const select = db.prepare("SELECT 1 AS n");
    db.prepare("SELECT 2").bind();
    expect(count()).toBe(0);
    await select.all();
    await select.raw();
    await select.run();
    await db.exec("SELECT 1");
    expect(count()).toBe(4);
  });

  it("counts a drizzle batch as one trip", async () => {
    const { db, count } = countD1RoundTrips(env.DB);
    const drizzle = getDb({ DB: db });
    const [users, roles] = await drizzle.batch([drizzle.select().from(schema.users), drizzle.select().from(schema.userRoles)]);
    expect(users).toEqual([]);
    expect(roles).toEqual([]);
    expect(count()).toBe(1);
  });
});

describe("the X-D1-Round-Trips header", () => {
  it("is absent when D1_ROUND_TRIPS is not set", async () => {
    const cookie = await signInAs({ email: "utan-raknare@example.se", admin: true });
    const res = await SELF.fetch("http://localhost/admin/lediga-pass", { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.has(ROUND_TRIPS_HEADER)).toBe(false);
  });

  it("says 0 for a page that reads nothing, and the request's count on an admin list", async () => {
    const none = await fetchCounting("/rapportera-problem");
    expect(none.status).toBe(200);
    expect(none.headers.get(ROUND_TRIPS_HEADER)).toBe("0");
    // The pages staff edit the content of read it in one round trip, uncached.
    for (const path of ["/hitta", "/om", "/preppa"]) {
      const page = await fetchCounting(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get(ROUND_TRIPS_HEADER), path).toBe("1");
    }

    const cookie = await signInAs({ email: "raknare@example.se", admin: true });
    const list = await fetchCounting("/admin/lediga-pass", { Cookie: cookie });
    expect(list.status).toBe(200);
    expect(Number(list.headers.get(ROUND_TRIPS_HEADER))).toBeGreaterThanOrEqual(2);
  });

  it("is 2 for every admin list page: the signed-in user once for all its loaders, the page's list once", async () => {
    const cookie = await signInAs({ email: "listor@example.se", admin: true });
    for (const path of [
      "/admin/lediga-pass",
      "/admin/vantande-pass",
      "/admin/bokade-pass",
      "/admin/bokade-pass?sida=3",
      "/admin/logg",
      "/admin/old",
      "/admin/old?period=kommande&status=bekraftat&q=anna&sida=2",
    ]) {
      const res = await fetchCounting(path, { Cookie: cookie });
      expect(res.status, path).toBe(200);
      expect(res.headers.get(ROUND_TRIPS_HEADER), path).toBe("2");
    }
  });
});
