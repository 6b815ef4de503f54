// Payments, end to end, on the payment tests' own server (PAYMENTS=stripe)
// and its local Stripe stub: the stub plays Stripe (Checkout Sessions,
// signed events to the app), the app's /dev/betala page plays Stripe's
// checkout page. JavaScript on and off (the two projects), each on seed
// sessions of its own on that server's fresh database.
import { wcagScan } from "./axe-tags";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { useOwnIp } from "./auth-helpers";
import { HUMAN_PAUSE_MS, acceptTermsAndSubmit, fillBookingForm, openSession, uniqueEmail } from "./booking-helpers";
import {
  createStubSession,
  expireStubSession,
  PAYMENTS_BASE_URL,
  setStubDeliveries,
  signInAsPaymentsAdmin,
  stubDeliveries,
  stubSession,
} from "./payments-helpers";

type Project = "js" | "no-js";
const project = (testInfo: TestInfo) => testInfo.project.name as Project;

// Seed sessions (tests/fixtures/demo-data.ts), one per test and project.
/** VALPKURS 0/6 and 0/6, 249 kr. */
const CARD_SESSION = { js: 1, "no-js": 14 } as const;
/** PROMENADTRÄNING 0/6 and VALPKURS 0/6, 249 kr. */
const SWISH_SESSION = { js: 16, "no-js": 21 } as const;
/** VALPKURS 3/6 and VARDAGSLYDNAD 5/8. */
const CANCEL_SESSION = { js: 4, "no-js": 5 } as const;
/** PLAN, private 0/1 (one seat: a hold makes it full), 395 kr. */
const EXPIRE_SESSION = { js: 7, "no-js": 18 } as const;
/** PROMENADTRÄNING 0/6 and VARDAGSLYDNAD 3/8 (three unpaid seed bookings), 249 kr. */
const STAFF_CANCEL_SESSION = { js: 22, "no-js": 20 } as const;
/** VARDAGSLYDNAD 2/8 and VALPKURS 0/6, 249 kr. */
const REFUSED_SESSION = { js: 15, "no-js": 17 } as const;

