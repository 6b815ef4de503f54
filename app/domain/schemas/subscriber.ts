// The admin segment tab in /admin/utskick: look a subscriber up by address,
// then save their segments (exactly one official segment plus optional test
// segments).
import { z } from "zod";
import { NAME_MAX_LENGTH, emailField, optionalLine } from "./common";

export const OFFICIAL_SEGMENTS = ["vip-utskick", "live-utskick", "slut-utskick"] as const;
export const TEST_SEGMENTS = ["{name}", "vanner-testar", "test-once"] as const;
export const ALL_SEGMENTS = [...OFFICIAL_SEGMENTS, ...TEST_SEGMENTS] as const;
export type OfficialSegment = (typeof OFFICIAL_SEGMENTS)[number];
export type Segment = (typeof ALL_SEGMENTS)[number];

export const SUBSCRIBER_MESSAGES = {
  email: "Ange en e-postadress",
  noSegment: "Du måste välja minst ett segment",
  exactlyOneOfficial: "Välj exakt ett officiellt segment",
  unknownSegment: "Okänt segment",
} as const;

export function isOfficialSegment(segment: string): segment is OfficialSegment {
  return (OFFICIAL_SEGMENTS as readonly string[]).includes(segment);
}

export const SubscriberSearchSchema = z.object({
  email: emailField(SUBSCRIBER_MESSAGES.email),
});

export const SubscriberSaveSchema = z
  .object({
    email: emailField(SUBSCRIBER_MESSAGES.email),
    name: optionalLine(NAME_MAX_LENGTH),
    // Checkboxes named "segments"; conform turns none ticked into [].
    segments: z
      .array(z.enum(ALL_SEGMENTS, { errorMap: () => ({ message: SUBSCRIBER_MESSAGES.unknownSegment }) }), {
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

export type SubscriberSearchValues = z.output<typeof SubscriberSearchSchema>;
export type SubscriberSaveValues = z.output<typeof SubscriberSaveSchema>;
