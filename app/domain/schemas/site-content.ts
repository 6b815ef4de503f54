// The forms of the admin content pages: a place (/admin/platser), a team
// member (/admin/team) and a preparation item (/admin/preppa). Field names
// are the columns'. Images are https or a path on the site, links https only.
import { z } from "zod";
import { PLACE_KINDS } from "../places";
import { TEXTAREA_MAX_LENGTH, choiceField, maxLengthMessage, optionalLine, optionalText, requiredLine } from "./common";
import { isHttpsImageUrl } from "./session-type";

export const CONTENT_MAX_ORDER = 9999;
const URL_MAX_LENGTH = 500;

export const CONTENT_MESSAGES = {
  placeName: "Namn är obligatoriskt",
  duplicatePlace: "Det finns redan en plats med det namnet",
  reservedPlace: "Namnet är upptaget av en inbyggd plats (Hembesök, Online)",
  town: "Ort är obligatorisk",
  kind: "Välj inomhus eller utomhus",
  mapUrl: "Ange en kartlänk som börjar med https://",
  imageUrl: "Ange en webbadress som börjar med https://, eller en sökväg på sajten som börjar med /",
  order: `Ange ordningen som ett heltal från 0 till ${CONTENT_MAX_ORDER}`,
  memberName: "Namn är obligatoriskt",
  itemTitle: "Rubrik är obligatorisk",
} as const;

// Written as typed, so it must start "https://" itself: "https:hundpass.se"
// parses to the same URL but fails the column's CHECK (LIKE 'https://%').
function httpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

const orderField = z
  .number({ invalid_type_error: CONTENT_MESSAGES.order })
  .int(CONTENT_MESSAGES.order)
  .min(0, CONTENT_MESSAGES.order)
  .max(CONTENT_MAX_ORDER, CONTENT_MESSAGES.order)
  .optional();

function urlField(check: (value: string) => boolean, message: string) {
  return z
    .string()
    .trim()
    .max(URL_MAX_LENGTH, maxLengthMessage(URL_MAX_LENGTH))
    .refine((value) => value === "" || value.length > URL_MAX_LENGTH || check(value), { message })
    .transform((value) => (value === "" ? undefined : value))
    .optional();
}

export const PlaceSchema = z.object({
  name: requiredLine(CONTENT_MESSAGES.placeName, 80),
  town: requiredLine(CONTENT_MESSAGES.town, 60),
  kind: choiceField(PLACE_KINDS, CONTENT_MESSAGES.kind),
  description: optionalText(TEXTAREA_MAX_LENGTH),
  map_url: urlField(httpsUrl, CONTENT_MESSAGES.mapUrl),
  image_url: urlField(isHttpsImageUrl, CONTENT_MESSAGES.imageUrl),
  sort_order: orderField,
  active: z.literal("on").optional(),
});
export type PlaceFormValues = z.output<typeof PlaceSchema>;

export const TeamMemberSchema = z.object({
  name: requiredLine(CONTENT_MESSAGES.memberName, 80),
  role: optionalLine(80),
  text: optionalText(TEXTAREA_MAX_LENGTH),
  image_url: urlField(isHttpsImageUrl, CONTENT_MESSAGES.imageUrl),
  sort_order: orderField,
});
export type TeamMemberFormValues = z.output<typeof TeamMemberSchema>;

export const PreparationItemSchema = z.object({
  title: requiredLine(CONTENT_MESSAGES.itemTitle, 120),
  text: optionalText(TEXTAREA_MAX_LENGTH),
  sort_order: orderField,
});
export type PreparationItemFormValues = z.output<typeof PreparationItemSchema>;
