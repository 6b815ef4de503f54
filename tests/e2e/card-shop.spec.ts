// A presentkort bought online and used, end to end on the payment tests'
// server (PAYMENTS=stripe) and its local Stripe stub, with JavaScript on and
// off: staff put a presentkort on sale on /admin/kort; a visitor buys one on
// /presentkort and pays with Swish on the local checkout page; the code
// arrives at /dev/mail; the visitor books a session with it, the card pays
// part and the rest is paid by card; staff cancel the booking and the amount
// comes back to the card. The shop's pages pass axe and fit 320, 390 and
// 1280 px.
import { wcagScan } from "./axe-tags";
import { expect, test, type Page } from "@playwright/test";
import { uniqueTitle } from "./admin-helpers";
import { useOwnIp } from "./auth-helpers";
import { acceptTermsAndSubmit, fillBookingForm, HUMAN_PAUSE_MS, openSession, uniqueEmail } from "./booking-helpers";
import { CODE_LABEL, codeFromMail, valpkursSession } from "./card-helpers";
import { PAYMENTS_BASE_URL, signInAsPaymentsAdmin } from "./payments-helpers";

test.use({ baseURL: PAYMENTS_BASE_URL });

/** The page fits 320, 390 and 1280 px with no sideways scroll, and (with JavaScript, once per page) passes axe. */
async function fitsAndPassesAxe(page: Page, javaScriptEnabled: boolean) {
  const before = page.viewportSize();
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${page.url()} at ${width} px`).toBeLessThanOrEqual(0);
  }
  if (before) await page.setViewportSize(before);
  if (!javaScriptEnabled) return;
  const results = await wcagScan(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Puts a presentkort of 100 or 300 kr on sale on /admin/kort. */
async function addPresentkort(admin: Page, name: string) {
  await admin.goto("/admin/kort?ny=presentkort");
  const form = admin.getByRole("form", { name: "Nytt presentkort" });
  await form.getByLabel("Namn (obligatoriskt)").fill(name);
  await form.getByLabel("Belopp att välja (kr)").fill("100, 300");
  await form.getByLabel("Giltighet (månader) (obligatoriskt)").fill("12");
  await form.getByRole("button", { name: "Lägg till kort" }).click();
  await expect(admin.getByTestId("toast")).toContainText(`Kortet ${name} är tillagt`);
}

test("a visitor buys a presentkort with Swish, books with its code and pays the rest by card; staff cancel and the amount comes back", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(120_000);
  const staff = await browser.newContext({ javaScriptEnabled });
  const admin = await staff.newPage();
  await signInAsPaymentsAdmin(admin, javaScriptEnabled);
  const name = uniqueTitle(testInfo, "Julklapp");
  await addPresentkort(admin, name);

  // The shop: the card on sale, its form; an amount not chosen is said beside the choice.
  await useOwnIp(page);
  const buyer = uniqueEmail(testInfo, "presentkop");
  await page.goto("/presentkort");
  await expect(page.getByRole("heading", { name: "Presentkort och klippkort", level: 1 })).toBeVisible();
  const offer = page.getByRole("article", { name });
  await expect(offer).toContainText("100 eller 300 kr");
  await fitsAndPassesAxe(page, javaScriptEnabled);
  await offer.getByRole("link", { name: "Köp presentkort" }).click();
  await expect(page.getByRole("heading", { name: `Köp ${name}` })).toBeVisible();
  await fitsAndPassesAxe(page, javaScriptEnabled);
  await page.getByLabel("Din e-postadress", { exact: true }).fill(buyer);
  await page.getByLabel("Skriv din e-postadress en gång till").fill(buyer);
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.getByRole("button", { name: "Till betalning" }).click();
  await expect(page.getByRole("group", { name: "Belopp" })).toContainText("Välj ett belopp.");
  await expect(page.getByLabel("Din e-postadress", { exact: true })).toHaveValue(buyer);
  await page.getByRole("radio", { name: "100 kr" }).check();
  await page.getByRole("button", { name: "Till betalning" }).click();

  // Stripe's page, played locally: Swish, approved.
  await expect(page).toHaveURL(/\/dev\/betala\/cs_test_\w+$/);
  await expect(page.getByTestId("dev-checkout-total")).toHaveText("100 kr");
  await page.getByRole("button", { name: "Betala med Swish" }).click();
  await expect(page).toHaveURL(/\/presentkort\?order=/);
  await expect(page.getByRole("heading", { name: "Tack för ditt köp!" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("order-paid")).toContainText(`Koden är skickad till ${buyer}.`);
  await fitsAndPassesAxe(page, javaScriptEnabled);

  const code = await codeFromMail(page, buyer);
  const last4 = code.slice(-4);

  // Booking with the code: the card pays 100 kr, the rest goes to Checkout and is paid by card.
  const sessionId = await valpkursSession(admin, testInfo);
  const customer = "Greta Gåva";
  await openSession(page, sessionId, testInfo);
  await fillBookingForm(page, { name: customer, email: buyer, phone: "070-123 45 67", dog: "Paket" });
  await page.getByLabel(CODE_LABEL).fill(code);
  await acceptTermsAndSubmit(page);
  await expect(page).toHaveURL(/\/dev\/betala\/cs_test_\w+$/);
  const rest = await page.getByTestId("dev-checkout-total").innerText();
  expect(rest).toMatch(/^\d+ kr$/);
  await page.getByRole("button", { name: "Betala med kort" }).click();
  await expect(page).toHaveURL(/\/mina-bokningar$/, { timeout: 15_000 });
  await expect(page.getByTestId("toast")).toContainText("Bokning bekräftad!");
  await expect(page.getByText("100 kr från presentkortet, 0 kr kvar")).toBeVisible();

  // Staff see the card empty, then cancel the booking: the 100 kr come back to it.
  await admin.goto(`/admin/kort?sok=${last4}`);
  const card = admin.locator("li.sold-card", { has: admin.getByRole("heading", { name: `${name} · ${last4}` }) });
  await expect(card).toContainText("0 kr kvar");
  await admin.goto(`/admin/pass/${sessionId}`);
  const booking = admin.getByTestId("session-booking").filter({ hasText: customer });
  if (javaScriptEnabled) {
    await booking.getByRole("button", { name: "Avboka" }).click();
    await admin.getByRole("dialog", { name: "Avboka" }).getByRole("button", { name: "Avboka" }).click();
  } else {
    await booking.getByRole("link", { name: "Avboka", exact: true }).click();
    await admin.getByRole("button", { name: "Avboka" }).click();
  }
  await expect(admin.getByTestId("toast")).toContainText("Bokningen är avbokad.");
  await admin.goto(`/admin/kort?sok=${last4}`);
  await expect(card).toContainText("100 kr kvar");
  await staff.close();
});
