// /admin/old ('Alla pass'), with and without JavaScript: the admin opens it
// from the menu, filters by free text (a customer's name) and by period and
// status through the GET form, sees the filters in the URL and on the page's
// links, and opens a session's booking info. Reads the seeded demo data only.
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";

test("an admin finds sessions by customer, period and status, and opens their booking info", async ({ page, javaScriptEnabled }) => {
  await signInAsAdmin(page, javaScriptEnabled);
  await page.getByRole("link", { name: "Alla pass" }).click();
  await expect(page).toHaveURL(/\/admin\/old$/);
  await expect(page.getByRole("heading", { name: "Alla pass", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /Tillbaka till admin/ })).toHaveAttribute("href", "/admin");
  await expect(page.getByTestId("result-count")).toHaveText(/^\d+ pass$/);

  // Free text over the customers of a session's bookings.
  await page.getByLabel("Sök").fill("  O'Brien ");
  await page.getByRole("button", { name: "Filtrera" }).click();
  await expect(page).toHaveURL(/[?&]q=\+*O%27Brien\+*(&|$)/);
  const cards = page.locator("article.admin-session-card");
  await expect(page.getByTestId("result-count")).toHaveText("2 pass");
  await expect(cards).toHaveCount(2);
  const first = cards.first();
  const info = first.locator(".admin-booking-info");
  await expect(info.getByRole("heading", { name: /Sean O'Brien/ })).toHaveCount(0);
  await info.getByRole("link", { name: /^Visa\/Dölj Bokningsinfo/ }).click();
  await expect(page).toHaveURL(/[?&]visa=\d+/);
  await expect(info.getByRole("heading", { name: /Sean O'Brien/ })).toBeVisible();
  await expect(info.getByRole("link", { name: "sean.obrien@example.com" })).toHaveAttribute("href", "mailto:sean.obrien@example.com");
  await expect(info.getByText("Guinness (Irländsk varghund, 6 år)")).toBeVisible();
  // Edit brings the admin back to this very list: a link to the session's page without
  // JavaScript, a dialog whose form says where it returns with it.
  if (javaScriptEnabled) {
    await first.getByRole("button", { name: "Redigera" }).click();
    const dialog = page.getByRole("dialog", { name: "Redigera pass" });
    await expect(dialog.getByLabel("Titel")).toBeVisible();
    await expect(dialog.locator('input[name="returnTo"]')).toHaveValue("/admin/old?q=O%27Brien");
    await dialog.getByRole("button", { name: "Avbryt" }).click();
    await expect(dialog).toBeHidden();
  } else {
    await expect(first.getByRole("link", { name: "Redigera" })).toHaveAttribute(
      "href",
      /^\/admin\/pass\/\d+\?tillbaka=%2Fadmin%2Fold%3Fq%3DO%2527Brien$/,
    );
  }

  // Period and status, together with free text; the form keeps what was chosen.
  await page.getByLabel("Period").selectOption({ label: "Passerade" });
  await page.getByLabel("Status").selectOption({ label: "Avslutat" });
  await page.getByLabel("Sök").fill("karin lund");
  await page.getByRole("button", { name: "Filtrera" }).click();
  await expect(page).toHaveURL(/period=passerade&status=avslutat&q=karin(\+|%20)lund/);
  await expect(page.getByLabel("Period")).toHaveValue("passerade");
  await expect(page.getByLabel("Status")).toHaveValue("avslutat");
  await expect(page.getByLabel("Sök")).toHaveValue("karin lund");
  await expect(page.getByTestId("result-count")).toHaveText("2 pass");
  for (const badge of await cards.locator(".session-card-head .badge").all()) await expect(badge).toHaveText("Avslutat");
  await expect(cards.getByRole("link", { name: "Skicka e-post till alla" }).first()).toHaveAttribute(
    "href",
    /^\/admin\/epost\?pass=\d+&tillbaka=%2Fadmin%2Fold%3Fperiod%3Dpasserade%26status%3Davslutat%26q%3Dkarin%2520lund$/,
  );

  await page.getByRole("link", { name: "Rensa" }).click();
  await expect(page).toHaveURL(/\/admin\/old$/);
  await expect(page.getByLabel("Status")).toHaveValue("alla");
});
