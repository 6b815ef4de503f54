// 'Mina Bokningar' in the menu, for a customer who is already signed in:
// straight to their list, not the sign-in form again.
import { expect, test } from "@playwright/test";
import { signInWithLink, useOwnIp } from "./auth-helpers";

// One demo customer per project, used by no other spec: each run asks for two links at most.
const CUSTOMER = { js: "anna.berg@example.se", "no-js": "johan.ek@example.com" } as const;

test("a signed-in customer's 'Mina Bokningar' leads straight to the list", async ({ page, javaScriptEnabled }, testInfo) => {
  const email = CUSTOMER[testInfo.project.name as keyof typeof CUSTOMER];
  await useOwnIp(page);
  await signInWithLink(page, email, javaScriptEnabled);
  await expect(page).toHaveURL(/\/mina-bokningar\/lista$/);

  await page.goto("/om");
  await expect(page.getByTestId("display-name")).toHaveText(email);
  await page.getByText("Meny", { exact: true }).click();
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Mina Bokningar" }).click();
  await expect(page).toHaveURL(/\/mina-bokningar\/lista$/);
  await expect(page.getByRole("heading", { name: "Mina bokningar", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Skicka inloggningslänk" })).toHaveCount(0);
});

test("a visitor who is not signed in still gets the sign-in form", async ({ page }) => {
  await page.goto("/om");
  await page.getByText("Meny", { exact: true }).click();
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Mina Bokningar" }).click();
  await expect(page).toHaveURL(/\/mina-bokningar$/);
  await expect(page.getByRole("button", { name: "Skicka inloggningslänk" })).toBeVisible();
});
