/**
 * The public forms (contact, Flurre, problem report) on the one form flow
 * (form-action.server.ts): after the parse, a per-client rate limit → store
 * and e-mail → redirect with a toast. A storage failure returns the values
 * with the spec's failure toast, so nothing the visitor typed is lost.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { ToastView } from "~/domain/toast";
import { handleForm, withSchema, type FormRefusal } from "../form-action.server";
import { clientNetwork, hitRateLimit, RATE_LIMIT_MESSAGE, type RateLimitRule } from "../rate-limit.server";
import { redirectWithToast, type ToastInput } from "../toast.server";

const TEN_MINUTES_MS = 10 * 60_000;

/** Each form has its own bucket: five sends per address per ten minutes. */
export const FORM_RATE_LIMITS = {
  contact: { name: "contact-ip", limit: 5, windowMs: TEN_MINUTES_MS },
  flurre: { name: "flurre-ip", limit: 5, windowMs: TEN_MINUTES_MS },
  problemReport: { name: "problem-report-ip", limit: 5, windowMs: TEN_MINUTES_MS },
} satisfies Record<string, RateLimitRule>;

export async function handlePublicForm<Schema extends z.ZodTypeAny>(
  args: Pick<ActionFunctionArgs, "request" | "context">,
  options: {
    schema: Schema;
    rateLimit: RateLimitRule;
    submit: (values: z.output<Schema>) => Promise<boolean>;
    successUrl: string;
    successToast: ToastInput;
    failureToast: Omit<ToastView, "type">;
  },
) {
  const { request, context } = args;
  const failed: FormRefusal = { status: 500, toast: { type: "error", ...options.failureToast } };
  return handleForm(args, {
    parse: withSchema(options.schema),
    async run(values) {
      // Counted only for sends that would go through, so typos never lock anyone out.
      let allowed: boolean;
      try {
        allowed = (await hitRateLimit(context.cloudflare.env, options.rateLimit, clientNetwork(request))).allowed;
      } catch (error) {
        console.error(`rate limit ${options.rateLimit.name} could not be checked`, error);
        return failed;
      }
      if (!allowed) return { formErrors: [RATE_LIMIT_MESSAGE], status: 429 };
      if (!(await options.submit(values))) return failed;
      return redirectWithToast(context, options.successUrl, options.successToast);
    },
  });
}
