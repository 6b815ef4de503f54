import { expect, test } from "@playwright/test";
import { openSignInLink, signInWithLink, useOwnIp } from "./auth-helpers";

const CUSTOMER = "kund@example.se";
const ADMIN = "admin@hundpass.se";
const FAILED = "Verifieringen misslyckades - Länken kan vara ogiltig eller ha gått ut.";

test.beforeEach(async ({ page }) => {
  await useOwnIp(page);
});

test("a customer signs in with an e-mailed link, sees own bookings, and the link works only once", async ({
  page,
  javaScriptEnabled,
}) => {
  if (javaScriptEnabled) await page.clock.install();
  const link = await signInWithLink(page, CUSTOMER, javaScriptEnabled);
  if (javaScriptEnabled) await expect(page.getByRole("heading", { name: "Du är inloggad" })).toBeVisible();
  await expect(page).toHaveURL(/\/mina-bokningar\/lista$/);
  await expect(page.getByRole("heading", { name: "Mina bokningar", level: 1 })).toBeVisible();
  await expect(page.getByTestId("display-name")).toHaveText(CUSTOMER);

  // Seed: upcoming VALPKURS (session 4) and PLAN (8); past VALPKURS (23) and PLAN (24);
  // the cancelled VARDAGSLYDNAD (2) in a list of its own, as 'Avbokad'.
  const upcoming = page.getByTestId("upcoming-bookings").getByTestId("booking-card");
  const past = page.getByTestId("past-bookings").getByTestId("booking-card");
  const cancelled = page.getByTestId("cancelled-bookings").getByTestId("booking-card");
  await expect(upcoming).toHaveCount(2);
  await expect(past).toHaveCount(2);
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled.getByText("VARDAGSLYDNAD")).toBeVisible();
  await expect(cancelled.getByText("Avbokad")).toBeVisible();
  await expect(page.getByText("VARDAGSLYDNAD")).toHaveCount(1);
  for (const list of [upcoming, past]) {
    await expect(list.filter({ hasText: "VALPKURS" })).toHaveCount(1);
    await expect(list.filter({ hasText: "PLAN" })).toHaveCount(1);
  }
  await expect(upcoming.first().getByText("Bekräftad")).toBeVisible();

  // Cards open without JavaScript too (details/summary).
  const plan = upcoming.filter({ hasText: "PLAN" });
  await expect(plan.getByText("Google Meets")).toBeHidden();
  await plan.locator("summary").click();
  await expect(plan.getByText("Google Meets")).toBeVisible();
  await expect(plan.getByText("19:00–20:00")).toBeVisible();

  const countdown = page.getByTestId("countdown");
  const first = await countdown.textContent();
  expect(first).toMatch(/^(29|30):\d\d$/);
  if (javaScriptEnabled) {
    await expect(countdown).not.toHaveText(first!, { timeout: 2_500 });
  }

  // The same link a second time fails with the spec's text and a way back.
  await openSignInLink(page, link, javaScriptEnabled);
  await expect(page.getByText(FAILED)).toBeVisible();
  // Still signed in from the first use: 'Begär ny länk' leads to the list, not to a form for a link not needed.
  await page.getByRole("link", { name: "Begär ny länk" }).click();
  await expect(page).toHaveURL(/\/mina-bokningar\/lista$/);
  await expect(page.getByRole("heading", { name: "Mina bokningar", level: 1 })).toBeVisible();

  if (javaScriptEnabled) {
    // At zero the countdown signs out and sends the visitor home with the expiry toast.
    await page.goto("/mina-bokningar/lista");
    // The countdown's deadline is set once the page has hydrated: move the clock only after it ticks.
    const countdown = page.getByTestId("countdown");
    const rendered = await countdown.textContent();
    await expect(countdown).not.toHaveText(rendered ?? "");
    await page.clock.fastForward("30:00");
    await expect(page.getByText("Din tid har gått ut av säkerhetsskäl, ansök på nytt för längre tillgång")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("display-name")).toHaveCount(0);
    await page.goto("/mina-bokningar/lista");
    await expect(page.getByRole("heading", { name: "Sessionen gick ut" })).toBeVisible();
  }
});

test("the admin address's link leads to /admin, and 'Logga ut' signs out", async ({ page, javaScriptEnabled }) => {
  await signInWithLink(page, ADMIN, javaScriptEnabled);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();
  await expect(page.getByTestId("display-name")).toHaveText("Linnea Berg (Admin)");

  await page.getByText("Meny").click();
  await page.getByRole("button", { name: "Logga ut" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Du har loggats ut")).toBeVisible();
  await expect(page.getByTestId("display-name")).toHaveCount(0);
  // Signed out, /admin leads to the staff sign-in page (it was the start page, with no word of how to sign in).
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/logga-in\?till=%2Fadmin$/);
});

test("an expired or missing session shows 'Sessionen gick ut' with a way to a new link", async ({ page }) => {
  const response = await page.goto("/mina-bokningar/lista");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Sessionen gick ut" })).toBeVisible();
  await page.getByRole("link", { name: "Begär ny länk" }).click();
  await expect(page).toHaveURL(/\/mina-bokningar$/);
  await expect(page.getByLabel("E-postadress")).toBeVisible();
});

test("the link request asks for a valid address in Swedish", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript the browser's own check stops the form first");
  await page.goto("/mina-bokningar");
  const field = page.getByLabel("E-postadress");
  await field.fill("inte-en-adress");
  await field.blur();
  await expect(page.getByText("Vänligen ange en giltig e-postadress")).toBeVisible();
  await field.fill("");
  await expect(page.getByText("Vänligen ange din e-postadress")).toBeVisible();
});
