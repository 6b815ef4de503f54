// The forms of /admin/kort, shared by the page and its action: a card
// product (a klippkort's uses, price and session types, or a presentkort's
// amounts; the other kind's fields are ignored) and "Registrera sålt kort".
// The session types a klippkort may name are the ones in the database, so
// the product schema is made for that list. Field names are the columns'.
import { z } from "zod";
import { MESSAGES, emailField, isValidEmail, requiredLine, sameEmail } from "../schemas/common";
import { CARD_MESSAGES as M } from "./card-texts";
import { CARD_KINDS, CARD_LIMITS, CARD_SHOWN_ON } from "./card-terms";

function wholeNumber(message: string, min: number, max: number) {
  return z
    .number({ required_error: message, invalid_type_error: message })
    .int(message)
    .min(min, message)
    .max(max, message);
}

/**
 * "200, 500, 1000" (or "1 000 kr; 500") as whole kronor, each once, smallest
 * first: commas or semicolons part the amounts, spaces inside one are
 * thousands.
 */
const amountsField = z
  .string()
  .trim()
  .max(200, M.amounts)
  .optional()
  .transform((value, ctx): number[] => {
    const parts = (value ?? "")
      .split(/[,;]/)
      .map((part) => part.replace(/\s/gu, "").replace(/kr$/i, ""))
      .filter((part) => part !== "");
    if (parts.some((part) => !/^\d{1,9}$/.test(part))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.amounts });
      return [];
    }
    const amounts = [...new Set(parts.map(Number))].sort((a, b) => a - b);
    if (amounts.some((a) => a < 1 || a > CARD_LIMITS.amountMax)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.amountRange });
    } else if (amounts.length > CARD_LIMITS.amountsMax) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.amountsMax });
    }
    return amounts;
  });

const present = (value: unknown) => value !== undefined && value !== null && value !== "";
const asNumber = (value: unknown) => (typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN);

/**
 * The rules between fields, checked apart from the fields themselves: zod
 * skips an object's refinements while any of its fields fails, so a missing
 * price would only show once the name was fixed. As the left side of an
 * intersection it speaks at once, and the fields' own rules (right) still
 * give the HTML constraints and the values.
 */
const productRules = z
  .object({
    kind: z.unknown(),
    validity_months: z.unknown(),
    uses: z.unknown(),
    price_sek: z.unknown(),
    session_types: z.unknown(),
    amounts: z.unknown(),
    free_min_sek: z.unknown(),
    free_max_sek: z.unknown(),
  })
  .superRefine((v, ctx) => {
    const issue = (field: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
    if (v.kind === "klippkort") {
      if (!present(v.uses)) issue("uses", M.uses);
      if (!present(v.price_sek)) issue("price_sek", M.price);
      const types = Array.isArray(v.session_types) ? v.session_types : present(v.session_types) ? [v.session_types] : [];
      if (types.length === 0) issue("session_types", M.sessionTypes);
    }
    if (v.kind === "presentkort") {
      const validity = asNumber(v.validity_months);
      if (Number.isInteger(validity) && validity >= CARD_LIMITS.validityMin && validity < CARD_LIMITS.giftValidityMin) {
        issue("validity_months", M.giftValidity);
      }
      const hasAmounts = typeof v.amounts === "string" && /\d/.test(v.amounts);
      const min = present(v.free_min_sek);
      const max = present(v.free_max_sek);
      if (!hasAmounts && !min && !max) issue("amounts", M.noAmount);
      if (min !== max) issue(min ? "free_max_sek" : "free_min_sek", M.freeBoth);
      const [low, high] = [asNumber(v.free_min_sek), asNumber(v.free_max_sek)];
      if (min && max && Number.isInteger(low) && Number.isInteger(high) && high < low) issue("free_max_sek", M.freeOrder);
    }
  })
  // The values are the fields' (right): the rules give none, or the two sides would have to agree on each.
  .transform(() => ({}));

/** The product form for these session type names (popup_types.name). */
export function cardProductSchema(sessionTypeNames: readonly string[]) {
  const fields = z.object({
    kind: z.enum(CARD_KINDS, { errorMap: () => ({ message: M.kind }) }),
    name: requiredLine(M.name, CARD_LIMITS.nameMax),
    validity_months: wholeNumber(M.validity, CARD_LIMITS.validityMin, CARD_LIMITS.validityMax),
    uses: wholeNumber(M.uses, 1, CARD_LIMITS.usesMax).optional(),
    price_sek: wholeNumber(M.price, 0, CARD_LIMITS.priceMax).optional(),
    // Checkboxes named "session_types"; one ticked comes as a list of one.
    session_types: z
      .array(z.string().refine((name) => sessionTypeNames.includes(name), M.unknownSessionType))
      .optional()
      .transform((names) => [...new Set(names ?? [])]),
    amounts: amountsField,
    free_min_sek: wholeNumber(M.freeRange, 1, CARD_LIMITS.amountMax).optional(),
    free_max_sek: wholeNumber(M.freeRange, 1, CARD_LIMITS.amountMax).optional(),
    hidden: z.literal("on").optional(),
    // Radio buttons: where it is shown besides its sale. A post without them keeps what the product had.
    shown_on: z.enum(CARD_SHOWN_ON, { errorMap: () => ({ message: M.shownOn }) }).optional(),
  });
  return productRules.and(fields);
}

export type CardProductFormValues = z.output<ReturnType<typeof cardProductSchema>>;

/** The e-mail twice, compared as soon as both are typed (see productRules on why apart). */
const emailsMatch = z
  .object({ email: z.string().trim().optional(), email_confirm: z.string().trim().optional() })
  .superRefine(({ email, email_confirm: confirm }, ctx) => {
    // A malformed confirmation already has its own message.
    if (email && confirm && isValidEmail(confirm) && !sameEmail(email, confirm)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["email_confirm"], message: MESSAGES.emailMismatch });
    }
  });

/**
 * "Registrera sålt kort": which product, a presentkort's amount, the buyer's
 * address. Whether the amount fits the product is the server's to say
 * (saleAmount, ./card-terms.ts), with the product read.
 */
export const RegisterCardSchema = emailsMatch.and(
  z.object({
    product_id: z.number({ required_error: M.product, invalid_type_error: M.product }).int(M.product).positive(M.product),
    amount_sek: wholeNumber(M.freeRange, 1, CARD_LIMITS.amountMax).optional(),
    email: emailField(M.email),
    email_confirm: emailField(M.emailConfirm),
  }),
);

export type RegisterCardValues = z.output<typeof RegisterCardSchema>;
