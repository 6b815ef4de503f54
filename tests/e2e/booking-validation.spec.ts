// Every rule of the booking form shows its Swedish message next to the bad
// input, with and without JavaScript, and nothing is booked or mailed.
// Uses seed sessions 7 (PLAN), 9 (HEMMIS), 11 (PRIVAT & PROFFS) and 13
// (KOMBIPASS) and leaves them untouched.
import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  acceptTermsAndSubmit,
  expectNoMailTo,
  fieldErrors,
  fillBookingForm,
  isJs,
  openSession,
  uniqueEmail,
} from "./booking-helpers";

const GROUP = 13;
const TERMS_LABEL = "Jag förstår att bokningen är bindande och inte kan avbokas eller ombokas.";

async function expectStillOnForm(page: Page, id: number) {
  await expect(page).toHaveURL(new RegExp(`/session/${id}$`));
  await expect(page.getByRole("button", { name: "Boka pass" })).toBeVisible();
}

async function valid(testInfo: TestInfo, label: string) {
  const email = uniqueEmail(testInfo, label);
  return { name: "Vera Valid", email, phone: "0701234567", dog: "Fido" };
}

test("each required field says what is missing", async ({ page }, testInfo) => {
  await openSession(page, GROUP, testInfo);
  await acceptTermsAndSubmit(page);
  await expectStillOnForm(page, GROUP);
  await expect(fieldErrors(page, "Namn *")).toHaveText("Ange ditt namn");
  await expect(fieldErrors(page, "E-post *")).toHaveText("Ange din e-postadress");
  await expect(fieldErrors(page, "Bekräfta e-post *")).toHaveText("Bekräfta din e-postadress");
  await expect(fieldErrors(page, "Telefon *")).toHaveText("Ange ditt telefonnummer");
  await expect(fieldErrors(page, "Hundens namn *")).toHaveText("Ange hundens namn");
  await expect(fieldErrors(page, "Ras")).toHaveCount(0);
  await expect(fieldErrors(page, "Ålder")).toHaveCount(0);
});

