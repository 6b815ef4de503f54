// The admin segment tab in /admin/utskick: look a subscriber up by address,
// then save their segments (exactly one official segment plus optional test
// segments). The segments are configured (the personal one), so the save
// schema is made for a SegmentSet; server and client build it from the same.
import { z } from "zod";
import { isOfficialSegment, type SegmentSet } from "../newsletter/segments";
import { NAME_MAX_LENGTH, emailField, optionalLine } from "./common";

export const SUBSCRIBER_MESSAGES = {
  email: "Ange en e-postadress",
  noSegment: "Du måste välja minst ett segment",
  exactlyOneOfficial: "Välj exakt ett officiellt segment",
  unknownSegment: "Okänt segment",
} as const;

export const SubscriberSearchSchema = z.object({
  email: emailField(SUBSCRIBER_MESSAGES.email),
});

export function subscriberSaveSchema(segmentSet: SegmentSet) {
  const known = segmentSet.all as readonly [string, ...string[]];
  return z
    .object({
      email: emailField(SUBSCRIBER_MESSAGES.email),
      name: optionalLine(NAME_MAX_LENGTH),
      // Checkboxes named "segments"; conform turns none ticked into [].
      segments: z
        .array(z.enum(known, { errorMap: () => ({ message: SUBSCRIBER_MESSAGES.unknownSegment }) }), {
          required_error: SUBSCRIBER_MESSAGES.noSegment,
        })
        .min(1, SUBSCRIBER_MESSAGES.noSegment)
        .transform((segments) => [...new Set(segments)]),
    })
    .superRefine((values, ctx) => {
      if (values.segments.length === 0) return;
      if (values.segments.filter(isOfficialSegment).length !== 1) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["segments"], message: SUBSCRIBER_MESSAGES.exactlyOneOfficial });
      }
    });
}

export type SubscriberSearchValues = z.output<typeof SubscriberSearchSchema>;
export type SubscriberSaveValues = z.output<ReturnType<typeof subscriberSaveSchema>>;
