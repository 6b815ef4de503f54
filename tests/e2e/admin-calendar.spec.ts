// /admin/kalender in the browser, with JavaScript on and off: an admin makes
// a subscribe link, a calendar app (here: a plain GET) reads the feed through
// it, and after 'Återkalla länken' the same address answers 404.
import { expect, test } from "@playwright/test";
import { signInAsAdmin, withLock } from "./auth-helpers";

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
    const https = await page.getByLabel("Eller kopiera adressen till din kalenderapp:").inputValue();
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
