// Every admin page has unique element IDs once React has hydrated it: the
// list pages render a confirmation form in each card's dialog, and a label,
// a description or a dialog's heading must point at one element only.
import { expect, test } from "@playwright/test";
import { ADMIN_PAGES } from "../../app/domain/admin-pages";
import { signInAsAdmin } from "./auth-helpers";

test("admin pages have no duplicate IDs after hydration", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "hydration needs JavaScript");
  test.setTimeout(60_000);
  await signInAsAdmin(page, javaScriptEnabled);
  for (const { to } of [{ to: "/admin" }, ...ADMIN_PAGES]) {
    await page.goto(to, { waitUntil: "load" });
    await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
    const duplicates = await page.evaluate(() => {
      const seen = new Map<string, number>();
      for (const el of document.querySelectorAll("[id]")) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
      return [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
    });
    expect(duplicates, to).toEqual([]);
    const idrefs = await page.evaluate(() =>
      [...document.querySelectorAll("[aria-labelledby], [aria-describedby], label[for]")].flatMap((el) =>
        [el.getAttribute("aria-labelledby"), el.getAttribute("aria-describedby"), el.getAttribute("for")]
          .filter((v): v is string => Boolean(v))
          .flatMap((v) => v.split(/\s+/))
          .filter((id) => document.querySelectorAll(`[id="${CSS.escape(id)}"]`).length !== 1),
      ),
    );
    expect(idrefs, `${to}: references to missing or repeated IDs`).toEqual([]);
  }
});
