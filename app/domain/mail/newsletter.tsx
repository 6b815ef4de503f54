// A newsletter campaign's mail (spec section 3, email campaign): subject,
// subheader, content, image, button, two footer lines and the unsubscribe
// link. The body is rendered once per campaign and shared by every recipient;
// each recipient's own unsubscribe link is a variable filled in at delivery
// ({{unsubscribe_url}}), so 10 000 recipients store one body. Pure; the HTML
// is React Email, and React escapes every value the admin wrote. React leaves
// braces in attributes as they are, so the placeholder survives into the
// href for fillMailVars to find.
import { Heading } from "@react-email/heading";
import { Img } from "@react-email/img";
import { ButtonRow } from "./components/button";
import { MailFooter } from "./components/footer";
import { MailLayout } from "./components/layout";
import { renderMailDocument } from "./components/render";
import { Lines, Paragraph } from "./components/text";
import { CARD_PADDING_PX, CONTENT_WIDTH_PX, heading } from "./components/theme";
import { escapeHtml } from "./html";
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

/** The image's width in the card; it shrinks with the card on small screens. */
const IMAGE_WIDTH_PX = CONTENT_WIDTH_PX - 2 * CARD_PADDING_PX;

/** Only absolute http(s) links go into a mail (the campaign form checks it too). */
function httpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}

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
  const buttonUrl = httpUrl(content.buttonUrl);
  const button = content.buttonText && buttonUrl ? { text: content.buttonText, url: buttonUrl } : null;
  const footer = [content.footerLine1, content.footerLine2].filter((l): l is string => !!l && l.trim() !== "");

  const text = [
    ...(content.subheader ? [content.subheader, ""] : []),
    ...body.flatMap((p) => [p, ""]),
    ...(button ? [`${button.text}: ${button.url}`, ""] : []),
    ...footer,
    ...(footer.length > 0 ? [""] : []),
    `${UNSUBSCRIBE_LINK_TEXT}: ${placeholder("unsubscribe_url")}`,
  ].join("\n");

  const imageUrl = httpUrl(content.imageUrl);
  const html = renderMailDocument(
    <MailLayout
      title={content.subject}
      preview={content.subheader ?? body[0]}
      footer={<MailFooter lines={footer} unsubscribe={{ href: placeholder("unsubscribe_url"), text: UNSUBSCRIBE_LINK_TEXT }} />}
    >
      {content.subheader ? (
        <Heading as="h1" style={{ ...heading, margin: "0 0 16px" }}>
          {content.subheader}
        </Heading>
      ) : null}
      {imageUrl ? (
        <Img
          src={imageUrl}
          alt=""
          width={IMAGE_WIDTH_PX}
          style={{ width: "100%", maxWidth: `${IMAGE_WIDTH_PX}px`, height: "auto", borderRadius: "8px", margin: "0 0 16px" }}
        />
      ) : null}
      {body.map((p, i) => (
        <Paragraph key={i}>
          <Lines lines={p.split("\n")} />
        </Paragraph>
      ))}
      {button ? <ButtonRow href={button.url}>{button.text}</ButtonRow> : null}
    </MailLayout>,
  );

  return { subject: content.subject, text, html };
}

/** A row's variables as stored (vars_json); anything malformed reads as none. */
export function parseMailVars(json: string | null): MailVars {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    const vars: MailVars = {};
    for (const name of MAIL_VARS) {
      const v = (value as Record<string, unknown>)[name];
      if (typeof v === "string") vars[name] = v;
    }
    return vars;
  } catch {
    return {};
  }
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
