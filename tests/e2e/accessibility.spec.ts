// Every public page and every admin page passes axe's WCAG 2.2 AA rules with
// JavaScript on, at desktop width and at a 390 px phone width: 0 violations. Each test attaches
// its page's axe result and logs the count; a failure lists every violation
// with its rule, impact, target selectors and axe's summary of what to fix.
import type AxeBuilder from "@axe-core/playwright";
import { wcagScan } from "./axe-tags";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAsAdmin, signInWithLink, useOwnIp, waitForFillTime, withLock } from "./auth-helpers";
import { acceptTermsAndSubmit, fillBookingForm } from "./booking-helpers";
import { addKlippkort, addShownKlippkort, registerSold } from "./card-helpers";
import { postMailEvent } from "./mail-events";

const PHONE = { width: 390, height: 844 };

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];

/** One page to scan: where to go and, if needed, what to do there first. */
type PageCase = {
  name: string;
  /** A fixed path, or a function that finds the path from the seeded data. */
  path: string | ((page: Page) => Promise<string>);
  /** Brings the page into the state to scan (a failed submit, say). */
  prepare?: (page: Page) => Promise<void>;
  /** 404 for the not-found page. */
  status?: number;
  /** An admin page: sign in as the admin first. */
  admin?: boolean;
  /**
   * Parts axe cannot enter: a mail shown as its recipient sees it, in a frame
   * sandboxed with no scripts (axe runs by script inside each frame, and
   * waits for one that never answers). The mail's markup is the mail
   * template's, not the page's.
   */
  exclude?: string[];
};

const CALENDAR = "/boka?steg=2&typ=alla&vy=kalender";

/** The href of the first calendar day with a free session, paging forward a few months if needed. */
async function selectedDayPath(page: Page): Promise<string> {
  await page.goto(CALENDAR);
  for (let month = 0; month < 4; month++) {
    const day = page.locator(".calendar-grid a[data-day]").first();
    if ((await day.count()) > 0) {
      const href = await day.getAttribute("href");
      if (href) return href;
    }
    await page.getByRole("link", { name: /^Nästa månad/ }).click();
    await page.waitForURL(/manad=/);
  }
  throw new Error("no calendar day with a free session in the next four months");
}

/** A bookable session's page, taken from the first 'Visa & Boka' link of /alla-popups. */
async function sessionPath(page: Page): Promise<string> {
  await page.goto("/alla-popups");
  const href = await page.getByRole("link", { name: "Visa & Boka" }).first().getAttribute("href");
  expect(href, "a 'Visa & Boka' link on /alla-popups").toMatch(/^\/session\/\d+$/);
  return href as string;
}

