// Flurre, the chat. With JavaScript, keyboard only: every kind of 'Fråga
// Flurre' button opens the chat with its question, which is sent by itself
// and answered; Escape closes it and focus goes back to the button; the
// conversation is still there after a navigation and a reload. Without
// JavaScript: /flurre?fraga=… answers, a follow-up question goes through the
// page's form, and a bad question gets Flurre's Swedish message. Asked what
// the site does not say, Flurre says so and offers "Menar du…?" links, on the
// page and in the chat.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { FILL_TIME_MS } from "./auth-helpers";

const VALPKURS_QUESTION = "Berätta allt jag behöver veta om VALPKURS!";
/** The e2e server refuses forms sent sooner than this after rendering (bot check). */
const HUMAN_PAUSE_MS = FILL_TIME_MS;

function chat(page: Page) {
  return page.getByRole("dialog", { name: "Fråga Flurre" });
}

/** Hydrated, with the chat listening: the launcher then says it opens a dialog. */
async function hydrated(page: Page) {
  await expect(page.getByTestId("flurre-launcher")).toHaveAttribute("aria-haspopup", "dialog");
}

/**
 * Opens the chat from `button` with the keyboard and checks the round: the
 * question field has focus, the button's question is sent by itself and
 * answered with `fact` (from the demo data), Escape closes the chat and
 * focus is back on the button. `before`: the answers the tab's conversation
 * already holds (counted by the caller: on a busy machine the question may be
 * sent, and even answered, before the test could count them itself).
 * Returns the answers shown after this one.
 */
