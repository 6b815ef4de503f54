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

const full: CampaignContent = {
  ...content,
  footerLine1: "Hundpass – hundträning i Gävle & Sandviken",
  footerLine2: "Du får det här brevet för att du prenumererar på Hundpass nyhetsbrev.",
};

describe("campaignMail", () => {
  it("escapes every value the admin wrote in the HTML part", () => {
    const mail = campaignMail(content);
    expect(mail.html).toContain("Julens &lt;valpkurser&gt;");
    expect(mail.html).toContain("nya pass &amp; fler platser.<br/>Välkommen.");
    expect(mail.html).toContain('src="https://hundpass.se/bild.jpg?a=1&amp;b=2"');
    expect(mail.html).not.toContain("<valpkurser>");
  });

  it("escapes a script in any field, so none reaches the HTML", () => {
    const script = '<script>alert("x")</script>';
    const mail = campaignMail({
      subject: `Hej ${script}`,
      subheader: script,
      htmlContent: `Först ${script}\n\n${script}`,
      imageUrl: `https://hundpass.se/a.jpg?"><script>alert(1)</script>`,
      buttonText: script,
      buttonUrl: `https://hundpass.se/?q="><script>alert(1)</script>`,
      footerLine1: script,
      footerLine2: script,
    });
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain('href="https://hundpass.se/?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it("is a table-based, centred card at most 560 px wide, with the site's colours", () => {
    const { html } = campaignMail(full);
    expect(html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN"/);
    expect(html).toContain('<html dir="ltr" lang="sv">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain("<title>Nya pass i december</title>");
    expect(html).toMatch(/<table align="center" width="100%"[^>]*role="presentation" style="max-width:560px;background-color:#ffffff/);
    expect(html).toContain("background-color:#fbfaf6");
    // The layout is tables throughout; the one div is the hidden inbox preview.
    expect(html).not.toMatch(/<div[^>]*style="[^"]*border:/);
    expect(html!.match(/<div\b/g)).toHaveLength(2);
  });

  it("has the subheader, image, paragraphs, button, both footer lines and the unsubscribe link, in that order", () => {
    const { html } = campaignMail(full);
    const at = (needle: string) => {
      const i = html!.indexOf(needle);
      expect(i, needle).toBeGreaterThan(-1);
      return i;
    };
    const order = [
      at("<h1"),
      at('<img alt="" src="https://hundpass.se/bild.jpg?a=1&amp;b=2"'),
      at(">Hej!</p>"),
      at("Vi har nya pass"),
      at('<a href="https://hundpass.se/pass"'),
      at(">Boka nu</span>"),
      at(">Hundpass – hundträning i Gävle &amp; Sandviken</p>"),
      at(">Du får det här brevet för att du prenumererar på Hundpass nyhetsbrev.</p>"),
      at('<a href="{{unsubscribe_url}}"'),
      at(">Avprenumerera</a>"),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The button is a padded link in the site's green, with Outlook's padding hack.
    expect(html).toMatch(/<a href="https:\/\/hundpass\.se\/pass" style="[^"]*background-color:#1f5f4a;color:#ffffff/);
    expect(html).toContain("<!--[if mso]>");
    // The image shrinks with the card.
    expect(html).toMatch(/<img [^>]*style="[^"]*max-width:512px;height:auto[^"]*" width="512"\/>/);
  });

  it("keeps the unsubscribe placeholder through rendering, for fillMailVars to fill and escape", () => {
    const { html, text } = campaignMail(full);
    expect(html).not.toContain("%7B%7B");
    expect(html).not.toContain("&#123;");
    const url = "https://hundpass.se/unsubscribe?email=a%2Bb%40x.se&token=abc";
    const filled = fillMailVars(html!, { unsubscribe_url: url }, "html");
    expect(filled).toContain('<a href="https://hundpass.se/unsubscribe?email=a%2Bb%40x.se&amp;token=abc"');
    expect(filled).not.toContain("{{");
    expect(fillMailVars(text, { unsubscribe_url: url }, "text")).toContain(`Avprenumerera: ${url}`);
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

  it("leaves out an image or a button whose address is not http(s)", () => {
    const mail = campaignMail({ ...content, imageUrl: "javascript:alert(1)", buttonUrl: "javascript:alert(1)" });
    expect(mail.html).not.toContain("javascript:");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("Boka nu");
    expect(mail.text).not.toContain("javascript:");
  });

  it("leaves out the heading, image and footer lines the campaign does not have", () => {
    const mail = campaignMail({ ...content, subheader: null, imageUrl: null, footerLine1: null });
    expect(mail.html).not.toContain("<h1");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain('<a href="{{unsubscribe_url}}"');
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
