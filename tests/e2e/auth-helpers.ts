/**
 * Shared steps of the sign-in e2e tests: asking for a link like a visitor and
 * reading it from the local mailbox (/dev/mail) like the visitor's inbox.
 */
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type BrowserContext, type Page } from "@playwright/test";

/** The e2e server's bot check refuses forms sent within 0.5 s of rendering (FORM_MIN_FILL_MS in serve.sh). */
export const FILL_TIME_MS = 600;

/**
 * Waits until the page's forms have been shown FILL_TIME_MS, by the time the
 * server stamped in each (form_rendered_at, its milliseconds first; this
 * machine's clock): a person who takes that long is not refused as a bot.
 * No wait when filling the form took that long already; the whole
 * FILL_TIME_MS when the page has no stamp to read.
 */
export async function waitForFillTime(page: Page) {
  const stamps = await page
    .locator("input[name='form_rendered_at']")
    .evaluateAll((inputs) => inputs.map((input) => parseInt((input as HTMLInputElement).value, 10)));
  const shownAt = Math.max(...stamps.filter((stamp) => Number.isFinite(stamp)));
  const left = Number.isFinite(shownAt) ? shownAt + FILL_TIME_MS - Date.now() : FILL_TIME_MS;
  if (left > 0) await page.waitForTimeout(left);
}

/**
 * Gives the test its own client address: link requests are rate-limited per
 * IP, and every spec of a run shares one server.
 */
export async function useOwnIp(page: Page) {
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
}

/** The address's sign-in mails, newest first: other mail to it (the admin's booking notices) is left out. */
function signInMails(page: Page) {
  return page.getByTestId("mail-row").filter({ hasText: "Din inloggningslänk till Hundpass" });
}

async function signInMailCount(page: Page, email: string) {
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  return signInMails(page).count();
}

/** Requests a sign-in link on /mina-bokningar and returns the link from the newest sign-in mail. */
export async function requestSignInLink(page: Page, email: string): Promise<string> {
  const before = await signInMailCount(page, email);

  await page.goto("/mina-bokningar");
  await page.getByLabel("E-postadress").fill(email);
  await waitForFillTime(page);
  await page.getByRole("button", { name: "Skicka inloggningslänk" }).click();
  await expect(page.getByRole("heading", { name: "Kolla din inkorg" })).toBeVisible();
  expect(new URL(page.url()).search).toBe("?skickat=1");
  await expect(page.getByRole("link", { name: "Skicka till en annan adress" })).toHaveAttribute("href", "/mina-bokningar");

  await expect.poll(() => signInMailCount(page, email), { timeout: 10_000 }).toBeGreaterThan(before);
  await signInMails(page).first().getByRole("link").first().click();
  const text = await page.getByTestId("mail-text").innerText();
  const link = text.match(/https?:\/\/\S+\/mina-bokningar\/verify\?\S+/)?.[0];
  if (!link) throw new Error(`no sign-in link in the mail:\n${text}`);
  return link;
}

/** Opens the link; without JavaScript the visitor presses 'Logga in'. */
export async function openSignInLink(page: Page, link: string, javaScriptEnabled: boolean) {
  await page.goto(link);
  if (javaScriptEnabled) return;
  await expect(page.getByRole("heading", { name: "Verifierar…" })).toBeVisible();
  await page.getByRole("button", { name: "Logga in" }).click();
}

/**
 * The admin's cookies, once signed in, shared by every test and worker of a
 * run through a file: a link request for one address is limited to 5 per 15
 * minutes, and a run's specs share one server. The file lives in the e2e
 * server's state folder, which serve.sh empties when the server starts, so
 * a run never sees the cookies of an earlier one.
 */
const ADMIN_COOKIES_FILE = path.resolve(".wrangler/e2e-state/admin-cookies.json");
const ADMIN_EMAIL = "admin@hundpass.se";
type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

function savedAdminCookies(): Cookies | null {
  try {
    return JSON.parse(readFileSync(ADMIN_COOKIES_FILE, "utf8")) as Cookies;
  } catch {
    return null;
  }
}

/**
 * One worker at a time asks for an address's link and opens it: a second
 * request within minutes of an unused link sends nothing new (the first link
 * still works), and two workers opening one link would use it up between
 * them. An exclusive lock file per address beside the admin's cookies; the
 * others wait. Hold it from the request until the link is opened.
 */
