// The newsletter campaign form in /admin/utskick. Every value is trimmed;
// limits and messages follow spec section 5 ("Campaign save").
import { z } from "zod";
import { choiceField, optionalLine, requiredLine, requiredText } from "./common";
import { ALL_SEGMENTS } from "./subscriber";

export const SENDER_ADDRESSES = ["info@hundpass.se", "nyhetsbrev@hundpass.se", "flurre@hundpass.se"] as const;
export type SenderAddress = (typeof SENDER_ADDRESSES)[number];

/** Where a campaign can be sent: one segment, or "alla" (day 1 VIP + Live, then waves). */
export const CAMPAIGN_TARGETS = [...ALL_SEGMENTS, "alla"] as const;
export type CampaignTarget = (typeof CAMPAIGN_TARGETS)[number];
export const DEFAULT_TARGET_SEGMENT: CampaignTarget = "{name}";

export const CAMPAIGN_LIMITS = {
  campaign_name: 200,
  subject: 255,
  html_content: 10000,
  subheader: 200,
  image_url: 500,
  button_url: 500,
  button_text: 50,
  footer_line: 200,
} as const;

export const CAMPAIGN_MESSAGES = {
  required: "Fyll i alla obligatoriska fält",
  nameTooLong: "Kampanjnamn för långt",
  subjectTooLong: "Ämnesrad för lång",
  contentTooLong: "Innehåll för långt",
  subheaderTooLong: "Underrubrik för lång",
  imageUrlTooLong: "Bildadress för lång",
  buttonUrlTooLong: "Knappadress för lång",
  buttonTextTooLong: "Knapptext för lång",
  footerTooLong: "Sidfotsrad för lång",
  invalidUrl: "Ange en webbadress som börjar med http:// eller https://",
  sender: "Välj en avsändare",
  target: "Välj ett giltigt segment",
} as const;

// Links end up in e-mails, so only absolute http(s) addresses make sense.
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function optionalUrl(max: number, maxMessage: string) {
  return z
    .string()
    .trim()
    .max(max, maxMessage)
    .refine((value) => value === "" || value.length > max || isHttpUrl(value), {
      message: CAMPAIGN_MESSAGES.invalidUrl,
    })
    .transform((value) => (value === "" ? undefined : value))
    .optional();
}

export const CampaignSchema = z.object({
  campaign_name: requiredLine(CAMPAIGN_MESSAGES.required, CAMPAIGN_LIMITS.campaign_name, CAMPAIGN_MESSAGES.nameTooLong),
  subject: requiredLine(CAMPAIGN_MESSAGES.required, CAMPAIGN_LIMITS.subject, CAMPAIGN_MESSAGES.subjectTooLong),
  html_content: requiredText(
    CAMPAIGN_MESSAGES.required,
    CAMPAIGN_LIMITS.html_content,
    CAMPAIGN_MESSAGES.contentTooLong,
  ),
  subheader: optionalLine(CAMPAIGN_LIMITS.subheader, CAMPAIGN_MESSAGES.subheaderTooLong),
  image_url: optionalUrl(CAMPAIGN_LIMITS.image_url, CAMPAIGN_MESSAGES.imageUrlTooLong),
  button_text: optionalLine(CAMPAIGN_LIMITS.button_text, CAMPAIGN_MESSAGES.buttonTextTooLong),
  button_url: optionalUrl(CAMPAIGN_LIMITS.button_url, CAMPAIGN_MESSAGES.buttonUrlTooLong),
  footer_line1: optionalLine(CAMPAIGN_LIMITS.footer_line, CAMPAIGN_MESSAGES.footerTooLong),
  footer_line2: optionalLine(CAMPAIGN_LIMITS.footer_line, CAMPAIGN_MESSAGES.footerTooLong),
  from_email: choiceField(SENDER_ADDRESSES, CAMPAIGN_MESSAGES.sender),
  target_segment: z
    .enum(CAMPAIGN_TARGETS, { errorMap: () => ({ message: CAMPAIGN_MESSAGES.target }) })
    .default(DEFAULT_TARGET_SEGMENT),
});

export type CampaignValues = z.output<typeof CampaignSchema>;
