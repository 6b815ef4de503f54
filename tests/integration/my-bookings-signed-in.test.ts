// /mina-bokningar for someone already signed in: a customer goes straight to
// the list (with the booking toast still to show there); staff and visitors
// keep the sign-in form.
import { beforeAll, describe, expect, it } from "vitest";
import { BOOKING_TEXTS } from "~/domain/booking-texts";
import { toastCookieHeader } from "~/server/platform/toast.server";
import { DEMO_CUSTOMER_EMAIL } from "../fixtures/demo-data";
import { fetchAndSettle, seedDemoData } from "./auth-helpers";
import { signInAs, testContext } from "./helpers";

beforeAll(async () => {
  await seedDemoData(new Date());
});

function get(path: string, cookie?: string) {
  return fetchAndSettle(path, cookie ? { headers: { Cookie: cookie } } : {});
}

/** A browser's cookie jar after a response: Set-Cookie replaces, Max-Age=0 removes. */
function applySetCookie(cookie: string, res: Response) {
  const jar = new Map(cookie.split("; ").filter(Boolean).map((pair) => [pair.split("=")[0]!, pair] as const));
  for (const header of res.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (/max-age=0/i.test(header) || /expires=thu, 01 jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

describe("Mina bokningar for a signed-in customer", () => {
  it("leads a signed-in customer straight to their list", async () => {
    const cookie = await signInAs({ email: DEMO_CUSTOMER_EMAIL, kind: "customer" });
    const res = await get("/mina-bokningar", cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/mina-bokningar/lista");
    const list = await get("/mina-bokningar/lista", cookie);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('data-testid="booking-card"');
  });

  it("still shows the booking confirmation on the list a customer is sent on to", async () => {
    const login = await signInAs({ email: DEMO_CUSTOMER_EMAIL, kind: "customer" });
    const toast = (await toastCookieHeader(testContext(), { type: "success", title: BOOKING_TEXTS.successTitle })).split(";")[0]!;
    let cookie = `${login}; ${toast}`;
    const res = await get("/mina-bokningar", cookie);
    expect(res.headers.get("Location")).toBe("/mina-bokningar/lista");
    cookie = applySetCookie(cookie, res);
    const html = await (await get("/mina-bokningar/lista", cookie)).text();
    expect(html).toContain(BOOKING_TEXTS.successTitle);
  });

  it("keeps the sign-in form for visitors, expired sessions and staff", async () => {
    const cookies = [
      undefined,
      await signInAs({ email: DEMO_CUSTOMER_EMAIL, kind: "customer", expiresInMs: -1_000 }),
      await signInAs({ email: "personal.bokar@example.se", admin: true }),
      await signInAs({ email: "personal.utan.roll@example.se" }),
    ];
    for (const cookie of cookies) {
      const res = await get("/mina-bokningar", cookie);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Skicka inloggningslänk");
    }
  });
});
