// The newsletter campaign form in /admin/utskick. Every value is trimmed;
// limits and messages follow spec section 5 ("Campaign save"). The senders
// and segments are configured, so the schema is made for them; server and
// client build it from the same options (the loader hands them on).
import { z } from "zod";
import { ALL_TARGET, type SegmentSet } from "../newsletter/segments";
import { optionalLine, requiredLine, requiredText } from "./common";

/** The three fixed sender addresses when none are configured (NEWSLETTER_SENDERS). */
export const DEFAULT_SENDER_ADDRESSES = ["info@hundpass.se", "nyhetsbrev@hundpass.se", "flurre@hundpass.se"] as const;

export interface CampaignFormOptions {
  segments: SegmentSet;
  /** Exactly three addresses, the first the default. */
  senders: readonly string[];
}

/** Where a campaign can be sent: one segment, or "alla" (day 1 VIP + Live, then waves). */
export function campaignTargets(segments: SegmentSet): readonly string[] {
  return [...segments.all, ALL_TARGET];
}

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

export function campaignSchema({ segments, senders }: CampaignFormOptions) {
  return z.object({
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
    from_email: z.enum(senders as readonly [string, ...string[]], { errorMap: () => ({ message: CAMPAIGN_MESSAGES.sender }) }),
    target_segment: z
      .enum(campaignTargets(segments) as readonly [string, ...string[]], {
        errorMap: () => ({ message: CAMPAIGN_MESSAGES.target }),
      })
      .default(segments.personal),
  });
}

export type CampaignValues = z.output<ReturnType<typeof campaignSchema>>;
