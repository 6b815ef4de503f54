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
