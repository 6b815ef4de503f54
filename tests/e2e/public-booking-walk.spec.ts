// A visitor finds a session from the start page through /boka: type, calendar,
// day, session link; and the list view. Runs with JavaScript on and off.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { fullDateLabel } from "../../app/domain/booking-calendar";
import { formatDayHeading, stockholmDayKey, todayKey } from "../../app/domain/time";
import { buildDemoData, demoSession, DEMO_SEEDED_AT_FILE, DEMO_SESSION_IDS } from "../fixtures/demo-data";

/** The first group session's Stockholm day, as the server's demo data was seeded (maybe before midnight). */
function firstGroupDay(): string {
  const seededAt = new Date(readFileSync(`.wrangler/e2e-state/${DEMO_SEEDED_AT_FILE}`, "utf8").trim());
  return stockholmDayKey(demoSession(buildDemoData(seededAt), "groupEmpty").startTime);
}

test("start page → /boka → group → calendar → a day → the session's booking link", async ({ page }) => {
  const day = firstGroupDay();
  await page.goto("/");
  await page.getByRole("link", { name: "Boka pass", exact: true }).click();
  await expect(page).toHaveURL(/\/boka$/);
  await expect(page.getByRole("heading", { level: 1, name: "Boka pass" })).toBeVisible();

  await page.getByRole("link", { name: /GruppUps – från 249 kr/ }).click();
  await expect(page).toHaveURL(/\/boka\?steg=2&typ=grupp&vy=kalender$/);
  await expect(page.getByRole("table", { name: /\d{4}/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Färgkoder" })).toBeVisible();

  if (day.slice(0, 7) !== todayKey(new Date()).slice(0, 7)) {
    await page.getByRole("link", { name: /^Nästa månad/ }).click();
    await expect(page).toHaveURL(new RegExp(`manad=${day.slice(0, 7)}`));
  }
  await page.getByRole("link", { name: new RegExp(`^${fullDateLabel(day)}, \\d+ (ledigt|lediga) pass$`) }).click();
  await expect(page).toHaveURL(new RegExp(`dag=${day}`));
  await expect(page.getByRole("heading", { level: 2, name: formatDayHeading(day) })).toBeVisible();
  // The focus follows to the day's sessions, with JavaScript or without: a keyboard goes on from there.
  await expect(page.locator("#valda-dagen")).toBeFocused();

  const card = page.getByTestId(`session-card-${DEMO_SESSION_IDS.groupEmpty}`);
  await expect(card.getByRole("heading", { name: "VALPKURS" })).toBeVisible();
  await expect(card.getByText("Ledigt", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "Boka nu" })).toHaveAttribute("href", `/session/${DEMO_SESSION_IDS.groupEmpty}`);

  // The chosen day lives in the address: back returns to the calendar without it.
  await page.goBack();
  await expect(page).not.toHaveURL(/dag=/);
  await expect(page.getByText("Välj en markerad dag i kalendern för att se dess pass.")).toBeVisible();
});

test("the list view shows bookable sessions with 'Boka nu' and full ones as information", async ({ page }) => {
  await page.goto("/boka?steg=2&typ=grupp&vy=kalender");
  await page.getByRole("link", { name: "Lista", exact: true }).click();
  await expect(page).toHaveURL(/vy=lista/);
  await expect(page.getByRole("heading", { name: "Lediga pass" })).toBeVisible();
  const first = page.getByTestId(`session-card-${DEMO_SESSION_IDS.groupEmpty}`);
  await expect(first.getByRole("link", { name: "Boka nu" })).toHaveAttribute("href", `/session/${DEMO_SESSION_IDS.groupEmpty}`);
  const full = page.getByTestId(`session-card-${DEMO_SESSION_IDS.groupFull}`);
  await expect(full.getByText("Fullbokat", { exact: true })).toBeVisible();
  await expect(full.getByRole("link")).toHaveCount(0);
  await expect(page.getByText(/Grupp-pass med två eller färre deltagare kan ställas in/)).toBeVisible();

  await page.getByRole("link", { name: /Tillbaka/ }).first().click();
  await expect(page).toHaveURL(/\/boka$/);
});

test("the start page's buttons jump to the group sessions and the session types", async ({ page }) => {
  // Once loaded, so that a restored scroll position cannot undo the jump.
  await page.goto("/", { waitUntil: "networkidle" });
  await page.getByRole("link", { name: "Lediga GruppUps", exact: true }).click();
  await expect(page).toHaveURL(/#lediga-gruppups$/);
  await expect(page.getByRole("heading", { level: 2, name: "Lediga GruppUps" })).toBeInViewport();
  await page.goto("/", { waitUntil: "networkidle" });
  await page.getByRole("link", { name: "Alla våra pass", exact: true }).click();
  await expect(page).toHaveURL(/#alla-pass$/);
  await expect(page.getByRole("heading", { level: 2, name: "Alla våra pass" })).toBeInViewport();
});
