// The small forms of the campaign actions in /admin/utskick that carry a
// value besides the campaign: where to send it, and where a test goes.
import { z } from "zod";
import { campaignTargets, CAMPAIGN_MESSAGES } from "../schemas/campaign";
import { emailField } from "../schemas/common";
import type { SegmentSet } from "./segments";

export const TEST_SEND_MESSAGES = {
  email: "Ange en e-postadress",
} as const;

export function campaignSendSchema(segments: SegmentSet) {
  return z.object({
    target: z.enum(campaignTargets(segments) as readonly [string, ...string[]], {
      errorMap: () => ({ message: CAMPAIGN_MESSAGES.target }),
    }),
    // The box that confirms a second send to whom the campaign already went (conform reads "on" as true).
    again: z.boolean().optional(),
  });
}

export const CampaignTestSchema = z.object({
  email: emailField(TEST_SEND_MESSAGES.email),
});
