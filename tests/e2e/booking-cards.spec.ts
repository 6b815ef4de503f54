// A klippkort used at booking, in the browser with JavaScript on and off
// (payments off): staff add a klippkort for VALPKURS on /admin/kort and
// register it as sold, the code is read in the buyer's mail at /dev/mail, and
// a customer books a VALPKURS session with it (typed in small letters with
// spaces) and sees what is left, and staff see which card paid on the
// session's page and the print view; an unknown code is refused beside the
// field and books nothing. The session is made for the test on /admin/skapa-pass
// from the VALPKURS type, so no seed session changes.
import { expect, test } from "@playwright/test";
import { uniqueTitle } from "./admin-helpers";
import { signInAsAdmin } from "./auth-helpers";
import { acceptTermsAndSubmit, expectNoMailTo, fillBookingForm, openSession, uniqueEmail } from "./booking-helpers";
import { addKlippkort, CODE_LABEL, codeFromMail, registerSold, valpkursSession } from "./card-helpers";

test("a customer books with a klippkort's code and sees what is left; an unknown code is refused and books nothing", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  // A whole journey (staff sell a card, a refused code, a booking with the card, its mail, staff see the use): like the
  // other journeys, more than the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  await signInAsAdmin(page, javaScriptEnabled);
  const name = uniqueTitle(testInfo, "5-kort bokning");
  const buyer = uniqueEmail(testInfo, "kortkopare");
  await page.goto("/admin/kort");
  await addKlippkort(page, name);
  const last4 = await registerSold(page, name, buyer);
  const code = await codeFromMail(page, buyer);
  expect(code.endsWith(last4)).toBe(true);
  const sessionId = await valpkursSession(page, testInfo);

  // An unknown code: said beside the field, nothing booked, nothing mailed.
  const guesser = uniqueEmail(testInfo, "kortgissare");
  await openSession(page, sessionId, testInfo);
  await fillBookingForm(page, { name: "Gissa Gissasson", email: guesser, phone: "070-123 45 67", dog: "Vovve" });
  await page.getByLabel(CODE_LABEL).fill("ABCD-EFGH-JKMN-PQRS");
  await acceptTermsAndSubmit(page);
  const field = page.locator(".field", { has: page.getByLabel(CODE_LABEL) });
  await expect(field.locator(".field-errors")).toContainText("Koden gäller inte. Kontrollera att du skrivit av den rätt.");
  await expect(page.getByLabel(CODE_LABEL)).toHaveAttribute("aria-invalid", "true");
  await expectNoMailTo(page, guesser);

  // The card's code, typed in small letters with spaces: booked, one klipp used, four left.
  const customer = uniqueEmail(testInfo, "kortkund");
  await openSession(page, sessionId, testInfo);
  await fillBookingForm(page, { name: "Klara Klippsson", email: customer, phone: "070-123 45 67", dog: "Flurre" });
  await page.getByLabel(CODE_LABEL).fill(code.toLowerCase().replaceAll("-", " "));
  await acceptTermsAndSubmit(page);
  await expect(page).toHaveURL(/\/mina-bokningar$/);
  await expect(page.getByTestId("toast")).toContainText("Bokning bekräftad!");
  await expect(page.getByText("1 klipp använt, 4 kvar")).toBeVisible();

  // The confirmation mail says so too.
  await page.goto(`/dev/mail?to=${encodeURIComponent(customer)}`);
  await page.getByTestId("mail-row").filter({ hasText: "booking-confirmation" }).getByRole("link").first().click();
  await expect(page.getByTestId("mail-text")).toContainText("Kort: 1 klipp använt, 4 kvar");

  // Staff see the use in the card's history.
  await page.goto(`/admin/kort?sok=${last4}`);
  const card = page.locator("li.sold-card", { has: page.getByRole("heading", { name: `${name} · ${last4}` }) });
  await expect(card).toContainText("4 klipp kvar");
  // A card that has paid a booking is not refunded, only voided.
  await expect(card.getByRole("link", { name: `Återbetala kortet som slutar på ${last4}` })).toHaveCount(0);
  await expect(card.getByRole("link", { name: `Spärra kortet som slutar på ${last4}` })).toBeVisible();

  // ...and which card paid the booking on the session's page and its attendee list on paper: the code's end only.
  await page.goto(`/admin/pass/${sessionId}`);
  const booking = page.getByTestId("session-booking").filter({ hasText: "Klara Klippsson" });
  await expect(booking.getByTestId("card-paid")).toHaveText(`Klippkort (…${last4})`);
  await page.goto(`/admin/pass/${sessionId}/utskrift`);
  await expect(page.getByRole("columnheader", { name: "Kort" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Klara Klippsson/ }).getByTestId("card-paid")).toHaveText(`Klippkort (…${last4})`);
  await expect(page.locator("body")).not.toContainText(code);
});
