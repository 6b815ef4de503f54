// The contact form, a question to Flurre and the problem report, with
// JavaScript on and off: a valid send shows the thanks toast and queues an
// e-mail to the admin on /dev/mail; invalid input shows the spec's message and
// sends nothing.
import { expect, test, type Page } from "@playwright/test";
import { FILL_TIME_MS } from "./auth-helpers";

const ADMIN_MAIL = "/dev/mail?to=admin@hundpass.se";
/** The e2e server refuses forms sent too soon after loading (bot check, FORM_MIN_FILL_MS in serve.sh). */
const HUMAN_PAUSE_MS = FILL_TIME_MS;

/**
 * The admin's mails whose subject names `name`. Other specs mail the admin
 * at the same time on the shared server, so a refusal is checked by its own
 * unique name, never by the mailbox's size.
 */
async function adminMailsNaming(page: Page, name: string): Promise<number> {
  await page.goto(ADMIN_MAIL);
  return page.getByTestId("mail-row").filter({ hasText: name }).count();
}

function unique(label: string, project: string) {
  return `${label} ${project} ${Date.now().toString(36)}`;
}

test("the contact form sends a message to the trainers", async ({ page }, info) => {
  const name = unique("Kontakt", info.project.name);
  await page.goto("/om");
  await expect(page.getByRole("heading", { level: 2, name: "Kontakta oss" })).toBeVisible();
  const form = page.locator("#contact-form");
  await form.getByLabel("Namn").fill(name);
  await form.getByLabel("E-post").fill("besokare@example.se");
  await form.getByLabel("Meddelande").fill("Hej! Har ni plats för en orolig tax?");
  if (info.project.name === "js") await expect(page.getByText("36/1000")).toBeVisible();
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await form.getByRole("button", { name: "Skicka meddelande" }).click();
  await expect(page.getByTestId("toast")).toContainText("Meddelandet har skickats!");

  await page.goto(ADMIN_MAIL);
  await expect(page.getByTestId("mail-row").filter({ hasText: `Nytt meddelande från ${name}` })).toHaveCount(1);
});

test("'Kontakta' on a team member's card begins the message to them, and a name not of the team begins none", async ({ page }) => {
  await page.goto("/om");
  await page.getByRole("link", { name: "Kontakta Linnea" }).click();
  await expect(page).toHaveURL(/\/om\?till=Linnea#kontakt$/);
  const message = page.locator("#contact-form").getByLabel("Meddelande");
  await expect(message).toHaveValue("Hej Linnea!\n\n");
  await page.goto("/om?till=N%C3%A5gon+annan#kontakt");
  await expect(page.locator("#contact-form").getByLabel("Meddelande")).toHaveValue("");
});

test("the contact form refuses a blank message and sends nothing", async ({ page }, info) => {
  const name = unique("Tom Text", info.project.name);
  await page.goto("/om");
  const form = page.locator("#contact-form");
  await form.getByLabel("Namn").fill(name);
  await form.getByLabel("E-post").fill("tom@example.se");
  await form.getByLabel("Meddelande").fill("   ");
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await form.getByRole("button", { name: "Skicka meddelande" }).click();
  await expect(form.getByText("Alla fält måste fyllas i")).toBeVisible();
  await expect(form.getByLabel("Namn")).toHaveValue(name);
  expect(await adminMailsNaming(page, name)).toBe(0);
});

test("'Fråga Flurre om Passet' leads to Flurre with the question, who passes it on", async ({ page }, info) => {
  const name = unique("Flurre", info.project.name);
  await page.goto("/");
  if (info.project.name === "js") await expect(page.getByTestId("flurre-launcher")).toHaveAttribute("aria-haspopup", "dialog");
  await page
    .getByTestId("type-card")
    .filter({ hasText: "VALPKURS" })
    .getByRole("link", { name: "Fråga Flurre om Passet" })
    .click();
  if (info.project.name === "js") {
    // With JavaScript the button opens the chat; from there the question goes on to the trainers.
    await page.getByRole("dialog", { name: "Fråga Flurre" }).getByRole("link", { name: "Skicka frågan till tränarna" }).click();
  }
  await expect(page).toHaveURL(/\/flurre\?fraga=/);
  const question = page.getByRole("textbox", { name: "Fråga" });
  await expect(question).toHaveValue("Berätta allt jag behöver veta om VALPKURS!");
  await page.getByLabel("Namn").fill(name);
  await page.getByLabel("E-post").fill("nyfiken@example.se");
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.getByRole("button", { name: "Skicka frågan" }).click();
  await expect(page.getByTestId("toast")).toContainText("Flurre har lämnat över din fråga till tränarna.");

  await page.goto(ADMIN_MAIL);
  await expect(page.getByTestId("mail-row").filter({ hasText: `Fråga till Flurre från ${name}` })).toHaveCount(1);
});

test("the problem report is sent, and with JavaScript name and phone are remembered", async ({ page }, info) => {
  const name = unique("Rapport", info.project.name);
  await page.goto("/rapportera-problem");
  await expect(page.getByRole("heading", { level: 1, name: "PRUTT OCKSÅ!" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Felanmälan" })).toBeVisible();
  await page.getByLabel("Namn").fill(name);
  await page.getByLabel("E-post", { exact: true }).fill("rapport@example.se");
  await page.getByLabel("Bekräfta e-post").fill("rapport@example.se");
  await page.getByLabel("Telefon").fill("070-123 45 67");
  await page.getByLabel("Vad hände?").fill("Knappen Boka gjorde ingenting på min telefon.");
  await page.getByLabel("Ja, kontakta mig").check();
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.getByRole("button", { name: "Skicka rapport" }).click();
  await expect(page.getByTestId("toast")).toContainText("Tack för din rapport!");

  if (info.project.name === "js") {
    await page.reload();
    await expect(page.getByLabel("Namn")).toHaveValue(name);
    await expect(page.getByLabel("Telefon")).toHaveValue("070-123 45 67");
    await expect(page.getByLabel("E-post", { exact: true })).toHaveValue("");
  }

  await page.goto(ADMIN_MAIL);
  await expect(page.getByTestId("mail-row").filter({ hasText: `Felanmälan från ${name}` })).toHaveCount(1);
});

test("the problem report refuses different e-mail addresses and sends nothing", async ({ page }, info) => {
  const name = unique("Olik Adress", info.project.name);
  await page.goto("/rapportera-problem");
  await page.getByLabel("Namn").fill(name);
  await page.getByLabel("E-post", { exact: true }).fill("en@example.se");
  await page.getByLabel("Bekräfta e-post").fill("annan@example.se");
  await page.getByLabel("Telefon").fill("0701234567");
  await page.getByLabel("Vad hände?").fill("Något gick fel.");
  await page.getByLabel("Nej, jag ville bara tipsa").check();
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.getByRole("button", { name: "Skicka rapport" }).click();
  await expect(page.getByText("E-postadresserna matchar inte")).toBeVisible();
  expect(await adminMailsNaming(page, name)).toBe(0);
});
