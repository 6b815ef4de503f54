import { describe, expect, it } from "vitest";
import { newsletterConfirmationMail, newsletterWelcomeMail } from "../../../app/domain/mail/newsletter-signup";
import { forRequestHandler, isCrossSiteRequest } from "../../../app/server/platform/http-security.server";

const SITE = "https://hundpass.se";
const LINK = `${SITE}/unsubscribe?email=a%40example.se&token=abc`;

function post(url: string, headers: Record<string, string> = {}) {
  return new Request(url, { method: "POST", headers, body: "List-Unsubscribe=One-Click" });
}

describe("the one-click unsubscribe and the cross-site check", () => {
  it("lets a cross-site POST through only to /unsubscribe with an address and a token", () => {
    const fromGmail = { Origin: "https://mail.google.com", "Sec-Fetch-Site": "cross-site" };
    expect(isCrossSiteRequest(post(LINK, fromGmail), SITE)).toBe(false);
    expect(isCrossSiteRequest(post(`${SITE}/unsubscribe?email=a%40example.se`, fromGmail), SITE)).toBe(true);
    expect(isCrossSiteRequest(post(`${SITE}/unsubscribe?token=abc`, fromGmail), SITE)).toBe(true);
    expect(isCrossSiteRequest(post(`${SITE}/unsubscribe/x?email=a%40example.se&token=abc`, fromGmail), SITE)).toBe(true);
    expect(isCrossSiteRequest(post(`${SITE}/?email=a%40example.se&token=abc`, fromGmail), SITE)).toBe(true);
  });

  it("hands only that POST to Remix without its Origin", () => {
    const oneClick = post(LINK, { Origin: "https://mail.google.com" });
    expect(forRequestHandler(oneClick).headers.has("Origin")).toBe(false);
    const other = post(`${SITE}/?index`, { Origin: "https://mail.google.com" });
    expect(forRequestHandler(other)).toBe(other);
  });
});

describe("the signup mails", () => {
  it("puts the confirmation link in both parts, escaped in HTML", () => {
    const url = `${SITE}/nyhetsbrev/bekrafta?token=a&b=<c>`;
    const mail = newsletterConfirmationMail(url, 48);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain("48 timmar");
    expect(mail.html).toContain("token=a&amp;b=&lt;c&gt;");
    expect(mail.html).not.toContain("<c>");
  });

  it("gives the welcome mail the personal unsubscribe link", () => {
    const mail = newsletterWelcomeMail(SITE, LINK);
    expect(mail.text).toContain(`Avprenumerera: ${LINK}`);
    expect(mail.html).toContain(LINK.replaceAll("&", "&amp;"));
    expect(mail.text).toContain(`${SITE}/alla-popups`);
  });
});
