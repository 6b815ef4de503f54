// Payments, end to end, on the payment tests' own server (PAYMENTS=stripe)
// and its local Stripe stub: the stub plays Stripe (Checkout Sessions,
// signed events to the app), the app's /dev/betala page plays Stripe's
// checkout page. JavaScript on and off (the two projects).
import { expect, test } from "@playwright/test";
import { createStubSession, PAYMENTS_BASE_URL, stubDeliveries } from "./payments-helpers";

test.use({ baseURL: PAYMENTS_BASE_URL });

test.describe("the local Stripe", () => {
  test("the payment server takes Stripe's events (payments on) and the other server does not", async ({ request, baseURL }) => {
    const home = await request.get("/");
    expect(home.ok()).toBe(true);
    // Unsigned: refused as not verified, which only a server with payments on answers.
    const unsigned = await request.post("/api/stripe-handelser", { data: "{}", headers: { "Content-Type": "application/json" } });
    expect(unsigned.status()).toBe(401);
    expect(baseURL).toBe(PAYMENTS_BASE_URL);
    const off = await request.post(`http://localhost:${Number(process.env.E2E_PORT ?? 8799)}/api/stripe-handelser`, {
      data: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(off.status()).toBe(404);
  });

  test("the local checkout page shows a session made on the stub, and Avbryt goes back without paying", async ({ page, request }) => {
    const session = await createStubSession(request, {
      name: "VALPKURS rök-test",
      amountOre: 24_900,
      methods: ["card"],
      successUrl: `${PAYMENTS_BASE_URL}/?cs={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${PAYMENTS_BASE_URL}/om`,
    });
    expect(session.url).toBe(`${PAYMENTS_BASE_URL}/dev/betala/${session.id}`);
    await page.goto(session.url);
    await expect(page.getByTestId("dev-checkout-notice")).toContainText("Lokal testsida.");
    await expect(page.getByRole("heading", { name: "Hundpass" })).toBeVisible();
    await expect(page.getByTestId("dev-checkout-item")).toContainText("VALPKURS rök-test");
    await expect(page.getByTestId("dev-checkout-total")).toHaveText("249 kr");
    await expect(page.getByTestId("dev-checkout-time-left")).toContainText("min kvar");
    await expect(page.getByRole("button", { name: "Betala med kort" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Betala med Swish" })).toHaveCount(0);
    await page.getByRole("button", { name: "Avbryt" }).click();
    await expect(page).toHaveURL(`${PAYMENTS_BASE_URL}/om`);
    expect(await stubDeliveries(request, session.id)).toEqual([]);
  });
});
