import { expect, test } from "@playwright/test";

test("the start page renders in Swedish with the top bar menu", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  await expect(page.getByRole("link", { name: /Hundpass/ }).first()).toBeVisible();
  await page.getByText("Meny").click();
  const menu = page.getByRole("navigation", { name: "Huvudmeny" });
  for (const label of ["Om", "Hitta", "Preppa", "Alla PopUps", "Mina Bokningar", "Rapportera Problem"]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await expect(menu.getByRole("button", { name: "Logga ut" })).toHaveCount(0);
});

test("with JavaScript, Escape closes the menu with focus back on 'Meny', and the menu closes once a link of it is followed", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript the menu is a plain <details>, and each link loads a new page");
  await page.goto("/");
  const menu = page.getByRole("navigation", { name: "Huvudmeny" });
  const toggle = page.getByText("Meny", { exact: true });
  await toggle.click();
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Hitta", exact: true }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  await toggle.click();
  await menu.getByRole("link", { name: "Preppa", exact: true }).click();
  await expect(page).toHaveURL(/\/preppa$/);
  await expect(menu).toBeHidden();
});

test("the open menu lies above the 'Fråga Flurre' button on a phone held sideways", async ({ page }) => {
  await page.setViewportSize({ width: 568, height: 320 });
  await page.goto("/");
  await page.getByText("Meny", { exact: true }).click();
  const menu = page.getByRole("navigation", { name: "Huvudmeny" });
  // Every item is the element at its own centre: nothing lies over it.
  for (const link of await menu.getByRole("link").all()) {
    const box = (await link.boundingBox())!;
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.textContent ?? null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(onTop).toBe(await link.textContent());
  }
});

test("an unknown path shows the not-found page with a way home", async ({ page }) => {
  const response = await page.goto("/finns-inte-alls");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "PRUTT OCKSÅ" })).toBeVisible();
  await page.getByRole("link", { name: "Till startsidan", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

// It used to send the visitor to the start page without a word; now staff
// land on their sign-in page, told in one line that the page is for staff.
test("a visitor who is not signed in cannot open /admin, and lands on the staff sign-in page", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/logga-in\?till=%2Fadmin$/);
  await expect(page.getByRole("heading", { name: "Admin" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Logga in", level: 1 })).toBeVisible();
  const notice = page.getByTestId("staff-notice");
  await expect(notice).toHaveText("Sidan du ville öppna är för personal. Logga in här, eller be om en inloggningslänk via Mina bokningar.");
  await expect(notice.getByRole("link", { name: "Mina bokningar" })).toHaveAttribute("href", "/mina-bokningar");
  // Any admin path, one that exists or not, leads to the same page: nothing tells which exist.
  await page.goto("/admin/finns-inte-alls");
  await expect(page).toHaveURL(/\/logga-in\?till=%2Fadmin%2Ffinns-inte-alls$/);
  await expect(page.getByTestId("staff-notice")).toBeVisible();
  // Opened on its own, the sign-in page has no such line.
  await page.goto("/logga-in");
  await expect(page.getByTestId("staff-notice")).toHaveCount(0);
});

test("the third-party notices are served in one file, and no script carries its own copy", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the page's scripts load only with JavaScript");
  const res = await request.get("/third-party-licenses.txt");
  expect(res.status()).toBe(200);
  const text = await res.text();
  for (const name of ["react", "react-dom", "@remix-run/react", "@remix-run/router"]) {
    expect(text).toContain(`Name: ${name}\n`);
  }
  expect(text).toContain("Permission is hereby granted, free of charge");

  const scripts: string[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith(".js")) scripts.push(r.url());
  });
  await page.goto("/");
  await expect(page.getByTestId("flurre-launcher")).toHaveAttribute("aria-haspopup", "dialog");
  expect(scripts.length).toBeGreaterThan(3);
  for (const url of scripts) expect(await (await request.get(url)).text()).not.toContain("@license");
});
