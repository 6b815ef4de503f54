/**
 * Shared steps of the /admin/kort e2e tests, booking with a card, and the axe
 * and layout scans of pages with a card sold or shown.
 */
import { expect, type Page, type TestInfo } from "@playwright/test";
import { DEMO_TYPE_IDS } from "../fixtures/demo-data";
import { dayAhead, pageThrough, uniqueTitle } from "./admin-helpers";

/** The booking form's field for a card's code. */
export const CODE_LABEL = "Kod för klippkort eller presentkort (valfritt)";
const VALPKURS_TYPE_ID = DEMO_TYPE_IDS.valpkurs;

/** Adds a klippkort for VALPKURS on /admin/kort; the form refuses it first without a session type. */
export async function addKlippkort(page: Page, name: string) {
  const form = page.getByRole("form", { name: "Nytt klippkort" });
  await form.getByLabel("Namn (obligatoriskt)").fill(name);
  await form.getByLabel("Antal pass (obligatoriskt)").fill("5");
  await form.getByLabel("Pris (kr) (obligatoriskt)").fill("495");
  await form.getByRole("button", { name: "Lägg till kort" }).click();
  await expect(form).toContainText("Välj minst en passtyp");
  await expect(form.getByLabel("Namn (obligatoriskt)")).toHaveValue(name);
  await form.getByRole("checkbox", { name: "VALPKURS", exact: true }).check();
  await form.getByRole("button", { name: "Lägg till kort" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Kortet ${name} är tillagt`);
}

/** Where a product is shown besides its sale, as its form's radio buttons name it. */
export type ShownOn = "Nej, inte där" | "På startsidan" | "På Boka pass" | "På båda";

/** Adds a klippkort for VALPKURS (5 pass, 495 kr, 12 months) on /admin/kort, shown where `shownOn` says. */
export async function addShownKlippkort(page: Page, name: string, shownOn: ShownOn) {
  await page.goto("/admin/kort");
  const form = page.getByRole("form", { name: "Nytt klippkort" });
  await form.getByLabel("Namn (obligatoriskt)").fill(name);
  await form.getByLabel("Antal pass (obligatoriskt)").fill("5");
  await form.getByLabel("Pris (kr) (obligatoriskt)").fill("495");
  await form.getByRole("checkbox", { name: "VALPKURS", exact: true }).check();
  await expect(form.getByRole("radio", { name: "Nej, inte där" })).toBeChecked();
  await form.getByRole("radio", { name: shownOn }).check();
  await form.getByRole("button", { name: "Lägg till kort" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Kortet ${name} är tillagt`);
}

/** Registers product `name` as sold to `email`; returns the last four characters of its code, from the toast. */
export async function registerSold(page: Page, name: string, email: string): Promise<string> {
  const form = page.getByRole("form", { name: "Registrera sålt kort" });
  const product = form.getByLabel("Kort (obligatoriskt)");
  const value = await product.locator("option", { hasText: name }).getAttribute("value");
  await product.selectOption(value ?? "");
  await form.getByLabel("Köparens e-postadress (obligatoriskt)").fill(email);
  await form.getByLabel("Köparens e-postadress igen (obligatoriskt)").fill(email);
  await form.getByRole("button", { name: "Registrera och mejla koden" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(`är registrerat och koden mejlas till ${email}`);
  const last4 = (await toast.innerText()).match(/slutar på ([A-Z0-9]{4}) är registrerat/)?.[1];
  if (!last4) throw new Error(`no code ending in the toast: ${await toast.innerText()}`);
  return last4;
}

/** A VALPKURS session made from its type on /admin/skapa-pass (a title of its own); returns its id. */
export async function valpkursSession(page: Page, testInfo: TestInfo, title = uniqueTitle(testInfo, "Valpkurs med kort")): Promise<number> {
  // The type chooser's link: the form filled in from VALPKURS, with and without JavaScript.
  await page.goto(`/admin/skapa-pass?typ=${VALPKURS_TYPE_ID}`);
  await expect(page.getByLabel("Utgå från en passtyp")).toHaveValue(String(VALPKURS_TYPE_ID));
  await page.getByLabel("Titel").fill(title);
  await page.getByLabel("Plats").selectOption("Stadsparken Sandviken");
  await page.getByLabel("Datum").fill(dayAhead(50));
  await page.getByLabel("Starttid").fill("10:00");
  await page.getByLabel("Sluttid").fill("11:00");
  await page.getByRole("button", { name: "Skapa Pass" }).click();
  await expect(page.getByTestId("toast")).toContainText("Nytt pass skapat");
  const card = page.locator("article", { has: page.getByRole("heading", { name: title }) });
  expect(await pageThrough(page, () => card)).toBe(true);
  return Number((await card.getAttribute("data-testid"))?.replace("admin-session-", ""));
}

/** The code in the buyer's card mail at /dev/mail. */
export async function codeFromMail(page: Page, email: string): Promise<string> {
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await page.getByTestId("mail-row").first().getByRole("link").first().click();
  const text = await page.getByTestId("mail-text").innerText();
  const code = text.match(/Din kod: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/)?.[1];
  if (!code) throw new Error("no code in the card mail");
  return code;
}
