// The provider reports a bounce, in the browser with JavaScript on and off:
// a visitor books, their confirmation is delivered (the local mailbox gives
// it the provider id local:<id>), the provider's signed event says it
// bounced, and the admin sees it on /admin/epost-status and as a mark on
// the session's admin page. A forged event changes nothing.
import { expect, test } from "@playwright/test";
import { book, createByHand, uniqueTitle } from "./admin-helpers";
import { signInAsAdmin } from "./auth-helpers";
import { postMailEvent } from "./mail-events";

test("a bounced confirmation shows on the mail status page and on its session", async ({ page, javaScriptEnabled }, testInfo) => {
  await signInAsAdmin(page, javaScriptEnabled);
  const title = uniqueTitle(testInfo, "Studs");
  const { id } = await createByHand(page, testInfo, title, "4");
  const email = await book(page, testInfo, id, 1, "studs");

  // The confirmation as the local mailbox holds it, and its id.
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  const confirmation = page.getByTestId("mail-row").filter({ hasText: "booking-confirmation" });
  await expect(confirmation).toHaveCount(1);
  await expect(confirmation).toContainText("Skickat");
  const href = await confirmation.getByRole("link").getAttribute("href");
  const mailId = href?.match(/\/dev\/mail\/([0-9a-f-]{36})/)?.[1];
  expect(mailId).toBeTruthy();

  const event = {
    type: "email.bounced",
    created_at: new Date().toISOString(),
    data: {
      email_id: `local:${mailId}`,
      to: [email],
      subject: "Bokningsbekräftelse",
      bounce: { type: "Permanent", subType: "General", message: "Mailbox does not exist" },
    },
  };
  // Forged: refused, nothing shown.
  expect((await postMailEvent(page.request, event, "whsec_" + Buffer.from("not the secret").toString("base64"))).status()).toBe(401);
  expect((await postMailEvent(page.request, event)).status()).toBe(200);

  await page.goto("/admin");
  await page.getByRole("link", { name: "E-poststatus" }).first().click();
  await expect(page).toHaveURL(/\/admin\/epost-status$/);
  await expect(page.getByRole("heading", { name: "E-poststatus", level: 1 })).toBeVisible();
  const bounce = page.getByTestId("mail-bounced").filter({ hasText: email });
  await expect(bounce).toHaveCount(1);
  await expect(bounce).toContainText("Studsade");
  await expect(bounce).toContainText("Mailbox does not exist");
  await expect(bounce).toContainText("Adressen får inga fler nyhetsbrev.");

  await page.goto(`/admin/pass/${id}`);
  await expect(page.getByTestId("confirmation-undelivered")).toHaveCount(1);
  await expect(page.getByTestId("confirmation-undelivered")).toHaveText("Bekräftelsen kom inte fram");
});