export async function withSignInLock<T>(email: string, task: () => Promise<T>): Promise<T> {
  return withLock(`sign-in-${email.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`, task);
}

/** Runs `task` while holding the named lock file (beside the admin's cookies), one worker at a time. */
export async function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const lock = path.join(path.dirname(ADMIN_COOKIES_FILE), `${name}.lock`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (Date.now() > deadline) throw new Error(`the lock ${name} was held for a minute`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    return await task();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Signs in with a freshly mailed link, one worker at a time per address; returns the link (now used). */
export async function signInWithLink(page: Page, email: string, javaScriptEnabled: boolean): Promise<string> {
  return withSignInLock(email, async () => {
    const link = await requestSignInLink(page, email);
    await openSignInLink(page, link, javaScriptEnabled);
    return link;
  });
}

/**
 * Opens /admin with the saved cookies; true when they still sign in. With
 * `show` false the page stays where it is: /admin is asked for without
 * following a redirect (to the sign-in page), in the page's browser context.
 */
async function reuseAdminCookies(page: Page, show: boolean): Promise<boolean> {
  const saved = savedAdminCookies();
  if (!saved) return false;
  await page.context().addCookies(saved);
  if (!show) return (await page.request.get("/admin", { maxRedirects: 0 })).status() === 200;
  await page.goto("/admin");
  return new URL(page.url()).pathname === "/admin";
}

/**
 * Signs in as the seeded admin through the link mailed to the admin address
 * (the first time in a run; later tests reuse that sign-in); ends on /admin,
 * or with `show: false` (for a test that goes elsewhere next) wherever a
 * reused sign-in leaves the page.
 */
export async function signInAsAdmin(page: Page, javaScriptEnabled: boolean, { show = true }: { show?: boolean } = {}) {
  if (await reuseAdminCookies(page, show)) return;
  await withSignInLock(ADMIN_EMAIL, async () => {
    // Another worker may have signed in while this one waited.
    if (await reuseAdminCookies(page, show)) return;
    await useOwnIp(page);
    const link = await requestSignInLink(page, ADMIN_EMAIL);
    await openSignInLink(page, link, javaScriptEnabled);
    await expect(page).toHaveURL(/\/admin$/);
    // Written whole under a temporary name, then renamed: a reader never sees half a file.
    const temporary = `${ADMIN_COOKIES_FILE}.${process.pid}`;
    writeFileSync(temporary, JSON.stringify(await page.context().cookies()));
    renameSync(temporary, ADMIN_COOKIES_FILE);
  });
}

/** Where a customer's cookies are kept for the run, beside the admin's (one file per address). */
function customerCookiesFile(email: string): string {
  return path.join(path.dirname(ADMIN_COOKIES_FILE), `customer-${email.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-cookies.json`);
}

/** Opens the customer's list with the saved cookies; true when they still sign in. */
async function reuseCustomerCookies(page: Page, email: string): Promise<boolean> {
  let saved: Cookies;
  try {
    saved = JSON.parse(readFileSync(customerCookiesFile(email), "utf8")) as Cookies;
  } catch {
    return false;
  }
  await page.context().addCookies(saved);
  await page.goto("/mina-bokningar/lista");
  return new URL(page.url()).pathname === "/mina-bokningar/lista" && (await page.getByRole("heading", { name: "Mina bokningar", level: 1 }).count()) === 1;
}

/**
 * Signs in as a seeded customer through a mailed link the first time in a
 * run (later tests, in any worker or project, reuse that sign-in, like the
 * admin's: a link request per address is limited); ends on the customer's list.
 */
export async function signInAsCustomerOnce(page: Page, email: string, javaScriptEnabled: boolean) {
  if (await reuseCustomerCookies(page, email)) return;
  await withSignInLock(email, async () => {
    if (await reuseCustomerCookies(page, email)) return;
    await useOwnIp(page);
    const link = await requestSignInLink(page, email);
    await openSignInLink(page, link, javaScriptEnabled);
    await expect(page).toHaveURL(/\/mina-bokningar\/lista$/);
    const file = customerCookiesFile(email);
    const temporary = `${file}.${process.pid}`;
    writeFileSync(temporary, JSON.stringify(await page.context().cookies()));
    renameSync(temporary, file);
  });
}
