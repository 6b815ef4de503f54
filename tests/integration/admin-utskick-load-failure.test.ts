// /admin/utskick when its data cannot be read (here: the table is gone): the
// page still renders, with the spec's 'Fel' toast ('Kunde inte hämta
// kampanjer' on the campaign tab, 'Kunde inte ladda data' on the segment tab)
// instead of an error page.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchAndSettle } from "./auth-helpers";
import { signInAs } from "./helpers";
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
