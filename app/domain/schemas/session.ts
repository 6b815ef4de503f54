// The admin create/edit session form (/admin/skapa-pass and the edit dialog).
// Date and times are plain Stockholm wall-clock strings; converting them to
// UTC is the caller's job. An empty end time means start + 60 minutes (spec
// section 9), so the form works the same without JavaScript.
import { z } from "zod";
import { TEXTAREA_MAX_LENGTH, choiceField, maxLengthMessage, optionalText, requiredLine, requiredText } from "./common";

import { PASS_TYPES, SESSION_DEFAULTS } from "../constants";
import { addMinutesToLocalTime } from "../wall-clock";

/** A place's name is at most this long (migration 0015). */
export const SESSION_LOCATION_MAX_LENGTH = 80;


export const SESSION_TITLE_MAX_LENGTH = 200;
export const SESSION_IMAGE_URL_MAX_LENGTH = 500;
/** The most participants a session (or a session type) takes: a staff typo such as 100 000 is refused. */
export const SESSION_MAX_PARTICIPANTS = 100;
/** The highest price of a session (or a session type), in kronor. */
export const SESSION_MAX_PRICE_SEK = 100_000;

export const SESSION_MESSAGES = {
  title: "Titel är obligatorisk",
  location: "Plats är obligatorisk",
  unknownLocation: "Välj en av platserna i listan",
  date: "Datum är obligatoriskt",
  invalidDate: "Ange ett giltigt datum",
  startTime: "Starttid är obligatorisk",
  endTime: "Sluttid är obligatorisk",
  invalidTime: "Ange en giltig tid (tt:mm)",
  endBeforeStart: "Sluttiden måste vara efter starttiden",
  maxParticipants: "Ange max antal deltagare",
  maxParticipantsMin: "Minst 1 deltagare",
  maxParticipantsMax: `Högst ${SESSION_MAX_PARTICIPANTS} deltagare`,
  price: "Ange ett pris",
  priceMin: "Priset kan inte vara negativt",
  priceMax: "Priset kan vara högst 100 000 kr",
  wholeNumber: "Ange ett heltal",
  passType: "Välj sorts pass",
  imageUrl: "Ange en webbadress som börjar med http:// eller https://, eller en sökväg som börjar med /",
  invalidId: "Ogiltigt id",
} as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
// Ids are opaque to the form: integers or UUIDs both fit.
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** True for a yyyy-MM-dd string naming a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An absolute http(s) URL or a site path such as /images/x.jpg (not //host). */
export function isImageUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function timeField(required: string) {
  return requiredText(required).refine((value) => value === "" || TIME_PATTERN.test(value), {
    message: SESSION_MESSAGES.invalidTime,
  });
}

function wholeNumber(required: string) {
  return z.number({ required_error: required, invalid_type_error: SESSION_MESSAGES.wholeNumber }).int(SESSION_MESSAGES.wholeNumber);
}

const optionalId = z
  .string({ invalid_type_error: SESSION_MESSAGES.invalidId })
  .trim()
  .regex(ID_PATTERN, SESSION_MESSAGES.invalidId)
  .optional();

export const SessionFormSchema = z
  .object({
    session_id: optionalId,
    popup_type_id: optionalId,
    // The edit form's mark of the session as it showed it (update-session.server.ts): a save over a newer edit is refused.
    edited_from: z.string().trim().max(64).optional(),
    title: requiredLine(SESSION_MESSAGES.title, SESSION_TITLE_MAX_LENGTH),
    // One of the places the form lists; the server checks it against them (and D1's foreign key).
    location: requiredLine(SESSION_MESSAGES.location, SESSION_LOCATION_MAX_LENGTH, SESSION_MESSAGES.unknownLocation),
    start_date: requiredText(SESSION_MESSAGES.date).refine((value) => value === "" || isCalendarDate(value), {
      message: SESSION_MESSAGES.invalidDate,
    }),
    start_time: timeField(SESSION_MESSAGES.startTime),
    // Optional: left empty it becomes start + 60 minutes (below).
    end_time: z
      .string()
      .trim()
      .refine((value) => value === "" || TIME_PATTERN.test(value), { message: SESSION_MESSAGES.invalidTime })
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    max_participants: wholeNumber(SESSION_MESSAGES.maxParticipants)
      .min(1, SESSION_MESSAGES.maxParticipantsMin)
      .max(SESSION_MAX_PARTICIPANTS, SESSION_MESSAGES.maxParticipantsMax),
    price_sek: wholeNumber(SESSION_MESSAGES.price)
      .min(0, SESSION_MESSAGES.priceMin)
      .max(SESSION_MAX_PRICE_SEK, SESSION_MESSAGES.priceMax),
    pass_type: choiceField(PASS_TYPES, SESSION_MESSAGES.passType),
    image_url: z
      .string()
      .trim()
      .max(SESSION_IMAGE_URL_MAX_LENGTH, maxLengthMessage(SESSION_IMAGE_URL_MAX_LENGTH))
      .refine((value) => value === "" || value.length > SESSION_IMAGE_URL_MAX_LENGTH || isImageUrl(value), {
        message: SESSION_MESSAGES.imageUrl,
      })
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    description: optionalText(TEXTAREA_MAX_LENGTH),
  })
  .transform((values, ctx) => {
    // Runs only once every field parsed, so the start is a valid HH:mm here.
    const { start_time: start } = values;
    const end = values.end_time ?? addMinutesToLocalTime(start, SESSION_DEFAULTS.durationMinutes) ?? "";
    // Zero-padded HH:mm strings order the same way as the times they name.
    if (end <= start) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["end_time"], message: SESSION_MESSAGES.endBeforeStart });
      return z.NEVER;
    }
    return { ...values, end_time: end };
  });

export type SessionFormValues = z.output<typeof SessionFormSchema>;
