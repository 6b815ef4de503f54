// /admin/platser, /admin/team and /admin/preppa in the browser, JavaScript on
// and off: an admin adds a place (refused first for a plain-http map link),
// finds it on /hitta and in Skapa pass's place list, makes it inactive, and
// deletes it; adds a checklist item, sees it on /preppa, and removes it.
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";

test("an admin adds a place, sees it where visitors and staff do, and removes it", async ({ page, javaScriptEnabled }, testInfo) => {
  await signInAsAdmin(page, javaScriptEnabled);
  const name = `Skogsgläntan ${testInfo.project.name} ${Date.now() % 100_000}`;

  await page.goto("/admin");
  await page.getByRole("link", { name: "Platser" }).first().click();
  await expect(page.getByRole("heading", { name: "Platser", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Ny plats" });
  await form.getByLabel("Namn (obligatoriskt)").fill(name);
  await form.getByLabel("Ort (obligatoriskt)").fill("Sandviken");
  await form.getByLabel("Beskrivning").fill("En glänta i skogen med plats för avstånd.");
  await form.getByLabel("Kartlänk").fill("http://kartor.example.se/glantan");
  await form.getByRole("button", { name: "Lägg till plats" }).click();
  await expect(form.getByLabel("Kartlänk")).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText("Ange en kartlänk som börjar med https://");
  await form.getByLabel("Kartlänk").fill("https://kartor.example.se/glantan");
  await form.getByRole("button", { name: "Lägg till plats" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Platsen ${name} är tillagd`);

  await page.goto("/hitta");
  const card = page.locator("article", { has: page.getByRole("heading", { name }) });
  await expect(card).toContainText("En glänta i skogen med plats för avstånd.");
  await expect(card.getByRole("link", { name: /Hitta dit/ })).toHaveAttribute("href", "https://kartor.example.se/glantan");
  await page.goto("/admin/skapa-pass");
  await expect(page.getByLabel("Plats").locator("option", { hasText: name })).toHaveCount(1);

  await page.goto("/admin/platser");
  const row = page.locator("li.content-row", { has: page.getByRole("heading", { name }) });
  await row.getByRole("button", { name: `Gör inaktiv ${name}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Platsen är inaktiv");
  await expect(row).toContainText("Inaktiv");
  await page.goto("/hitta");
  await expect(page.getByRole("heading", { name })).toHaveCount(0);

  await page.goto("/admin/platser");
  await row.getByRole("link", { name: `Ta bort ${name}` }).click();
  await page.getByRole("button", { name: "Ja, ta bort" }).click();
  await expect(page.getByTestId("toast")).toContainText("Platsen är borttagen");
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
});

test("an admin adds an item to the preparation list and removes it", async ({ page, javaScriptEnabled }, testInfo) => {
  await signInAsAdmin(page, javaScriptEnabled);
  const title = `Reflexväst ${testInfo.project.name} ${Date.now() % 100_000}.`;
  await page.goto("/admin/preppa");
  const form = page.getByRole("form", { name: "Ny punkt" });
  await form.getByLabel("Rubrik (obligatoriskt)").fill(title);
  await form.getByLabel("Text").fill("Det är mörkt på kvällspassen.");
  await form.getByRole("button", { name: "Lägg till punkt" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Punkten ”${title}” är tillagd`);

  await page.goto("/preppa");
  await expect(page.locator(".checklist li", { hasText: title })).toContainText("Det är mörkt på kvällspassen.");

  await page.goto("/admin/preppa");
  const row = page.locator("li.content-row", { has: page.getByRole("heading", { name: title }) });
  await row.getByRole("link", { name: `Ta bort ${title}` }).click();
  await page.getByRole("button", { name: "Ja, ta bort" }).click();
  await expect(page.getByTestId("toast")).toContainText("Punkten är borttagen");
  await page.goto("/preppa");
  await expect(page.locator(".checklist li", { hasText: title })).toHaveCount(0);
});
