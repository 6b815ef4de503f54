// The public newsletter: a visitor subscribes on the start page with
// JavaScript (the Turnstile widget, played by a tiny stand-in script since the
// test machine has no network; the server verifies its token against the
// local siteverify stub) and without JavaScript (double opt-in through the
// link in /dev/mail), then unsubscribes through the link in the mail.
import { expect, test, type Page } from "@playwright/test";
import { FILL_TIME_MS, useOwnIp } from "./auth-helpers";

/**
 * Turnstile's api.js as the widget library uses it: render() adds the hidden
 * response field and calls back with a fresh token; reset() issues a new one.
 */
const FAKE_TURNSTILE = `(() => {
  const widgets = {};
  let next = 0;
  const issue = (id) => setTimeout(() => {
    const w = widgets[id];
    if (!w) return;
    w.token = "e2e-" + Math.random().toString(36).slice(2);
    w.input.value = w.token;
    w.params.callback?.(w.token);
  }, 50);
  window.turnstile = {
    ready: (cb) => cb(),
    render(el, params) {
      const container = typeof el === "string" ? document.querySelector(el) : el;
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = params["response-field-name"] || "cf-turnstile-response";
      container.appendChild(input);
      const id = "w" + ++next;
      widgets[id] = { params, input, token: "" };
      issue(id);
      return id;
    },
    reset(id) { const w = widgets[id]; if (w) { w.token = ""; w.input.value = ""; issue(id); } },
    remove(id) { widgets[id]?.input.remove(); delete widgets[id]; },
    getResponse: (id) => widgets[id]?.token,
    isExpired: () => false,
    execute() {},
  };
  const onload = /onload=([^&]+)/.exec(document.currentScript?.src ?? "")?.[1];
  if (onload && typeof window[onload] === "function") window[onload]();
})();`;

const uniqueAddress = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.se`;

/** Opens the newest mail of `kind` to `email` in /dev/mail and returns its text. */
async function readMail(page: Page, email: string, kind: string): Promise<string> {
  const row = page.getByTestId("mail-row").filter({ hasText: kind });
  await expect
    .poll(
      async () => {
        await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
        return row.count();
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  await row.first().getByRole("link").click();
  return page.getByTestId("mail-text").innerText();
}

function linkIn(text: string, path: string): string {
  const link = text.match(new RegExp(`https?://\\S+${path}\\?\\S+`))?.[0];
  if (!link) throw new Error(`no ${path} link in the mail:\n${text}`);
  return link;
}

/** Confirms a subscription with the link in its confirmation mail; returns the link. */
async function confirmThroughMail(page: Page, email: string): Promise<string> {
  const link = linkIn(await readMail(page, email, "newsletter-confirmation"), "/nyhetsbrev/bekrafta");
  await page.goto(link);
  await page.getByRole("button", { name: "Bekräfta prenumeration" }).click();
  await expect(page.getByRole("heading", { name: "Du är nu prenumerant!" })).toBeVisible();
  return link;
}

async function unsubscribeThroughMail(page: Page, email: string) {
  const link = linkIn(await readMail(page, email, "newsletter-welcome"), "/unsubscribe");
  await page.goto(link);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("button", { name: "Avprenumerera" }).click();
  await expect(page.getByText("Du är avprenumererad.")).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await useOwnIp(page);
});

test("a visitor subscribes with JavaScript and unsubscribes through the link in the welcome mail", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the bot check needs JavaScript");
  const widgetRequests: string[] = [];
  await page.route("https://challenges.cloudflare.com/**", (route) => {
    widgetRequests.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: FAKE_TURNSTILE });
  });

  // The widget loads only where the form is.
  await page.goto("/om");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(widgetRequests).toEqual([]);

  await page.goto("/");
  const form = page.getByTestId("newsletter-form");
  const email = form.getByLabel("E-postadress");
  const submit = form.getByRole("button", { name: "Prenumerera" });
  await email.fill("inte en adress");
  await expect(form.getByText("Ange en giltig e-postadress")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(submit).toBeDisabled();

  const address = uniqueAddress("js");
  await email.fill(address);
  await expect(form.getByText("Ange en giltig e-postadress")).toHaveCount(0);
  await expect(submit).toBeEnabled();
  expect(widgetRequests.length).toBeGreaterThan(0);
  await page.waitForTimeout(FILL_TIME_MS);
  await submit.click();

  await expect(form.getByText("Toppen! Du är nu prenumerant! 🎉")).toBeVisible();
  await expect(form.getByText("Kolla din e-post så inget hamnat i skräpposten.")).toBeVisible();
  await expect(email).toHaveValue("");

  await unsubscribeThroughMail(page, address);
});

