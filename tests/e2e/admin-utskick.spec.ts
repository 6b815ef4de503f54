// /admin/utskick in the browser: the admin writes a campaign (its draft kept
// in the browser and restored), saves it, test-sends it, duplicates it and
// sends it to the personal test segment, then finds both mails in /dev/mail
// with their List-Unsubscribe headers. Without JavaScript: a campaign saved
// and test-sent through the action's own confirmation step.
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";
import { uniqueEmail } from "./booking-helpers";

/** In the demo data the personal segment (agare-testar) has one subscriber. */
const PERSONAL_SUBSCRIBER = "erik.holm@example.com";

async function expectToast(page: Page, text: string) {
  await expect(page.getByTestId("toast").filter({ hasText: text })).toBeVisible();
}

async function writeCampaign(page: Page, name: string, subject: string) {
  await page.getByLabel("Kampanjnamn (obligatoriskt)").fill(name);
  await page.getByLabel("Ämnesrad (obligatoriskt)").fill(subject);
  await page.getByLabel("Meddelande (obligatoriskt)").fill("Hej!\n\nNu finns nästa månads pass.");
  await page.getByLabel("Knapptext").fill("Boka");
  await page.getByLabel("Knappens länk").fill("https://hundpass.se/alla-popups");
  await page.getByLabel("Avsändare").selectOption("nyhetsbrev@hundpass.se");
}

/** Opens the mail to `to` with `subject` in /dev/mail and checks its RFC 8058 headers. */
async function expectUnsubscribeHeaders(page: Page, to: string, subject: string) {
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  await page.getByRole("link", { name: subject }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  const link = await page.getByTestId("mail-text").textContent();
  const url = /Avprenumerera: (\S+)/.exec(link ?? "")?.[1];
  expect(url).toMatch(/\/unsubscribe\?email=[^&]+&token=/);
  await expect(page.getByTestId("mail-header-list-unsubscribe")).toContainText(`<${url}>`);
  await expect(page.getByTestId("mail-header-list-unsubscribe-post")).toHaveText("List-Unsubscribe=One-Click");
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the dialogs and the browser draft need JavaScript");

  test("the admin writes, test-sends, duplicates and sends a campaign and finds it in /dev/mail", async ({ page }, testInfo) => {
    const name = `Nyhetsbrev ${Date.now() % 1_000_000}`;
    const subject = `Nästa månads pass ${Date.now() % 1_000_000}`;
    const testAddress = uniqueEmail(testInfo, "utskick-test");
    await signInAsAdmin(page, true);
    await page.clock.install();
    await page.goto("/admin/utskick");
    await expect(page.getByRole("heading", { level: 1, name: "Utskick" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Kampanjer" })).toHaveAttribute("aria-current", "page");
    await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);

    // The draft is kept every 10 s and comes back after a reload.
    await writeCampaign(page, name, subject);
    await page.clock.runFor(10_000);
    await page.reload();
    await expect(page.getByText("Ett osparat utkast har hämtats från den här webbläsaren.")).toBeVisible();
    await expect(page.getByLabel("Kampanjnamn (obligatoriskt)")).toHaveValue(name);
    await expect(page.getByLabel("Meddelande (obligatoriskt)")).toHaveValue("Hej!\n\nNu finns nästa månads pass.");
    await expect(page.getByLabel("Avsändare")).toHaveValue("nyhetsbrev@hundpass.se");

    await page.getByRole("button", { name: "Spara kampanj" }).click();
    await expectToast(page, "Kampanj sparad!");
    const firstToastAt = Date.now();
    await expect(page.getByLabel("Kampanjnamn (obligatoriskt)")).toHaveValue("");
    expect(await page.evaluate(() => window.localStorage.getItem("hundpass:kampanjutkast:ny"))).toBeNull();
    const card = page.locator("article", { has: page.getByRole("heading", { name, exact: true }) });
    await expect(card.getByTestId("campaign-status")).toHaveText("Utkast");

    await card.getByRole("button", { name: "Testskicka" }).click();
    const testDialog = page.getByRole("dialog", { name: "Testskicka" });
    await testDialog.getByLabel("Skicka test till").fill(testAddress);
    await page.waitForTimeout(Math.max(0, firstToastAt + 1_000 - Date.now()));
    await testDialog.getByRole("button", { name: "Skicka test-mail" }).click();
    await expectToast(page, "Test-mail skickat!");
    // A toast that follows another within its 6 s stays its own 6 s: still there once the first one's time is up.
    await page.waitForTimeout(Math.max(0, firstToastAt + 6_500 - Date.now()));
    await expectToast(page, "Test-mail skickat!");

    await card.getByRole("button", { name: "Duplicera" }).click();
    await page.getByRole("dialog", { name: "Duplicera" }).getByRole("button", { name: "Duplicera" }).click();
    const copy = page.locator("article", { has: page.getByRole("heading", { name: `${name} (Kopia)`, exact: true }) });
    await expect(copy.getByTestId("campaign-status")).toHaveText("Utkast");

    await card.getByRole("button", { name: "Skicka till segment" }).click();
    const sendDialog = page.getByRole("dialog", { name: "Skicka till segment" });
    await expect(sendDialog.getByLabel("Mottagare", { exact: true })).toHaveValue("agare-testar");
    await sendDialog.getByRole("button", { name: "Skicka", exact: true }).click();
    await expectToast(page, "Utskicket har startat");
    await expect(card.getByTestId("campaign-status")).toHaveText(/Skickas|Skickad/);
    await expect(copy.getByTestId("campaign-status")).toHaveText("Utkast");

    await expectUnsubscribeHeaders(page, testAddress, subject);
    await expectUnsubscribeHeaders(page, PERSONAL_SUBSCRIBER, subject);
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the page's own confirmation steps");

  test("the admin saves a campaign and test-sends it through the confirmation step", async ({ page }, testInfo) => {
    const name = `Utan JS ${Date.now() % 1_000_000}`;
    const subject = `Test utan JS ${Date.now() % 1_000_000}`;
    const testAddress = uniqueEmail(testInfo, "utskick-nojs");
    await signInAsAdmin(page, false);
    await page.goto("/admin/utskick");
    await writeCampaign(page, name, subject);
    await page.getByRole("button", { name: "Spara kampanj" }).click();
    await expectToast(page, "Kampanj sparad!");

    const card = page.locator("article", { has: page.getByRole("heading", { name, exact: true }) });
    await card.getByRole("link", { name: "Testskicka" }).click();
    await expect(page).toHaveURL(/\/admin\/utskick\?atgard=testa&kampanj=\d+$/);
    await page.getByLabel("Skicka test till").fill(testAddress);
    await page.getByRole("button", { name: "Skicka test-mail" }).click();
    await expect(page).toHaveURL(/\/admin\/utskick$/);
    await expectToast(page, "Test-mail skickat!");

    await expectUnsubscribeHeaders(page, testAddress, subject);
  });
});
