// Every public page at phone widths (320 and 390 px), with JavaScript on and
// off: no box lets its content run past its border (Swedish compounds such as
// 'Regementsparken' or 'PROMENADTRÄNING' break inside their box), the page
// never scrolls sideways, and Flurre's floating launcher hides nothing a
// visitor can click: not at the end of the page, not in the middle of the
// screen, and (with JavaScript) not the page's own 'Fråga Flurre' buttons.
import { expect, test, type Page } from "@playwright/test";
import { buildDemoData, type DemoSession } from "../fixtures/demo-data";
import { openSignInLink, requestSignInLink, useOwnIp } from "./auth-helpers";

const WIDTHS = [320, 390];
const PHONE_HEIGHT = 760;

type PageCase = {
  name: string;
  path: string | ((page: Page, javaScriptEnabled: boolean) => Promise<string>);
  status?: number;
};

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

/** A customer's bookings, signed in: Sean's dog has the longest breed name of the demo customers. */
async function signedInList(page: Page, javaScriptEnabled: boolean): Promise<string> {
  await useOwnIp(page);
  await openSignInLink(page, await requestSignInLink(page, "sean.obrien@example.com"), javaScriptEnabled);
  await expect(page).toHaveURL(/\/mina-bokningar\/lista$/);
  return "/mina-bokningar/lista";
}

const PAGES: PageCase[] = [
  { name: "start", path: "/" },
  { name: "alla-popups", path: "/alla-popups" },
  { name: "boka step 1", path: "/boka" },
  { name: "boka list", path: "/boka?steg=2&typ=alla&vy=lista" },
  { name: "boka list, one session type", path: "/boka?steg=2&typ=alla&passtyp=VALPKURS&vy=lista" },
  { name: "boka calendar, a day chosen", path: selectedDayPath },
  { name: "session at the place with the longest name", path: sessionWithLongest((s) => s.location) },
  { name: "session of the type with the longest name", path: sessionWithLongest((s) => s.title) },
  { name: "hitta", path: "/hitta" },
  { name: "om", path: "/om" },
  { name: "preppa", path: "/preppa" },
  { name: "mina-bokningar", path: "/mina-bokningar" },
  { name: "mina-bokningar lista, signed in", path: signedInList },
  { name: "rapportera-problem", path: "/rapportera-problem" },
  { name: "flurre", path: "/flurre" },
  { name: "integritet", path: "/integritet" },
  { name: "not found", path: "/ingen-sadan-sida", status: 404 },
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
    if (rect.right > viewport + 1 || rect.left < -1) {
      problems.push(`${label(el)}: ${Math.round(rect.left)}–${Math.round(rect.right)}px, past the ${viewport}px viewport`);
    }
    if (style.position === "absolute" || style.position === "fixed") continue;
    const parent = layoutParent(el as HTMLElement);
    if (!parent || parent === document.body) continue;
    const parentStyle = getComputedStyle(parent);
    // A scrolling box may be wider inside than out; none is on a public page today.
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

const CLICKABLE = "a[href], button, input:not([type='hidden']), select, textarea, summary";

/**
 * What the launcher covers: with the page scrolled to its end, every
 * clickable element whose box meets the launcher's; then each clickable
 * element, scrolled to the middle of the screen, whose centre is not itself.
 */
function findCoveredByLauncher(clickable: string): string[] {
  const launcher = document.querySelector<HTMLElement>("[data-testid='flurre-launcher']");
  // Stepped aside (see-through and letting clicks through), it covers nothing.
  const aside = (el: HTMLElement) => getComputedStyle(el).opacity === "0" && getComputedStyle(el).pointerEvents === "none";
  if (!launcher || getComputedStyle(launcher).visibility === "hidden" || aside(launcher)) return [];
  const label = (el: Element) => `<${el.tagName.toLowerCase()}> "${(el.textContent || el.getAttribute("name") || "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
  const offScreen = ".visually-hidden, .hp-field, .skip-link, details:not([open]) > :not(summary)";
  const targets = [...document.querySelectorAll<HTMLElement>(clickable)].filter((el) => {
    if (launcher.contains(el) || el.closest(offScreen)) return false;
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== "hidden";
  });
  const problems: string[] = [];
  window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
  const corner = launcher.getBoundingClientRect();
  for (const el of targets) {
    const r = el.getBoundingClientRect();
    if (r.left < corner.right && r.right > corner.left && r.top < corner.bottom && r.bottom > corner.top) {
      problems.push(`at the end of the page ${label(el)} is under the launcher`);
    }
  }
  for (const el of targets) {
    el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && launcher.contains(hit)) problems.push(`${label(el)}, scrolled to the middle, is under the launcher`);
  }
  return problems;
}

async function open(page: Page, pageCase: PageCase, javaScriptEnabled: boolean): Promise<string> {
  const path = typeof pageCase.path === "string" ? pageCase.path : await pageCase.path(page, javaScriptEnabled);
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status(), `status of ${path}`).toBe(pageCase.status ?? 200);
  // With JavaScript, look at the hydrated page (the launcher then opens a dialog).
  if (javaScriptEnabled) await expect(page.getByTestId("flurre-launcher")).toHaveAttribute("aria-haspopup", "dialog");
  return path;
}

test.describe("phone widths", () => {
  // Each case opens its own page and changes nothing another case reads.
  test.describe.configure({ mode: "parallel" });

  for (const pageCase of PAGES) {
    test(`${pageCase.name}: nothing overflows its box, and the launcher hides nothing clickable`, async ({ page, javaScriptEnabled }) => {
      await page.setViewportSize({ width: WIDTHS[WIDTHS.length - 1]!, height: PHONE_HEIGHT });
      const path = await open(page, pageCase, javaScriptEnabled);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: PHONE_HEIGHT });
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
        expect(await page.evaluate(findOverflows), `${path} at ${width} px`).toEqual([]);
        expect(await page.evaluate(findCoveredByLauncher, CLICKABLE), `${path} at ${width} px`).toEqual([]);
      }
    });
  }
});

test.describe("the page's own 'Fråga Flurre' buttons at phone widths", () => {
  test.describe.configure({ mode: "parallel" });
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the launcher steps aside with JavaScript only");

  const withButtons = PAGES.filter((p) => ["start", "hitta", "om", "preppa"].includes(p.name) || p.name.startsWith("session"));
  for (const pageCase of withButtons) {
    test(`${pageCase.name}: the launcher steps aside while one is on screen, however far down`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: PHONE_HEIGHT });
      const path = await open(page, pageCase, true);
      const buttons = page.locator("main [data-flurre-question]");
      expect(await buttons.count(), `'Fråga Flurre' buttons on ${path}`).toBeGreaterThan(0);
      const launcher = page.getByTestId("flurre-launcher");
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: PHONE_HEIGHT });
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
        // Back at the top, with none of them on screen, the launcher is there again.
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
        const onScreen = await buttons.evaluateAll((els) =>
          els.some((el) => {
            const r = el.getBoundingClientRect();
            return r.bottom > 0 && r.top < window.innerHeight;
          }),
        );
        if (!onScreen) {
          await expect.poll(() => launcher.evaluate((el) => getComputedStyle(el).opacity), { message: `${path} at ${width} px, at the top` }).toBe("1");
        }
      }
    });
  }
});
