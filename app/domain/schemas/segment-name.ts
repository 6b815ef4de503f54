// The segment names form on /admin/utskick's segment tab: one segment (its
// slug, one of the configured six) and the name staff give it. Server and
// client build it from the same SegmentSet.
import { z } from "zod";
import type { SegmentSet } from "../newsletter/segments";
import { requiredLine } from "./common";

export const SEGMENT_NAME_MAX_LENGTH = 60;

export const SEGMENT_NAME_MESSAGES = {
  required: "Ange ett namn för segmentet",
  tooLong: `Namnet får vara högst ${SEGMENT_NAME_MAX_LENGTH} tecken`,
  unknownSegment: "Okänt segment",
} as const;

/** A segment's name: one trimmed line (the column's CHECK: 1–60 characters, no edge spaces). */
export const SegmentDisplayNameField = requiredLine(
  SEGMENT_NAME_MESSAGES.required,
  SEGMENT_NAME_MAX_LENGTH,
  SEGMENT_NAME_MESSAGES.tooLong,
);

export function segmentNameSchema(segments: SegmentSet) {
  return z.object({
    segment: z.enum(segments.all as readonly [string, ...string[]], {
      errorMap: () => ({ message: SEGMENT_NAME_MESSAGES.unknownSegment }),
    }),
    display_name: SegmentDisplayNameField,
  });
}

export type SegmentNameValues = z.output<ReturnType<typeof segmentNameSchema>>;