async function askWithKeyboard(
  page: Page,
  button: Locator,
  question: string | null,
  fact: string | RegExp,
  before: number,
) {
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = chat(page);
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole("textbox", { name: "Vad vill du veta?" });
  await expect(field).toBeFocused();
  const answers = dialog.getByTestId("flurre-answer");
  const questions = dialog.getByTestId("flurre-question");
  if (question) {
    // The field shows the button's question until it is sent, half a second
    // after opening; a slow machine may only look once it has been sent.
    const prefilled = question;
    await expect
      .poll(async () => (await field.inputValue()) === prefilled || (await questions.count()) > before)
      .toBe(true);
  } else {
    question = "Var ligger Hundhallen Gävle?";
    await page.keyboard.type(question);
    await page.keyboard.press("Enter");
  }
  await expect(questions).toHaveCount(before + 1);
  await expect(questions.last()).toHaveText(question);
  await expect(answers).toHaveCount(before + 1);
  await expect(answers.last()).toContainText(fact);
  await expect(field).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  return before + 1;
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the chat needs JavaScript");

  test("the start page's type button and the session page's button ask their questions; the chat survives navigation and reload", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const typeButton = page
      .getByTestId("type-card")
      .filter({ hasText: "VALPKURS" })
      .getByRole("link", { name: "Fråga Flurre om Passet" });
    expect(await askWithKeyboard(page, typeButton, VALPKURS_QUESTION, "Ett pass kostar 249 kr.", 0)).toBe(1);

    await page.goto("/session/15");
    await hydrated(page);
    const sessionButton = page.getByRole("link", { name: "Frågor om passet? Fråga Flurre" });
    const sessionQuestion = await sessionButton.getAttribute("data-flurre-question");
    expect(sessionQuestion).toContain("VARDAGSLYDNAD");
    // The answer names this session's own seats left (the page shows the same count).
    const seats = (await page.getByText(/\d+ platser? kvar/).first().textContent())!.match(/\d+ platser? kvar/)![0];
    expect(await askWithKeyboard(page, sessionButton, sessionQuestion, seats, 1)).toBe(2);

    // Kept for the tab: after a reload the whole conversation is back.
    await page.reload();
    await hydrated(page);
    await page.getByTestId("flurre-launcher").focus();
    await page.keyboard.press("Enter");
    const questions = chat(page).getByTestId("flurre-question");
    await expect(questions).toHaveText([VALPKURS_QUESTION, sessionQuestion!]);
    await expect(chat(page).getByTestId("flurre-answer")).toHaveCount(2);
  });

  test("on a phone, a long answer is shown from its first line, with the question above it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 600 });
    await page.goto("/session/15");
    await hydrated(page);
    await page.getByRole("link", { name: "Frågor om passet? Fråga Flurre" }).click();
    const answer = chat(page).getByTestId("flurre-answer");
    await expect(answer).toContainText("Det här gäller passet du tittar på");
    const [logBox, answerBox] = [await chat(page).getByRole("log").boundingBox(), await answer.boundingBox()];
    // The answer is taller than the log on this screen; its first line is in view all the same.
    expect(answerBox!.height).toBeGreaterThan(logBox!.height);
    expect(answerBox!.y).toBeGreaterThanOrEqual(logBox!.y);
    expect(answerBox!.y).toBeLessThan(logBox!.y + logBox!.height - 40);
  });

  test("the /preppa, /hitta and /om buttons and the launcher ask their questions", async ({ page }) => {
    await page.goto("/preppa");
    await hydrated(page);
    const preppa = page.locator("main").getByRole("link", { name: "Fråga Flurre", exact: true });
    await askWithKeyboard(page, preppa, "Hur förbereder jag mig och min hund bäst inför vårt första pass?", "Koppel och sele.", 0);

    await page.goto("/hitta");
    await hydrated(page);
    const place = page.locator("main").getByRole("link", { name: "Fråga Flurre", exact: true }).first();
    const placeQuestion = await place.getAttribute("data-flurre-question");
    expect(placeQuestion).toMatch(/^Hur hittar jag till .+, och var ska vi mötas\?$/);
    const placeName = placeQuestion!.replace(/^Hur hittar jag till (.+), och var ska vi mötas\?$/, "$1");
    await askWithKeyboard(page, place, placeQuestion, `Så hittar du till ${placeName}`, 1);

    await page.goto("/om");
    await hydrated(page);
    const person = page.locator("main").getByRole("link", { name: "Fråga Flurre", exact: true }).first();
    await askWithKeyboard(page, person, "Berätta mer om Flurre!", "kontorshund", 2);

    // The launcher opens the chat empty; the visitor types the question.
    const answers = await askWithKeyboard(page, page.getByTestId("flurre-launcher"), null, "Hundhallen Gävle (inomhus)", 3);
    expect(answers).toBe(4);
  });

  test("a network failure is told in Swedish and the question stays in the field", async ({ page }) => {
    await page.route("**/flurre/svar", (route) => route.abort("internetdisconnected"));
    await page.goto("/hitta");
    await hydrated(page);
    await page.getByTestId("flurre-launcher").focus();
    await page.keyboard.press("Enter");
    const field = chat(page).getByRole("textbox", { name: "Vad vill du veta?" });
    await expect(field).toBeFocused();
    await page.keyboard.type("Finns det parkering?");
    await page.keyboard.press("Enter");
    await expect(chat(page).getByRole("alert")).toHaveText(
      "Flurre kunde inte nås. Kontrollera din internetanslutning och försök igen.",
    );
    await expect(field).toHaveValue("Finns det parkering?");
    await expect(chat(page).getByTestId("flurre-question")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the page's own form, as without JavaScript");

  test("/flurre?fraga= answers, and a follow-up question through the form is answered too", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("flurre-launcher")).toHaveAttribute("href", "/flurre");
    await page.goto(`/flurre?${new URLSearchParams({ fraga: VALPKURS_QUESTION })}`);
    await expect(page.getByTestId("flurre-question")).toHaveText(VALPKURS_QUESTION);
    await expect(page.getByTestId("flurre-answer")).toContainText("Ett pass kostar 249 kr.");

    await page.getByRole("textbox", { name: "Vad mer vill du veta?" }).fill("Var ligger Hundhallen Gävle?");
    await page.waitForTimeout(HUMAN_PAUSE_MS);
    await page.getByRole("button", { name: "Fråga Flurre", exact: true }).click();
    await expect(page.getByTestId("flurre-question")).toHaveText("Var ligger Hundhallen Gävle?");
    await expect(page.getByTestId("flurre-answer")).toContainText("Hundhallen Gävle (inomhus)");
    await expect(page.getByTestId("flurre-answer").getByRole("link", { name: /Hitta dit: Hundhallen Gävle/ })).toHaveAttribute(
      "href",
      /google\.com\/maps/,
    );
    await expect(page.getByRole("textbox", { name: "Vad mer vill du veta?" })).toHaveValue("");
  });

  test("a session page's 'Fråga Flurre' is answered about that session, as the chat answers it", async ({ page }) => {
    await page.goto("/session/15");
    await page.getByRole("link", { name: "Frågor om passet? Fråga Flurre" }).click();
    await expect(page).toHaveURL(/\/flurre\?fraga=.+&sida=%2Fsession%2F15$/);
    await expect(page.getByTestId("flurre-answer")).toContainText("Det här gäller passet du tittar på");
    await expect(page.getByTestId("flurre-answer")).toContainText("VARDAGSLYDNAD");
  });

  test("an empty and a 501-character question get Flurre's message", async ({ page }) => {
    await page.goto("/flurre");
    // Only spaces: the browser lets it through, the server says what is missing.
    await page.getByRole("textbox", { name: "Vad vill du veta?" }).fill("   ");
    await page.waitForTimeout(HUMAN_PAUSE_MS);
    await page.getByRole("button", { name: "Fråga Flurre", exact: true }).click();
    await expect(page.getByText("Skriv en fråga till Flurre.")).toBeVisible();
    await expect(page.getByTestId("flurre-answer")).toHaveCount(0);

    await page.goto(`/flurre?fraga=${"x".repeat(501)}`);
    await expect(page.getByText("Frågan får vara högst 500 tecken.")).toBeVisible();
    await expect(page.getByTestId("flurre-answer")).toHaveCount(0);
  });
});

