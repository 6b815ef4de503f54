// A picture that cannot be loaded is swapped for the local fallback, once.
// Needs JavaScript; without it the browser simply shows what it could load.
import { expect, test } from "@playwright/test";

test("a broken picture is replaced by the local fallback once", async ({ page }, info) => {
  test.skip(info.project.name === "no-js", "the swap is done by JavaScript");
  await page.route("**/images/hero.svg", (route) => route.abort());
  await page.goto("/");
  await expect(page.locator("img.hero-image")).toHaveAttribute("src", "/images/default-session.svg");
});

test("a broken fallback is not retried in a loop", async ({ page }, info) => {
  test.skip(info.project.name === "no-js", "the swap is done by JavaScript");
  let fallbackRequests = 0;
  await page.route("**/images/types/plan.svg", (route) => route.abort());
  await page.route("**/images/default-session.svg", (route) => {
    fallbackRequests++;
    return route.abort();
  });
  await page.goto("/#alla-pass");
  const plan = page
    .getByTestId("type-card")
    .filter({ has: page.getByRole("heading", { name: "PLAN", exact: true }) })
    .locator("img");
  await plan.scrollIntoViewIfNeeded();
  await expect(plan).toHaveAttribute("src", "/images/default-session.svg");
  await page.waitForTimeout(500);
  expect(fallbackRequests).toBeLessThanOrEqual(2);
  await expect(plan).toHaveAttribute("src", "/images/default-session.svg");
});
