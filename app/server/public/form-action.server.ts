/**
 * The one action flow of the public forms (contact, Flurre, problem report):
 * bot check (honeypot + minimum fill time) → zod parse → per-IP rate limit →
 * store and e-mail → redirect with a toast. Any refusal returns the form's
 * values and a Swedish message with a 4xx status; a storage failure returns
 * them with the spec's failure toast, so nothing the visitor typed is lost.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { ToastView } from "~/domain/toast";
import { BOT_CHECK_MESSAGE, checkHoneypot } from "../bot-check.server";
import { clientNetwork, hitRateLimit, RATE_LIMIT_MESSAGE, type RateLimitRule } from "../rate-limit.server";
import { redirectWithToast, type ToastInput } from "../toast.server";
import { noStoreHeaders } from "./cache.server";

const TEN_MINUTES_MS = 10 * 60_000;

/** Each form has its own bucket: five sends per address per ten minutes. */
export const FORM_RATE_LIMITS = {
  contact: { name: "contact-ip", limit: 5, windowMs: TEN_MINUTES_MS },
  flurre: { name: "flurre-ip", limit: 5, windowMs: TEN_MINUTES_MS },
  problemReport: { name: "problem-report-ip", limit: 5, windowMs: TEN_MINUTES_MS },
} satisfies Record<string, RateLimitRule>;

export async function handlePublicForm<Schema extends z.ZodTypeAny>(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  options: {
    schema: Schema;
    rateLimit: RateLimitRule;
    submit: (values: z.output<Schema>) => Promise<boolean>;
    successUrl: string;
    successToast: ToastInput;
    failureToast: Omit<ToastView, "type">;
  },
) {
  const formData = await request.formData();
  const verdict = await checkHoneypot(context.config, formData);
  const submission = parseWithZod(formData, { schema: options.schema });
  const refuse = (status: number, message?: string) =>
    data(
      { result: message ? submission.reply({ formErrors: [message] }) : submission.reply(), toast: null },
      { status, headers: noStoreHeaders },
    );

  if (!verdict.ok) return refuse(400, BOT_CHECK_MESSAGE);
  if (submission.status !== "success") return refuse(400);

  const failed = () => {
    const toast: ToastView = { type: "error", ...options.failureToast };
    return data({ result: submission.reply(), toast }, { status: 500, headers: noStoreHeaders });
  };

  // Counted only for sends that would go through, so typos never lock anyone out.
  let allowed: boolean;
  try {
    allowed = (await hitRateLimit(context.cloudflare.env, options.rateLimit, clientNetwork(request))).allowed;
  } catch (error) {
    console.error(`rate limit ${options.rateLimit.name} could not be checked`, error);
    return failed();
  }
  if (!allowed) return refuse(429, RATE_LIMIT_MESSAGE);

  if (!(await options.submit(submission.value))) return failed();
  return redirectWithToast(context, options.successUrl, options.successToast);
}
