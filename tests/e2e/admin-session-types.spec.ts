// /admin/passtyper in the browser, with JavaScript on and off: an admin adds
// a session type, is refused a bad image address with the field's message,
// finds the type on the start page and in Skapa pass's chooser (which then
// preselects the type's default place; what its booking form asks is kept
// with the rest when the form is refused), hides it, and deletes it after the
// confirmation step.
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";

test("an admin adds a session type, sees it where visitors and staff do, and deletes it", async ({ page, javaScriptEnabled }, testInfo) => {
  await signInAsAdmin(page, javaScriptEnabled);
  const name = `NOSEWORK ${testInfo.project.name.toUpperCase()} ${Date.now() % 100_000}`;

  await page.goto("/admin");
  await page.getByRole("link", { name: "Passtyper" }).first().click();
  await expect(page.getByRole("heading", { name: "Passtyper", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Ny passtyp" });
  await form.getByLabel("Namn (obligatoriskt)").fill(name);
  await form.getByLabel("Pris (kr)").fill("295");
  await form.getByLabel("Max antal deltagare (obligatoriskt)").fill("8");
  await form.getByLabel("Beskrivning").fill("Sök efter dofter med nosen.");
  await form.getByLabel("Inspirerande text").fill("Låt nosen leda vägen!");
  await form.getByLabel("Förvald plats").selectOption("Bronsängen Sandviken");
  await form.getByLabel("Fråga vid bokning").selectOption({ label: "Hemadress (ett hembesök)" });
  await form.getByLabel("Bild-URL").fill("http://bilder.example.se/nosework.jpg");
  await form.getByRole("button", { name: "Lägg till passtyp" }).click();
  const imageField = form.getByLabel("Bild-URL");
  await expect(imageField).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText("Ange en webbadress som börjar med https://, eller en sökväg på sajten som börjar med /");
  await expect(form.getByLabel("Namn (obligatoriskt)")).toHaveValue(name);
  await expect(form.getByLabel("Förvald plats")).toHaveValue("Bronsängen Sandviken");
  await expect(form.getByLabel("Fråga vid bokning")).toHaveValue("home_address");

  await imageField.fill("/images/types/valpkurs.svg");
  await form.getByRole("button", { name: "Lägg till passtyp" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Passtypen ${name} är tillagd`);
  const row = page.locator("li.content-row", { has: page.getByRole("heading", { name }) });
  await expect(row).toContainText("Grupp-pass · 295 kr · Max 8 deltagare · 0 pass");

  await page.goto("/");
  await expect(page.getByRole("heading", { name, level: 3 })).toBeVisible();
  await page.goto("/admin/skapa-pass");
  const chooser = page.getByLabel("Utgå från en passtyp");
  await expect(chooser.locator("option", { hasText: name })).toHaveCount(1);
  await expect(page.getByLabel("Plats", { exact: true })).not.toHaveValue("Bronsängen Sandviken");
  await chooser.selectOption({ label: name });
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Använd passtypen" }).click();
  await expect(page.getByLabel("Plats", { exact: true })).toHaveValue("Bronsängen Sandviken");

  await page.goto("/admin/passtyper");
  await row.getByRole("button", { name: `Dölj ${name}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Passtypen är dold");
  await expect(row).toContainText("Dold");
  await page.goto("/");
  await expect(page.getByRole("heading", { name, level: 3 })).toHaveCount(0);

  await page.goto("/admin/passtyper");
  await row.getByRole("link", { name: `Ta bort ${name}` }).click();
  await expect(page.getByText(`Vill du ta bort passtypen ${name}?`)).toBeVisible();
  await page.getByRole("button", { name: "Ja, ta bort" }).click();
  await expect(page.getByTestId("toast")).toContainText("Passtypen är borttagen");
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
});
