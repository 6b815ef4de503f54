import { expect, test } from "@playwright/test";

test("the start page renders in Swedish with the top bar menu", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  await expect(page.getByRole("link", { name: /Hundpass/ }).first()).toBeVisible();
  await page.getByText("Meny").click();
  const menu = page.getByRole("navigation", { name: "Huvudmeny" });
  for (const label of ["Om", "Hitta", "Preppa", "Alla PopUps", "Mina Bokningar", "Rapportera Problem"]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await expect(menu.getByRole("button", { name: "Logga ut" })).toHaveCount(0);
});

test("an unknown path shows the not-found page with a way home", async ({ page }) => {
  const response = await page.goto("/finns-inte-alls");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "PRUTT OCKSÅ" })).toBeVisible();
  await page.getByRole("link", { name: "Till startsidan", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a visitor who is not signed in cannot open /admin", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Admin" })).toHaveCount(0);
});
