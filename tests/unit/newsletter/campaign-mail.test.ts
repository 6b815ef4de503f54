import { describe, expect, it } from "vitest";
import { campaignMail, fillMailVars, type CampaignContent } from "../../../app/domain/mail/newsletter";

const content: CampaignContent = {
  subject: "Nya pass i december",
  subheader: "Julens <valpkurser>",
  htmlContent: "Hej!\n\nVi har nya pass & fler platser.\nVälkommen.",
  imageUrl: "https://hundpass.se/bild.jpg?a=1&b=2",
  buttonText: "Boka nu",
  buttonUrl: "https://hundpass.se/pass",
  footerLine1: "Hundpass i Gävle",
  footerLine2: null,
};

describe("campaignMail", () => {
  it("escapes every value the admin wrote in the HTML part", () => {
    const mail = campaignMail(content);
    expect(mail.html).toContain("Julens &lt;valpkurser&gt;");
    expect(mail.html).toContain("nya pass &amp; fler platser.<br>Välkommen.");
    expect(mail.html).toContain('src="https://hundpass.se/bild.jpg?a=1&amp;b=2"');
    expect(mail.html).not.toContain("<valpkurser>");
  });

  it("has a plain-text part with the button link, footer and the unsubscribe placeholder", () => {
    const { text } = campaignMail(content);
    expect(text).toContain("Julens <valpkurser>");
    expect(text).toContain("Boka nu: https://hundpass.se/pass");
    expect(text).toContain("Hundpass i Gävle");
    expect(text).toMatch(/Avprenumerera: \{\{unsubscribe_url\}\}$/);
  });

  it("leaves out the button when it has no link", () => {
    const mail = campaignMail({ ...content, buttonUrl: null });
    expect(mail.text).not.toContain("Boka nu");
    expect(mail.html).not.toContain("Boka nu");
  });
});

describe("fillMailVars", () => {
  const url = "https://hundpass.se/unsubscribe?email=a%2Bb%40x.se&token=abc";
  it("fills the recipient's link, escaped in HTML and as is in text", () => {
    expect(fillMailVars('<a href="{{unsubscribe_url}}">', { unsubscribe_url: url }, "html")).toBe(
      `<a href="${url.replace(/&/g, "&amp;")}">`,
    );
    expect(fillMailVars("Länk: {{unsubscribe_url}}", { unsubscribe_url: url }, "text")).toBe(`Länk: ${url}`);
  });

  it("never leaves braces for an unknown or missing variable", () => {
    expect(fillMailVars("a{{other}}b{{unsubscribe_url}}c", {}, "text")).toBe("abc");
  });
});
