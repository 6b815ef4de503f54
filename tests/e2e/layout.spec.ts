// Every page, signed out and signed in (a customer's and the admin's), at
// 320, 390 and 1280 px, with JavaScript on and off: no box lets its content
// run past its border (Swedish compounds such as 'Regementsparken' or
// 'PROMENADTRÄNING' break inside their box), the page never scrolls
// sideways, the top bar keeps logo, name, who is signed in and 'Meny' on one
// row, and Flurre's launcher covers no text and nothing a visitor can click:
// not on the first view, not anywhere the page is scrolled to, not at its
// end, and (with JavaScript) not the page's own 'Fråga Flurre' buttons.
// Cases run a few pages at a time in one page, and signed-in cases reuse one
// sign-in per address for the whole run, so the many pages stay quick.
// Admin pages have no launcher: they are looked at once, hydrated.
import { expect, test, type Page } from "@playwright/test";
import { buildDemoData, DEMO_SESSION_IDS, type DemoSession } from "../fixtures/demo-data";
import { signInAsAdmin, signInAsCustomerOnce } from "./auth-helpers";
import { addKlippkort, addShownKlippkort, registerSold } from "./card-helpers";

const WIDTHS = [320, 390, 1280];
const heightAt = (width: number) => (width >= 1000 ? 800 : 760);

/** Who looks at the page: a visitor, a signed-in customer (with upcoming bookings), or the admin. */
type Who = "visitor" | "customer" | "admin";

type PageCase = {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  status?: number;
  who?: Who;
  /** Brings the page into the state to look at (a card opened), once it is open. */
  prepare?: (page: Page) => Promise<void>;
};

/** The signed-in customer: Sean's dog has the longest breed name of the demo customers, and he has upcoming bookings. */
const CUSTOMER = "sean.obrien@example.com";

const upcoming = buildDemoData(new Date()).sessions.filter((s) => s.startTime > new Date().toISOString());

function longestWord(text: string): number {
  return Math.max(...text.split(/\s+/).map((word) => word.length));
}

/** The upcoming demo session whose `field` has the longest word (ties: the first). */
function sessionWithLongest(field: (s: DemoSession) => string): string {
  const session = upcoming.reduce((best, s) => (longestWord(field(s)) > longestWord(field(best)) ? s : best));
  return `/session/${session.id}`;
}

/** The first calendar day with a free session, chosen (paging forward a month or two if needed). */
async function selectedDayPath(page: Page): Promise<string> {
  await page.goto("/boka?steg=2&typ=alla&vy=kalender");
  for (let month = 0; month < 3; month++) {
    const href = await page.locator(".calendar-grid a[data-day]").first().getAttribute("href", { timeout: 1_000 }).catch(() => null);
    if (href) return href;
    await page.getByRole("link", { name: /^Nästa månad/ }).click();
    await page.waitForURL(/manad=/);
  }
  throw new Error("no calendar day with a free session in the next three months");
}

/** /admin/kort with a card sold (a product of its own, a long address), found by its code's end. */
async function withCardSold(page: Page): Promise<string> {
  await page.goto("/admin/kort");
  const name = `Layoutkort med ett långt namn ${Date.now() % 1_000_000}`;
  await addKlippkort(page, name);
  const last4 = await registerSold(page, name, `en.mycket.lang.adress.for.layouten.${Date.now() % 1_000_000}@example.se`);
  return `/admin/kort?sok=${last4}`;
}

/**
 * The signed-in customer's list with a card of theirs (a long product name),
 * registered by the admin in a browser context of its own (without
 * JavaScript, as in withCardsShown) so the customer stays signed in here.
 */
async function withCardOfMine(page: Page): Promise<string> {
  const admin = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin, javaScriptEnabled: false });
  try {
    const adminPage = await admin.newPage();
    await signInAsAdmin(adminPage, false, { show: false });
    await adminPage.goto("/admin/kort");
    const name = `Layoutkort till kunden med ett långt namn ${Date.now() % 1_000_000}`;
    await addKlippkort(adminPage, name);
    await registerSold(adminPage, name, CUSTOMER);
  } finally {
    await admin.close();
  }
  return "/mina-bokningar/lista";
}

/** The runs' pages for which a card has been added and shown. */
const cardShownFor = new WeakSet<Page>();

