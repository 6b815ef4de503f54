import { expect, test, type ConsoleMessage } from "@playwright/test";

test("pages hydrate under the CSP without violations, and client-side navigation works", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "hydration needs JavaScript");
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));

  const response = await page.goto("/mina-bokningar");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-/);
  expect(response?.headers()["x-frame-options"]).toBe("DENY");

  // Remix sets this once its client router runs; a full page load would lose the marker below.
  await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
  await page.evaluate(() => Object.assign(window, { __stayedOnPage: true }));
  await page.getByText("Meny").click();
  await page.getByRole("link", { name: "Alla PopUps" }).click();
  await expect(page).toHaveURL(/\/alla-popups$/);
  await page.getByRole("link", { name: "Hundpass, till startsidan" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as { __stayedOnPage?: boolean }).__stayedOnPage)).toBe(true);

  // Conform's client validation is hydrated JavaScript too.
  await page.goto("/logga-in");
  await page.getByLabel("E-postadress").fill("x");
  await page.getByLabel("E-postadress").blur();
  await expect(page.getByText("Ange en giltig e-postadress")).toBeVisible();

  expect(problems).toEqual([]);
});

test("a static file carries the security headers too", async ({ request }) => {
  const response = await request.get("/favicon.svg");
  expect(response.status()).toBe(200);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});
