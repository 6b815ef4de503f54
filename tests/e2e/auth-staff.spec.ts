import { expect, test } from "@playwright/test";
import { FILL_TIME_MS, useOwnIp } from "./auth-helpers";

const PASSWORD = "en lång och hemlig fras";

test.beforeEach(async ({ page }) => {
  await useOwnIp(page);
});

test("staff sign up without a role, confirm the address by the mailed link, then sign in with the password", async ({ page, javaScriptEnabled }, testInfo) => {
  const email = `personal.${testInfo.project.name}.${Date.now()}@example.se`;

  await page.goto("/registrera");
  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByLabel("E-postadress").fill(email);
  await page.getByLabel("Lösenord").fill(PASSWORD);
  await page.getByRole("button", { name: "Skapa konto" }).click();
  await expect(page.getByRole("heading", { name: "Kolla din inkorg" })).toBeVisible();
  expect(page.url()).not.toContain("example.se");

  await expect(page.getByText("Följ länken i mejlet för att bekräfta adressen innan du loggar in.")).toBeVisible();

  // Not confirmed yet: the password does not work.
  await page.getByRole("link", { name: "Till inloggningen" }).click();
  await expect(page).toHaveURL(/\/logga-in$/);
  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByLabel("E-postadress").fill(email);
  await page.getByLabel("Lösenord").fill(PASSWORD);
  await page.getByRole("button", { name: "Logga in" }).click();
  await expect(page.getByText("Fel e-postadress eller lösenord")).toBeVisible();

  // The link in the mailbox; opening it changes nothing until the button is pressed.
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await page.getByTestId("mail-row").first().getByRole("link").click();
  const link = (await page.getByTestId("mail-text").innerText()).match(/https?:\/\/\S+\/registrera\/bekrafta\?\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  // The password chosen at sign-up, typed again: a link from another sign-up for the address confirms nothing.
  await page.getByLabel("Lösenord").fill(PASSWORD);
  await page.getByRole("button", { name: "Bekräfta e-postadress" }).click();
  await expect(page).toHaveURL(/\/logga-in$/);
  await expect(page.getByText("E-postadressen är bekräftad")).toBeVisible();

  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByLabel("E-postadress").fill(email);
  await page.getByLabel("Lösenord").fill("fel lösenord helt");
  await page.getByRole("button", { name: "Logga in" }).click();
  await expect(page.getByText("Fel e-postadress eller lösenord")).toBeVisible();
  await expect(page.getByLabel("E-postadress")).toHaveValue(email);
  await expect(page.getByLabel("Lösenord")).toHaveValue("");

  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByLabel("Lösenord").fill(PASSWORD);
  await page.getByRole("button", { name: "Logga in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Välkommen, ${email}`)).toBeVisible();
  // The display name defaults to the e-mail, and a new account is never admin.
  await expect(page.getByTestId("display-name")).toHaveText(email);

  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Åtkomst nekad" })).toBeVisible();
  if (javaScriptEnabled) await expect(page).toHaveURL(/\/$/, { timeout: 6_000 }); // the page moves on by itself
});
