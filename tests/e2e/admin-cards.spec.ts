// /admin/kort in the browser, JavaScript on and off: staff add a klippkort
// (refused first without a session type), register it as sold to an
// address, read the code in the buyer's mail at /dev/mail, find the card in
// the list by the code's last four characters with its history, and void it
// after the confirmation step; an unused card is marked refunded after its
// own confirmation step.
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";
import { addKlippkort, registerSold } from "./card-helpers";

test("staff add a klippkort, register it as sold, find its code in the buyer's mail and the card in the list, and void it", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  await signInAsAdmin(page, javaScriptEnabled);
  const tag = `${testInfo.project.name} ${Date.now() % 1_000_000}`;
  const name = `5-kort ${tag}`;
  const email = `kortkopare-${testInfo.project.name}-${Date.now() % 1_000_000}@example.se`;

  await page.goto("/admin");
  await page.getByRole("link", { name: "Klippkort och presentkort" }).first().click();
  await expect(page.getByRole("heading", { name: "Klippkort och presentkort", level: 1 })).toBeVisible();
  await addKlippkort(page, name);
  const row = page.locator("li.content-row", { has: page.getByRole("heading", { name }) });
  await expect(row).toContainText("Klippkort · 5 pass · 495 kr · gäller 12 månader · VALPKURS · 0 sålda");

  const last4 = await registerSold(page, name, email);
  const card = page.locator("li.sold-card", { has: page.getByRole("heading", { name: `${name} · ${last4}` }) });
  await expect(card).toContainText(email);
  await expect(card).toContainText("5 klipp kvar");
  await expect(card).toContainText("Aktivt");
  await card.getByText("Historik (1 händelse)").click();
  await expect(card).toContainText("Utfärdat · +5 klipp · Sålt i kassan");
  await expect(row).toContainText("1 sålt");

  // The buyer's mail, with the whole code (the page shows only its end).
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  const rows = page.getByTestId("mail-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("card-issued");
  await rows.first().getByRole("link").first().click();
  const text = page.getByTestId("mail-text");
  await expect(text).toContainText(`Här är koden till ditt klippkort ”${name}”.`);
  await expect(text).toContainText(new RegExp(`Din kod: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-${last4}`));
  await expect(text).toContainText("Kortet räcker till 5 pass av typen VALPKURS.");
  await expect(text).toContainText(/Kortet gäller till och med \d{1,2} [a-zåäö]+ \d{4}\./);

  // Found by the code's last four characters, and voided after the confirmation step.
  await page.goto("/admin/kort");
  await page.getByLabel("Sök kort").fill(last4.toLowerCase());
  await page.getByRole("button", { name: "Sök", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`sok=${last4.toLowerCase()}`));
  await expect(card).toBeVisible();
  await card.getByRole("link", { name: `Spärra kortet som slutar på ${last4}` }).click();
  await expect(page.getByRole("heading", { name: "Spärra kort" })).toBeVisible();
  await expect(page.getByText(`Vill du spärra kortet ${name} som slutar på ${last4}?`)).toBeVisible();
  await page.getByRole("button", { name: "Ja, spärra kortet" }).click();
  await expect(page.getByTestId("toast")).toContainText("Kortet är spärrat");
  await expect(card).toContainText("Spärrat");
  await expect(card).toContainText("0 klipp kvar");
  await expect(card.getByRole("link", { name: /Spärra kortet/ })).toHaveCount(0);
});

test("a presentkort that lasts less than a year is refused, and one that lasts a year is added", async ({ page, javaScriptEnabled }, testInfo) => {
  await signInAsAdmin(page, javaScriptEnabled);
  const name = `Presentkort ${testInfo.project.name} ${Date.now() % 1_000_000}`;
  await page.goto("/admin/kort");
  await page.getByRole("navigation", { name: "Vilket slags kort vill ni lägga upp?" }).getByRole("link", { name: "Presentkort" }).click();
  const form = page.getByRole("form", { name: "Nytt presentkort" });
  await form.getByLabel("Namn (obligatoriskt)").fill(name);
  await form.getByLabel("Belopp att välja (kr)").fill("200, 500, 1 000");
  await form.getByLabel("Giltighet (månader) (obligatoriskt)").fill("6");
  await form.getByRole("button", { name: "Lägg till kort" }).click();
  await expect(form.getByLabel("Giltighet (månader) (obligatoriskt)")).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText("Ett presentkort ska gälla i minst 12 månader");
  await form.getByLabel("Giltighet (månader) (obligatoriskt)").fill("12");
  await form.getByRole("button", { name: "Lägg till kort" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Kortet ${name} är tillagt`);
  await expect(page.locator("li.content-row", { has: page.getByRole("heading", { name }) })).toContainText(
    "Presentkort · 200, 500 eller 1\u00a0000 kr · gäller 12 månader",
  );
});

test("staff mark an unused card sold over the counter refunded after the confirmation step, and can go back from it", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  await signInAsAdmin(page, javaScriptEnabled);
  const name = `Återbetalas ${testInfo.project.name} ${Date.now() % 1_000_000}`;
  const email = `aterbetalas-${testInfo.project.name}-${Date.now() % 1_000_000}@example.se`;
  await page.goto("/admin/kort");
  await addKlippkort(page, name);
  const last4 = await registerSold(page, name, email);
  const card = page.locator("li.sold-card", { has: page.getByRole("heading", { name: `${name} · ${last4}` }) });

  // 'Avbryt' goes back to the card, with nothing changed.
  await card.getByRole("link", { name: `Återbetala kortet som slutar på ${last4}` }).click();
  await expect(page.getByRole("heading", { name: "Återbetala kort" })).toBeVisible();
  await expect(page.getByText(`Vill du återbetala kortet ${name} som slutar på ${last4}?`)).toContainText("Pengarna (495 kr) betalar ni tillbaka i kassan.");
  await page.getByRole("link", { name: "Avbryt" }).click();
  await expect(card).toContainText("Aktivt");

  await card.getByRole("link", { name: `Återbetala kortet som slutar på ${last4}` }).click();
  await page.getByRole("button", { name: "Ja, kortet är återbetalt" }).click();
  await expect(page.getByTestId("toast")).toContainText("Kortet är markerat som återbetalt. Betala tillbaka 495 kr i kassan.");
  await expect(card).toContainText("Återbetalt");
  await expect(card).toContainText("0 klipp kvar");
  await card.getByText("Historik (2 händelser)").click();
  await expect(card).toContainText("Återbetalt · −5 klipp · Pengarna betalas tillbaka i kassan");
  await expect(card.getByRole("link", { name: /Återbetala kortet|Spärra kortet/ })).toHaveCount(0);
});
