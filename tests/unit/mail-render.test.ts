import { render } from "@react-email/render";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { MailButton } from "../../app/domain/mail/components/button";
import { MailFooter } from "../../app/domain/mail/components/footer";
import { MailLayout } from "../../app/domain/mail/components/layout";
import { renderMailDocument } from "../../app/domain/mail/components/render";
import { Paragraph } from "../../app/domain/mail/components/text";
import { buttonHtml, escapeHtml, htmlDocument } from "../../app/domain/mail/html";

function sampleMail(name: string) {
  return createElement(MailLayout, {
    title: `Hej ${name}`,
    preview: "Förhandsvisning",
    footer: createElement(MailFooter, { lines: ["Rad ett"], unsubscribe: { href: "{{unsubscribe_url}}", text: "Avprenumerera" } }),
    children: [
      createElement(Paragraph, { key: "p", children: ["Hej ", name, "!"] }),
      createElement(MailButton, { key: "b", href: "https://hundpass.se/?a=1&b=2", children: "Boka" }),
    ],
  });
}

describe("renderMailDocument", () => {
  it("gives the HTML @react-email/render gives, synchronously", async () => {
    const mail = sampleMail("Anna <b>");
    // render() streams inside a Suspense boundary, so React marks the boundary
    // (<!--$-->…<!--/$-->) and where one text node ends and the next begins.
    const streamed = (await render(mail)).replace(/<!--\/?\$-->|<!-- -->/g, "");
    expect(renderMailDocument(mail)).toBe(streamed);
  });
});

describe("htmlDocument and buttonHtml", () => {
  it("frame string-built mails in the same table-based card as the other mails", () => {
    const html = htmlDocument("Ämne <i>", `<p>Hej!</p>${buttonHtml("https://hundpass.se/x?a=1&b=2", "Bekräfta <nu>")}`);
    expect(html).toMatch(/^<!DOCTYPE html PUBLIC/);
    expect(html).toContain("<title>Ämne &lt;i&gt;</title>");
    expect(html).toMatch(/<table align="center" width="100%"[^>]*role="presentation" style="max-width:560px;background-color:#ffffff/);
    expect(html).toContain("<div><p>Hej!</p><a ");
    expect(html).toContain('href="https://hundpass.se/x?a=1&amp;b=2"');
    expect(html).toContain(">Bekräfta &lt;nu&gt;</span>");
    expect(html).toMatch(/style="[^"]*background-color:#1f5f4a;color:#ffffff/);
    // Same frame as a mail built from the components.
    const frameOf = (doc: string) => doc.slice(doc.indexOf("<body"), doc.indexOf('data-id="__react-email-column"'));
    expect(frameOf(html)).toBe(frameOf(renderMailDocument(createElement(MailLayout, { title: "x", children: "y" }))));
  });

  it("escapes as before", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});