/** A full session's page with its queue form, reached by the first 'Ställ mig i kö' on /alla-popups. */
async function fullSessionPath(page: Page): Promise<string> {
  await page.goto("/alla-popups");
  const href = await page.getByRole("link", { name: "Ställ mig i kö" }).first().getAttribute("href");
  expect(href, "a 'Ställ mig i kö' link on /alla-popups").toMatch(/^\/session\/\d+#ko$/);
  return href as string;
}

/**
 * A customer's own page, signed in by the link mailed to a seeded customer no
 * other spec or case signs in as (a link request per address is limited to 5
 * per 15 min, and cases run at the same time: each reads its own newest link).
 */
function asCustomer(email: string, path: string) {
  return async (page: Page) => {
    await useOwnIp(page);
    await signInWithLink(page, email, true);
    await expect(page).toHaveURL(/\/mina-bokningar\/lista$/);
    return path;
  };
}

/**
 * /mina-bokningar with the confirmation of a booking made in this browser:
 * seed session 20 (VARDAGSLYDNAD, 3/8) booked through its form.
 */
async function confirmedBookingPath(page: Page): Promise<string> {
  await useOwnIp(page);
  await page.goto("/session/20");
  // The button waits for the terms once the page is hydrated.
  await expect(page.getByRole("button", { name: "Boka pass" })).toBeDisabled();
  const email = `e2e-axe-confirm-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.se`;
  await fillBookingForm(page, { name: "Axel Granskare", email, phone: "0701234567", dog: "Kontrast" });
  await acceptTermsAndSubmit(page);
  await expect(page).toHaveURL(/\/mina-bokningar$/);
  return "/mina-bokningar";
}

/**
 * The booking form posted by the browser itself, past the script's checks (as
 * without JavaScript): the server's answer lists every error at the top.
 */
async function sendBookingWithErrors(page: Page) {
  await page.getByLabel("E-post *", { exact: true }).fill("fel@example");
  await waitForFillTime(page);
  await page.evaluate(() => HTMLFormElement.prototype.submit.call(document.getElementById("booking-form")));
  await expect(page.getByTestId("error-summary").getByRole("link").first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
}

/** The contact form sent empty: the errors show (by conform in the browser). */
async function submitContactEmpty(page: Page) {
  const form = page.locator("#contact-form");
  await form.getByRole("button", { name: "Skicka meddelande" }).click();
  await expect(form.locator("[aria-invalid='true']").first()).toBeVisible();
  await expect(form.locator(".field-errors li").first()).toBeVisible();
}

/** A form sent to a page that takes none (/hitta): the page that says so. */
async function postToReadOnlyPage(page: Page) {
  // Run in the page as written (the project's types are the Worker's, not the browser's DOM).
  await page.evaluate(`{
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/hitta";
    document.body.appendChild(form);
    HTMLFormElement.prototype.submit.call(form);
  }`);
  await expect(page.getByRole("heading", { level: 1, name: "Sidan tar inte emot formulär" })).toBeVisible();
}

/** The create form sent empty: the errors show (by conform in the browser). */
async function submitCreateSessionEmpty(page: Page) {
  await page.getByRole("button", { name: "Skapa Pass" }).click();
  await expect(page.getByText("Titel är obligatorisk")).toBeVisible();
}

/** 'Upprepa varje vecka' ticked: the series' dates are listed (after a post, without JavaScript). */
async function listWeeklySeries(page: Page) {
  await page.getByLabel("Titel").fill("Axe-serie");
  await page.getByLabel("Plats").selectOption("Hundhallen Gävle");
  await page.getByLabel("Datum").fill(new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel("Starttid").fill("18:00");
  await page.getByLabel("Sluttid").fill("19:00");
  await page.getByLabel("Upprepa varje vecka").check();
  await page.getByLabel("Antal gånger").fill("4");
  const dates = page.getByRole("group", { name: "Datum i serien" });
  if (!(await dates.isVisible())) await page.getByRole("button", { name: "Skapa Pass" }).click();
  await expect(dates.getByRole("checkbox")).toHaveCount(4);
}

/** A type with no fixed price chosen: the rest of the form is read-only. */
async function chooseCombinedType(page: Page) {
  await page.getByLabel("Utgå från en passtyp").selectOption({ label: "KOMBIPASS" });
  await expect(page.getByLabel("Beskrivning")).toHaveAttribute("readonly", "");
}

/** The first confirmed session's booking info, opened. */
async function openBookingInfo(page: Page) {
  const summary = page.getByText("Visa/Dölj Bokningsinfo").first();
  await summary.click();
  await expect(page.locator("details[open]").first()).toBeVisible();
}

/** /admin/old: the first session's booking info, opened through its link (?visa=). */
async function openAllSessionsBookingInfo(page: Page) {
  await page.getByRole("link", { name: /^Visa\/Dölj Bokningsinfo/ }).first().click();
  await expect(page).toHaveURL(/visa=\d+/);
  await expect(page.locator(".booking-list").first()).toBeVisible();
}

/** The edit dialog of the first confirmed session, open with its form. */
async function openEditDialog(page: Page) {
  await page.getByRole("button", { name: "Redigera" }).first().click();
  await expect(page.getByRole("dialog", { name: "Redigera pass" }).getByLabel("Titel")).toBeVisible();
}

/** The e-mail composer for the first confirmed session's customers. */
async function composerPath(page: Page) {
  const html = await (await page.request.get("/admin/bokade-pass")).text();
  const id = html.match(/data-testid="admin-session-(\d+)"/)?.[1];
  if (!id) throw new Error("no session on /admin/bokade-pass");
  return `/admin/epost?pass=${id}`;
}

async function sendComposerEmpty(page: Page) {
  await page.getByRole("button", { name: "Skicka" }).click();
  await expect(page.getByText("Ämne är obligatoriskt")).toBeVisible();
}

/** The release dialog of the first confirmed session, open. */
async function openReleaseDialog(page: Page) {
  await page.getByRole("button", { name: "Släpp till försäljning" }).first().click();
  await expect(page.getByRole("dialog", { name: "Släpp till försäljning" })).toBeVisible();
}

/** A session's own page with its first booking's Avboka dialog open. */
async function openBookingCancelDialog(page: Page) {
  await page.getByTestId("session-booking").first().getByRole("button", { name: "Avboka" }).click();
  await expect(page.getByRole("dialog", { name: "Avboka" })).toBeVisible();
}

/** A change's confirmation page (the way without JavaScript), found in the confirmed list's server HTML. */
function confirmationPath(pattern: RegExp) {
  return async (page: Page) => {
    const html = await (await page.request.get("/admin/bokade-pass")).text();
    const href = html.match(pattern)?.[0];
    if (!href) throw new Error(`no ${pattern} on /admin/bokade-pass`);
    return href.replaceAll("&amp;", "&");
  };
}

/** /admin/utskick with a campaign saved through its form, so the list has a card. */
async function saveCampaign(page: Page) {
  await page.getByLabel("Kampanjnamn (obligatoriskt)").fill(`Axe ${Date.now() % 1_000_000}`);
  await page.getByLabel("Ämnesrad (obligatoriskt)").fill("Nästa månads pass");
  await page.getByLabel("Meddelande (obligatoriskt)").fill("Hej!\n\nNu finns nästa månads pass.");
  await page.getByRole("button", { name: "Spara kampanj" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Kampanj sparad!" })).toBeVisible();
}

/** The same, with the first campaign's send dialog open (its choices with their counts, and the mail's preview). */
async function openCampaignSendDialog(page: Page) {
  await saveCampaign(page);
  // 'Skicka till segment' is a link to the send step, which opens as a dialog over the list.
  await page.getByRole("link", { name: "Skicka till segment" }).first().click();
  await expect(page.getByRole("dialog", { name: "Skicka till segment" })).toBeVisible();
  await expect(page.getByTestId("mail-preview")).toBeVisible();
}

/** /admin/flurre's FAQ tab with a row saved through its form, so the list has a card. */
async function saveFaqRow(page: Page) {
  await page.getByLabel("Fråga (obligatoriskt)").fill(`Får hunden följa med in i fiket? ${Date.now() % 1_000_000}`);
  await page.getByLabel("Svar (obligatoriskt)").fill("Ja, i koppel.\n\nVattenskål finns vid disken.");
  await page.getByLabel("Länkar").fill("Hitta hit | /hitta\nKartan | https://maps.example.com");
  await page.getByRole("button", { name: "Spara FAQ-rad" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "FAQ-rad sparad!" })).toBeVisible();
}

/** /admin/passtyper's form sent empty: each required field shows its message. */
async function sendTypeEmpty(page: Page) {
  await page.getByRole("button", { name: "Lägg till passtyp" }).click();
  await expect(page.getByText("Namn är obligatoriskt")).toBeVisible();
}

/** /admin/kort's product form sent empty: each required field shows its message. */
async function sendCardProductEmpty(page: Page) {
  await page.getByRole("button", { name: "Lägg till kort" }).click();
  await expect(page.getByText("Namn är obligatoriskt")).toBeVisible();
}

/** /admin/kort with a klippkort of its own sold, the card's history open. */
async function sellACard(page: Page) {
  const name = `Axe-kort ${Date.now() % 1_000_000}`;
  await addKlippkort(page, name);
  const last4 = await registerSold(page, name, `axe-kort-${Date.now() % 1_000_000}@example.se`);
  const card = page.locator("li.sold-card", { has: page.getByRole("heading", { name: `${name} · ${last4}` }) });
  await card.getByText("Historik (1 händelse)").click();
  await expect(card.getByText("Sålt i kassan")).toBeVisible();
}

/** The step before voiding a card: a card sold first, then its 'Spärra kort'. */
async function voidConfirmationPath(page: Page): Promise<string> {
  await page.goto("/admin/kort");
  const name = `Axe-spärr ${Date.now() % 1_000_000}`;
  await addKlippkort(page, name);
  const last4 = await registerSold(page, name, `axe-sparr-${Date.now() % 1_000_000}@example.se`);
  const href = await page.getByRole("link", { name: `Spärra kortet som slutar på ${last4}` }).getAttribute("href");
  if (!href) throw new Error("no 'Spärra kort' link");
  return href;
}

/** The step before marking a card refunded: a card sold first, then its 'Återbetala kort'. */
async function refundConfirmationPath(page: Page): Promise<string> {
  await page.goto("/admin/kort");
  const name = `Axe-återbetala ${Date.now() % 1_000_000}`;
  await addKlippkort(page, name);
  const last4 = await registerSold(page, name, `axe-aterbetala-${Date.now() % 1_000_000}@example.se`);
  const href = await page.getByRole("link", { name: `Återbetala kortet som slutar på ${last4}` }).getAttribute("href");
  if (!href) throw new Error("no 'Återbetala kort' link");
  return href;
}

/**
 * A seeded customer's list with a card of theirs: the admin (signed in for
 * the case) registers a klippkort sold to Mats, who then signs in with his
 * own link (no other case signs in as him).
 */
async function customerWithCardPath(page: Page): Promise<string> {
  await page.goto("/admin/kort");
  const name = `Axe-mina-kort ${Date.now() % 1_000_000}`;
  await addKlippkort(page, name);
  await registerSold(page, name, "mats.lindqvist@example.se");
  await page.context().clearCookies();
  await useOwnIp(page);
  await signInWithLink(page, "mats.lindqvist@example.se", true);
  await expect(page).toHaveURL(/\/mina-bokningar\/lista$/);
  return "/mina-bokningar/lista";
}

/** A public page with the list of cards staff show there: a klippkort of its own shown on the start page and /boka. */
function withCardsShown(path: string) {
  return async (page: Page): Promise<string> => {
    await addShownKlippkort(page, `Axe-visat kort ${Date.now() % 1_000_000}`, "På båda");
    return path;
  };
}

/** The first of the customer's cards opened: its facts and history. */
async function openMyCard(page: Page) {
  await page.getByTestId("my-card").first().locator("summary").click();
  await expect(page.getByTestId("my-card").first().getByText("Koden slutar på")).toBeVisible();
}

/** /admin/kalender with a new link shown (made and then revoked, under the calendar tests' lock). */
async function makeCalendarLink(page: Page) {
  await withLock("calendar-feed", async () => {
    await page.getByRole("button", { name: /^Skapa (ny )?kalenderlänk/ }).click();
    await expect(page.getByTestId("calendar-link")).toBeVisible();
  });
}

/**
 * /admin/epost-status with something listed: the provider reports a soft
 * bounce (no effect on any subscriber) of the admin's own sign-in mail.
 */
async function reportSoftBounce(page: Page) {
  const mails = await (await page.request.get(`/dev/mail?to=${encodeURIComponent("admin@hundpass.se")}`)).text();
  const id = mails.match(/\/dev\/mail\/([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error("no mail to the admin in /dev/mail");
  const bounce = { type: "Transient", subType: "MailboxFull", message: "Mailbox full, try again later" };
  const answer = await postMailEvent(page.request, { type: "email.bounced", data: { email_id: `local:${id}`, subject: "Inloggning", bounce } });
  expect(answer.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("mail-bounced").first()).toBeVisible();
}

/**
 * Flurre's chat opened from the launcher, with one question answered. With
 * the keyboard: on the start page's first view the launcher steps aside
 * rather than cover its content, and shows again when it gets the focus.
 */
async function openFlurreChat(page: Page) {
  await page.getByTestId("flurre-launcher").focus();
  await page.keyboard.press("Enter");
  const chat = page.getByRole("dialog", { name: "Fråga Flurre" });
  await chat.getByRole("textbox", { name: "Vad vill du veta?" }).fill("Vad kostar en valpkurs?");
  await chat.getByRole("button", { name: "Skicka" }).click();
  await expect(chat.getByTestId("flurre-answer")).toHaveCount(1);
}

const PAGES: PageCase[] = [
  { name: "start", path: "/" },
  { name: "alla-popups", path: "/alla-popups" },
  { name: "boka step 1", path: "/boka" },
  { name: "start, cards shown", path: withCardsShown("/"), admin: true },
  { name: "boka step 1, cards shown", path: withCardsShown("/boka"), admin: true },
  { name: "boka list", path: "/boka?steg=2&typ=alla&vy=lista" },
  { name: "boka list, one session type", path: "/boka?steg=2&typ=alla&passtyp=VALPKURS&vy=lista" },
  { name: "boka calendar", path: CALENDAR },
  { name: "boka calendar, day selected", path: selectedDayPath },
  { name: "session", path: sessionPath },
  { name: "session, full: the queue form", path: fullSessionPath },
  { name: "session, sent with errors", path: sessionPath, prepare: sendBookingWithErrors },
  { name: "hold link, unknown", path: "/ko/ingen-riktig-token-men-en-sida-att-granska", status: 404 },
  { name: "leave link, unknown", path: "/ko/lamna/ingen-riktig-token-men-en-sida-att-granska", status: 404 },
  { name: "decision link, unknown", path: "/beslut?token=ingen-riktig-token-men-en-sida-att-granska&val=kor" },
  { name: "preppa", path: "/preppa" },
  { name: "hitta", path: "/hitta" },
  { name: "om", path: "/om" },
  { name: "integritet", path: "/integritet" },
  { name: "om, contact form sent empty", path: "/om", prepare: submitContactEmpty },
  { name: "om, a team member's Kontakta chosen", path: "/om?till=Linnea#kontakt" },
  { name: "a form sent to a page that takes none", path: "/hitta", prepare: postToReadOnlyPage },
  { name: "mina-bokningar", path: "/mina-bokningar" },
  { name: "rapportera-problem", path: "/rapportera-problem" },
  { name: "unsubscribe, a link without its token", path: "/unsubscribe?email=ingen%40example.se" },
  { name: "flurre", path: "/flurre" },
  { name: "flurre chat open, a question answered", path: "/", prepare: openFlurreChat },
  { name: "logga-in", path: "/logga-in" },
  { name: "registrera", path: "/registrera" },
  { name: "registrera, sent", path: "/registrera?skickat=1" },
  { name: "staff confirmation link", path: "/registrera/bekrafta?token=ingen-riktig-token-men-en-sida-att-granska" },
  { name: "mina-bokningar, sent", path: "/mina-bokningar?skickat=1" },
  { name: "mina-bokningar, a booking confirmed", path: confirmedBookingPath },
  { name: "mina-bokningar lista, with my data", path: asCustomer("sara.holmgren@example.com", "/mina-bokningar/lista") },
  { name: "mina-bokningar radera", path: asCustomer("elin.strand@example.com", "/mina-bokningar/radera") },
  { name: "mina-bokningar lista, a card of mine open", path: customerWithCardPath, admin: true, prepare: openMyCard },
  // The admin's own address has no bookings: the page asks for the confirmation (Elin's says why it cannot erase yet).
  { name: "mina-bokningar radera, nothing upcoming", path: "/mina-bokningar/radera", admin: true },
  { name: "logga-in, sent from /admin", path: "/admin" },
  { name: "not found", path: "/no-such-page", status: 404 },
  { name: "admin menu", path: "/admin", admin: true },
  { name: "admin skapa-pass", path: "/admin/skapa-pass", admin: true },
  { name: "admin skapa-pass, type chosen", path: "/admin/skapa-pass", admin: true, prepare: chooseCombinedType },
  { name: "admin skapa-pass, sent empty", path: "/admin/skapa-pass", admin: true, prepare: submitCreateSessionEmpty },
  { name: "admin skapa-pass, weekly series listed", path: "/admin/skapa-pass", admin: true, prepare: listWeeklySeries },
  { name: "admin lediga-pass", path: "/admin/lediga-pass", admin: true },
  { name: "admin vantande-pass", path: "/admin/vantande-pass", admin: true },
  { name: "admin bokade-pass, booking info open", path: "/admin/bokade-pass", admin: true, prepare: openBookingInfo },
  { name: "admin bokade-pass, release dialog open", path: "/admin/bokade-pass", admin: true, prepare: openReleaseDialog },
  { name: "admin release confirmation", path: confirmationPath(/\/admin\/pass\/\d+\?atgard=release[^"]*/), admin: true },
  { name: "admin Avboka confirmation", path: confirmationPath(/\/admin\/bokning\/[0-9a-f-]{36}\?[^"]*/), admin: true },
  { name: "admin logg", path: "/admin/logg", admin: true },
  { name: "admin attendee print view", path: confirmationPath(/\/admin\/pass\/\d+\/utskrift\?tillbaka=[^"]*/), admin: true },
  { name: "admin edit dialog open", path: "/admin/bokade-pass", admin: true, prepare: openEditDialog },
  { name: "admin edit page", path: confirmationPath(/\/admin\/pass\/\d+\?tillbaka=[^"]*/), admin: true },
  {
    name: "admin session page, Avboka dialog open",
    path: confirmationPath(/\/admin\/pass\/\d+\?tillbaka=[^"]*/),
    admin: true,
    prepare: openBookingCancelDialog,
  },
  { name: "admin e-mail composer, sent empty", path: composerPath, admin: true, prepare: sendComposerEmpty },
  { name: "admin alla pass, booking info open", path: "/admin/old?q=karin", admin: true, prepare: openAllSessionsBookingInfo },
  { name: "admin utskick, a campaign saved", path: "/admin/utskick", admin: true, prepare: saveCampaign },
  {
    name: "admin utskick, send dialog open",
    path: "/admin/utskick",
    admin: true,
    prepare: openCampaignSendDialog,
    exclude: ["iframe.mail-preview-frame"],
  },
  { name: "admin utskick segment, no subscriber found", path: "/admin/utskick?flik=segment&epost=ingen%40example.se", admin: true },
  { name: "admin flurre, an FAQ row saved", path: "/admin/flurre?flik=faq", admin: true, prepare: saveFaqRow },
  { name: "admin flurre, a question tried", path: "/admin/flurre?flik=prova&fraga=Vad%20kostar%20VALPKURS%3F", admin: true },
  { name: "admin kalender", path: "/admin/kalender", admin: true },
  { name: "admin passtyper", path: "/admin/passtyper", admin: true },
  { name: "admin passtyper, a type sent empty", path: "/admin/passtyper", admin: true, prepare: sendTypeEmpty },
  { name: "admin passtyper, editing a type", path: "/admin/passtyper?typ=1", admin: true },
  { name: "admin kort", path: "/admin/kort", admin: true },
  { name: "admin kort, a product sent empty", path: "/admin/kort", admin: true, prepare: sendCardProductEmpty },
  { name: "admin kort, a new presentkort", path: "/admin/kort?ny=presentkort", admin: true },
  { name: "admin kort, a card sold", path: "/admin/kort", admin: true, prepare: sellACard },
  { name: "admin kort, void confirmation", path: voidConfirmationPath, admin: true },
  { name: "admin kort, refund confirmation", path: refundConfirmationPath, admin: true },
  { name: "admin platser", path: "/admin/platser", admin: true },
  { name: "admin platser, editing a place", path: "/admin/platser?rad=1", admin: true },
  { name: "admin platser, delete refused", path: "/admin/platser?rad=1&atgard=ta-bort", admin: true },
  { name: "admin team", path: "/admin/team", admin: true },
  { name: "admin preppa", path: "/admin/preppa", admin: true },
  { name: "admin kalender, a new link shown", path: "/admin/kalender", admin: true, prepare: makeCalendarLink },
  { name: "admin epost-status, a bounce listed", path: "/admin/epost-status", admin: true, prepare: reportSoftBounce },
  { name: "admin drift", path: "/admin/drift", admin: true },
  { name: "admin handbok", path: "/admin/handbok", admin: true },
];

const PHONE_PAGES = new Set([
  "mina-bokningar lista, with my data",
  "mina-bokningar lista, a card of mine open",
  "start",
  "start, cards shown",
  "boka step 1, cards shown",
  "alla-popups",
  "boka calendar, day selected",
  "session",
  "session, full: the queue form",
  "session, sent with errors",
  "mina-bokningar, a booking confirmed",
  "mina-bokningar radera",
  "mina-bokningar radera, nothing upcoming",
  "logga-in, sent from /admin",
  "om",
  "integritet",
  "admin menu",
  "admin skapa-pass, sent empty",
  "admin skapa-pass, weekly series listed",
  "admin attendee print view",
  "admin lediga-pass",
  "admin bokade-pass, booking info open",
  "admin bokade-pass, release dialog open",
  "admin release confirmation",
  "admin alla pass, booking info open",
  "admin edit dialog open",
  "admin session page, Avboka dialog open",
  "admin utskick, a campaign saved",
  "admin utskick, send dialog open",
  "admin utskick segment, no subscriber found",
  "flurre chat open, a question answered",
  "admin flurre, an FAQ row saved",
  "admin kalender, a new link shown",
  "admin passtyper",
  "admin passtyper, a type sent empty",
  "admin kort, a product sent empty",
  "admin kort, a card sold",
  "admin kort, refund confirmation",
  "admin platser",
  "admin team",
  "admin preppa",
  "admin kalender",
  "admin epost-status, a bounce listed",
  "admin drift",
  "admin handbok",
]);

function describeViolation(v: Violation): string {
  const nodes = v.nodes.map((node) => {
    const summary = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ").trim();
    return `    - ${node.target.join(" ")}\n      ${summary}`;
  });
  return [`  ${v.id} (${v.impact ?? "no impact"}): ${v.help}`, `    ${v.helpUrl}`, ...nodes].join("\n");
}

/** Opens the case's page as a visitor sees it once the app has hydrated, prepared; returns its path. */
async function open(page: Page, pageCase: PageCase): Promise<string> {
  if (pageCase.admin) await signInAsAdmin(page, true, { show: false });
  const path = typeof pageCase.path === "string" ? pageCase.path : await pageCase.path(page);
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status(), `status of ${path}`).toBe(pageCase.status ?? 200);
  // Scan what a visitor sees once the app has hydrated, not the server HTML alone.
  await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
  if (pageCase.prepare) await pageCase.prepare(page);
  return path;
}

async function scan(page: Page, testInfo: TestInfo, pageCase: PageCase, path: string, label: string) {
  const builder = wcagScan(page);
  for (const selector of pageCase.exclude ?? []) builder.exclude(selector);
  const { violations, incomplete } = await builder.analyze();
  const elements = violations.reduce((sum, v) => sum + v.nodes.length, 0);
  // "Needs review" results (text over a picture, say) are reported, not failed on.
  const line =
    `axe ${label} · ${pageCase.name} · ${path}: ${violations.length} violations on ${elements} elements` +
    ` (${incomplete.length} rules need review)`;
  console.log(line);
  testInfo.annotations.push({ type: "axe", description: line });
  await testInfo.attach(`axe ${label} ${pageCase.name}`, {
    body: JSON.stringify({ path, violations, incomplete }, null, 2),
    contentType: "application/json",
  });
  expect(violations.map(describeViolation), line).toEqual([]);
}

test.describe("axe, WCAG 2.2 AA", () => {
  // Each case opens its own page from the seeded data and changes nothing
  // another case reads, so the cases spread over the workers.
  test.describe.configure({ mode: "parallel" });
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "js", "axe runs on the hydrated page, with JavaScript on");
  });

  for (const pageCase of PAGES) {
    const phone = PHONE_PAGES.has(pageCase.name);
    test(`${pageCase.name} has no violations${phone ? ", on a desktop and at 390 px" : ""}`, async ({ page }, testInfo) => {
      // Two full scans (each a few seconds of axe on a busy 2-core machine): the time of a slow test.
      if (phone) test.slow();
      const path = await open(page, pageCase);
      await scan(page, testInfo, pageCase, path, "desktop");
      if (!phone) return;
      // The same page and state, narrowed to a phone's width: the layout is CSS (media queries), so it reflows.
      await page.setViewportSize(PHONE);
      await scan(page, testInfo, pageCase, path, "390px");
    });
  }
});
