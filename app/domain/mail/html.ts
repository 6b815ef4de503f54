// The HTML pieces for mails written as strings: escaping, the page frame and
// a button. The frame and the button are the React Email ones the other
// templates use (./components), so every mail has the same look. Inline
// styles only: mail clients drop stylesheets.
import { createElement } from "react";
import { MailButton } from "./components/button";
import { MailLayout } from "./components/layout";
import { renderMailDocument, renderMailFragment } from "./components/render";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The whole mail around `inner`, HTML the caller has escaped; `title` is escaped here. */
export function htmlDocument(title: string, inner: string): string {
  return renderMailDocument(
    createElement(MailLayout, { title, children: createElement("div", { dangerouslySetInnerHTML: { __html: inner } }) }),
  );
}

/** A link that looks like the site's primary button; both values are escaped here. */
export function buttonHtml(href: string, label: string): string {
  return renderMailFragment(createElement(MailButton, { href, children: label }));
}