/**
 * A public page with the list of cards staff show there: a klippkort with a
 * long name shown on the start page and /boka, added by the admin in a
 * browser context of its own (the page stays a visitor's).
 */
function withCardsShown(path: string) {
  return async (page: Page): Promise<string> => {
    // One card serves every later case of the run: it stays shown.
    if (cardShownFor.has(page)) return path;
    // The site's address, from a page of it (the case may be the run's first).
    if (!page.url().startsWith("http")) await page.goto("/");
    // The admin's pages without JavaScript: the forms post the same, and nothing waits for hydration.
    const admin = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin, javaScriptEnabled: false });
    try {
      const adminPage = await admin.newPage();
      await signInAsAdmin(adminPage, false, { show: false });
      await addShownKlippkort(adminPage, `Klippkort med ett långt namn för layouten ${Date.now() % 1_000_000}`, "På båda");
    } finally {
      await admin.close();
    }
    cardShownFor.add(page);
    return path;
  };
}

/** The first of the customer's cards opened, its facts and history shown. */
async function openMyCard(page: Page) {
  await page.getByTestId("my-card").first().locator("summary").click();
  await expect(page.getByTestId("my-card").first().getByText("Koden slutar på")).toBeVisible();
}

/** An admin page reached from a link on /admin/bokade-pass (a session's or a booking's own page). */
function linkedFromBookedSessions(pattern: RegExp) {
  return async (page: Page) => {
    const html = await (await page.request.get("/admin/bokade-pass")).text();
    const href = html.match(pattern)?.[0];
    if (!href) throw new Error(`no ${pattern} on /admin/bokade-pass`);
    return href.replaceAll("&amp;", "&");
  };
}

