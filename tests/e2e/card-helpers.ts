/** Shared steps of the /admin/kort e2e tests (and the axe scan of a page with a card sold). */
import { expect, type Page } from "@playwright/test";

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
