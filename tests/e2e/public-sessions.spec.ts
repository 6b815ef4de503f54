// /alla-popups shows each availability state of the seed with the right badge
// and places left. Only sessions no other spec books into are checked.
import { expect, test } from "@playwright/test";
import { DEMO_SESSION_IDS as S } from "../fixtures/demo-data";

const EXPECTED: Array<[number, string, string]> = [
  [S.groupEmpty, "Ledigt", "6 platser kvar"],
  [S.groupOne, "Väntande", "7 platser kvar"],
  [S.groupTwo, "Väntande", "4 platser kvar"],
  [S.groupThree, "Bekräftat", "3 platser kvar"],
  [S.groupFull, "Fullbokat", "0 platser kvar"],
  [S.planBooked, "Fullbokat", "0 platser kvar"],
  [S.hemmisBooked, "Fullbokat", "0 platser kvar"],
  [S.privatProffsBooked, "Fullbokat", "0 platser kvar"],
];

test("every seeded availability state shows its badge and places left", async ({ page }) => {
  await page.goto("/alla-popups");
  await expect(page.getByRole("heading", { level: 1, name: "Alla PopUp's" })).toBeVisible();
  await expect(page.getByText("Välj ett pass att boka")).toBeVisible();
  for (const [id, badge, places] of EXPECTED) {
    const card = page.getByTestId(`session-card-${id}`);
    await expect(card.locator(".badge"), `session ${id}`).toHaveText(badge);
    await expect(card.getByTestId("places-left"), `session ${id}`).toHaveText(places);
    if (badge === "Fullbokat") {
      await expect(card.getByRole("button", { name: "Fullbokat" })).toBeDisabled();
    } else {
      await expect(card.getByRole("link", { name: "Visa & Boka" })).toHaveAttribute("href", `/session/${id}`);
    }
  }
  await expect(page.getByRole("heading", { name: "Info om GruppUps" })).toBeVisible();
});

test("the old addresses /pass and /alla-popup lead to /alla-popups", async ({ page }) => {
  for (const path of ["/pass", "/alla-popup"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/alla-popups$/);
  }
});

// Cards used to capitalise the weekday ('Tisdag 1 december') while every other
// date on the site wrote it in lower case ('tis 1 dec. 18:00').
test("a date reads the same on a card and on the session's page: weekday in lower case, no leading zero", async ({
  page,
}) => {
  const weekday = /^(måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag) [1-9]\d? [a-zåäö]+$/;
  /** What the visitor sees: the text as the browser draws it, its first letter's case included. */
  const shown = (el: Element) => {
    const text = (el.textContent ?? "").trim();
    const first = getComputedStyle(el, "::first-letter").textTransform;
    return first === "uppercase" ? text.charAt(0).toLocaleUpperCase("sv-SE") + text.slice(1) : text;
  };
  await page.goto("/alla-popups");
  const card = page.getByTestId(`session-card-${S.groupEmpty}`);
  const onCard = await card.locator("dt", { hasText: "Datum" }).locator("+ dd").evaluate(shown);
  expect(onCard).toMatch(weekday);
  await page.goto(`/session/${S.groupEmpty}`);
  const onPage = await page.locator(".session-details dt", { hasText: "Datum" }).locator("+ dd").evaluate(shown);
  expect(onPage).toBe(onCard);
});
