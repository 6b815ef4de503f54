// A newsletter campaign's mail (spec section 3, email campaign): subject,
// subheader, content, image, button, two footer lines and the unsubscribe
// link. The body is rendered once per campaign and shared by every recipient;
// each recipient's own unsubscribe link is a variable filled in at delivery
// ({{unsubscribe_url}}), so 10 000 recipients store one body. Pure.
import { buttonHtml, escapeHtml, htmlDocument } from "./html";
import type { ComposedMail } from "./message";

/** The per-recipient variables a campaign body may hold. */
export const MAIL_VARS = ["unsubscribe_url"] as const;
export type MailVar = (typeof MAIL_VARS)[number];
export type MailVars = Partial<Record<MailVar, string>>;

const placeholder = (name: MailVar) => `{{${name}}}`;
const VAR_RE = /\{\{([a-z_]+)\}\}/g;

export interface CampaignContent {
  subject: string;
  subheader: string | null;
  /** The message as the admin wrote it: plain text, blank lines between paragraphs. */
  htmlContent: string;
  imageUrl: string | null;
  buttonText: string | null;
  buttonUrl: string | null;
  footerLine1: string | null;
  footerLine2: string | null;
}

export const UNSUBSCRIBE_LINK_TEXT = "Avprenumerera";

function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
}

/**
 * The campaign's mail with `{{unsubscribe_url}}` where each recipient's link
 * goes. Every value the admin wrote is escaped in the HTML part.
 */
export function campaignMail(content: CampaignContent): ComposedMail {
  const body = paragraphs(content.htmlContent);
  const button = content.buttonText && content.buttonUrl ? { text: content.buttonText, url: content.buttonUrl } : null;
  const footer = [content.footerLine1, content.footerLine2].filter((l): l is string => !!l && l.trim() !== "");

  const text = [
    ...(content.subheader ? [content.subheader, ""] : []),
    ...body.flatMap((p) => [p, ""]),
    ...(button ? [`${button.text}: ${button.url}`, ""] : []),
    ...footer,
    ...(footer.length > 0 ? [""] : []),
    `${UNSUBSCRIBE_LINK_TEXT}: ${placeholder("unsubscribe_url")}`,
  ].join("\n");

  const html = htmlDocument(
    content.subject,
    [
      content.subheader ? `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.subheader)}</h1>` : "",
      content.imageUrl
        ? `<img src="${escapeHtml(content.imageUrl)}" alt="" width="512" style="max-width:100%;height:auto;border-radius:8px;margin:0 0 16px">`
        : "",
      ...body.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`),
      button ? `<p style="margin:24px 0">${buttonHtml(button.url, button.text)}</p>` : "",
      ...footer.map((l) => `<p style="margin:0;color:#55625b;font-size:13px">${escapeHtml(l)}</p>`),
      `<p style="margin:16px 0 0;font-size:13px"><a href="${placeholder("unsubscribe_url")}" style="color:#55625b">${UNSUBSCRIBE_LINK_TEXT}</a></p>`,
    ].join(""),
  );

  return { subject: content.subject, text, html };
}

/**
 * Fills a stored body's variables for one recipient: escaped in HTML, as is
 * in text. An unknown or missing variable is left empty, never as braces.
 */
export function fillMailVars(body: string, vars: MailVars, kind: "html" | "text"): string {
  return body.replace(VAR_RE, (_match, name: string) => {
    const value = (MAIL_VARS as readonly string[]).includes(name) ? (vars[name as MailVar] ?? "") : "";
    return kind === "html" ? escapeHtml(value) : value;
  });
}
