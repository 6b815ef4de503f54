// The admin's destructive changes, with and without JavaScript: with it each
// asks in a dialog on the list, without it on a confirmation page of its own.
// Release a booked session (each customer gets a cancellation with a
// METHOD:CANCEL calendar file and sees 'Avbokad'), cancel a waiting session,
// delete an empty one; cancel one booking ('Avboka') from the session's own page.
import { expect, test } from "@playwright/test";
import { book, confirmChange, createByHand, expectNotListed, listUrl, openListAt, uniqueTitle } from "./admin-helpers";
import { openSignInLink, requestSignInLink, signInAsAdmin, useOwnIp } from "./auth-helpers";

/** Presses a card's change button and confirms it: in the dialog with JavaScript, on the confirmation page without. */
test("an admin releases a booked session: each customer is mailed a cancellation with its .ics and sees 'Avbokad'", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, javaScriptEnabled);
  const { id } = await createByHand(page, testInfo, uniqueTitle(testInfo, "Släpppass"), "4");
  const emails: string[] = [];
  for (const n of [1, 2, 3]) emails.push(await book(page, testInfo, id, n, "release"));

  await openListAt(page, "/admin/bokade-pass", id);
  await confirmChange(page, id, "Släpp till försäljning", javaScriptEnabled);
  await expect(page).toHaveURL(listUrl("/admin/bokade-pass"));
  await expect(page.getByTestId("toast")).toContainText("Passet är släppt till försäljning");
  await expectNotListed(page, "/admin/bokade-pass", id);
  await expect((await openListAt(page, "/admin/lediga-pass", id)).getByTestId("participants")).toHaveText("0/4");

  // Every customer's cancellation, with the calendar file that removes the event.
  for (const email of emails) {
    await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
    const row = page.getByTestId("mail-row").filter({ hasText: "Avbokning:" });
    await expect(row).toHaveCount(1);
    await row.getByRole("link").first().click();
    await expect(page.getByTestId("mail-text")).toContainText("Vi har avbokat din bokning av passet");
    const attachment = page.getByRole("link", { name: "avbokning.ics" });
    const ics = await (await page.request.get((await attachment.getAttribute("href"))!)).text();
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
  }

  // The first customer signs in and sees the booking as cancelled.
  const customer = await browser.newContext({ javaScriptEnabled });
  const customerPage = await customer.newPage();
  await useOwnIp(customerPage);
  const link = await requestSignInLink(customerPage, emails[0]!);
  await openSignInLink(customerPage, link, javaScriptEnabled);
  await expect(customerPage).toHaveURL(/\/mina-bokningar\/lista$/);
  const cancelled = customerPage.getByTestId("cancelled-bookings").getByTestId("booking-card");
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled.getByText("Avbokad")).toBeVisible();
  await customer.close();
});

test("an admin cancels a waiting session and deletes an empty one, each after a confirmation", async ({ page, javaScriptEnabled }, testInfo) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, javaScriptEnabled);
  const waiting = await createByHand(page, testInfo, uniqueTitle(testInfo, "Inställt pass"), "6");
  const email = await book(page, testInfo, waiting.id, 1, "cancel");

  await openListAt(page, "/admin/vantande-pass", waiting.id);
  await confirmChange(page, waiting.id, "Ställ in pass", javaScriptEnabled);
  await expect(page).toHaveURL(listUrl("/admin/vantande-pass"));
  await expect(page.getByTestId("toast")).toContainText("Passet är inställt");
  await expectNotListed(page, "/admin/vantande-pass", waiting.id);
  await page.goto(`/session/${waiting.id}`);
  await expect(page.getByRole("heading", { name: "Det här passet är inställt." })).toBeVisible();
  // Said as such beside it: no seats on offer.
  await expect(page.getByTestId("availability")).toHaveText("Inställt");
  await expect(page.getByTestId("seats-left")).toHaveCount(0);
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByTestId("mail-row").filter({ hasText: "Inställt:" })).toHaveCount(1);

  const empty = await createByHand(page, testInfo, uniqueTitle(testInfo, "Tomt pass"), "3");
  await confirmChange(page, empty.id, "Ta bort", javaScriptEnabled);
  await expect(page).toHaveURL(listUrl("/admin/lediga-pass"));
  await expect(page.getByTestId("toast")).toContainText("Pass borttaget");
  await expectNotListed(page, "/admin/lediga-pass", empty.id);
});

test("'Öppna passet' leads to the session's page, where Avboka cancels one unpaid booking and says nothing of money", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, javaScriptEnabled);
  const { id } = await createByHand(page, testInfo, uniqueTitle(testInfo, "Avbokas här"), "4");
  const email = await book(page, testInfo, id, 1, "avboka-page");
  await book(page, testInfo, id, 2, "avboka-page");

  const card = await openListAt(page, "/admin/vantande-pass", id);
  await card.getByRole("link", { name: "Öppna passet" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/pass/${id}\\?tillbaka=%2Fadmin%2Fvantande-pass`));
  const here = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Avbokas här");
  const bookings = page.getByTestId("session-booking");
  await expect(bookings).toHaveCount(2);

  const question = "Avboka bokningen? Kunden får ett mejl om att bokningen är avbokad.";
  const first = bookings.filter({ hasText: "Besökare 1" });
  if (javaScriptEnabled) {
    await first.getByRole("button", { name: "Avboka" }).click();
    const dialog = page.getByRole("dialog", { name: "Avboka" });
    // An unpaid booking: the question as before, nothing about money.
    await expect(dialog.getByRole("form")).toHaveAccessibleName(question);
    await dialog.getByRole("button", { name: "Avboka" }).click();
  } else {
    await first.getByRole("link", { name: "Avboka", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/bokning\/[0-9a-f-]{36}\?tillbaka=/);
    await expect(page.getByRole("form")).toHaveAccessibleName(question);
    await page.getByRole("button", { name: "Avboka" }).click();
  }
  // Back on the session's page, the booking gone from it and its seat free.
  await expect(page).toHaveURL(here);
  await expect(page.getByTestId("toast")).toHaveText(/Bokningen är avbokad$/);
  await expect(page.getByTestId("session-booking")).toHaveCount(1);
  await expect(page.getByTestId("session-booking").filter({ hasText: "Besökare 1" })).toHaveCount(0);
  await expect(page.getByTestId("participants")).toHaveText("1/4");
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByTestId("mail-row").filter({ hasText: "Avbokning:" })).toHaveCount(1);
});