test("without JavaScript a visitor confirms the subscription by the mailed link, then unsubscribes", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the double opt-in is the path without JavaScript");
  await page.goto("/");
  await page.waitForTimeout(FILL_TIME_MS);
  const address = uniqueAddress("nojs");
  const form = page.getByTestId("newsletter-form");
  await form.getByLabel("E-postadress").fill(address);
  await form.getByRole("button", { name: "Prenumerera" }).click();
  await expect(page.getByText(/Vi har skickat ett mejl till dig/)).toBeVisible();

  const link = await confirmThroughMail(page, address);

  // The link works once.
  await page.goto(link);
  await page.getByRole("button", { name: "Bekräfta prenumeration" }).click();
  await expect(page.getByRole("heading", { name: "Bekräftelsen misslyckades" })).toBeVisible();

  await unsubscribeThroughMail(page, address);
});

test("with JavaScript but the bot check blocked, a visitor still subscribes through the mailed link", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the widget loads only with JavaScript");
  // As an ad blocker (or no network) does it: the widget's script never arrives.
  await page.route("https://challenges.cloudflare.com/**", (route) => route.abort("blockedbyclient"));
  await page.goto("/");
  const form = page.getByTestId("newsletter-form");
  await expect(form.getByTestId("bot-status")).toContainText("Bot-skydd blockerades (adblocker?)");
  await expect(form.getByTestId("bot-status")).toContainText("mejlar vi dig en länk");
  const address = uniqueAddress("blocked");
  await form.getByLabel("E-postadress").fill(address);
  await page.waitForTimeout(FILL_TIME_MS);
  await form.getByRole("button", { name: "Prenumerera" }).click();
  await expect(page.getByText(/Vi har skickat ett mejl till dig/)).toBeVisible();

  await confirmThroughMail(page, address);
});

/**
 * Ten signups of other addresses from the network `ip` (a shared office, say) spend its budget; then the visitor's own
 * signup through the form on the page is refused with the server's words. Returns the visitor's address.
 */
async function signUpOverLimit(page: Page, ip: string, prefix: string): Promise<string> {
  const form = page.getByTestId("newsletter-form");
  const stamp = await form.locator('input[name="form_rendered_at"]').inputValue();
  await page.waitForTimeout(FILL_TIME_MS);
  for (let i = 0; i < 10; i++) {
    const res = await page.request.post("/?index", {
      form: { email: uniqueAddress(`kontor${i}`), website: "", form_rendered_at: stamp },
      headers: { "CF-Connecting-IP": ip },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
  }
  const address = uniqueAddress(prefix);
  await form.getByLabel("E-postadress").fill(address);
  await form.getByRole("button", { name: "Prenumerera" }).click();
  await expect(form.getByText("Du har skickat för många förfrågningar. Vänta en stund och försök igen.")).toBeVisible();
  return address;
}

test("without JavaScript, an address the server refuses comes back where the form is, its message in view", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "with JavaScript the form answers in place");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.waitForTimeout(FILL_TIME_MS);
  const form = page.getByTestId("newsletter-form");
  // The browser takes it as an address; the server does not.
  await form.getByLabel("E-postadress").fill("a@b");
  await form.getByRole("button", { name: "Prenumerera" }).click();
  await expect(page).toHaveURL(/#nyhetsbrev$/);
  await expect(form.getByText("Ange en giltig e-postadress")).toBeInViewport();
  await expect(form.getByLabel("E-postadress")).toHaveValue("a@b");
});

test("a visitor whose network has used up its signups is told to wait, and nothing is sent", async ({
  page,
  javaScriptEnabled,
}) => {
  const ip = `10.251.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
  if (javaScriptEnabled) {
    await page.route("https://challenges.cloudflare.com/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: FAKE_TURNSTILE }),
    );
  }
  await page.goto("/");
  const form = page.getByTestId("newsletter-form");
  const address = await signUpOverLimit(page, ip, "elfte");
  await expect(form.getByText(/Vi har skickat ett mejl till dig|Du är nu prenumerant/)).toHaveCount(0);
  await page.goto(`/dev/mail?to=${encodeURIComponent(address)}`);
  await expect(page.getByTestId("mail-row")).toHaveCount(0);
});

test("with JavaScript but the bot check blocked, a network that has used up its signups is told to wait too", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the widget loads only with JavaScript");
  const ip = `10.252.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
  await page.route("https://challenges.cloudflare.com/**", (route) => route.abort("blockedbyclient"));
  await page.goto("/");
  const form = page.getByTestId("newsletter-form");
  await expect(form.getByTestId("bot-status")).toContainText("mejlar vi dig en länk");
  const address = await signUpOverLimit(page, ip, "blockerad-elfte");
  // The address stays for another try later.
  await expect(form.getByLabel("E-postadress")).toHaveValue(address);
  await page.goto(`/dev/mail?to=${encodeURIComponent(address)}`);
  await expect(page.getByTestId("mail-row")).toHaveCount(0);
});
