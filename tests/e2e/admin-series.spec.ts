// A weekly series on /admin/skapa-pass, with and without JavaScript: the
// dates are listed before anything is created (live with JavaScript, after a
// first post without it), one is unticked, the rest become sessions at the
// same time each week, and /admin/old shows them as one series to mail;
// a visitor books the first week, and its attendee list downloads as a CSV
// a CSV parser reads back with å, ä and ö intact, and opens for printing.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { dayAhead, openCreateForm, uniqueTitle } from "./admin-helpers";
import { signInAsAdmin } from "./auth-helpers";
import { acceptTermsAndSubmit, fillBookingForm, openSession, uniqueEmail } from "./booking-helpers";

test("an admin creates a six-week series, unticking one week, and downloads an attendee list", async ({ page, javaScriptEnabled }, testInfo) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page, javaScriptEnabled);
  await openCreateForm(page);
  const title = uniqueTitle(testInfo, "Kvällskurs");
  await page.getByLabel("Titel").fill(title);
  await page.getByLabel("Plats").selectOption("Hundhallen Gävle");
  await page.getByLabel("Datum").fill(dayAhead(50));
  await page.getByLabel("Starttid").fill("18:00");
  await page.getByLabel("Sluttid").fill("19:00");
  await page.getByLabel("Max antal deltagare").fill("6");
  await page.getByLabel("Pris (kr)").fill("1495");
  // 'Sorts pass', once 'Passtyp' like the type picker: the two selects are named apart.
  await page.getByLabel("Sorts pass", { exact: true }).selectOption({ label: "Grupp-pass" });

  // The count and the dates show only once the box is ticked.
  await expect(page.getByLabel("Antal gånger")).toBeHidden();
  await page.getByLabel("Upprepa varje vecka").check();
  await page.getByLabel("Antal gånger").fill("6");

  const dates = page.getByRole("group", { name: "Datum i serien" }).getByRole("checkbox");
  if (!javaScriptEnabled) {
    // Without JavaScript the first post lists the dates and creates nothing.
    await page.getByRole("button", { name: "Skapa Pass" }).click();
    await expect(page.getByText("Kontrollera datumen nedan och tryck Skapa Pass igen.")).toBeVisible();
  }
  await expect(dates).toHaveCount(6);
  for (const box of await dates.all()) await expect(box).toBeChecked();
  await expect(page.getByRole("group", { name: "Datum i serien" })).toContainText("18:00–19:00");
  await dates.nth(2).uncheck();
  await page.getByRole("button", { name: "Skapa Pass" }).click();

  await expect(page).toHaveURL(/\/admin\/lediga-pass$/);
  await expect(page.getByTestId("toast")).toContainText("5 nya pass skapade");

  await page.goto(`/admin/old?q=${encodeURIComponent(title)}`);
  const cards = page.locator("article", { has: page.getByRole("heading", { name: title }) });
  await expect(cards).toHaveCount(5);
  await expect(cards.first()).toContainText("Veckoserie, 5 pass");
  for (const card of await cards.all()) await expect(card).toContainText("18:00");

  // A visitor with Swedish letters in every name books the first week.
  const id = Number((await cards.first().getAttribute("data-testid"))?.replace("admin-session-", ""));
  const email = uniqueEmail(testInfo, "serie");
  await openSession(page, id, testInfo);
  await fillBookingForm(page, { name: "Åsa Öberg", email, phone: "070-123 45 67", dog: "Måns", breed: "Schäfer", age: "2 år", notes: "Gå fint i koppel; inkallning" });
  await acceptTermsAndSubmit(page);
  await expect(page).toHaveURL(/\/mina-bokningar$/);

  await page.goto(`/admin/old?q=${encodeURIComponent(title)}&visa=${id}`);
  const card = page.getByTestId(`admin-session-${id}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("link", { name: "Ladda ner deltagarlista (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^deltagare-kvallskurs-.+\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes, { bom: true, delimiter: ";" }) as string[][];
  expect(rows[0]).toEqual(expect.arrayContaining(["Namn", "Hund", "Vad vill du träna?"]));
  expect(rows).toHaveLength(2);
  const row = Object.fromEntries(rows[0]!.map((column, i) => [column, rows[1]![i]]));
  expect(row).toMatchObject({ Namn: "Åsa Öberg", "E-post": email, Hund: "Måns", Ras: "Schäfer", "Vad vill du träna?": "Gå fint i koppel; inkallning" });

  await card.getByRole("link", { name: "Skriv ut deltagarlista" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Deltagarlista: ${title}`);
  await expect(page.getByRole("row", { name: /Åsa Öberg/ })).toContainText("Måns (Schäfer, 2 år)");
});
