// My data, with and without JavaScript: a visitor books a session and writes
// to the trainers, signs in by the mailed link and downloads everything held
// about the address (booking and message are in it). Erasure is refused while
// the booking is upcoming; once the admin has cancelled the session it goes
// through: signed out, told so, and the address's only mail is the last one.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { confirmChange, createByHand, openListAt, uniqueTitle } from "./admin-helpers";
import { FILL_TIME_MS, signInAsAdmin, signInWithLink, useOwnIp } from "./auth-helpers";
import { acceptTermsAndSubmit, fillBookingForm, openSession, uniqueEmail } from "./booking-helpers";

test("a customer downloads their data and erases it", async ({ page, browser, javaScriptEnabled }, testInfo) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, javaScriptEnabled);
  const { id } = await createByHand(page, testInfo, uniqueTitle(testInfo, "Mina uppgifter"), "6");

  const context = await browser.newContext({ javaScriptEnabled });
  const customer = await context.newPage();
  await useOwnIp(customer);
  const email = uniqueEmail(testInfo, "mina-uppgifter");
  await openSession(customer, id, testInfo);
  await fillBookingForm(customer, { name: "Åsa Öberg", email, phone: "070-123 45 67", dog: "Måns", breed: "Schäfer", age: "2 år" });
  await acceptTermsAndSubmit(customer);
  await expect(customer).toHaveURL(/\/mina-bokningar$/);
  await customer.goto("/om");
  const contact = customer.locator("#contact-form");
  await contact.getByLabel("Namn").fill("Åsa Öberg");
  await contact.getByLabel("E-post").fill(email);
  await contact.getByLabel("Meddelande").fill("Hej! Går det bra med en blyg schäfer på kurs?");
  await customer.waitForTimeout(FILL_TIME_MS);
  await contact.getByRole("button", { name: "Skicka meddelande" }).click();
  await expect(customer.getByTestId("toast")).toContainText("Meddelandet har skickats!");

  await signInWithLink(customer, email, javaScriptEnabled);
  await expect(customer).toHaveURL(/\/mina-bokningar\/lista$/);
  const section = customer.getByRole("region", { name: "Mina uppgifter" });
  const [download] = await Promise.all([
    customer.waitForEvent("download"),
    section.getByRole("link", { name: "Ladda ner mina uppgifter (JSON)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^hundpass-mina-uppgifter-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(data.epost).toBe(email);
  // The download speaks Swedish (issue: the export's statuses were English), so a confirmed booking reads "Bekräftad".
  expect(data.bokningar).toEqual([expect.objectContaining({ namn: "Åsa Öberg", hund: "Måns", ras: "Schäfer", status: "Bekräftad" })]);
  expect(data.meddelanden).toEqual([expect.objectContaining({ meddelande: "Hej! Går det bra med en blyg schäfer på kurs?" })]);

  const erase = async () => {
    await customer.goto("/mina-bokningar/lista");
    await section.getByRole("link", { name: "Radera mina uppgifter" }).click();
    await expect(customer.getByRole("heading", { level: 1, name: "Radera mina uppgifter" })).toBeVisible();
    await customer.getByLabel("Jag förstår att raderingen inte går att ångra").check();
    await customer.getByRole("button", { name: "Radera mina uppgifter" }).click();
  };
  // Unticked: nothing happens. With an upcoming booking: refused, with the reason.
  await section.getByRole("link", { name: "Radera mina uppgifter" }).click();
  await customer.getByRole("button", { name: "Radera mina uppgifter" }).click();
  await expect(customer.getByText("Kryssa i rutan för att bekräfta")).toBeVisible();
  await erase();
  await expect(customer.getByText(/Du har kommande bokningar\./)).toBeVisible();

  // The session is cancelled (one participant: it is a waiting session).
  await openListAt(page, "/admin/vantande-pass", id);
  await confirmChange(page, id, "Ställ in pass", javaScriptEnabled);
  await expect(page.getByTestId("toast")).toContainText("Passet är inställt");

  await erase();
  await expect(customer).toHaveURL(/\/$/);
  await expect(customer.getByTestId("toast")).toContainText("Dina uppgifter är raderade");
  await customer.goto("/mina-bokningar/lista");
  await expect(customer.getByRole("heading", { name: "Sessionen gick ut" })).toBeVisible();
  await customer.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  // The confirmation, the sign-in link and the cancellation went with the rest of the address's data.
  await expect(customer.getByTestId("mail-row")).toHaveCount(1);
  await expect(customer.getByTestId("mail-row")).toContainText("Dina uppgifter hos Hundpass är raderade");
  await context.close();
});
