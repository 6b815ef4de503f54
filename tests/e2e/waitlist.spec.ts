// The waitlist, as a visitor lives it: the queue of a full session, a seat
// released by the admin, and the booking through the mailed hold link, with
// and without JavaScript.
import { expect, test } from "@playwright/test";
import { book, createByHand, uniqueTitle } from "./admin-helpers";
import { signInAsAdmin, useOwnIp } from "./auth-helpers";
import { HUMAN_PAUSE_MS, isJs, uniqueEmail } from "./booking-helpers";

test("a visitor queues for a full session, the admin releases it, and the visitor books through the mailed link", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, javaScriptEnabled);
  const { id } = await createByHand(page, testInfo, uniqueTitle(testInfo, "Köpass"), "1");
  await book(page, testInfo, id, 1, "waitlist");

  // A visitor finds the session full and joins its queue.
  const visitor = await browser.newContext({ javaScriptEnabled });
  const visitorPage = await visitor.newPage();
  await useOwnIp(visitorPage);
  const email = uniqueEmail(testInfo, "waitlist-queue");
  // From the list: the card says 'Fullbokat' and leads to the queue.
  await visitorPage.goto("/alla-popups");
  const card = visitorPage.getByTestId(`session-card-${id}`);
  await expect(card.getByRole("button", { name: "Fullbokat" })).toBeDisabled();
  await card.getByRole("link", { name: "Ställ mig i kö" }).click();
  await expect(visitorPage).toHaveURL(new RegExp(`/session/${id}#ko$`));
  await expect(visitorPage.getByRole("heading", { name: "Detta pass är fullbokat" })).toBeVisible();
  await expect(visitorPage.getByRole("button", { name: "Boka pass" })).toHaveCount(0);
  // Sent empty, each field says what is missing, with JavaScript or without (the server's answer).
  await visitorPage.waitForTimeout(HUMAN_PAUSE_MS);
  await visitorPage.getByRole("button", { name: "Ställ mig i kö" }).click();
  await expect(visitorPage.getByText("Ange ditt namn")).toBeVisible();
  await expect(visitorPage.getByText("Ange din e-postadress")).toBeVisible();
  await expect(visitorPage.getByText("Ange hundens namn")).toBeVisible();
  await visitorPage.getByLabel("Namn *", { exact: true }).fill("Kim Köare");
  await visitorPage.getByLabel("E-post *", { exact: true }).fill(email);
  await visitorPage.getByLabel("Hundens namn *", { exact: true }).fill("Bamse");
  await visitorPage.waitForTimeout(HUMAN_PAUSE_MS);
  await visitorPage.getByRole("button", { name: "Ställ mig i kö" }).click();
  await expect(visitorPage.getByTestId("toast")).toContainText("Du står i kön");
  // Sent, the form is empty again, with JavaScript or without.
  await expect(visitorPage.getByLabel("Namn *", { exact: true })).toHaveValue("");
  await expect(visitorPage.getByLabel("Hundens namn *", { exact: true })).toHaveValue("");

  // The admin releases the session for sale: the seat is held for the first in line.
  await page.goto(`/admin/pass/${id}?atgard=release`);
  await page.getByRole("button", { name: "Släpp till försäljning" }).click();
  await expect(page.getByTestId("toast")).toContainText("Passet är släppt till försäljning");
  await page.goto(`/admin/pass/${id}`);
  await expect(page.getByTestId("participants")).toHaveText("0/1 (+1 reserverad)");
  await expect(page.getByTestId("waitlist")).toContainText(email);

  // The visitor opens the offer from the mailbox and books the held seat.
  await visitorPage.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  const offer = visitorPage.getByTestId("mail-row").filter({ hasText: "En plats är ledig" });
  await expect(offer).toHaveCount(1);
  await offer.getByRole("link").first().click();
  const link = (await visitorPage.getByTestId("mail-text").innerText()).match(/https?:\/\/\S+\/ko\/[A-Za-z0-9_-]{43}(?=\s)/)?.[0];
  expect(link, "hold link in the offer mail").toBeTruthy();
  await visitorPage.goto(link!);
  await expect(visitorPage.getByTestId("hold-until")).toContainText("Platsen är reserverad för dig till");
  await expect(visitorPage.getByLabel("Namn *", { exact: true })).toHaveValue("Kim Köare");
  await expect(visitorPage.getByLabel("E-post *", { exact: true })).toHaveValue(email);
  await expect(visitorPage.getByLabel("Hundens namn *", { exact: true })).toHaveValue("Bamse");
  await visitorPage.getByLabel("Telefon *", { exact: true }).fill("070-765 43 21");
  await visitorPage.getByLabel(/bokningen är bindande/).check();
  if (isJs(testInfo)) await expect(visitorPage.getByRole("button", { name: "Boka pass" })).toBeEnabled();
  await visitorPage.waitForTimeout(HUMAN_PAUSE_MS);
  await visitorPage.getByRole("button", { name: "Boka pass" }).click();
  await expect(visitorPage).toHaveURL(/\/mina-bokningar$/);
  await expect(visitorPage.getByTestId("toast")).toContainText("Bokning bekräftad!");
  await visitor.close();

  await page.goto(`/admin/pass/${id}`);
  await expect(page.getByTestId("participants")).toHaveText("1/1");
  await expect(page.getByTestId("waitlist")).toContainText("Bokade");
});
