/** Shared steps of the admin e2e tests: creating sessions, booking them as a visitor, finding their cards. */
import { expect, type Page, type TestInfo } from "@playwright/test";
import { acceptTermsAndSubmit, fillBookingForm, isJs, openSession, uniqueEmail } from "./booking-helpers";

/** A day some weeks ahead, as the date input takes it. */
export function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function uniqueTitle(testInfo: TestInfo, label: string): string {
  return `${label} ${testInfo.project.name} ${Date.now() % 1_000_000}`;
}

export async function openCreateForm(page: Page) {
  await page.goto("/admin/skapa-pass");
  await expect(page.getByRole("heading", { name: "Skapa pass", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /Tillbaka till admin/ })).toHaveAttribute("href", "/admin");
}

/** Creates a session by hand and returns its id, read from its card on /admin/lediga-pass. */
export async function createByHand(page: Page, testInfo: TestInfo, title: string, max: string) {
  await openCreateForm(page);
  await page.getByLabel("Titel").fill(title);
  await page.getByLabel("Plats").selectOption("Stadsparken Sandviken");
  await page.getByLabel("Datum").fill(dayAhead(45));
  await page.getByLabel("Starttid").fill("10:00");
  if (isJs(testInfo)) await expect(page.getByLabel("Sluttid")).toHaveValue("11:00");
  await page.getByLabel("Sluttid").fill("11:30");
  await page.getByLabel("Max antal deltagare").fill(max);
  await page.getByLabel("Pris (kr)").fill("199");
  // 'Sorts pass', once 'Passtyp' like the type picker: the two selects are named apart.
  await page.getByLabel("Sorts pass", { exact: true }).selectOption({ label: "Grupp-pass" });
  await page.getByLabel("Beskrivning").fill("Skapat för hand");
  await page.getByRole("button", { name: "Skapa Pass" }).click();
  await expect(page).toHaveURL(/\/admin\/lediga-pass$/);
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Framgång");
  await expect(toast).toContainText("Nytt pass skapat");
  const card = page.locator("article", { has: page.getByRole("heading", { name: title }) });
  // The list is paged, soonest first: the new session may be on a later page.
  expect(await pageThrough(page, () => card)).toBe(true);
  await expect(card).toBeVisible();
  const testId = await card.getAttribute("data-testid");
  return { id: Number(testId?.replace("admin-session-", "")), card };
}

/** Books session `id` as visitor number `n`; returns the visitor's e-mail address. */
export async function book(page: Page, testInfo: TestInfo, id: number, n: number, tag = "admin-flow"): Promise<string> {
  const email = uniqueEmail(testInfo, `${tag}-${n}`);
  await openSession(page, id, testInfo);
  await fillBookingForm(page, {
    name: `Besökare ${n}`,
    email,
    phone: "070-123 45 67",
    dog: `Vovve ${n}`,
    breed: "Tax",
    age: "2 år",
    notes: n === 1 ? "Inkallning" : undefined,
  });
  await acceptTermsAndSubmit(page);
  await expect(page).toHaveURL(/\/mina-bokningar$/);
  return email;
}

export function cardOn(page: Page, id: number) {
  return page.getByTestId(`admin-session-${id}`);
}

/**
 * Follows 'Nästa' from the list page shown until `find()` matches something;
 * false when the last page has it neither.
 */
export async function pageThrough(page: Page, find: () => ReturnType<Page["locator"]>): Promise<boolean> {
  for (;;) {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if ((await find().count()) > 0) return true;
    const next = page.getByRole("link", { name: "Nästa" });
    if ((await next.count()) === 0) return false;
    // Loaded afresh (not a client-side navigation), so the count above always reads a whole page.
    await page.goto(new URL((await next.getAttribute("href")) ?? "", page.url()).toString());
  }
}

/** Opens the admin list at `path` on the page that shows session `id` (the lists are paged). */
export async function openListAt(page: Page, path: string, id: number) {
  await page.goto(path);
  expect(await pageThrough(page, () => cardOn(page, id)), `session ${id} on ${path}`).toBe(true);
  return cardOn(page, id);
}

/** Session `id` is on no page of the admin list at `path`. */
export async function expectNotListed(page: Page, path: string, id: number) {
  await page.goto(path);
  expect(await pageThrough(page, () => cardOn(page, id)), `session ${id} not on ${path}`).toBe(false);
}

/** The list at `path`, on whichever of its pages a change came back to. */
export const listUrl = (path: string) => new RegExp(`${path.replaceAll("/", "\\/")}(\\?sida=\\d+)?$`);

/** A session change from its card: the dialog with JavaScript, the confirmation page without. */
export async function confirmChange(page: Page, cardId: number, label: string, javaScriptEnabled: boolean) {
  const card = cardOn(page, cardId);
  if (javaScriptEnabled) {
    await card.getByRole("button", { name: label }).click();
    const dialog = page.getByRole("dialog", { name: label });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: label }).click();
  } else {
    await card.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/pass/${cardId}\\?atgard=`));
    await page.getByRole("button", { name: label }).click();
  }
}
