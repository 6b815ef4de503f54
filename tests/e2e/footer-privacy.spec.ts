// Every public page ends with the business's footer (name, e-mail, phone,
// links to Om, Hitta hit, Rapportera problem and Integritet); staff pages do
// not. /integritet says what is stored, why and for how long, and leads to
// where a visitor sees and erases it. JavaScript on and off.
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";

const PUBLIC_PAGES = ["/", "/alla-popups", "/boka", "/hitta", "/om", "/preppa", "/mina-bokningar", "/rapportera-problem", "/flurre", "/integritet"];

test("every public page has the footer, and its links lead where they say", async ({ page }) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    const footer = page.getByRole("contentinfo", { name: "Sidfot" });
    await expect(footer, path).toContainText("Hundpass");
    await expect(footer.getByRole("link", { name: "Hitta hit" }), path).toHaveAttribute("href", "/hitta");
    await expect(footer.getByRole("link", { name: "info@hundpass.se" }), path).toHaveAttribute("href", "mailto:info@hundpass.se");
    await expect(footer.getByRole("link", { name: "070-174 06 50" }), path).toHaveAttribute("href", "tel:+46701740650");
  }
  // From another page, so that following 'Integritet' changes the address: from /integritet itself, a click before the
  // page has hydrated reloads it while the old copy still shows its heading, and the next click is lost in the reload.
  await page.goto("/");
  const footer = page.getByRole("contentinfo", { name: "Sidfot" });
  await footer.getByRole("link", { name: "Integritet" }).click();
  await expect(page).toHaveURL(/\/integritet$/);
  await expect(page.getByRole("heading", { name: "Så hanterar vi dina uppgifter", level: 1 })).toBeVisible();
  await footer.getByRole("link", { name: "Rapportera problem" }).click();
  await expect(page).toHaveURL(/\/rapportera-problem$/);
  await footer.getByRole("link", { name: "Om oss" }).click();
  await expect(page).toHaveURL(/\/om$/);
});

test("/integritet says what is kept, why and how long, and where to see and erase it", async ({ page }) => {
  await page.goto("/integritet");
  await expect(page).toHaveTitle("Integritet – Hundpass");
  const stored = page.getByRole("region", { name: "Det här sparar vi" });
  await expect(stored).toContainText("24 månader efter passet");
  await expect(stored).toContainText("Tills du avslutar prenumerationen, och 30 dagar efter det.");
  await expect(stored).toContainText("12 månader.");
  await page.getByRole("link", { name: "Till Mina bokningar" }).click();
  await expect(page).toHaveURL(/\/mina-bokningar$/);
});

test("staff pages have no public footer", async ({ page, javaScriptEnabled }) => {
  await signInAsAdmin(page, javaScriptEnabled);
  await page.goto("/admin");
  await expect(page.getByTestId("site-footer")).toHaveCount(0);
});
