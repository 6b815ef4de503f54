// /admin/handbok in the browser, with JavaScript and without: staff reach the
// handbook from the admin menu, its contents take them to the section asked
// for, and on a 320 px phone nothing makes the page scroll sideways (its
// tables and long words wrap inside the page).
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";

test("the admin opens the handbook from the admin menu and follows its contents at 320 px", async ({ page, javaScriptEnabled }) => {
  await signInAsAdmin(page, javaScriptEnabled);
  await page.setViewportSize({ width: 320, height: 760 });
  await page.goto("/admin");
  await page.getByRole("main").getByRole("link", { name: "Handbok", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/handbok$/);
  await expect(page.getByRole("heading", { level: 1, name: "Handbok för personalen" })).toBeVisible();

  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways, "px the page scrolls sideways at 320 px").toBe(0);

  await page.getByRole("link", { name: "Pass med få deltagare" }).click();
  await expect(page).toHaveURL(/#pass-med-få-deltagare$|#pass-med-f%C3%A5-deltagare$/);
  await expect(page.getByRole("heading", { level: 3, name: "Pass med få deltagare" })).toBeInViewport();
});
