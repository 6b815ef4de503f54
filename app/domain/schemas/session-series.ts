// The create form's 'Upprepa varje vecka' fields (/admin/skapa-pass), on top
// of the session form. The dates the admin keeps ticked and the fingerprint
// of the list they were ticked on come with the post; the server recomputes
// the list and decides (app/server/admin/create-session.server.ts).
import { z } from "zod";
import { SERIES_MAX_COUNT, SERIES_MIN_COUNT, SERIES_TEXTS } from "../series";
import { SessionFormSchema } from "./session";

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const SeriesFieldsSchema = z
  .object({
    repeat_weekly: z.boolean().optional(),
    repeat_count: z
      .number({ invalid_type_error: SERIES_TEXTS.countRange })
      .int(SERIES_TEXTS.countRange)
      .min(SERIES_MIN_COUNT, SERIES_TEXTS.countRange)
      .max(SERIES_MAX_COUNT, SERIES_TEXTS.countRange)
      .optional(),
    series_dates: z
      .array(z.string().regex(DATE_PATTERN, SERIES_TEXTS.noDates))
      .max(SERIES_MAX_COUNT, SERIES_TEXTS.countRange)
      .optional(),
    series_fingerprint: z.string().max(100).optional(),
  })
  .superRefine((values, ctx) => {
    if (values.repeat_weekly && values.repeat_count === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["repeat_count"], message: SERIES_TEXTS.countRange });
    }
  });

export const CreateSessionFormSchema = SessionFormSchema.and(SeriesFieldsSchema);

export type CreateSessionFormValues = z.output<typeof CreateSessionFormSchema>;
