// A weekly series on /admin/skapa-pass, with and without JavaScript: the
// dates are listed before anything is created (live with JavaScript, after a
// first post without it), one is unticked, the rest become sessions at the
// same time each week, and /admin/old shows them as one series to mail.
import { expect, test } from "@playwright/test";
import { dayAhead, openCreateForm, uniqueTitle } from "./admin-helpers";
import { signInAsAdmin } from "./auth-helpers";

test("an admin creates a six-week series, unticking one week", async ({ page, javaScriptEnabled }, testInfo) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page, javaScriptEnabled);
  await openCreateForm(page);
  const title = uniqueTitle(testInfo, "Kvällskurs");
  await page.getByLabel("Titel").fill(title);
  await page.getByLabel("Plats").selectOption("Hundhallen Gävle");
  await page.getByLabel("Datum").fill(dayAhead(50));
  await page.getByLabel("Starttid").fill("18:00");
  await page.getByLabel("Sluttid").fill("19:00");
  await page.getByLabel("Max antal deltagare").fill("6");
  await page.getByLabel("Pris (kr)").fill("1495");
  await page.getByLabel("Passtyp", { exact: true }).selectOption({ label: "Grupp-pass" });

  // The count and the dates show only once the box is ticked.
  await expect(page.getByLabel("Antal gånger")).toBeHidden();
  await page.getByLabel("Upprepa varje vecka").check();
  await page.getByLabel("Antal gånger").fill("6");

  const dates = page.getByRole("group", { name: "Datum i serien" }).getByRole("checkbox");
  if (!javaScriptEnabled) {
    // Without JavaScript the first post lists the dates and creates nothing.
    await page.getByRole("button", { name: "Skapa Pass" }).click();
    await expect(page.getByText("Kontrollera datumen nedan och tryck Skapa Pass igen.")).toBeVisible();
  }
  await expect(dates).toHaveCount(6);
  for (const box of await dates.all()) await expect(box).toBeChecked();
  await expect(page.getByRole("group", { name: "Datum i serien" })).toContainText("18:00–19:00");
  await dates.nth(2).uncheck();
  await page.getByRole("button", { name: "Skapa Pass" }).click();

  await expect(page).toHaveURL(/\/admin\/lediga-pass$/);
  await expect(page.getByTestId("toast")).toContainText("5 nya pass skapade");

  await page.goto(`/admin/old?q=${encodeURIComponent(title)}`);
  const cards = page.locator("article", { has: page.getByRole("heading", { name: title }) });
  await expect(cards).toHaveCount(5);
  await expect(cards.first()).toContainText("Veckoserie, 5 pass");
  for (const card of await cards.all()) await expect(card).toContainText("18:00");
});