/** Books `id` as a new visitor and follows Checkout to the local checkout page; returns its Checkout Session's id. */
async function bookToCheckout(page: Page, testInfo: TestInfo, id: number, email: string, extra?: (page: Page) => Promise<void>) {
  await openSession(page, id, testInfo);
  await fillBookingForm(page, { name: `Betal ${project(testInfo)}`, email, phone: "070-123 45 67", dog: "Kvitto" });
  await extra?.(page);
  await acceptTermsAndSubmit(page);
  await expect(page).toHaveURL(/\/dev\/betala\/cs_test_\w+$/);
  await expect(page.getByTestId("dev-checkout-notice")).toContainText("Lokal testsida.");
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** The customer's confirmation mail says what was paid and how. */
async function expectPaidConfirmation(page: Page, email: string, paid: string) {
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  const confirmation = page.getByTestId("mail-row").filter({ hasText: "booking-confirmation" });
  await expect(confirmation).toHaveCount(1);
  await confirmation.getByRole("link").click();
  await expect(page.getByTestId("mail-text")).toContainText(paid);
}

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

test.describe("paying for a booking", () => {
  test("by card: paid at once, confirmed, the mail says so; a staff cancellation then shows it refunded", async ({
    page,
    browser,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(60_000);
    const id = CARD_SESSION[project(testInfo)];
    const email = uniqueEmail(testInfo, "pay-card");
    const checkout = await bookToCheckout(page, testInfo, id, email);
    await expect(page.getByTestId("dev-checkout-total")).toHaveText("249 kr");
    await page.getByRole("button", { name: "Betala med kort" }).click();
    await expect(page).toHaveURL(/\/mina-bokningar$/, { timeout: 15_000 });
    await expect(page.getByTestId("toast")).toContainText("Bokning bekräftad!");
    expect((await stubDeliveries(request, checkout)).map((d) => [d.type, d.status])).toEqual([["checkout.session.completed", 200]]);
    // The confirmation stays on the page, with what was paid and how, and its calendar file.
    await page.reload();
    const confirmed = page.getByTestId("booking-confirmation");
    await expect(confirmed.getByRole("heading", { name: "Bokning bekräftad!" })).toBeVisible();
    await expect(confirmed).toContainText("249 kr med kort");
    await expect(confirmed).toContainText(`på väg till ${email}`);
    await expect(confirmed).toContainText("bokningen är bindande");
    const ics = await page.request.get((await confirmed.getByRole("link", { name: "Lägg till i kalendern (.ics)" }).getAttribute("href")) ?? "");
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain("BEGIN:VCALENDAR");
    await expectPaidConfirmation(page, email, "249 kr med kort");

    // Staff cancel the booking ('Avboka'): the payment is refunded in full through Stripe.
    const bookingId = (await stubSession(request, checkout)).client_reference_id;
    const staff = await browser.newContext({ javaScriptEnabled });
    const admin = await staff.newPage();
    await signInAsPaymentsAdmin(admin, javaScriptEnabled);
    await admin.goto(`/admin/bokning/${bookingId}?tillbaka=${encodeURIComponent(`/admin/pass/${id}`)}`);
    await admin.getByRole("button", { name: "Avboka" }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/pass/${id}$`));
    const row = admin.getByTestId("payment-row").filter({ hasText: `Betal ${project(testInfo)}` });
    await expect
      .poll(
        async () => {
          await admin.reload();
          return row.innerText();
        },
        { timeout: 15_000 },
      )
      .toContain("Återbetald");
    await staff.close();
  });

  test("by card, then cancelled by staff on the session's page: the question and the toast say 249 kr goes back to the card", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(60_000);
    const id = STAFF_CANCEL_SESSION[project(testInfo)];
    await bookToCheckout(page, testInfo, id, uniqueEmail(testInfo, "pay-staff-cancel"));
    await page.getByRole("button", { name: "Betala med kort" }).click();
    await expect(page).toHaveURL(/\/mina-bokningar$/, { timeout: 15_000 });

    const staff = await browser.newContext({ javaScriptEnabled });
    const admin = await staff.newPage();
    await signInAsPaymentsAdmin(admin, javaScriptEnabled);
    const here = `/admin/pass/${id}?tillbaka=${encodeURIComponent("/admin/bokade-pass")}`;
    await admin.goto(here);
    const booking = admin.getByTestId("session-booking").filter({ hasText: `Betal ${project(testInfo)}` });
    await expect(booking.getByTestId("payment-status")).toHaveText("Betald (kort), 249 kr");
    const question = "Avboka bokningen? Kunden får ett mejl om att bokningen är avbokad. 249 kr betalas tillbaka till kortet.";
    if (javaScriptEnabled) {
      await booking.getByRole("button", { name: "Avboka" }).click();
      const dialog = admin.getByRole("dialog", { name: "Avboka" });
      await expect(dialog.getByRole("form")).toHaveAccessibleName(question);
      await dialog.getByRole("button", { name: "Avboka" }).click();
    } else {
      await booking.getByRole("link", { name: "Avboka", exact: true }).click();
      await expect(admin.getByRole("form")).toHaveAccessibleName(question);
      await admin.getByRole("button", { name: "Avboka" }).click();
    }
    await expect(admin).toHaveURL(new URL(here, PAYMENTS_BASE_URL).toString());
    await expect(admin.getByTestId("toast")).toContainText("Bokningen är avbokad. 249 kr betalas tillbaka till kortet.");
    await expect(booking).toHaveCount(0);
    await staff.close();
  });

  test("by Swish: processing (the events arrive after the visitor is back), then confirmed", async ({ page, request }, testInfo) => {
    test.setTimeout(60_000);
    const email = uniqueEmail(testInfo, "pay-swish");
    const checkout = await bookToCheckout(page, testInfo, SWISH_SESSION[project(testInfo)], email);
    // Stripe's events for this session come two seconds late: the visitor is back before them.
    await setStubDeliveries(request, checkout, { delayMs: 2_000 });
    await expect(page.getByLabel(/Godkänns/)).toBeChecked();
    await page.getByRole("button", { name: "Betala med Swish" }).click();
    await expect(page.getByRole("heading", { name: "Betalningen behandlas …" })).toBeVisible();
    // The page refreshes itself (a meta refresh without JavaScript) until the payment is through.
    await expect(page).toHaveURL(/\/mina-bokningar$/, { timeout: 20_000 });
    await expect(page.getByTestId("toast")).toContainText("Bokning bekräftad!");
    expect((await stubDeliveries(request, checkout)).map((d) => [d.type, d.paymentStatus, d.status])).toEqual([
      ["checkout.session.completed", "unpaid", 200],
      ["checkout.session.async_payment_succeeded", "paid", 200],
    ]);
    await expectPaidConfirmation(page, email, "249 kr med Swish");
  });

  test("Avbryt on the checkout page comes back to the session: the seat is released and the form shown again, as it was sent", async ({ page }, testInfo) => {
    const id = CANCEL_SESSION[project(testInfo)];
    await openSession(page, id, testInfo);
    const seatsBefore = await page.getByTestId("seats-left").innerText();
    const email = uniqueEmail(testInfo, "pay-cancel");
    await bookToCheckout(page, testInfo, id, email);
    await page.getByRole("button", { name: "Avbryt" }).click();
    // Stripe's cancel link only asks: the seat is released by the button's POST.
    await expect(page.getByRole("heading", { name: "Avbryta betalningen?" })).toBeVisible();
    await expect(page.getByTestId("seats-left")).toHaveCount(0);
    await page.getByRole("button", { name: "Avbryt betalningen" }).click();
    await expect(page).toHaveURL(new RegExp(`/session/${id}$`));
    await expect(page.getByTestId("toast")).toContainText("Betalningen avbröts");
    await expect(page.getByRole("heading", { name: "Boka passet" })).toBeVisible();
    await expect(page.getByTestId("seats-left")).toHaveText(seatsBefore);
    // Both e-mail fields too, not only what the browser remembers (with JavaScript or without).
    await expect(page.getByLabel("E-post *", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Bekräfta e-post *", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Namn *", { exact: true })).toHaveValue(`Betal ${project(testInfo)}`);
    await expect(page.getByLabel("Hundens namn *", { exact: true })).toHaveValue("Kvitto");
  });

  test("a refused Swish payment is told as refused, not as time run out", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await bookToCheckout(page, testInfo, REFUSED_SESSION[project(testInfo)], uniqueEmail(testInfo, "pay-refused"));
    await page.getByLabel("Avvisas").check();
    await page.getByRole("button", { name: "Betala med Swish" }).click();
    // Processing until Swish says no (the page asks again by itself), then why it did not happen.
    await expect(page.getByRole("heading", { name: "Betalningen blev inte av" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Betalningen godkändes inte, så platsen är släppt och inget har dragits.")).toBeVisible();
    await expect(page.getByText(/Tiden för betalningen gick ut/)).toHaveCount(0);
  });

  test("a hold left to expire frees its seat, which is offered to the first in the queue", async ({ page, browser, request, javaScriptEnabled }, testInfo) => {
    test.setTimeout(60_000);
    const id = EXPIRE_SESSION[project(testInfo)];
    const checkout = await bookToCheckout(page, testInfo, id, uniqueEmail(testInfo, "pay-expire"), (p) =>
      p.getByLabel("Mötestyp *").selectOption("Telefonmöte").then(() => undefined),
    );

    // While the seat is held, the session is full: another visitor queues for it.
    const other = await browser.newContext({ javaScriptEnabled });
    const visitor = await other.newPage();
    await useOwnIp(visitor);
    const queued = uniqueEmail(testInfo, "pay-queue");
    await visitor.goto(`/session/${id}`);
    await expect(visitor.getByRole("heading", { name: "Detta pass är fullbokat" })).toBeVisible();
    await visitor.getByLabel("Namn *", { exact: true }).fill("Kö Väntarsson");
    await visitor.getByLabel("E-post *", { exact: true }).fill(queued);
    await visitor.getByLabel("Hundens namn *", { exact: true }).fill("Tålamod");
    await visitor.waitForTimeout(HUMAN_PAUSE_MS);
    await visitor.getByRole("button", { name: "Ställ mig i kö" }).click();
    await expect(visitor.getByTestId("toast")).toContainText("Du står i kön");

    // The booker never pays: Stripe expires the Checkout Session and tells the app.
    await expireStubSession(request, checkout);
    await expect
      .poll(async () => (await stubDeliveries(request, checkout)).map((d) => [d.type, d.status]), { timeout: 10_000 })
      .toEqual([["checkout.session.expired", 200]]);
    await expect
      .poll(
        async () => {
          await visitor.goto(`/dev/mail?to=${encodeURIComponent(queued)}`);
          return visitor.getByTestId("mail-row").filter({ hasText: "En plats är ledig" }).count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    await visitor.goto(`/session/${id}`);
    await expect(visitor.getByText("En plats är reserverad för någon i kön")).toBeVisible();
    await other.close();

    // Back on the checkout page, the booker is told the time ran out.
    await page.reload();
    await expect(page.getByText("Tiden för den här betalningen har gått ut.")).toBeVisible();
  });
});

test.describe("the payment pages for everyone", () => {
  /** VARDAGSLYDNAD 1/8, 249 kr (JavaScript on only: axe scans the hydrated page). */
  const AXE_SESSION = 2;

  /** 0 axe violations (WCAG 2.2 AA) at a desktop's width and at 390 px, and nothing wider than the page at 320 px. */
  async function expectAccessible(page: Page, what: string) {
    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      if (width !== 320) {
        const { violations } = await wcagScan(page).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${what} at ${width} px`).toEqual([]);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${what} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }

  test("the checkout page, the 'behandlas' page and the staff's payments pass axe and fit a phone", async ({ page, browser, request }, testInfo) => {
    test.skip(project(testInfo) !== "js", "axe runs on the hydrated page, with JavaScript on");
    // A booking, a payment and six axe scans of three pages: three times a test's time.
    test.slow();
    const checkout = await bookToCheckout(page, testInfo, AXE_SESSION, uniqueEmail(testInfo, "pay-axe"));
    await expectAccessible(page, "the local checkout page");

    // Stripe's events never come: the visitor is back on the page that waits for them.
    await setStubDeliveries(request, checkout, { drop: true });
    await page.setViewportSize({ width: 1280, height: 844 });
    await page.getByRole("button", { name: "Betala med kort" }).click();
    await expect(page.getByRole("heading", { name: "Betalningen behandlas …" })).toBeVisible();
    await expectAccessible(page, "the return page while the payment is processed");

    const staff = await browser.newContext();
    const admin = await staff.newPage();
    await signInAsPaymentsAdmin(admin, true);
    await admin.goto(`/admin/pass/${AXE_SESSION}`);
    await expect(admin.getByRole("heading", { name: "Betalningar" })).toBeVisible();
    await expectAccessible(admin, "the session's payments for staff");
    await staff.close();
  });
});
