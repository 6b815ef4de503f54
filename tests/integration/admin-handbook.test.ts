// /admin/handbok: staff read the handbook in the admin area, linked from the
// admin menu; customers never see it (the admin guard test covers every
// refusal; this is what an admin gets).
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "./auth-helpers";
import { signInAs } from "./helpers";

const SELF = exports.default;
let admin = "";
let customer = "";

beforeAll(async () => {
  await seedDemoData();
  admin = await signInAs({ email: "handbok.admin@example.se", admin: true });
  customer = await signInAs({ email: "handbok.kund@example.se", kind: "customer" });
});

describe("the staff handbook", () => {
  it("shows an admin docs/handbok.md as a page, its contents linked to its headings, never cached", async () => {
    const res = await SELF.fetch("http://localhost/admin/handbok", { headers: { Cookie: admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain("<title>Handbok – Admin – Hundpass</title>");
    expect(html).toContain('<h1 id="handbok-för-personalen">Handbok för personalen</h1>');
    expect(html).toContain('<a href="#avboka-en-bokning">Avboka en bokning</a>');
    expect(html).toContain('<h3 id="avboka-en-bokning">Avboka en bokning</h3>');
  });

  it("is in the admin menu, for admins only", async () => {
    const adminMenu = await (await SELF.fetch("http://localhost/admin", { headers: { Cookie: admin } })).text();
    expect(adminMenu).toContain('href="/admin/handbok"');
    const customerPage = await (await SELF.fetch("http://localhost/mina-bokningar", { headers: { Cookie: customer } })).text();
    expect(customerPage).not.toContain('href="/admin/handbok"');
  });

  it("refuses a signed-in customer with 403", async () => {
    const res = await SELF.fetch("http://localhost/admin/handbok", { headers: { Cookie: customer }, redirect: "manual" });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("Handbok för personalen");
  });
});
