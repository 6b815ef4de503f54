// The start page's "Alla våra pass": each type card leads to that type's
// dates on /boka, beside asking Flurre, and at phone widths Flurre's
// launcher never covers that link.
import { expect, test } from "@playwright/test";

const WIDTHS = [320, 390];

test("each type card links to its own dates on /boka, beside 'Fråga Flurre om Passet'", async ({ page }) => {
  await page.goto("/");
  const cards = page.getByTestId("type-card");
  expect(await cards.count()).toBeGreaterThan(1);
  for (const card of await cards.all()) {
    const name = (await card.getByRole("heading", { level: 3 }).textContent())!.trim();
    const link = card.getByRole("link", { name: `Se datum och boka ${name}` });
    await expect(link).toHaveAttribute("href", `/boka?steg=2&typ=alla&${new URLSearchParams({ passtyp: name })}&vy=lista`);
    await expect(card.getByRole("link", { name: "Fråga Flurre om Passet" })).toBeVisible();
  }

  // The seeded VALPKURS has upcoming sessions: the link shows those and no other type's.
  await page.getByRole("link", { name: "Se datum och boka VALPKURS" }).click();
  await expect(page).toHaveURL(/\/boka\?steg=2&typ=alla&passtyp=VALPKURS&vy=lista$/);
  await expect(page.getByRole("heading", { name: "VALPKURS", level: 1 })).toBeVisible();
  const titles = page.locator(".session-card-title");
  expect(await titles.count()).toBeGreaterThan(0);
  for (const title of await titles.allTextContents()) expect(title).toContain("VALPKURS");

  // The calendar keeps to the type.
  await page.getByRole("navigation", { name: "Visa som" }).getByRole("link", { name: "Kalender" }).click();
  await expect(page).toHaveURL(/passtyp=VALPKURS&vy=kalender/);
  await expect(page.getByRole("heading", { name: "VALPKURS", level: 1 })).toBeVisible();
});

test.describe("at phone widths", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the launcher steps aside with JavaScript only");

  test("the launcher steps aside from a type card's 'Se datum och boka', however far down", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 760 });
    await page.goto("/");
    await expect(page.getByTestId("flurre-launcher")).toHaveAttribute("aria-haspopup", "dialog");
    const launcher = page.getByTestId("flurre-launcher");
    const links = page.getByTestId("type-card").getByRole("link", { name: /^Se datum och boka/ });
    expect(await links.count()).toBeGreaterThan(1);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 760 });
      for (const link of await links.all()) {
        // The worst place: the link's lower edge on the screen's, in the launcher's corner.
        await link.evaluate((el) => {
          window.scrollBy({ top: el.getBoundingClientRect().bottom - window.innerHeight, behavior: "instant" });
        });
        await expect
          .poll(() => launcher.evaluate((el) => [getComputedStyle(el).opacity, getComputedStyle(el).pointerEvents].join(" ")))
          .toBe("0 none");
        const covered = await link.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const y = Math.min(r.top + r.height / 2, window.innerHeight - 2);
          return [r.left + 4, r.left + r.width / 2, r.right - 4].some((x) => {
            const hit = document.elementFromPoint(x, y);
            return !hit || !(hit === el || el.contains(hit));
          });
        });
        expect(covered, `at ${width} px: '${await link.textContent()}' is covered`).toBe(false);
      }
    }
  });
});
