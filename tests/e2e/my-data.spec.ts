// My data, with and without JavaScript: a visitor books a session and writes
// to the trainers, signs in by the mailed link and downloads everything held
// about the address (booking and message are in it, in Swedish words, the
// file named by today's date in Sweden). While the booking is upcoming the
// erasure page says why it cannot erase and asks nothing; once the admin has
// cancelled the session it asks for the confirmation and erases: signed
// out, told so, and the address's only mail is the last one.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { confirmChange, createByHand, openListAt, uniqueTitle } from "./admin-helpers";
import { FILL_TIME_MS, signInAsAdmin, signInWithLink, useOwnIp } from "./auth-helpers";
import { acceptTermsAndSubmit, fillBookingForm, openSession, uniqueEmail } from "./booking-helpers";

test("a customer downloads their data and erases it", async ({ page, browser, javaScriptEnabled }, testInfo) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, javaScriptEnabled);
  const title = uniqueTitle(testInfo, "Mina uppgifter");
  const { id } = await createByHand(page, testInfo, title, "6");

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
  const before = new Date();
  const [download] = await Promise.all([
    customer.waitForEvent("download"),
    section.getByRole("link", { name: "Ladda ner mina uppgifter (JSON)" }).click(),
  ]);
  // Today in Sweden, not in UTC (either side of a midnight the test may straddle).
  const swedishDay = (at: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(at);
  expect([swedishDay(before), swedishDay(new Date())].map((day) => `hundpass-mina-uppgifter-${day}.json`)).toContain(download.suggestedFilename());
  const data = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(data.epost).toBe(email);
  // The booking's status in Swedish (it was the database's 'confirmed').
  expect(data.bokningar).toEqual([expect.objectContaining({ namn: "Åsa Öberg", hund: "Måns", ras: "Schäfer", status: "Bekräftad" })]);
  expect(data.meddelanden).toEqual([expect.objectContaining({ meddelande: "Hej! Går det bra med en blyg schäfer på kurs?" })]);

  const openErasure = async () => {
    await customer.goto("/mina-bokningar/lista");
    await section.getByRole("link", { name: "Radera mina uppgifter" }).click();
    await expect(customer.getByRole("heading", { level: 1, name: "Radera mina uppgifter" })).toBeVisible();
  };
  // With an upcoming booking the page tells first: why, which booking and
  // from when, in the binding rule's words; there is nothing to tick or press.
  // (It used to ask for the confirmation and refuse only afterwards.)
  await openErasure();
  const notYet = customer.getByTestId("erase-not-yet");
  await expect(notYet.getByRole("heading", { name: "Vi kan inte radera dina uppgifter än" })).toBeVisible();
  await expect(notYet).toContainText("Du har en kommande bokning:");
  await expect(notYet.getByRole("listitem")).toHaveText([new RegExp(`^${title}, `)]);
  await expect(notYet).toContainText("En bokning är bindande och kan inte avbokas");
  await expect(notYet).toContainText(/Efter ditt sista pass, .+, kan du radera dina uppgifter här\./);
  await expect(customer.locator("main")).not.toContainText("kontakta oss om du vill avboka");
  await expect(customer.getByLabel("Jag förstår att raderingen inte går att ångra")).toHaveCount(0);
  await expect(customer.getByRole("button", { name: "Radera mina uppgifter" })).toHaveCount(0);
  await notYet.getByRole("link", { name: "Tillbaka till Mina bokningar" }).click();
  await expect(customer).toHaveURL(/\/mina-bokningar\/lista$/);

  // The session is cancelled (one participant: it is a waiting session).
  await openListAt(page, "/admin/vantande-pass", id);
  await confirmChange(page, id, "Ställ in pass", javaScriptEnabled);
  await expect(page.getByTestId("toast")).toContainText("Passet är inställt");

  // Nothing upcoming: now the page asks. Unticked, nothing happens; ticked, it erases.
  await openErasure();
  await expect(customer.getByTestId("erase-not-yet")).toHaveCount(0);
  await customer.getByRole("button", { name: "Radera mina uppgifter" }).click();
  await expect(customer.getByText("Kryssa i rutan för att bekräfta")).toBeVisible();
  await customer.getByLabel("Jag förstår att raderingen inte går att ångra").check();
  await customer.getByRole("button", { name: "Radera mina uppgifter" }).click();
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
