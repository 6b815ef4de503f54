// The order form of /presentkort, shared by the page and its action: which
// product (in the URL, and again as a hidden field), a presentkort's amount,
// the buyer's address twice, and, for a gift, the recipient, a greeting and
// when it is sent. Whether the amount fits the product is the server's to
// say with the product read (saleAmount, ./card-terms.ts); when a gift is
// sent is read here (giftSendAt), so page and server say the same.
import { z } from "zod";
import { MESSAGES, emailField, isValidEmail, optionalLine, optionalText, sameEmail } from "../schemas/common";
import { stockholmToUtcIso, todayKey } from "../time";
import { CARD_SHOP_MESSAGES as M, GIFT_SEND_DEFAULT_TIME, GIFT_SEND_MAX_DAYS, ONLINE_MIN_SEK } from "./card-shop-texts";
import { CARD_LIMITS } from "./card-terms";

/** A chosen amount: one of the product's, or "annat" for the free amount field. */
export const OTHER_AMOUNT = "annat";

const present = (value: unknown) => value !== undefined && value !== null && value !== "";

/** The rules between fields (see card-schemas.ts's productRules on why apart). */
const orderRules = z
  .object({
    email: z.string().trim().optional(),
    email_confirm: z.string().trim().optional(),
    recipient_email: z.unknown(),
    recipient_name: z.unknown(),
    buyer_name: z.unknown(),
    message: z.unknown(),
    send_date: z.unknown(),
  })
  .superRefine((v, ctx) => {
    if (v.email && v.email_confirm && isValidEmail(v.email_confirm) && !sameEmail(v.email, v.email_confirm)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["email_confirm"], message: MESSAGES.emailMismatch });
    }
    const gift = [v.recipient_name, v.buyer_name, v.message, v.send_date].some(present);
    if (gift && !present(v.recipient_email)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["recipient_email"], message: M.recipientNeeded });
  })
  .transform(() => ({}));

const wholeKronor = z
  .number({ invalid_type_error: M.amount })
  .int(M.amount)
  .min(1, M.amount)
  .max(CARD_LIMITS.amountMax, M.amount)
  .optional();

export const CardOrderSchema = orderRules.and(
  z.object({
    product_id: z.number({ required_error: M.product, invalid_type_error: M.product }).int(M.product).positive(M.product),
    amount_choice: z
      .string()
      .trim()
      .regex(new RegExp(`^(\\d{1,6}|${OTHER_AMOUNT})$`), M.amount)
      .optional(),
    amount_free: wholeKronor,
    email: emailField(M.email),
    email_confirm: emailField(M.emailConfirm),
    recipient_email: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isValidEmail(value), MESSAGES.invalidEmail)
      .transform((value) => (value ? value : undefined)),
    recipient_name: optionalLine(100),
    buyer_name: optionalLine(100),
    message: optionalText(500),
    send_date: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.sendDate)
      .optional(),
    send_time: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.sendTime)
      .optional(),
  }),
);

export type CardOrderValues = z.output<typeof CardOrderSchema>;

/**
 * What of a presentkort's amounts is sold online: the amounts offered, and
 * the free amount's range, from Stripe's least charge (ONLINE_MIN_SEK) up.
 * The page offers these, and an order for less is refused with them.
 */
export function onlineAmounts(p: { amounts: readonly number[]; freeMinSek: number | null; freeMaxSek: number | null }) {
  const free = p.freeMinSek !== null && p.freeMaxSek !== null && p.freeMaxSek >= ONLINE_MIN_SEK;
  return {
    amounts: p.amounts.filter((a) => a >= ONLINE_MIN_SEK),
    freeMinSek: free ? Math.max(p.freeMinSek!, ONLINE_MIN_SEK) : null,
    freeMaxSek: free ? p.freeMaxSek : null,
  };
}

/** The amount asked for: a chosen amount, the free one, or the free one alone when the product offers no list. */
export function chosenAmount(values: Pick<CardOrderValues, "amount_choice" | "amount_free">): number | null {
  if (values.amount_choice && values.amount_choice !== OTHER_AMOUNT) return Number(values.amount_choice);
  return values.amount_free ?? null;
}

export type GiftSendAt = { ok: true; sendAt: string | null } | { ok: false; field: "send_date" | "send_time"; message: string };

/**
 * When a gift's mail goes (UTC), from the day and time chosen in Stockholm:
 * null for at once (no day chosen, or a time already past today); a day
 * before today, more than GIFT_SEND_MAX_DAYS ahead or a time that does not
 * exist that day is refused.
 */
export function giftSendAt(date: string | undefined, time: string | undefined, now: Date): GiftSendAt {
  if (!date) return { ok: true, sendAt: null };
  const today = todayKey(now);
  if (date < today) return { ok: false, field: "send_date", message: M.sendPast };
  const last = todayKey(new Date(now.getTime() + GIFT_SEND_MAX_DAYS * 86_400_000));
  if (date > last) return { ok: false, field: "send_date", message: M.sendFar };
  const sendAt = stockholmToUtcIso(date, time ?? GIFT_SEND_DEFAULT_TIME);
  if (!sendAt) return { ok: false, field: date && time ? "send_time" : "send_date", message: time ? M.sendTime : M.sendDate };
  return { ok: true, sendAt: Date.parse(sendAt) <= now.getTime() ? null : sendAt };
}
