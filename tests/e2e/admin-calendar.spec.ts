// /admin/kalender in the browser, with JavaScript on and off: an admin makes
// a subscribe link, a calendar app (here: a plain GET) reads the feed through
// it, and after 'Återkalla länken' the same address answers 404.
import { expect, test } from "@playwright/test";
import { signInAsAdmin, withLock } from "./auth-helpers";

const WEBCAL_LABEL = "Adress för Apple Kalender och Outlook (webcal)";
const HTTPS_LABEL = "Adress för Google Kalender och Outlook på webben (https)";

test("an admin subscribes to the sessions' calendar and revokes the link", async ({ page, javaScriptEnabled }) => {
  await signInAsAdmin(page, javaScriptEnabled);
  // Both projects use the one seeded admin, whose new link stops the one before.
  await withLock("calendar-feed", async () => {
    await page.goto("/admin");
    await page.getByRole("link", { name: "Kalender" }).first().click();
    await expect(page).toHaveURL(/\/admin\/kalender$/);
    await expect(page.getByRole("heading", { name: "Kalender", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Ta med deltagarnas namn i kalendern")).not.toBeChecked();

    await page.getByRole("button", { name: /^Skapa (ny )?kalenderlänk/ }).click();
    const created = page.getByTestId("calendar-link");
    await expect(created).toContainText("Länken visas bara nu.");
    // The https address has a field of its own beside the webcal one (once one field, 'Eller kopiera adressen till din kalenderapp:').
    const https = await page.getByLabel(HTTPS_LABEL).inputValue();
    expect(https).toMatch(/^http:\/\/localhost:\d+\/kalender\/[A-Za-z0-9_-]{43}\/hundpass\.ics$/);
    await expect(page.getByRole("link", { name: "Prenumerera i kalenderappen" })).toHaveAttribute(
      "href",
      https.replace(/^http:/, "webcal:"),
    );
    await expect(page.getByTestId("calendar-status")).toContainText("utan deltagarnas namn");

    const feed = await page.request.get(https);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const ics = await feed.text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toMatch(/UID:session-\d+@localhost/);

    // Reloading shows the link's state, never the link again.
    await page.goto("/admin/kalender");
    await expect(page.getByTestId("calendar-link")).toHaveCount(0);
    expect(await page.content()).not.toContain(new URL(https).pathname);

    await page.getByRole("button", { name: "Återkalla länken" }).click();
    await expect(page.getByTestId("toast")).toContainText("Kalenderlänken är återkallad");
    await expect(page.getByTestId("calendar-status")).toHaveText("Du har ingen aktiv kalenderlänk.");
    expect((await page.request.get(https)).status()).toBe(404);
  });
});

test("a new link shows in full, as webcal and as https, in full-width fields with 'Kopiera' (to select by hand without JavaScript)", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await signInAsAdmin(page, javaScriptEnabled);
  await withLock("calendar-feed", async () => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto("/admin/kalender");
    await page.getByRole("button", { name: /^Skapa (ny )?kalenderlänk/ }).click();
    const card = page.getByTestId("calendar-link");
    const webcal = card.getByLabel(WEBCAL_LABEL);
    const https = card.getByLabel(HTTPS_LABEL);
    const address = await https.inputValue();
    expect(address).toMatch(/^http:\/\/localhost:\d+\/kalender\/[A-Za-z0-9_-]{43}\/hundpass\.ics$/);
    await expect(webcal).toHaveValue(address.replace(/^http:/, "webcal:"));
    await expect(card.getByRole("link", { name: "Prenumerera i kalenderappen" })).toHaveAttribute("href", address.replace(/^http:/, "webcal:"));

    // As wide as the card's content, and all of the address in sight even at 320 px (nothing scrolled away).
    const cardBox = (await card.boundingBox())!;
    for (const field of [webcal, https]) {
      const box = (await field.boundingBox())!;
      expect(box.width, "the field spans the card").toBeGreaterThan(cardBox.width - 48);
      expect(await field.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }

    if (javaScriptEnabled) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const copy = card.getByRole("button", { name: "Kopiera" });
      await expect(copy).toHaveCount(2);
      await copy.nth(0).click();
      await expect(card.getByText("Kopierad!")).toHaveCount(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address.replace(/^http:/, "webcal:"));
      await copy.nth(1).click();
      await expect(card.getByText("Kopierad!")).toHaveCount(2);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    } else {
      // No copy button without JavaScript: each field says to select and copy, and selecting all in it takes the whole address.
      await expect(card.getByRole("button", { name: "Kopiera" })).toHaveCount(0);
      await expect(card.getByText("Markera adressen och kopiera den.")).toHaveCount(2);
      await https.click();
      await page.keyboard.press("ControlOrMeta+A");
      expect(await https.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toBe(address);
    }
  });
});
