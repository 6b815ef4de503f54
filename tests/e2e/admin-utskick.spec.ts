// /admin/utskick in the browser: the admin writes a campaign (its draft kept
// in the browser and restored), saves it, test-sends it, duplicates it and
// sends it to the personal test segment, then finds both mails in /dev/mail
// with their List-Unsubscribe headers. Without JavaScript: a campaign saved
// and test-sent through the action's own confirmation step. With and without
// it: the send step names each choice and how many it reaches, shows the
// mail as a subscriber gets it, and asks before a second send.
import { expect, test, type Locator, type Page } from "@playwright/test";
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

    // 'Skicka till segment' is a link to the send step, which opens as a dialog; its choices are radio buttons by name.
    await card.getByRole("link", { name: "Skicka till segment" }).click();
    const sendDialog = page.getByRole("dialog", { name: "Skicka till segment" });
    await expect(sendDialog.getByRole("radio", { name: "Ägarens test", exact: true })).toBeChecked();
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

const PREVIEW_FRAME = 'iframe[title="Mejlet som prenumeranten ser det"]';

/** Opens a campaign's send step: a dialog over the list with JavaScript, the step's own page without. */
async function openSendStep(page: Page, card: Locator, javaScriptEnabled: boolean): Promise<Locator> {
  await card.getByRole("link", { name: "Skicka till segment" }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "Skicka till segment" });
    await expect(dialog).toBeVisible();
    return dialog;
  }
  await expect(page).toHaveURL(/\/admin\/utskick\?atgard=skicka&kampanj=\d+$/);
  return page.locator(".utskick-confirm");
}

/** How many the step says a choice reaches: 'N mottagare', 0 for 'Inga mottagare'. */
async function countShown(step: Locator, target: string): Promise<number> {
  const text = (await step.getByTestId(`send-target-${target}`).getByTestId("send-target-count").textContent()) ?? "";
  if (text === "Inga mottagare") return 0;
  const n = /^(\d+) mottagare$/.exec(text)?.[1];
  expect(n, `count shown for ${target}: ${text}`).toBeDefined();
  return Number(n);
}

/** Adds `email` on the segment tab: official segment 'Sista utskicket', test segment 'Engångstest'. */
async function addToOneTimeTest(page: Page, email: string) {
  await page.goto(`/admin/utskick?flik=segment&epost=${encodeURIComponent(email)}`);
  await page.getByRole("radio", { name: "Sista utskicket (slut-utskick)" }).check();
  await page.getByRole("checkbox", { name: "Engångstest (test-once)" }).check();
  await page.getByRole("button", { name: "Lägg till prenumerant" }).click();
  await expectToast(page, "Sparat!");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "the send step, with JavaScript" : "the send step, without JavaScript", () => {
    test.skip(({ javaScriptEnabled: on }) => on !== javaScriptEnabled, "each project walks its own way through the step");

    test("names each choice with how many it reaches, shows the mail, and asks before a second send", async ({ page }, testInfo) => {
      test.slow();
      const tag = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now() % 1_000_000}`;
      const name = `Segmentbrev ${tag}`;
      const subject = `Pass i juni ${tag}`;
      const newcomer = uniqueEmail(testInfo, "utskick-ny");
      await signInAsAdmin(page, javaScriptEnabled);
      await page.goto("/admin/utskick");
      if (javaScriptEnabled) await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
      await writeCampaign(page, name, subject);
      await page.getByRole("button", { name: "Spara kampanj" }).click();
      await expectToast(page, "Kampanj sparad!");
      const card = page.locator("article", { has: page.getByRole("heading", { name, exact: true }) });
      await expect(card.getByTestId("campaign-target")).toHaveText("Ägarens test");

      // The step: every choice by its name with how many it reaches, and the mail as a subscriber sees it.
      let step = await openSendStep(page, card, javaScriptEnabled);
      const personal = step.getByRole("radio", { name: "Ägarens test", exact: true });
      await expect(personal).toBeChecked();
      await expect(personal).toHaveAccessibleDescription(/^\d+ mottagare$/);
      await expect(step.getByRole("radio", { name: "VIP-kunder", exact: true })).toBeVisible();
      await expect(step.getByRole("radio", { name: /^alla \(dag 1 VIP-kunder och Live-kunder, dag 2 Sista utskicket/ })).toBeVisible();
      await expect(step.getByTestId("send-warning")).toHaveCount(0);
      await expect(step.getByTestId("mail-preview-subject")).toHaveText(subject);
      const mail = step.locator(PREVIEW_FRAME).contentFrame();
      await expect(mail.getByText("Nu finns nästa månads pass.")).toBeVisible();
      await expect(mail.getByRole("link", { name: "Avprenumerera" })).toHaveAttribute(
        "href",
        /\/unsubscribe\?email=prenumerant%40example\.com&token=/,
      );
      const reach = await countShown(step, "test-once");
      expect(reach).toBeGreaterThan(0);
      await step.getByRole("radio", { name: "Engångstest", exact: true }).check();
      await step.getByRole("button", { name: "Skicka", exact: true }).click();
      await expect(page.getByTestId("toast").filter({ hasText: `${reach} mottagare får kampanjen.` })).toBeVisible();
      await expect(card.getByTestId("campaign-target")).toHaveText("Engångstest");
      await expect
        .poll(async () => {
          await page.goto("/admin/utskick");
          return card.getByTestId("campaign-status").textContent();
        })
        .toBe("Skickad");

      // Someone new in the segment; a second send there is marked, warned about, and refused without the box.
      await addToOneTimeTest(page, newcomer);
      await page.goto("/admin/utskick");
      step = await openSendStep(page, card, javaScriptEnabled);
      const again = step.getByRole("radio", { name: "Engångstest", exact: true });
      await expect(again).toBeChecked();
      await expect(again).toHaveAccessibleDescription(/^1 mottagare\s+Har redan fått kampanjen$/);
      await expect(step.getByTestId("send-warning")).toContainText("Kampanjen har redan skickats till Engångstest.");
      await step.getByRole("button", { name: "Skicka", exact: true }).click();
      if (!javaScriptEnabled) step = page.locator(".utskick-confirm");
      await expect(step.getByText("Kampanjen har redan skickats till Engångstest. Kryssa i rutan om du vill skicka igen.")).toBeVisible();
      await expect(page.getByTestId("toast").filter({ hasText: "Utskicket har startat" })).toHaveCount(0);

      await step.getByLabel("Ja, skicka igen till mottagare som redan har fått kampanjen").check();
      await step.getByRole("button", { name: "Skicka", exact: true }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "1 mottagare får kampanjen." })).toBeVisible();
      await page.goto(`/dev/mail?to=${encodeURIComponent(newcomer)}`);
      await expect(page.getByRole("link", { name: subject })).toHaveCount(1);
    });
  });
}
