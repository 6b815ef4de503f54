// A session that changed after its page was shown: the booking is refused
// once with a clear message, the form keeps what was typed and now shows the
// session as it is, and sending it again books. With and without JavaScript.
// Books once on seed session 17 (js) or 13 (no-js).
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { HUMAN_PAUSE_MS, fillBookingForm, isJs, openSession, uniqueEmail } from "./booking-helpers";

/** What the trainers would do meanwhile: a change straight in the e2e server's local D1 (tests/e2e/serve.sh). */
function changeInD1(sql: string) {
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", ".wrangler/e2e-state", "--command", sql], {
    env: { ...process.env, XDG_CONFIG_HOME: `${process.cwd()}/.wrangler/config`, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    stdio: "ignore",
  });
}

const SESSION = { js: 17, "no-js": 13 } as const;
const CHANGED = "Passet har ändrats sedan du öppnade sidan. Kontrollera uppgifterna och skicka igen.";

test("a booking on a session that moved since the page was shown is refused once, then books", async ({ page }, testInfo) => {
  const project = testInfo.project.name as "js" | "no-js";
  const email = uniqueEmail(testInfo, "changed");
  await openSession(page, SESSION[project], testInfo);
  await fillBookingForm(page, { name: "Flytt Flyttsson", email, phone: "0701112233", dog: "Bamse" });
  await page.getByLabel(/bokningen är bindande/).check();

  // While the visitor fills in the form, the trainers move the session.
  const field = page.locator('input[type="hidden"][name="session"]');
  const shown = JSON.parse((await field.getAttribute("value")) ?? "{}") as { location: string };
  const moved = shown.location === "Bronsängen Sandviken" ? "Stadsparken Sandviken" : "Bronsängen Sandviken";
  changeInD1(`UPDATE sessions SET location = '${moved}' WHERE id = ${SESSION[project]}`);

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
