// The admin's session screens, with and without JavaScript: create a session
// from a type and one by hand, find them on /admin/lediga-pass, and watch a
// session move lediga → väntande → bokade as visitors book it, then open its
// booking info.
import { expect, test } from "@playwright/test";
import { book, createByHand, dayAhead, expectNotListed, openCreateForm, openListAt, uniqueTitle } from "./admin-helpers";
import { signInAsAdmin } from "./auth-helpers";

test("an admin creates a session from a type and one by hand, and finds both on /admin/lediga-pass", async ({ page, javaScriptEnabled }, testInfo) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page, javaScriptEnabled);

  await openCreateForm(page);
  await page.getByLabel("Utgå från en passtyp").selectOption({ label: "VARDAGSLYDNAD" });
  if (!javaScriptEnabled) {
    await page.getByRole("button", { name: "Använd passtypen" }).click();
    await expect(page).toHaveURL(/\?typ=\d+$/);
  }
  await expect(page.getByLabel("Titel")).toHaveValue("VARDAGSLYDNAD");
  await expect(page.getByLabel("Max antal deltagare")).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Beskrivning")).toHaveAttribute("readonly", "");
  // 'Sorts pass', once 'Passtyp' like the picker above it: two selects now named apart.
  await expect(page.getByLabel("Sorts pass", { exact: true })).toBeDisabled();
  await expect(page.getByLabel("Passtyp", { exact: true })).toHaveCount(0);
  const title = uniqueTitle(testInfo, "VARDAGSLYDNAD");
  await page.getByLabel("Titel").fill(title);
  await page.getByLabel("Plats").selectOption("Regementsparken Gävle");
  await page.getByLabel("Datum").fill(dayAhead(40));
  await page.getByLabel("Starttid").fill("18:00");
  // With JavaScript the end follows the start; without, an empty end means an hour later on the server.
  if (javaScriptEnabled) await expect(page.getByLabel("Sluttid")).toHaveValue("19:00");
  await page.getByRole("button", { name: "Skapa Pass" }).click();

  await expect(page).toHaveURL(/\/admin\/lediga-pass$/);
  await expect(page.getByTestId("toast")).toContainText("Nytt pass skapat");
  const fromType = page.locator("article", { has: page.getByRole("heading", { name: title }) });
  await expect(fromType.locator(".badge-green")).toHaveText("Ledigt");
  await expect(fromType).toContainText("Regementsparken Gävle");
  // The day has no leading zero ('2 nov.' beside '15 nov.'): one digit or two, never a zero first.
  await expect(fromType).toContainText(/(?<!\d)[1-9]\d? [a-zåäö]+\.? \d{4} 18:00/);

  const byHand = await createByHand(page, testInfo, uniqueTitle(testInfo, "Handpass"), "5");
  await expect(byHand.card.getByTestId("participants")).toHaveText("0/5");
  await expect(byHand.card).toContainText("199 kr");
  await expect(byHand.card).toContainText("Skapat för hand");
});

test("the type picker and the Grupp-pass/Privatpass select have labels of their own", async ({ page, javaScriptEnabled }) => {
  await signInAsAdmin(page, javaScriptEnabled);
  await openCreateForm(page);
  // 'Passtyp' is a type on /admin/passtyper, which the picker chooses; the other select is the kind of session.
  await expect(page.getByLabel("Utgå från en passtyp").locator("option", { hasText: "VALPKURS" })).toHaveCount(1);
  await expect(page.getByLabel("Sorts pass", { exact: true }).locator("option")).toHaveText(["Grupp-pass", "Privatpass"]);
  await expect(page.getByLabel(/passtyp/i)).toHaveCount(1);
  // 'Alla pass' filters on the same choice by the same name.
  await page.goto("/admin/old");
  await expect(page.getByLabel("Sorts pass", { exact: true }).locator("option")).toHaveText(["Alla", "Grupp-pass", "Privatpass"]);
  await expect(page.getByLabel(/passtyp/i)).toHaveCount(0);
});

test("the create form says what is missing, in Swedish", async ({ page, javaScriptEnabled }) => {
  await signInAsAdmin(page, javaScriptEnabled);
  await openCreateForm(page);
  await page.getByLabel("Titel").fill("");
  // With JavaScript conform answers in the browser; without, the server does (the form is novalidate either way).
  await page.getByRole("button", { name: "Skapa Pass" }).click();
  for (const message of ["Titel är obligatorisk", "Plats är obligatorisk", "Datum är obligatoriskt", "Starttid är obligatorisk"]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page).toHaveURL(/\/admin\/skapa-pass/);
});

test("a session moves from lediga to väntande to bokade as visitors book it, and its booking info opens", async ({ page, javaScriptEnabled }, testInfo) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, javaScriptEnabled);
  const title = uniqueTitle(testInfo, "Flyttpass");
  const { id } = await createByHand(page, testInfo, title, "4");

  for (const n of [1, 2]) {
    await book(page, testInfo, id, n);
    await expect((await openListAt(page, "/admin/vantande-pass", id)).locator(".badge-yellow")).toHaveText(`Väntande (${n} av minst 3)`);
    await expectNotListed(page, "/admin/lediga-pass", id);
  }

  await book(page, testInfo, id, 3);
  await expectNotListed(page, "/admin/vantande-pass", id);
  await expect((await openListAt(page, "/admin/lediga-pass", id)).getByTestId("participants")).toHaveText("3/4");
  const card = await openListAt(page, "/admin/bokade-pass", id);
  await expect(page.getByRole("heading", { name: "Pass blir av", level: 1 })).toBeVisible();
  await expect(card.locator(".badge-red")).toHaveText("Bekräftat");
  const info = card.locator("details");
  await expect(info.getByText("Besökare 1")).toBeHidden();
  await info.getByText("Visa/Dölj Bokningsinfo").click();
  for (const n of [1, 2, 3]) await expect(info.getByRole("heading", { name: `Besökare ${n}` })).toBeVisible();
  await expect(info.getByText("Vovve 1 (Tax, 2 år)")).toBeVisible();
  await expect(info.getByText("Vad vill du träna?")).toBeVisible();
  await expect(info.getByText("Inkallning")).toBeVisible();
  await expect(info.getByRole("link", { name: /@example\.se$/ }).first()).toHaveAttribute("href", /^mailto:e2e-admin-flow-1-/);
  await expect(info.getByRole("link", { name: "070-123 45 67" }).first()).toHaveAttribute("href", "tel:0701234567");
});
