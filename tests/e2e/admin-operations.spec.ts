// /admin/drift ('Driftstatus') in the browser, with JavaScript on and off:
// reached from the admin menu, readable at 320 px (the page never scrolls
// sideways; a wide table scrolls inside its own region), and /healthz
// answering an uptime monitor.
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";

test("the admin menu leads to Driftstatus, which reads at 320 px", async ({ page, javaScriptEnabled }) => {
  await signInAsAdmin(page, javaScriptEnabled);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Driftstatus" }).first().click();
  await expect(page).toHaveURL(/\/admin\/drift$/);
  await expect(page.getByRole("heading", { level: 1, name: "Driftstatus" })).toBeVisible();
  for (const name of ["Schemalagda jobb", "E-postkön", "Webhooks", "Återbetalningar", "Databasen", "Version"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole("table", { name: /Varje jobb med senaste körning/ })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "E-postkön" })).toBeVisible();

  await page.setViewportSize({ width: 320, height: 720 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Driftstatus" })).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
});

test("/healthz answers an uptime monitor with a small JSON that no cache keeps", async ({ request }) => {
  const res = await request.get("/healthz");
  expect([200, 503]).toContain(res.status());
  expect(res.headers()["cache-control"]).toBe("no-store");
  const body = await res.json();
  expect(body).toMatchObject({ ok: res.status() === 200, database: "ok" });
});
