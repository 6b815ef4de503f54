// The staff add forms on /admin/passtyper, /admin/platser and /admin/team:
// after an add the form is empty again (one more click must not add the same
// thing twice), the new row is on the list and the toast names it; a post
// sent back with an error keeps what was typed.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";

const stamp = (project: string) => `${project.toUpperCase()} ${Date.now() % 100_000}`;

/** Removes the row the test added, so the public pages other specs read stay as seeded. */
async function removeRow(page: Page, name: string) {
  const row = page.locator("li.content-row", { has: page.getByRole("heading", { name }) });
  await row.getByRole("link", { name: `Ta bort ${name}` }).click();
  await page.getByRole("button", { name: "Ja, ta bort" }).click();
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
}

async function expectEmpty(fields: Locator[]) {
  for (const field of fields) await expect(field).toHaveValue("");
}

test("a new session type: listed, named in the toast, and the form empty again", async ({ page, javaScriptEnabled }, testInfo) => {
  await signInAsAdmin(page, javaScriptEnabled);
  const name = `SPÅRKURS ${stamp(testInfo.project.name)}`;
  await page.goto("/admin/passtyper");
  const form = page.getByRole("form", { name: "Ny passtyp" });
  await form.getByLabel("Namn (obligatoriskt)").fill(name);
  await form.getByLabel("Pris (kr)").fill("295");
  await form.getByLabel("Max antal deltagare (obligatoriskt)").fill("6");
  await form.getByLabel("Beskrivning").fill("Spår i skogen.");
  await form.getByRole("button", { name: "Lägg till passtyp" }).click();

  await expect(page.getByTestId("toast")).toContainText(`Passtypen ${name} är tillagd`);
  await expect(page.locator("li.content-row", { has: page.getByRole("heading", { name }) })).toHaveCount(1);
  const fresh = page.getByRole("form", { name: "Ny passtyp" });
  await expectEmpty([fresh.getByLabel("Namn (obligatoriskt)"), fresh.getByLabel("Pris (kr)"), fresh.getByLabel("Beskrivning")]);
  // Back to the new type's default, not the 6 just saved.
  await expect(fresh.getByLabel("Max antal deltagare (obligatoriskt)")).toHaveValue("10");
  await removeRow(page, name);
});

test("a new place: the form empties after the add, and keeps what was typed after an error", async ({ page, javaScriptEnabled }, testInfo) => {
  await signInAsAdmin(page, javaScriptEnabled);
  const name = `Spårskogen ${stamp(testInfo.project.name)}`;
  await page.goto("/admin/platser");
  let form = page.getByRole("form", { name: "Ny plats" });
  // A name another place has: refused by the server, the typed values stay.
  await form.getByLabel("Namn (obligatoriskt)").fill("Hundhallen Gävle");
  await form.getByLabel("Ort (obligatoriskt)").fill("Valbo");
  await form.getByLabel("Beskrivning").fill("Skog med stigar.");
  await form.getByRole("button", { name: "Lägg till plats" }).click();
  await expect(form.getByLabel("Namn (obligatoriskt)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Ort (obligatoriskt)")).toHaveValue("Valbo");
  await expect(form.getByLabel("Beskrivning")).toHaveValue("Skog med stigar.");

  await form.getByLabel("Namn (obligatoriskt)").fill(name);
  await form.getByRole("button", { name: "Lägg till plats" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Platsen ${name} är tillagd`);
  await expect(page.locator("li.content-row", { has: page.getByRole("heading", { name }) })).toHaveCount(1);
  form = page.getByRole("form", { name: "Ny plats" });
  await expectEmpty([form.getByLabel("Namn (obligatoriskt)"), form.getByLabel("Ort (obligatoriskt)"), form.getByLabel("Beskrivning")]);
  await removeRow(page, name);
});

test("a new team member: listed, named in the toast, and the form empty again", async ({ page, javaScriptEnabled }, testInfo) => {
  await signInAsAdmin(page, javaScriptEnabled);
  const name = `Stina ${stamp(testInfo.project.name)}`;
  await page.goto("/admin/team");
  const form = page.getByRole("form", { name: "Ny person" });
  await form.getByLabel("Namn (obligatoriskt)").fill(name);
  await form.getByLabel("Roll").fill("Spårinstruktör");
  await form.getByLabel("Text").fill("Stina leder spårkursen.");
  await form.getByRole("button", { name: "Lägg till person" }).click();

  await expect(page.getByTestId("toast")).toContainText(`${name} är tillagd i teamet`);
  await expect(page.locator("li.content-row", { has: page.getByRole("heading", { name }) })).toHaveCount(1);
  const fresh = page.getByRole("form", { name: "Ny person" });
  await expectEmpty([fresh.getByLabel("Namn (obligatoriskt)"), fresh.getByLabel("Roll"), fresh.getByLabel("Text")]);
  await removeRow(page, name);
});

test("the team form's hints speak of the person and the team, not of places", async ({ page, javaScriptEnabled }) => {
  await signInAsAdmin(page, javaScriptEnabled);
  await page.goto("/admin/team");
  const form = page.getByRole("form", { name: "Ny person" });
  await expect(form.getByLabel("Bild-URL")).toHaveAccessibleDescription(
    "En bild på personen (eller hunden): https://… eller en sökväg på sajten, t.ex. /images/team/instruktor.svg",
  );
  await expect(form.getByLabel("Ordning")).toHaveAccessibleDescription(
    "Lägre tal visas först på Om oss. Tomt: sist i teamet (ny person) eller samma ordning som nu.",
  );
  await expect(form).not.toContainText("/images/places/");
  await expect(form).not.toContainText("plats");
});
