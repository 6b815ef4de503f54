import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ADMIN_PAGES } from "~/domain/admin-pages";
import { cookiesFrom, signInAs } from "./helpers";
import { displayNameOf } from "./public-helpers";

const SELF = exports.default;

describe("the shell", () => {
  it("answers an unknown path with 404 and 'PRUTT OCKSÅ'", async () => {
    const res = await SELF.fetch("http://localhost/no-such-page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<html lang="sv">');
    expect(html).toContain("PRUTT OCKSÅ");
    expect(html).toContain('href="/"');
  });

  it("treats malformed session and toast cookies as none: the page renders and the toast cookie is cleared", async () => {
    for (const cookie of ["hp_toast=bench", "hp_session=%%%", "hp_toast=a.b; hp_session=not-base64!"]) {
      const res = await SELF.fetch("http://localhost/alla-popups", { headers: { Cookie: cookie } });
      expect(res.status, cookie).toBe(200);
      expect(await res.text(), cookie).toContain("Alla PopUp&#x27;s");
      if (cookie.includes("hp_toast")) expect(res.headers.get("Set-Cookie"), cookie).toMatch(/^hp_toast=;.*Max-Age=0/);
    }
  });

  it("renders the top bar menu without a sign-in", async () => {
    const html = await (await SELF.fetch("http://localhost/")).text();
    for (const label of ["Om", "Hitta", "Preppa", "Alla PopUps", "Mina Bokningar", "Rapportera Problem"]) {
      expect(html).toContain(`>${label}</a>`);
    }
    expect(html).not.toContain(">Admin</a>");
    expect(html).not.toContain("Logga ut");
  });

  // It used to send the visitor to the start page without a word; staff now land where they sign in.
  it("sends a visitor who is not signed in from /admin to the staff sign-in page, which says it is for staff", async () => {
    const res = await SELF.fetch("http://localhost/admin", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/logga-in?till=%2Fadmin");
    const signIn = await (await SELF.fetch(`http://localhost${res.headers.get("Location")}`)).text();
    expect(signIn).toContain("Sidan du ville öppna är för personal.");
    expect(signIn).toContain('href="/mina-bokningar"');
    // The same page whatever the admin path: nothing about which exist.
    const unknown = await SELF.fetch("http://localhost/admin/finns-inte-alls", { redirect: "manual" });
    expect(unknown.headers.get("Location")).toBe("/logga-in?till=%2Fadmin%2Ffinns-inte-alls");
    const plain = await (await SELF.fetch("http://localhost/logga-in")).text();
    expect(plain).not.toContain("Sidan du ville öppna är för personal.");
  });

  it("refuses a signed-in user without the admin role with 403 'Åtkomst nekad'", async () => {
    const cookie = await signInAs({ email: "personal@example.se" });
    const res = await SELF.fetch("http://localhost/admin", { headers: { Cookie: cookie } });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain("Åtkomst nekad");
    expect(html).toContain("Du har inte behörighet att komma åt denna sida.");
    expect(html).toContain('http-equiv="refresh"');
  });

  it("lets an admin in and marks the name with '(Admin)' and an Admin menu entry", async () => {
    const cookie = await signInAs({ email: "chef@example.se", admin: true });
    const res = await SELF.fetch("http://localhost/admin", { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(displayNameOf(html)).toBe("chef@example.se (Admin)");
    expect(html).toContain(">Admin</a>");
    expect(html).toContain("Logga ut");
  });

  it("lists every admin page, in one order, both as the /admin cards and in the admin's menu", async () => {
    const cookie = await signInAs({ email: "meny@example.se", admin: true });
    const html = await (await SELF.fetch("http://localhost/admin", { headers: { Cookie: cookie } })).text();
    const links = (part: string) => [...part.matchAll(/<a[^>]*href="(\/admin[^"]*)"/g)].map((m) => m[1]);
    const menu = html.slice(html.indexOf('class="menu-sub"'), html.indexOf("</nav>"));
    const main = html.slice(html.indexOf("<h1>Admin</h1>"));
    const expected = ADMIN_PAGES.map((page) => page.to);
    expect(expected).toEqual(expect.arrayContaining(["/admin/skapa-pass", "/admin/old", "/admin/utskick", "/admin/flurre", "/admin/logg"]));
    expect(links(menu)).toEqual(expected);
    expect(links(main)).toEqual(expected);
    // The name is marked once; the site menu has 'Admin' once.
    expect(html.match(/>Admin<\/a>/g)).toHaveLength(1);
  });

  it("does not accept an expired session", async () => {
    const cookie = await signInAs({ email: "gammal@example.se", admin: true, expiresInMs: -1000 });
    const res = await SELF.fetch("http://localhost/admin", { headers: { Cookie: cookie }, redirect: "manual" });
    expect(res.status).toBe(302);
  });

  it("carries a toast in a flash cookie that shows once without JavaScript", async () => {
    const cookie = await signInAs({ email: "ut@example.se" });
    const out = await SELF.fetch("http://localhost/logga-ut", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost" },
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/");
    const setCookies = out.headers.getSetCookie();
    expect(setCookies.some((c) => /HttpOnly/i.test(c) && /Secure/i.test(c) && /SameSite=Lax/i.test(c))).toBe(true);

    const flash = cookiesFrom(out);
    const home = await SELF.fetch("http://localhost/", { headers: { Cookie: flash } });
    const html = await home.text();
    expect(html).toContain("Du har loggats ut");
    // The toast cookie is cleared, so the next page does not show it again.
    expect(home.headers.getSetCookie().some((c) => c.startsWith("hp_toast=;") && /Max-Age=0/.test(c))).toBe(true);

    // And the session is gone on the server: the old cookie no longer signs in.
    const again = await SELF.fetch("http://localhost/admin", { headers: { Cookie: cookie }, redirect: "manual" });
    expect(again.status).toBe(302);
  });
});
