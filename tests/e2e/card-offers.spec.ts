// The cards staff show on the start page and /boka, JavaScript on and off:
// a klippkort added on /admin/kort to be shown on the start page appears
// there (to the admin and to a visitor, whose page may come from the shared
// cache) with what it is, its price and validity and the link to where
// cards are bought, and not on /boka; moved to /boka on its edit form, it
// shows there instead; hidden, it shows nowhere. Other tests may show cards
// of their own at the same time: only this test's card is looked for.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";
import { addShownKlippkort } from "./card-helpers";

/** This test's card in the page's list of cards. */
const offerOn = (page: Page, name: string) => page.getByTestId("card-offers").locator("article", { has: page.getByRole("heading", { name, exact: true }) });

/** Whether a visitor without cookies gets the card on `path`. */
async function visitorSees(request: APIRequestContext, path: string, name: string): Promise<boolean> {
  const res = await request.get(path, { headers: { Cookie: "" } });
  expect(res.status()).toBe(200);
  return (await res.text()).includes(`>${name}</h3>`);
}

test("staff show a klippkort on the start page, then on /boka, and hide it", async ({ page, request, javaScriptEnabled }, testInfo) => {
  await signInAsAdmin(page, javaScriptEnabled);
  const name = `Visat kort ${testInfo.project.name} ${Date.now() % 1_000_000}`;
  await addShownKlippkort(page, name, "På startsidan");
  const row = page.locator("li.content-row", { has: page.getByRole("heading", { name }) });
  await expect(row).toContainText("Klippkort · 5 pass · 495 kr · gäller 12 månader · VALPKURS · 0 sålda · visas på startsidan");

  await page.goto("/");
  const offer = offerOn(page, name);
  await expect(offer).toContainText("Klippkort, 5 pass");
  await expect(offer).toContainText(/Pris\s*495 kr/);
  await expect(offer).toContainText(/Gäller\s*12 månader/);
  await expect(offer).toContainText(/För\s*VALPKURS/);
  await expect(page.getByTestId("card-offers").getByRole("link", { name: /^Köp (klippkort|presentkort)/ })).toHaveAttribute("href", "/presentkort");
  expect(await visitorSees(request, "/", name)).toBe(true);
  await page.goto("/boka");
  await expect(page.getByRole("heading", { name: "Boka pass", level: 1 })).toBeVisible();
  await expect(offerOn(page, name)).toHaveCount(0);
  expect(await visitorSees(request, "/boka", name)).toBe(false);

  // Moved to /boka on its edit form, which shows the choice saved.
  await page.goto("/admin/kort");
  await row.getByRole("link", { name: `Redigera ${name}` }).click();
  const form = page.getByRole("form", { name: `Redigera ${name}` });
  await expect(form.getByRole("radio", { name: "På startsidan" })).toBeChecked();
  await form.getByRole("radio", { name: "På Boka pass" }).check();
  await form.getByRole("button", { name: "Spara ändringar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Kortet är sparat");
  await expect(row).toContainText("visas på Boka pass");
  await page.goto("/boka");
  await expect(offerOn(page, name)).toContainText(/Pris\s*495 kr/);
  expect(await visitorSees(request, "/boka", name)).toBe(true);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Alla våra pass" })).toBeVisible();
  await expect(offerOn(page, name)).toHaveCount(0);
  expect(await visitorSees(request, "/", name)).toBe(false);

  // Hidden (no longer sold): shown nowhere.
  await page.goto("/admin/kort");
  await row.getByRole("button", { name: `Dölj ${name}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Kortet är dolt och säljs inte längre");
  await page.goto("/boka");
  await expect(page.getByRole("heading", { name: "Boka pass", level: 1 })).toBeVisible();
  await expect(offerOn(page, name)).toHaveCount(0);
  expect(await visitorSees(request, "/boka", name)).toBe(false);
});
