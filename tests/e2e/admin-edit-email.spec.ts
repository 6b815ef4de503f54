// Editing a booked session and writing to its customers, with and without
// JavaScript: with it 'Redigera' opens a dialog on the list, without it the
// session's own page. A bad value is answered in the form; a move of time
// and place is saved with 'Sparat!' and mails the customer an updated
// calendar file. The composer refuses an empty subject and sends a message
// through the outbox with 'Meddelandet har skickats!'.
import { expect, test, type Page } from "@playwright/test";
import { book, cardOn, createByHand, listUrl, openListAt, uniqueTitle } from "./admin-helpers";
import { signInAsAdmin } from "./auth-helpers";

/** The edit form: in the list's dialog with JavaScript, on /admin/pass/{id} without. */
async function openEdit(page: Page, id: number, javaScriptEnabled: boolean) {
  const card = cardOn(page, id);
  if (javaScriptEnabled) {
    await card.getByRole("button", { name: "Redigera" }).click();
    const dialog = page.getByRole("dialog", { name: "Redigera pass" });
    await expect(dialog.getByLabel("Titel")).toBeVisible();
    return dialog;
  }
  await card.getByRole("link", { name: "Redigera" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/pass/${id}\\?tillbaka=`));
  return page.locator("main");
}

test("an admin moves a booked session (the customer gets the change with its .ics) and writes to its customers", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, javaScriptEnabled);
  const title = uniqueTitle(testInfo, "Flyttpass");
  const { id } = await createByHand(page, testInfo, title, "4");
  const email = await book(page, testInfo, id, 1, "move");

  await openListAt(page, "/admin/vantande-pass", id);
  const form = await openEdit(page, id, javaScriptEnabled);
  await expect(form.getByLabel("Starttid")).toHaveValue("10:00");
  // Below the booked seats: refused in the form, nothing saved.
  await form.getByLabel("Max antal deltagare").fill("0");
  await form.getByRole("button", { name: "Spara" }).click();
  await expect(form.getByText("Minst 1 deltagare")).toBeVisible();

  await form.getByLabel("Max antal deltagare").fill("5");
  await form.getByLabel("Starttid").fill("12:00");
  if (javaScriptEnabled) await expect(form.getByLabel("Sluttid")).toHaveValue("13:00");
  else await form.getByLabel("Sluttid").fill("13:00");
  await form.getByLabel("Plats").selectOption("Bronsängen Sandviken");
  await form.getByRole("button", { name: "Spara" }).click();
  await expect(page).toHaveURL(listUrl("/admin/vantande-pass"));
  await expect(page.getByTestId("toast")).toContainText("Sparat!");
  await openListAt(page, "/admin/vantande-pass", id);
  await expect(cardOn(page, id)).toContainText("Bronsängen Sandviken");
  await expect(cardOn(page, id)).toContainText("12:00");
  await expect(cardOn(page, id).getByTestId("participants")).toHaveText("1/5");

  // The customer's mail: what changed, and the booking's event again with a raised SEQUENCE.
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  const row = page.getByTestId("mail-row").filter({ hasText: "Ändrat pass:" });
  await expect(row).toHaveCount(1);
  await row.getByRole("link").first().click();
  await expect(page.getByTestId("mail-text")).toContainText("Nu: ");
  await expect(page.getByTestId("mail-text")).toContainText("Bronsängen Sandviken");
  const attachment = page.getByRole("link", { name: "bokning.ics" });
  const ics = await (await page.request.get((await attachment.getAttribute("href"))!)).text();
  expect(ics).toContain("SEQUENCE:1");
  expect(ics).toContain("LOCATION:Bronsängen Sandviken");

  // A message to the session's customers: an empty subject is refused, then it is sent.
  await page.goto(`/admin/epost?pass=${id}&tillbaka=%2Fadmin%2Fvantande-pass`);
  await expect(page.getByRole("heading", { name: "Skicka e-post", level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel("Meddelande").fill("Ta med extra godis på lördag.");
  await page.getByRole("button", { name: "Skicka" }).click();
  await expect(page.getByText("Ämne är obligatoriskt")).toBeVisible();
  await page.getByLabel("Ämne").fill(`Info om ${title}`);
  await page.getByRole("button", { name: "Skicka" }).click();
  await expect(page).toHaveURL(/\/admin\/vantande-pass$/);
  await expect(page.getByTestId("toast")).toContainText("Meddelandet har skickats!");
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  const message = page.getByTestId("mail-row").filter({ hasText: `Info om ${title}` });
  await expect(message).toHaveCount(1);
  await message.getByRole("link").first().click();
  await expect(page.getByTestId("mail-text")).toContainText("Ta med extra godis på lördag.");
  await expect(page.getByTestId("mail-text")).toContainText("Hälsningar,\nHundpass");
});
