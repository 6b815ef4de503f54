/**
 * The booking form's fields (a session's page and a queue place's hold link),
 * parsed with the rules of the session the form showed. Server only: the browser validates with the same schema in the
 * form component, and need not build these.
 */
// Conform's own coercion, applied once per schema; pinned with @conform-to/zod.
import { parseWithZod, unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod";
import { createBookingSchema, type BookingRules } from "~/domain/schemas/booking";

const rulesKey = (rules: BookingRules) => `${+rules.requiresMeetingType}${+rules.requiresHomeAddress}${+rules.requiresVariant}`;

/**
 * The booking schema of every rule set (eight), with conform's form-value
 * coercion applied, built once as the module loads: building one per post
 * was a sixth of the booking action's CPU. A constant table, not a memory.
 */
const COERCED_BOOKING_SCHEMAS = new Map(
  [false, true].flatMap((requiresMeetingType) =>
    [false, true].flatMap((requiresHomeAddress) =>
      [false, true].map((requiresVariant) => {
        const rules = { requiresMeetingType, requiresHomeAddress, requiresVariant };
        return [rulesKey(rules), coerceFormValue(createBookingSchema(rules))] as const;
      }),
    ),
  ),
);

export function parseBookingForm(formData: FormData, rules: BookingRules) {
  const schema = COERCED_BOOKING_SCHEMAS.get(rulesKey(rules))!;
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

