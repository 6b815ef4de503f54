// Consent you can prove: a subscriber found on /admin/utskick?flik=segment
// shows when, how, on which page and to which wording they agreed (the
// wording in full, from its stored version), and when they unsubscribed.
// The signup flows that store these facts are tested in newsletter-signup.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SIGNUP_TEXTS } from "../../app/domain/newsletter/signup-texts";
import { fetchAndSettle } from "./auth-helpers";
import { signInAs } from "./helpers";

let cookie = "";

beforeAll(async () => {
  cookie = await signInAs({ email: "samtycke@hundpass.se", admin: true });
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO newsletter_subscribers (email, status, source, consent_at, consent_method, consent_page, consent_wording, consent_ip_hash)
       VALUES ('webb.samtycke@example.se', 'subscribed', 'website', '2030-03-02T09:15:00.000Z', 'turnstile', '/om', 'nyhetsbrev-v1', 'abc')`,
    ),
    env.DB.prepare(
      `INSERT INTO newsletter_subscribers (email, status, source, consent_at, consent_method, consent_page, consent_wording, unsubscribed_at)
       VALUES ('slutat.samtycke@example.se', 'unsubscribed', 'website', '2030-01-10T12:00:00.000Z', 'confirmation-link', '/',
         'nyhetsbrev-v0', '2030-02-01T07:30:00.000Z')`,
    ),
    env.DB.prepare(
      `INSERT INTO newsletter_subscribers (email, status, source, consent_at, consent_method)
       VALUES ('admin.samtycke@example.se', 'subscribed', 'manual', '2030-04-01T10:00:00.000Z', 'admin')`,
    ),
  ]);
});

const text = async (email: string) => {
  const res = await fetchAndSettle(`/admin/utskick?flik=segment&epost=${encodeURIComponent(email)}`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
};

describe("a subscriber's consent on /admin/utskick", () => {
  it("shows the time in Stockholm, the way, the page and the wording shown", async () => {
    const page = await text("webb.samtycke@example.se");
    expect(page).toContain("Källa Webbplatsen");
    // The day without a leading zero, as every date on the site writes it.
    expect(page).toContain("Samtycke givet 2 mars 2030 10:15");
    expect(page).toContain("Hur Anmälan på webbplatsen (robotkontrollen godkänd)");
    expect(page).toContain("Sida /om");
    expect(page).toContain(`Texten som visades ${SIGNUP_TEXTS.consent} (nyhetsbrev-v1)`);
  });

  it("says when someone unsubscribed, and names a wording version it no longer knows", async () => {
    const page = await text("slutat.samtycke@example.se");
    expect(page).toContain("Inaktiv");
    expect(page).toContain("Hur Anmälan bekräftad via länk i e-post");
    expect(page).toContain("Version nyhetsbrev-v0 (texten finns inte längre i koden)");
    expect(page).toContain("Avprenumererade 1 feb. 2030 08:30");
  });

  it("shows an address added by the admin as such", async () => {
    const page = await text("admin.samtycke@example.se");
    expect(page).toContain("Källa Admin");
    expect(page).toContain("Hur Tillagd av admin");
    expect(page).not.toContain("Texten som visades");
  });
});
