// Booking a session from its page, with and without JavaScript: the
// confirmation, both mails with the calendar file, a late visitor refused,
// and what the page shows around the form. Mutates only seed sessions 14,
// 16, 18, 19, 21 and 22 (eight bookings a run, well under the per-address limit).
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import {
  HUMAN_PAUSE_MS,
  acceptTermsAndSubmit,
  expectNoMailTo,
  fillBookingForm,
  isJs,
  openSession,
  uniqueEmail,
} from "./booking-helpers";

const GROUP_SESSION = { js: 14, "no-js": 16 } as const;

/** A second visitor with the form filled in and ready, but not yet sent. */
async function openLateForm(
  context: BrowserContext,
  id: number,
  testInfo: TestInfo,
  fillExtra: (page: Page) => Promise<void>,
) {
  const page = await context.newPage();
  const email = uniqueEmail(testInfo, "late");
  await openSession(page, id, testInfo);
  await fillBookingForm(page, { name: "Sen Sensson", email, phone: "0704445566", dog: "Pluto" });
  await fillExtra(page);
  await page.getByLabel(/bokningen är bindande/).check();
  return { page, email };
}

/** The late visitor sends the form after the seat went: told it is full, nothing stored. */
async function expectLateFormRefused(late: { page: Page; email: string }, id: number) {
  await late.page.waitForTimeout(HUMAN_PAUSE_MS);
  await late.page.getByRole("button", { name: "Boka pass" }).click();
  await expect(late.page).toHaveURL(new RegExp(`/session/${id}$`));
  const toast = late.page.getByTestId("toast");
  await expect(toast).toContainText("Bokningsfel");
  await expect(toast).toContainText("Fullbokat");
  await expect(late.page.getByRole("heading", { name: "Detta pass är fullbokat" })).toBeVisible();
  await expectNoMailTo(late.page, late.email);
}
const DUPLICATE_SESSION = { js: 21, "no-js": 22 } as const;

test("a visitor books a group session, sees the confirmation and gets both mails with the .ics", async ({ page }, testInfo) => {
  const project = testInfo.project.name as "js" | "no-js";
  const email = uniqueEmail(testInfo, "book");
  const name = `Testa ${project} ${Date.now()}`;

  await openSession(page, GROUP_SESSION[project], testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/VALPKURS|PROMENADTRÄNING/);
  const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  await fillBookingForm(page, {
    name,
    email,
    phone: "070-123 45 67",
    dog: "Flurre",
    breed: "Tax",
    age: "2 år",
    notes: "Inkallning i parken",
  });
  await acceptTermsAndSubmit(page);

  await expect(page).toHaveURL(/\/mina-bokningar$/);
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Bokning bekräftad!");
  await expect(toast).toContainText("En bekräftelse har skickats till din e-post.");

  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  const rows = page.getByTestId("mail-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("booking-confirmation");
  await rows.first().getByRole("link").click();
  const text = page.getByTestId("mail-text");
  await expect(text).toContainText(`Hej ${name}!`);
  await expect(text).toContainText(`Pass: ${title}`);
  await expect(text).toContainText("Hund: Flurre (Tax, 2 år)");
  await expect(text).toContainText("bokningen är bindande och kan inte avbokas eller ombokas");
  await expect(text).toContainText("calendar.google.com");
  const ics = page.getByRole("link", { name: /\.ics$/ });
  await expect(ics).toBeVisible();
  const file = await page.request.get((await ics.getAttribute("href")) ?? "");
  expect(file.headers()["content-type"]).toContain("text/calendar");
  const body = await file.text();
  expect(body).toContain("BEGIN:VCALENDAR\r\n");
  expect(body).toContain(`SUMMARY:${title} – Hundpass`);

  await page.goto("/dev/mail?to=admin@hundpass.se");
  const adminRow = page.getByTestId("mail-row").filter({ hasText: name });
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow).toContainText("booking-admin-notification");
});

test("remembered name, phone and dog fill the next booking form (with JavaScript)", async ({ page }, testInfo) => {
  test.skip(!isJs(testInfo), "localStorage needs JavaScript");
  await page.goto("/");
  await page.evaluate(() =>
    window.localStorage.setItem(
      "hundpass:booking-contact",
      JSON.stringify({ user_name: "Minne Minnesson", user_phone: "0709998877", dog_name: "Sigge", dog_breed: "Pudel", dog_age: "4 år" }),
    ),
  );
  await openSession(page, 20, testInfo);
  await expect(page.getByLabel("Namn *", { exact: true })).toHaveValue("Minne Minnesson");
  await expect(page.getByLabel("Telefon *", { exact: true })).toHaveValue("0709998877");
  await expect(page.getByLabel("Hundens namn *", { exact: true })).toHaveValue("Sigge");
  await expect(page.getByLabel("Ras", { exact: true })).toHaveValue("Pudel");
  await expect(page.getByLabel("Ålder", { exact: true })).toHaveValue("4 år");
  await expect(page.getByLabel("E-post *", { exact: true })).toHaveValue("");
});