const PAGES: PageCase[] = [
  // Signed out.
  { name: "start", path: "/" },
  { name: "alla-popups", path: "/alla-popups" },
  { name: "boka step 1", path: "/boka" },
  { name: "start, cards shown", path: withCardsShown("/") },
  { name: "boka step 1, cards shown", path: withCardsShown("/boka") },
  { name: "presentkort, cards listed", path: withCardsShown("/presentkort") },
  { name: "boka list", path: "/boka?steg=2&typ=alla&vy=lista" },
  { name: "boka list, one session type", path: "/boka?steg=2&typ=alla&passtyp=VALPKURS&vy=lista" },
  { name: "boka calendar, a day chosen", path: selectedDayPath },
  { name: "session at the place with the longest name", path: sessionWithLongest((s) => s.location) },
  { name: "session of the type with the longest name", path: sessionWithLongest((s) => s.title) },
  { name: "session, full: the queue form", path: `/session/${DEMO_SESSION_IDS.groupFull}` },
  { name: "hitta", path: "/hitta" },
  { name: "om", path: "/om" },
  { name: "preppa", path: "/preppa" },
  { name: "flurre", path: "/flurre" },
  { name: "flurre, a question answered", path: `/flurre?${new URLSearchParams({ fraga: "Vad kostar en valpkurs?" })}` },
  { name: "mina-bokningar", path: "/mina-bokningar" },
  { name: "mina-bokningar, link sent", path: "/mina-bokningar?skickat=1" },
  { name: "mina-bokningar verify", path: "/mina-bokningar/verify?token=ingen-riktig-token" },
  { name: "mina-bokningar lista, signed out", path: "/mina-bokningar/lista", status: 401 },
  { name: "rapportera-problem", path: "/rapportera-problem" },
  { name: "integritet", path: "/integritet" },
  { name: "logga-in", path: "/logga-in" },
  { name: "logga-in, sent from /admin", path: "/admin" },
  { name: "registrera", path: "/registrera" },
  { name: "registrera, sent", path: "/registrera?skickat=1" },
  { name: "registrera, confirmation link", path: "/registrera/bekrafta?token=ingen-riktig-token" },
  { name: "unsubscribe", path: "/unsubscribe?email=ingen%40example.se" },
  { name: "nyhetsbrev bekräfta", path: "/nyhetsbrev/bekrafta?token=ingen-riktig-token" },
  { name: "beslut", path: "/beslut?token=ingen-riktig-token" },
  { name: "queue offer, unknown link", path: "/ko/ingen-riktig-token", status: 404 },
  { name: "not found", path: "/ingen-sadan-sida", status: 404 },
  // A customer, signed in.
  { name: "mina-bokningar lista", path: "/mina-bokningar/lista", who: "customer" },
  { name: "mina-bokningar lista, a card of mine open", path: withCardOfMine, who: "customer", prepare: openMyCard },
  { name: "radera, bookings upcoming", path: "/mina-bokningar/radera", who: "customer" },
  { name: "start, signed in", path: "/", who: "customer" },
  { name: "session, signed in", path: sessionWithLongest((s) => s.title), who: "customer" },
  // The admin: the admin pages, and the public ones with the admin's top bar.
  { name: "radera, nothing upcoming (the admin's own address)", path: "/mina-bokningar/radera", who: "admin" },
  { name: "mina-bokningar lista, no bookings (the admin's own)", path: "/mina-bokningar/lista", who: "admin" },
  { name: "om, the admin signed in", path: "/om", who: "admin" },
  { name: "admin menu", path: "/admin", who: "admin" },
  { name: "admin skapa-pass", path: "/admin/skapa-pass", who: "admin" },
  { name: "admin lediga-pass", path: "/admin/lediga-pass", who: "admin" },
  { name: "admin vantande-pass", path: "/admin/vantande-pass", who: "admin" },
  { name: "admin bokade-pass", path: "/admin/bokade-pass", who: "admin" },
  { name: "admin alla pass", path: "/admin/old", who: "admin" },
  { name: "admin a session's page", path: linkedFromBookedSessions(/\/admin\/pass\/\d+\?tillbaka=[^"]*/), who: "admin" },
  { name: "admin attendee print view", path: linkedFromBookedSessions(/\/admin\/pass\/\d+\/utskrift\?tillbaka=[^"]*/), who: "admin" },
  { name: "admin a booking's page", path: linkedFromBookedSessions(/\/admin\/bokning\/[0-9a-f-]{36}\?[^"]*/), who: "admin" },
  { name: "admin passtyper", path: "/admin/passtyper", who: "admin" },
  { name: "admin kort", path: "/admin/kort", who: "admin" },
  { name: "admin kort, a new presentkort", path: "/admin/kort?ny=presentkort", who: "admin" },
  { name: "admin kort, a card sold", path: withCardSold, who: "admin" },
  { name: "admin platser", path: "/admin/platser", who: "admin" },
  { name: "admin team", path: "/admin/team", who: "admin" },
  { name: "admin preppa", path: "/admin/preppa", who: "admin" },
  { name: "admin kalender", path: "/admin/kalender", who: "admin" },
  { name: "admin utskick", path: "/admin/utskick", who: "admin" },
  { name: "admin utskick, segments", path: "/admin/utskick?flik=segment", who: "admin" },
  { name: "admin epost", path: "/admin/epost", who: "admin" },
  { name: "admin epost-status", path: "/admin/epost-status", who: "admin" },
  { name: "admin flurre", path: "/admin/flurre", who: "admin" },
  { name: "admin flurre, FAQ", path: "/admin/flurre?flik=faq", who: "admin" },
  { name: "admin flurre, a question tried", path: "/admin/flurre?flik=prova&fraga=Vad%20kostar%20VALPKURS%3F", who: "admin" },
  { name: "admin logg", path: "/admin/logg", who: "admin" },
  { name: "admin handbok", path: "/admin/handbok", who: "admin" },
  { name: "admin drift", path: "/admin/drift", who: "admin" },
  { name: "admin, no such page", path: "/admin/ingen-sadan-sida", status: 404, who: "admin" },
];

/**
 * Every rendered element whose content is wider than its box (while the box
 * lets it show), that reaches past its parent's padding box, or past the
 * viewport. Runs in the page; returns one line per problem.
 */
function findOverflows(): string[] {
  const problems: string[] = [];
  const viewport = document.documentElement.clientWidth;
  type Labelled = { tagName: string; className: unknown; textContent: string | null };
  const label = (el: Labelled) => {
    const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    return `<${el.tagName.toLowerCase()}${cls}> "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
  };
  if (document.documentElement.scrollWidth > window.innerWidth) {
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px in a ${window.innerWidth}px viewport`);
  }
  // Off-screen on purpose: screen-reader texts, the bot trap, the skip link
  // until focused; and what a closed <details> (the menu) does not show.
  const offScreen = ".visually-hidden, .flurre-sr-only, .hp-field, .skip-link, details:not([open]) > :not(summary)";
  // Inside a box that scrolls or clips sideways (a wide admin table), what lies past the viewport is not shown.
  const clipped = (el: { parentElement: HTMLElement | null }) => {
    for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== "visible") return true;
    }
    return false;
  };
  const layoutParent = (el: Element) => {
    let parent = el.parentElement;
    while (parent && ["inline", "contents"].includes(getComputedStyle(parent).display)) parent = parent.parentElement;
    return parent;
  };
  for (const el of document.body.querySelectorAll("*")) {
    if (!(el instanceof HTMLElement) || el.closest(offScreen)) continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.display === "contents" || style.visibility === "hidden") continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    // A form control scrolls its own text; anything else shows what does not fit.
    const control = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
    if (!control && style.display !== "inline" && style.overflowX === "visible" && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${label(el)}: content ${el.scrollWidth}px wide in its ${el.clientWidth}px box`);
    }
    if ((rect.right > viewport + 1 || rect.left < -1) && !clipped(el)) {
      problems.push(`${label(el)}: ${Math.round(rect.left)}–${Math.round(rect.right)}px, past the ${viewport}px viewport`);
    }
    if (style.position === "absolute" || style.position === "fixed") continue;
    const parent = layoutParent(el as HTMLElement);
    if (!parent || parent === document.body) continue;
    const parentStyle = getComputedStyle(parent);
    // A scrolling box (a wide admin table) may be wider inside than out.
    if (parentStyle.overflowX === "auto" || parentStyle.overflowX === "scroll") continue;
    const box = parent.getBoundingClientRect();
    const left = box.left + parseFloat(parentStyle.borderLeftWidth);
    const right = box.right - parseFloat(parentStyle.borderRightWidth);
    if (rect.left < left - 1 || rect.right > right + 1) {
      problems.push(`${label(el)}: ${Math.round(rect.left)}–${Math.round(rect.right)}px, past its parent ${label(parent)} (${Math.round(left)}–${Math.round(right)}px)`);
    }
  }
  return problems;
}

/** The top bar's parts (logo and name, who is signed in, 'Meny') that are not on one row with the others. */
function findHeaderRows(): string[] {
  const bar = document.querySelector(".top-bar");
  if (!bar || getComputedStyle(bar).display === "none") return [];
  const parts = [...bar.children].filter((el) => el.getBoundingClientRect().height > 0);
  const rows = parts.map((el) => el.getBoundingClientRect());
  const top = Math.max(...rows.map((r) => r.top));
  const bottom = Math.min(...rows.map((r) => r.bottom));
  if (top < bottom) return [];
  return parts.map((el, i) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().slice(0, 30)}" at ${Math.round(rows[i]!.top)}–${Math.round(rows[i]!.bottom)}px`);
}

const CLICKABLE = "a[href], button, input:not([type='hidden']), select, textarea, summary";

/**
 * What the launcher covers, wherever the page is scrolled: from the top (the
 * first view) down to its end, three quarters of a screen at a time, every piece of text
 * and every clickable element whose box meets the launcher's while the
 * launcher shows (stepped aside, see-through and letting clicks through, it
 * covers nothing). With JavaScript the launcher gets two frames after each
 * scroll to step aside. Then each clickable element, scrolled to the middle
 * of the screen, must be the element at its own centre.
 */
async function findCoveredByLauncher({ clickable, withScript }: { clickable: string; withScript: boolean }): Promise<string[]> {
  const launcher = document.querySelector<HTMLElement>("[data-testid='flurre-launcher']");
  if (!launcher) return [];
  type Box = { left: number; top: number; right: number; bottom: number };
  // Overlapping by a pixel or more each way. Boxes that only touch at a fraction of a pixel cover nothing one can see,
  // and which side of the pixel they land on varies from run to run (the footer's phone link beside the launcher's
  // left edge at 390 px came out 0.4 px under it on some runs and beside it on others).
  const meets = (a: Box, b: Box) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) >= 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) >= 1;
  const aside = () => {
    const style = getComputedStyle(launcher);
    return style.visibility === "hidden" || (style.opacity === "0" && style.pointerEvents === "none");
  };
  const frames = () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
  const label = (el: Element) => `<${el.tagName.toLowerCase()}> "${(el.textContent || el.getAttribute("name") || "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
  const offScreen = ".visually-hidden, .flurre-sr-only, .hp-field, .skip-link, details:not([open]) > :not(summary)";
  // Fixed on screen (a toast, the launcher): never under a launcher in the same corner as the page scrolls.
  const fixedness = new Map<Element, boolean>();
  const fixed = (el: Element | null): boolean => {
    if (!el) return false;
    let known = fixedness.get(el);
    if (known === undefined) fixedness.set(el, (known = getComputedStyle(el).position === "fixed" || fixed(el.parentElement)));
    return known;
  };
  const shown = (el: Element) =>
    !launcher.contains(el) && !el.closest(offScreen) && !fixed(el) && el.checkVisibility({ visibilityProperty: true });

  // Everything to keep clear, in page coordinates (the page does not change as it scrolls).
  window.scrollTo({ top: 0, behavior: "instant" });
  const items: { label: string; box: Box }[] = [];
  const inPage = (r: DOMRect): Box => ({ left: r.left + window.scrollX, right: r.right + window.scrollX, top: r.top + window.scrollY, bottom: r.bottom + window.scrollY });
  const targets = [...document.querySelectorAll<HTMLElement>(clickable)].filter((el) => shown(el) && el.getBoundingClientRect().width > 0);
  for (const el of targets) items.push({ label: label(el), box: inPage(el.getBoundingClientRect()) });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || !shown(parent)) continue;
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width > 0 && rect.height > 0) items.push({ label: `text "${node.textContent.trim().replace(/\s+/g, " ").slice(0, 40)}"`, box: inPage(rect) });
    }
  }

  const problems = new Set<string>();
  const end = document.documentElement.scrollHeight - window.innerHeight;
  const step = Math.max(100, Math.floor(window.innerHeight * 0.75));
  // Without JavaScript the launcher is a link in the page's flow: where it is, nothing else is.
  const stops = withScript ? [...Array.from({ length: Math.ceil(end / step) }, (_, i) => i * step), end].filter((top) => top >= 0) : [0, end];
  for (const top of stops) {
    window.scrollTo({ top, behavior: "instant" });
    if (withScript) await frames();
    if (aside()) continue;
    const r = launcher.getBoundingClientRect();
    if (r.width === 0) continue;
    const corner = inPage(r);
    const where = top === 0 ? "on the first view" : top === end ? "at the end of the page" : `scrolled ${Math.round(window.scrollY)}px down`;
    for (const item of items) if (meets(item.box, corner)) problems.add(`${where}, ${item.label} is under the launcher`);
  }
  for (const el of targets) {
    el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && launcher.contains(hit)) problems.add(`${label(el)}, scrolled to the middle, is under the launcher`);
  }
  return [...problems].slice(0, 12);
}

async function signIn(page: Page, who: Who, javaScriptEnabled: boolean) {
  if (who === "admin") await signInAsAdmin(page, javaScriptEnabled, { show: false });
  if (who === "customer") await signInAsCustomerOnce(page, CUSTOMER, javaScriptEnabled);
}

async function open(page: Page, pageCase: PageCase, javaScriptEnabled: boolean): Promise<string> {
  const path = typeof pageCase.path === "string" ? pageCase.path : await pageCase.path(page);
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status(), `status of ${path}`).toBe(pageCase.status ?? 200);
  // With JavaScript, look at the hydrated page (the launcher then opens a dialog; admin pages have none).
  if (javaScriptEnabled) await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
  if (javaScriptEnabled && (await page.getByTestId("flurre-launcher").count()) > 0) {
    await expect(page.getByTestId("flurre-launcher")).toHaveAttribute("aria-haspopup", "dialog");
    // Floating in its corner once the script that keeps it clear has loaded.
    await expect(page.getByTestId("flurre-launcher")).toHaveAttribute("data-floating", "");
  }
  if (pageCase.prepare) await pageCase.prepare(page);
  return path;
}

/** The page's layout at each width, from the top. */
async function checkLayout(page: Page, path: string, javaScriptEnabled: boolean) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: heightAt(width) });
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    expect(await page.evaluate(findOverflows), `${path} at ${width} px`).toEqual([]);
    expect(await page.evaluate(findHeaderRows), `${path} at ${width} px: the top bar on one row`).toEqual([]);
    expect(await page.evaluate(findCoveredByLauncher, { clickable: CLICKABLE, withScript: javaScriptEnabled }), `${path} at ${width} px`).toEqual([]);
  }
}

/** The cases in runs of a few, each run for one audience. */
function runsOf(cases: PageCase[], size: number): PageCase[][] {
  const runs: PageCase[][] = [];
  for (const pageCase of cases) {
    const last = runs[runs.length - 1];
    if (last && last.length < size && (last[0]!.who ?? "visitor") === (pageCase.who ?? "visitor")) last.push(pageCase);
    else runs.push([pageCase]);
  }
  return runs;
}

const isAdminPage = (pageCase: PageCase) => pageCase.who === "admin" && pageCase.name.startsWith("admin");

test.describe("every page at 320, 390 and 1280 px: nothing overflows its box, the top bar is one row, and the launcher covers nothing", () => {
  // Each run opens its own pages and changes nothing another run reads.
  test.describe.configure({ mode: "parallel" });

  // Three pages with a launcher per run: each is scrolled through at three widths, and a run of four with a card
  // added by the admin took 24–27 s on 2 cores, up to the timeout with the whole suite running beside it.
  for (const run of [...runsOf(PAGES.filter((p) => !isAdminPage(p)), 3), ...runsOf(PAGES.filter(isAdminPage), 7)]) {
    const who = run[0]!.who ?? "visitor";
    test(`${who === "visitor" ? "signed out" : `signed in (${who})`}: ${run.map((p) => p.name).join("; ")}`, async ({ page, javaScriptEnabled }) => {
      test.skip(isAdminPage(run[0]!) && !javaScriptEnabled, "admin pages have no launcher: their layout is looked at once, hydrated");
      await page.setViewportSize({ width: 390, height: heightAt(390) });
      await signIn(page, who, javaScriptEnabled);
      for (const pageCase of run) {
        await page.setViewportSize({ width: 390, height: heightAt(390) });
        await checkLayout(page, await open(page, pageCase, javaScriptEnabled), javaScriptEnabled);
      }
    });
  }
});

test.describe("the page's own 'Fråga Flurre' buttons at phone widths", () => {
  test.describe.configure({ mode: "parallel" });
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the launcher steps aside with JavaScript only");

  const withButtons = PAGES.filter((p) => !p.who && (["start", "hitta", "om", "preppa"].includes(p.name) || p.name.startsWith("session")));
  for (const pageCase of withButtons) {
    test(`${pageCase.name}: the launcher steps aside while one is on screen, however far down`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: heightAt(390) });
      const path = await open(page, pageCase, true);
      const buttons = page.locator("main [data-flurre-question]");
      expect(await buttons.count(), `'Fråga Flurre' buttons on ${path}`).toBeGreaterThan(0);
      const launcher = page.getByTestId("flurre-launcher");
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: heightAt(width) });
        for (const button of await buttons.all()) {
          // The worst place: the button's lower edge on the screen's, in the launcher's corner.
          await button.evaluate((el) => {
            window.scrollBy({ top: el.getBoundingClientRect().bottom - window.innerHeight, behavior: "instant" });
          });
          await expect.poll(() => launcher.evaluate((el) => [getComputedStyle(el).opacity, getComputedStyle(el).pointerEvents].join(" ")), {
            message: `${path} at ${width} px: the launcher steps aside`,
          }).toBe("0 none");
          const covered = await button.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const y = Math.min(r.top + r.height / 2, window.innerHeight - 2);
            return [r.left + 4, r.left + r.width / 2, r.right - 4].some((x) => {
              const hit = document.elementFromPoint(x, y);
              return !hit || !(hit === el || el.contains(hit));
            });
          });
          expect(covered, `${path} at ${width} px: '${await button.textContent()}' is covered`).toBe(false);
        }
        // Stepped aside, it is still in the tab order, and shows when it gets the focus.
        await launcher.focus();
        await expect.poll(() => launcher.evaluate((el) => getComputedStyle(el).opacity), { message: `${path} at ${width} px, focused` }).toBe("1");
        await launcher.blur();
        // At the end of the page, where room is kept below the content and none
        // of the buttons is on screen, the launcher is there again. (It used to
        // come back at the top, where it now steps aside if it would cover text.)
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
        const onScreen = await buttons.evaluateAll((els) =>
          els.some((el) => {
            const r = el.getBoundingClientRect();
            return r.bottom > 0 && r.top < window.innerHeight;
          }),
        );
        if (!onScreen) {
          await expect.poll(() => launcher.evaluate((el) => getComputedStyle(el).opacity), { message: `${path} at ${width} px, at the end` }).toBe("1");
        }
      }
    });
  }
});
