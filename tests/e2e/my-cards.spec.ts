// "Mina kort" on the customer's own list, in the browser with JavaScript on
// and off: staff register a klippkort sold to an address, its buyer books a
// session with the code, signs in with the link mailed to that address and
// finds the card under "Mina kort" on /mina-bokningar/lista: what is left,
// its last valid day, 'Aktivt', the code's last four characters (never the
// code) and its history with the session the use paid. The card opens as a
// plain <details>, so without JavaScript too.
import { expect, test } from "@playwright/test";
import { uniqueTitle } from "./admin-helpers";
import { signInAsAdmin, signInWithLink, useOwnIp } from "./auth-helpers";
import { acceptTermsAndSubmit, fillBookingForm, openSession, uniqueEmail } from "./booking-helpers";
import { addKlippkort, CODE_LABEL, codeFromMail, registerSold, valpkursSession } from "./card-helpers";

test("a customer finds the card they bought under 'Mina kort', with what is left and the session it paid", async ({ page, browser, baseURL, javaScriptEnabled }, testInfo) => {
  // A whole journey (staff's setup, a booking, a mailed sign-in link): like the other journeys, more than the default 30 s
  // on a busy 2-core machine.
  test.setTimeout(90_000);
  const name = uniqueTitle(testInfo, "5-kort mina kort");
  const buyer = uniqueEmail(testInfo, "mina-kort");
  const sessionTitle = uniqueTitle(testInfo, "Valpkurs mina kort");
  // Staff sell the card and add a session, in a browser of their own without JavaScript (their forms post the same,
  // and nothing waits for hydration: the journey is long): what is looked at is the buyer's side, in this page.
  const admin = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const { last4, code, sessionId } = await (async () => {
    try {
      const adminPage = await admin.newPage();
      await signInAsAdmin(adminPage, false, { show: false });
      await adminPage.goto("/admin/kort");
      await addKlippkort(adminPage, name);
      const last4 = await registerSold(adminPage, name, buyer);
      const code = await codeFromMail(adminPage, buyer);
      return { last4, code, sessionId: await valpkursSession(adminPage, testInfo, sessionTitle) };
    } finally {
      await admin.close();
    }
  })();

  // The buyer books with the card, as a visitor.
  await useOwnIp(page);
  await openSession(page, sessionId, testInfo);
  await fillBookingForm(page, { name: "Kim Kortsson", email: buyer, phone: "070-123 45 67", dog: "Flisan" });
  await page.getByLabel(CODE_LABEL).fill(code);
  await acceptTermsAndSubmit(page);
  await expect(page.getByText("1 klipp använt, 4 kvar")).toBeVisible();

  // Signed in with the mailed link: the card is on the list, closed until opened.
  await signInWithLink(page, buyer, javaScriptEnabled);
  await expect(page).toHaveURL(/\/mina-bokningar\/lista$/);
  const cards = page.getByTestId("my-cards");
  await expect(page.getByRole("heading", { name: "Mina kort", level: 2 })).toBeVisible();
  const card = cards.getByTestId("my-card").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  for (const part of [name, "4 klipp kvar", "Aktivt"]) await expect(card.locator("summary")).toContainText(part);
  await expect(card.getByText("Koden slutar på")).toBeHidden();
  await card.locator("summary").click();
  await expect(card.getByText("Koden slutar på")).toBeVisible();
  const facts = card.locator("dl");
  await expect(facts).toContainText("Klippkort");
  await expect(facts).toContainText(last4);
  await expect(facts).toContainText(/Gäller till och med\s*\d{1,2} [a-zåäö]+ \d{4}/);
  const history = card.getByRole("listitem");
  await expect(history.filter({ hasText: "Utfärdat" })).toContainText("+5 klipp");
  await expect(history.filter({ hasText: "Använt vid bokning" })).toContainText(`−1 klipp · ${sessionTitle}`);
  await expect(page.locator("body")).not.toContainText(code);
  await expect(page.locator("body")).not.toContainText(code.replaceAll("-", ""));
});
