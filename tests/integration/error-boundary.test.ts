import { env, exports } from "cloudflare:workers";
import { expect, it } from "vitest";
import { signInAs } from "./helpers";

it("shows a Swedish error page with status 500 and no stack trace when a loader fails", async () => {
  const cookie = await signInAs({ email: "fel@example.se" });
  // Break the session lookup the root loader depends on.
  await env.DB.exec("DROP TABLE auth_sessions");
  const res = await exports.default.fetch("http://localhost/", { headers: { Cookie: cookie } });
  expect(res.status).toBe(500);
  const html = await res.text();
  expect(html).toContain('<html lang="sv">');
  expect(html).toContain("Något gick fel");
  expect(html).not.toMatch(/no such table|D1_ERROR|at \S+ \(/);
});
