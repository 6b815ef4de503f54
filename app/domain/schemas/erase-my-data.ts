// The erasure form on /mina-bokningar/radera: one box that says the customer understands.
import { z } from "zod";
import { PRIVACY_TEXTS } from "../privacy";

export const EraseMyDataSchema = z.object({
  bekrafta: z.literal("on", { errorMap: () => ({ message: PRIVACY_TEXTS.confirmRequired }) }),
});
