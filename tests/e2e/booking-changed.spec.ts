// A session that changed after its page was shown: the booking is refused
// once with a clear message, the form keeps what was typed and now shows the
// session as it is, and sending it again books. With and without JavaScript.
// Books once on seed session 17 (js) or 13 (no-js).
import { expect, test, type Browser, type TestInfo } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";
import { HUMAN_PAUSE_MS, fillBookingForm, isJs, openSession, uniqueEmail } from "./booking-helpers";

/** What a trainer does meanwhile, in a browser of their own: moves the session on its admin page. */
async function moveAsTrainer(browser: Browser, testInfo: TestInfo, id: number, location: string) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: false, locale: "sv-SE" });
  try {
    const admin = await context.newPage();
    await signInAsAdmin(admin, false);
    await admin.goto(`/admin/pass/${id}`);
    await admin.locator("main").getByLabel("Plats").selectOption(location);
    await admin.locator("main").getByRole("button", { name: "Spara" }).click();
    await expect(admin.getByTestId("toast")).toContainText("Sparat!");
  } finally {
    await context.close();
  }
}

const SESSION = { js: 17, "no-js": 13 } as const;
const CHANGED = "Passet har ändrats sedan du öppnade sidan. Kontrollera uppgifterna och skicka igen.";

test("a booking on a session that moved since the page was shown is refused once, then books", async ({ page, browser }, testInfo) => {
  const project = testInfo.project.name as "js" | "no-js";
  const email = uniqueEmail(testInfo, "changed");
  await openSession(page, SESSION[project], testInfo);
  await fillBookingForm(page, { name: "Flytt Flyttsson", email, phone: "0701112233", dog: "Bamse" });
  await page.getByLabel(/bokningen är bindande/).check();

  // While the visitor fills in the form, the trainers move the session.
  const field = page.locator('input[type="hidden"][name="session"]');
  const shown = JSON.parse((await field.getAttribute("value")) ?? "{}") as { location: string };
  const moved = shown.location === "Bronsängen Sandviken" ? "Stadsparken Sandviken" : "Bronsängen Sandviken";
  await moveAsTrainer(browser, testInfo, SESSION[project], moved);

  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.getByRole("button", { name: "Boka pass" }).click();
  await expect(page.locator(".form-errors")).toContainText(CHANGED);
  await expect(page.getByLabel("Namn *", { exact: true })).toHaveValue("Flytt Flyttsson");
  await expect(page.getByLabel("E-post *", { exact: true })).toHaveValue(email);
  // The page now shows, and the form carries, the session as it is.
  await expect(page.locator(".session-facts")).toContainText(moved);
  await expect(field).toHaveAttribute("value", new RegExp(moved));

  await page.getByLabel(/bokningen är bindande/).check();
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.getByRole("button", { name: "Boka pass" }).click();
  await expect(page).toHaveURL(/\/mina-bokningar$/);
  await expect(page.getByTestId("toast")).toContainText("Bokning bekräftad!");
  if (isJs(testInfo)) await expect(page.getByTestId("toast")).toBeVisible();
});