test.describe("what the site does not say", () => {
  const PARKING = "finns det parkering vid hundhallen";

  test("without JavaScript, /flurre says it does not know and offers the page it does know as 'Menar du…?'", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "the page's own answer, as without JavaScript");
    await page.goto(`/flurre?${new URLSearchParams({ fraga: PARKING })}`);
    const answer = page.getByTestId("flurre-answer");
    await expect(answer).toContainText("Det där vet jag tyvärr inte");
    await expect(answer).toContainText("Menar du…?");
    await expect(answer.getByRole("link", { name: /Hitta dit: Hundhallen Gävle/ })).toHaveAttribute("href", /google\.com\/maps/);
    await expect(answer.getByRole("link", { name: "Kontakta oss" })).toHaveAttribute("href", "/om#kontakt");
    // Never the place's description as if it were the answer.
    await expect(answer).not.toContainText("Hundhallen Gävle (inomhus)");
  });

  test("in the chat, the honest answer and its links are read out and reached with the keyboard, at 390 px", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the chat");
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/hitta");
    await hydrated(page);
    const launcher = page.getByTestId("flurre-launcher");
    await launcher.focus();
    await page.keyboard.press("Enter");
    const dialog = chat(page);
    const field = dialog.getByRole("textbox", { name: "Vad vill du veta?" });
    await expect(field).toBeFocused();
    await page.keyboard.type(PARKING);
    await page.keyboard.press("Enter");
    // The answer lands in the conversation's live region, so a screen reader reads it out.
    const log = dialog.getByRole("log");
    await expect(log).toHaveAttribute("aria-live", "polite");
    const answer = log.getByTestId("flurre-answer").last();
    await expect(answer).toContainText("Det där vet jag tyvärr inte");
    await expect(answer).toContainText("Menar du…?");
    const link = answer.getByRole("link", { name: /Hitta dit: Hundhallen Gävle/ });
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  });
});