test("a successful booking stores the contact details in the browser (with JavaScript)", async ({ page, context }, testInfo) => {
  test.skip(!isJs(testInfo), "localStorage needs JavaScript");
  // Someone else opens the same private session's form first and sends it last.
  const late = await openLateForm(context, 18, testInfo, async (p) => {
    await p.getByLabel("Mötestyp *").selectOption("Telefonmöte");
  });
  await page.goto("/");
  await page.evaluate(() => window.localStorage.removeItem("hundpass:booking-contact"));
  const email = uniqueEmail(testInfo, "plan");
  // PLAN: the meeting type, with its warning, is part of this booking.
  await openSession(page, 18, testInfo);
  await expect(page.getByTestId("meeting-type-warning")).toContainText("Dubbelkolla");
  await fillBookingForm(page, { name: "Planerad Person", email, phone: "0701112233", dog: "Bamse", breed: "Blandras", age: "7 år" });
  await page.getByLabel("Mötestyp *").selectOption("Microsoft Teams");
  await acceptTermsAndSubmit(page);
  await expect(page).toHaveURL(/\/mina-bokningar$/);
  await expect(page.getByTestId("toast")).toContainText("Bokning bekräftad!");
  const saved = await page.evaluate(() => window.localStorage.getItem("hundpass:booking-contact"));
  expect(JSON.parse(saved ?? "{}")).toEqual({
    user_name: "Planerad Person",
    user_phone: "0701112233",
    dog_name: "Bamse",
    dog_breed: "Blandras",
    dog_age: "7 år",
  });
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await page.getByTestId("mail-row").first().getByRole("link").click();
  await expect(page.getByTestId("mail-text")).toContainText("Mötestyp: Microsoft Teams");
  // The private session is now taken.
  await page.goto("/session/18");
  await expect(page.getByRole("heading", { name: "Detta pass är fullbokat" })).toBeVisible();
  await expectLateFormRefused(late, 18);
});

test("a home visit is booked with the home address (without JavaScript)", async ({ page, context }, testInfo) => {
  test.skip(isJs(testInfo), "one booking of this private session per run");
  const late = await openLateForm(context, 19, testInfo, async (p) => {
    await p.getByLabel("Hemadress *").fill("Lillgatan 2, 803 20 Gävle");
  });
  const email = uniqueEmail(testInfo, "hemmis");
  await openSession(page, 19, testInfo);
  await fillBookingForm(page, { name: "Hemma Hemsson", email, phone: "0702223344", dog: "Tussi" });
  await page.getByLabel("Hemadress *").fill("Storgatan 12, 811 30 Sandviken");
  await acceptTermsAndSubmit(page);
  await expect(page).toHaveURL(/\/mina-bokningar$/);
  await expect(page.getByTestId("toast")).toContainText("Bokning bekräftad!");
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await page.getByTestId("mail-row").first().getByRole("link").click();
  await expect(page.getByTestId("mail-text")).toContainText("Hemadress: Storgatan 12, 811 30 Sandviken");
  await expectLateFormRefused(late, 19);
});

test("the same e-mail cannot book the same session twice", async ({ page }, testInfo) => {
  const project = testInfo.project.name as "js" | "no-js";
  const email = uniqueEmail(testInfo, "twice");
  const id = DUPLICATE_SESSION[project];
  await openSession(page, id, testInfo);
  await fillBookingForm(page, { name: "Dubbel Dubbelsson", email, phone: "0703334455", dog: "Kaffe" });
  await acceptTermsAndSubmit(page);
  await expect(page).toHaveURL(/\/mina-bokningar$/);

  await openSession(page, id, testInfo);
  await fillBookingForm(page, { name: "Dubbel Dubbelsson", email: email.toUpperCase(), confirm: email, phone: "0703334455", dog: "Kaffe" });
  await acceptTermsAndSubmit(page);
  await expect(page).toHaveURL(new RegExp(`/session/${id}$`));
  await expect(page.getByRole("alert")).toContainText("Du har redan en bokning för detta pass med denna e-postadress");
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Bokningsfel");
  await expect(toast).toContainText("Du har redan en bokning för detta pass med denna e-postadress");

  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByTestId("mail-row")).toHaveCount(1);
});

test("the session page shows details, a way back and a question for Flurre", async ({ page }) => {
  await page.goto("/session/15");
  await expect(page.getByRole("heading", { level: 1, name: "VARDAGSLYDNAD" })).toBeVisible();
  await expect(page.getByTestId("availability")).toHaveText("Väntande");
  await expect(page.getByText("Behöver bara 1 deltagare till för att helt säkert bli av")).toBeVisible();
  await expect(page.getByTestId("seats-left")).toHaveText("6 platser kvar");
  await expect(page.getByText("249 kr")).toBeVisible();
  await expect(page.getByText("Regementsparken Gävle")).toBeVisible();
  await expect(page.getByText(/^\d{2}:\d{2}–\d{2}:\d{2}$/)).toBeVisible();
  const flurre = page.getByRole("link", { name: "Frågor om passet? Fråga Flurre" });
  await expect(flurre).toHaveAttribute("href", /^\/flurre\?fraga=.*VARDAGSLYDNAD/);
  await expect(page.getByRole("link", { name: "← Tillbaka till alla pass" })).toHaveAttribute("href", "/alla-popups");
  await expect(page.locator("img.session-image")).toHaveAttribute("src", "/images/types/vardagslydnad.svg");
});

test("PRIVAT & PROFFS shows both variant prices", async ({ page }) => {
  await page.goto("/session/11");
  await expect(page.getByText("Privat 495 kr · Proffs 595 kr")).toBeVisible();
  await expect(page.getByLabel("Privat – 495 kr")).toBeVisible();
  await expect(page.getByLabel("Proffs – 595 kr")).toBeVisible();
});

test("a full session says so and has no form", async ({ page }) => {
  for (const id of [6, 10]) {
    await page.goto(`/session/${id}`);
    await expect(page.getByRole("heading", { name: "Detta pass är fullbokat" })).toBeVisible();
    await expect(page.getByTestId("availability")).toHaveText("Fullbokat");
    await expect(page.getByRole("button", { name: "Boka pass" })).toHaveCount(0);
  }
});

test("an unknown or past session leads to the session list with an error toast", async ({ page }) => {
  for (const path of ["/session/99999", "/session/inte-ett-id", "/session/23"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/alla-popups?$/);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Fel");
    await expect(toast).toContainText("Kunde inte hämta session. Försök igen senare.");
  }
});
