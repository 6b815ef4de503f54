// /admin/flurre in the browser. With JavaScript: a question Flurre could not
// answer (asked twice through the chat's own endpoint, as a visitor on /hitta
// would) is answered with an FAQ row, which leaves the list of unanswered
// questions; the row is then edited and deleted through its dialog. Without
// JavaScript: a row written in the page's own form and deleted through the
// page's confirmation step.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";

/** A visitor's question to Flurre's chat endpoint, from a client address of its own (the chat is rate-limited per IP). */
async function askFlurre(request: APIRequestContext, question: string, from: string) {
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const response = await request.post("/flurre/svar", { form: { fraga: question, sida: from }, headers: { "CF-Connecting-IP": ip } });
  expect(response.status()).toBe(200);
  const reply = (await response.json()) as { ok: boolean; answer?: { kind: string } };
  // Only a question Flurre has no answer to is kept for the staff.
  expect(reply.answer?.kind).toBe("fallback");
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByTestId("toast").filter({ hasText: text })).toBeVisible();
}

const cardOf = (page: Page, question: string) =>
  page.locator("article", { has: page.getByRole("heading", { name: question, exact: true }) });

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the delete dialog needs JavaScript");

  test("the admin answers an unanswered question with an FAQ row, then edits and deletes the row", async ({ page }) => {
    const question = `Säljer ni hundmat av märket Zorbix ${Date.now() % 1_000_000}?`;
    // Asked twice: one group of two on the page.
    await askFlurre(page.request, question, "/hitta");
    await askFlurre(page.request, question, "/hitta");
    await signInAsAdmin(page, true);
    await page.getByRole("link", { name: "Flurre: obesvarade frågor och FAQ" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Flurre" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Obesvarade frågor/ })).toHaveAttribute("aria-current", "page");
    await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);

    const asked = cardOf(page, question);
    await expect(asked.getByTestId("unanswered-count")).toHaveText("2");
    await expect(asked.getByRole("link", { name: "/hitta" })).toBeVisible();
    await asked.getByRole("link", { name: "Svara med en FAQ-rad" }).click();
    await expect(page).toHaveURL(/\/admin\/flurre\?flik=faq&svara=\d+$/);
    await expect(page.getByTestId("faq-answering")).toContainText("ställd 2 gånger");
    await expect(page.getByLabel("Fråga (obligatoriskt)")).toHaveValue(question);
    await expect(page.getByLabel("Svar (obligatoriskt)")).toBeFocused();
    await page.getByLabel("Svar (obligatoriskt)").fill("Ja, om det är varmt. Ta med en handduk.");
    await page.getByLabel("Länkar").fill("Hitta till platsen | /hitta");
    await page.getByRole("button", { name: "Spara FAQ-rad" }).click();
    await expectToast(page, "FAQ-rad sparad!");
    await expect(page).toHaveURL(/\/admin\/flurre\?flik=obesvarade$/);
    await expect(cardOf(page, question)).toHaveCount(0);

    await page.getByRole("link", { name: "FAQ", exact: true }).click();
    const row = cardOf(page, question);
    await expect(row).toContainText("Ja, om det är varmt. Ta med en handduk.");
    await expect(row.getByRole("link", { name: "Hitta till platsen" })).toHaveAttribute("href", "/hitta");

    await row.getByRole("link", { name: "Redigera" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Redigera FAQ-rad" })).toBeVisible();
    await expect(page.getByLabel("Länkar")).toHaveValue("Hitta till platsen | /hitta");
    // A link that is not ours is refused in the form, and what was typed stays.
    await page.getByLabel("Länkar").fill("Kartan | http://maps.example.com");
    await page.getByRole("button", { name: "Spara FAQ-rad" }).click();
    await expect(page.getByText("Rad 1: länken måste vara en sökväg på webbplatsen")).toBeVisible();
    await page.getByLabel("Länkar").fill("Kartan | https://maps.example.com");
    await page.getByLabel("Svar (obligatoriskt)").fill("Ja, men bara efter passet.");
    await page.getByRole("button", { name: "Spara FAQ-rad" }).click();
    await expectToast(page, "FAQ-rad uppdaterad!");
    await expect(row).toContainText("Ja, men bara efter passet.");
    await expect(row.getByRole("link", { name: "Kartan" })).toHaveAttribute("href", "https://maps.example.com");

    await row.getByRole("button", { name: "Ta bort" }).click();
    const dialog = page.getByRole("dialog", { name: "Ta bort" });
    await expect(dialog).toContainText("Ta bort FAQ-raden? Flurre slutar använda den direkt.");
    await dialog.getByRole("button", { name: "Ta bort" }).click();
    await expectToast(page, "FAQ-rad borttagen");
    await expect(cardOf(page, question)).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the page's own confirmation step");

  test("the admin writes an FAQ row and deletes it through the confirmation step", async ({ page }) => {
    const question = `Kan vi komma två hundar på en plats ${Date.now() % 1_000_000}?`;
    await signInAsAdmin(page, false);
    await page.goto("/admin/flurre?flik=faq");
    await expect(page.getByRole("heading", { level: 2, name: "Ny FAQ-rad" })).toBeVisible();
    await page.getByLabel("Fråga (obligatoriskt)").fill(question);
    await page.getByLabel("Svar (obligatoriskt)").fill("Nej, en hund per plats.");
    await page.getByRole("button", { name: "Spara FAQ-rad" }).click();
    await expectToast(page, "FAQ-rad sparad!");
    const row = cardOf(page, question);
    await expect(row).toContainText("Nej, en hund per plats.");
    await row.getByRole("link", { name: "Ta bort" }).click();
    await expect(page).toHaveURL(/\/admin\/flurre\?flik=faq&atgard=ta-bort&rad=\d+$/);
    await expect(page.getByText("Ta bort FAQ-raden? Flurre slutar använda den direkt.")).toBeVisible();
    await page.getByRole("button", { name: "Ta bort" }).click();
    await expect(page).toHaveURL(/\/admin\/flurre\?flik=faq$/);
    await expectToast(page, "FAQ-rad borttagen");
    await expect(cardOf(page, question)).toHaveCount(0);
  });
});
