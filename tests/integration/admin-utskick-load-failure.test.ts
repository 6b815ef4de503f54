// /admin/utskick when its data cannot be read (here: the table is gone): the
// page still renders, with the spec's 'Fel' toast ('Kunde inte hämta
// kampanjer' on the campaign tab, 'Kunde inte ladda data' on the segment tab)
// instead of an error page; a send step whose numbers cannot be read goes
// back to the list with the same toast rather than show a choice without them.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { captureLoggedFailures } from "../support/expected-logs";
import { fetchAndSettle } from "./auth-helpers";
import { toastOf } from "./admin-fixtures";
import { signInAs } from "./helpers";
import { createCampaign } from "./newsletter-fixtures";
import { textOf } from "./public-helpers";

let cookie = "";

beforeAll(async () => {
  cookie = await signInAs({ email: "admin-load@hundpass.se", admin: true });
});

async function page(path: string) {
  const res = await fetchAndSettle(path, { headers: { Cookie: cookie } });
  return { res, text: textOf(await res.text()) };
}

describe("a failing read on /admin/utskick", () => {
  it("sends the send step back to the list with 'Kunde inte hämta kampanjer' when whom it reaches cannot be read", async () => {
    const logged = captureLoggedFailures();
    const id = await createCampaign();
    const step = `/admin/utskick?atgard=skicka&kampanj=${id}`;
    expect((await page(step)).text).toContain("Skicka kampanjen? Välj mottagare.");
    await env.DB.exec("ALTER TABLE newsletter_subscribers RENAME TO newsletter_subscribers_away");
    try {
      const { res } = await page(step);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin/utskick");
      expect(await toastOf(res)).toMatchObject({ type: "error", description: "Kunde inte hämta kampanjer" });
    } finally {
      await env.DB.exec("ALTER TABLE newsletter_subscribers_away RENAME TO newsletter_subscribers");
    }
    expect(logged()).toEqual([expect.stringContaining(`admin/utskick: could not read the send step of campaign ${id}`)]);
  });

  it("shows the campaign tab with 'Kunde inte hämta kampanjer' when campaigns cannot be read", async () => {
    const before = await page("/admin/utskick");
    expect(before.text).not.toContain("Kunde inte hämta kampanjer");
    await env.DB.exec("DROP TABLE email_campaign_waves; DROP TABLE email_campaign_recipients; DROP TABLE email_campaigns");
    const { res, text } = await page("/admin/utskick");
    expect(res.status).toBe(200);
    expect(text).toContain("Fel Kunde inte hämta kampanjer");
    // The form to write a campaign is still there.
    expect(text).toContain("Kampanjnamn");
  });

  it("shows the segment tab with 'Kunde inte ladda data' when the counts cannot be read", async () => {
    const before = await page("/admin/utskick?flik=segment");
    expect(before.text).not.toContain("Kunde inte ladda data");
    await env.DB.exec("DROP TABLE newsletter_subscriber_segments");
    const { res, text } = await page("/admin/utskick?flik=segment");
    expect(res.status).toBe(200);
    expect(text).toContain("Fel Kunde inte ladda data");
  });
});