test("coming back to the form with the terms ticked (Back from the next page), the button can be pressed", async ({ page }, testInfo) => {
  test.skip(!isJs(testInfo), "without JavaScript the button is never held back");
  const person = await valid(testInfo, "back");
  await openSession(page, GROUP, testInfo);
  await fillBookingForm(page, person);
  const terms = page.getByLabel(/bokningen är bindande/);
  await terms.check();
  // Away and back: the page is never stored, so it is loaded again and the browser puts the form's values back.
  await page.goto("/om");
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/session/${GROUP}$`));
  await expect(terms).toBeChecked();
  await expect(page.getByRole("button", { name: "Boka pass" })).toBeEnabled();
  await terms.uncheck();
  await expect(page.getByRole("button", { name: "Boka pass" })).toBeDisabled();
  await expectNoMailTo(page, person.email);
});

test("a malformed e-mail and phone number are refused", async ({ page }, testInfo) => {
  const person = await valid(testInfo, "format");
  await openSession(page, GROUP, testInfo);
  await fillBookingForm(page, { ...person, email: "vera@example", confirm: "vera@example", phone: "070-12" });
  await acceptTermsAndSubmit(page);
  await expectStillOnForm(page, GROUP);
  await expect(fieldErrors(page, "E-post *")).toHaveText("Ange en giltig e-postadress");
  await expect(fieldErrors(page, "Telefon *")).toHaveText("Ange ett giltigt telefonnummer");
  await expectNoMailTo(page, "vera@example");
});

test("different e-mail addresses are refused inline and with a toast", async ({ page }, testInfo) => {
  const person = await valid(testInfo, "mismatch");
  await openSession(page, GROUP, testInfo);
  await fillBookingForm(page, { ...person, confirm: `x${person.email}` });
  if (isJs(testInfo)) {
    // Shown as soon as the confirmation field is left.
    await page.getByLabel("Telefon *", { exact: true }).focus();
    await expect(fieldErrors(page, "Bekräfta e-post *")).toHaveText("E-postadresserna matchar inte");
    await expect(page.getByTestId("toast")).toContainText("E-postadresserna matchar inte");
    // Gone after its time, it is said again when the form is sent with the mismatch standing.
    await expect(page.getByTestId("toast")).toHaveCount(0, { timeout: 10_000 });
  }
  await acceptTermsAndSubmit(page);
  await expectStillOnForm(page, GROUP);
  await expect(fieldErrors(page, "Bekräfta e-post *")).toHaveText("E-postadresserna matchar inte");
  await expect(page.getByTestId("toast")).toContainText("E-postadresserna matchar inte");
  await expectNoMailTo(page, person.email);
});

test("the terms must be accepted", async ({ page }, testInfo) => {
  const person = await valid(testInfo, "terms");
  await openSession(page, GROUP, testInfo);
  await fillBookingForm(page, person);
  const submit = page.getByRole("button", { name: "Boka pass" });
  const terms = page.getByLabel(/bokningen är bindande/);
  if (isJs(testInfo)) {
    await expect(submit).toBeDisabled();
    await terms.check();
    await expect(submit).toBeEnabled();
    await terms.uncheck();
    await expect(submit).toBeDisabled();
    await expect(page.getByText("Godkänn villkoren ovan för att kunna boka.")).toBeVisible();
    await terms.blur();
    await expect(fieldErrors(page, "Jag förstår att bokningen är bindande och inte kan avbokas eller ombokas.")).toHaveText(
      "Villkor måste accepteras",
    );
  } else {
    await acceptTermsAndSubmit(page, { acceptTerms: false });
    await expectStillOnForm(page, GROUP);
    // Under the box itself: the message is now also in the list of errors at the form's top, so it shows twice on the page.
    await expect(fieldErrors(page, TERMS_LABEL)).toHaveText("Villkor måste accepteras");
    // What was typed is still there.
    await expect(page.getByLabel("Namn *", { exact: true })).toHaveValue(person.name);
  }
  await expectNoMailTo(page, person.email);
});

test("a form sent back with an error keeps the time it was first shown, so the fixed form is not 'too fast' (without JavaScript)", async ({
  page,
}, testInfo) => {
  test.skip(isJs(testInfo), "with JavaScript the missing terms stop the form before it is sent");
  const person = await valid(testInfo, "terms-again");
  await openSession(page, GROUP, testInfo);
  const stamp = page.locator('input[name="form_rendered_at"]').first();
  const shown = await stamp.inputValue();
  await fillBookingForm(page, person);
  await acceptTermsAndSubmit(page, { acceptTerms: false });
  // Under the box itself: the message is now also in the list of errors at the form's top, so it shows twice on the page.
  await expect(fieldErrors(page, TERMS_LABEL)).toHaveText("Villkor måste accepteras");
  // The page is drawn afresh, but the fill time still counts from when the visitor first got the form.
  await expect(stamp).toHaveValue(shown);
  await expectNoMailTo(page, person.email);
});

test("long texts stop at their limits", async ({ page }, testInfo) => {
  await openSession(page, GROUP, testInfo);
  await page.getByLabel("Ålder", { exact: true }).fill("x".repeat(60));
  await expect(page.getByLabel("Ålder", { exact: true })).toHaveValue("x".repeat(50));
  await page.getByLabel("Vad vill du träna?").fill("y".repeat(520));
  await expect(page.getByLabel("Vad vill du träna?")).toHaveValue("y".repeat(500));
  await expect(page.getByLabel("E-post *", { exact: true })).toHaveAttribute("maxlength", "254");
});

test("PLAN asks for a meeting type among four, with a warning to double-check contact details", async ({ page }, testInfo) => {
  const person = await valid(testInfo, "plan");
  await openSession(page, 7, testInfo);
  await expect(page.getByTestId("meeting-type-warning")).toContainText("Dubbelkolla");
  const select = page.getByLabel("Mötestyp *");
  await expect(select.locator("option")).toHaveText([
    "Välj mötestyp",
    "Telefonmöte",
    "Google Meets",
    "Facebook Messenger",
    "Microsoft Teams",
  ]);
  await fillBookingForm(page, person);
  await acceptTermsAndSubmit(page);
  await expectStillOnForm(page, 7);
  await expect(fieldErrors(page, "Mötestyp *")).toHaveText("Välj mötestyp");
  await expectNoMailTo(page, person.email);
});

test("HEMMIS requires the home address", async ({ page }, testInfo) => {
  const person = await valid(testInfo, "hemmis");
  await openSession(page, 9, testInfo);
  await fillBookingForm(page, person);
  await acceptTermsAndSubmit(page);
  await expectStillOnForm(page, 9);
  await expect(fieldErrors(page, "Hemadress *")).toHaveText("Ange hemadress");
  await expectNoMailTo(page, person.email);
});

test("PRIVAT & PROFFS requires choosing Privat or Proffs", async ({ page }, testInfo) => {
  const person = await valid(testInfo, "variant");
  await openSession(page, 11, testInfo);
  await fillBookingForm(page, person);
  await acceptTermsAndSubmit(page);
  await expectStillOnForm(page, 11);
  await expect(page.getByRole("group", { name: "Variant *" })).toContainText("Välj variant");
  await expectNoMailTo(page, person.email);
});

test("a form sent too fast is refused as a bot (without JavaScript)", async ({ page }, testInfo) => {
  test.skip(isJs(testInfo), "the server check is the same; without JavaScript it is the only one");
  await page.goto(`/session/${GROUP}`);
  // Sent at once, as a script would: the server's check comes before any
  // other. On a busy machine loading the page alone can outlast the minimum
  // fill time, so the post carries a stamp made the moment it is sent, signed
  // as the server signs the form's own (with the local server's secret).
  await page.route(`**/session/${GROUP}`, async (route) => {
    const body = route.request().postData();
    if (route.request().method() !== "POST" || body === null) return route.continue();
    const fields = new URLSearchParams(body);
    fields.set("form_rendered_at", freshFormStamp());
    return route.continue({ postData: fields.toString() });
  });
  await page.getByRole("button", { name: "Boka pass" }).click();
  await expect(page.getByRole("alert")).toContainText("Hoppsan, det gick lite för fort.");
  await expect(page.getByLabel("Namn *", { exact: true })).toBeVisible(); // still the form
});

/**
 * A form stamp for this very moment, as app/server/forms/bot-check.server.ts
 * draws one (`<ms>.<nonce><signature>`), signed with the local server's
 * SESSION_SECRET (wrangler.toml's top-level [vars]; local only).
 */
function freshFormStamp(now = Date.now()): string {
  const toml = readFileSync(fileURLToPath(new URL("../../wrangler.toml", import.meta.url)), "utf8");
  const secret = /^SESSION_SECRET\s*=\s*"([^"]+)"/m.exec(toml.split(/^\[env\./m)[0] ?? "")?.[1];
  if (!secret) throw new Error("SESSION_SECRET not found in wrangler.toml [vars]");
  const nonce = randomBytes(8).toString("hex");
  const signature = createHmac("sha256", secret).update(`form:${now}.${nonce}`).digest("hex").slice(0, 32);
  return `${now}.${nonce}${signature}`;
}
