/**
 * The one action flow of every form (public, account, booking):
 *
 *   the form as admitted by the body door (forms/request-body.server.ts)
 *   → bot check (honeypot + signed fill time, before any read)
 *   → parse with the form's zod schema
 *   → `run`, which does the work and answers with a redirect (usually with a
 *     toast) or with form errors.
 *
 * Every refusal returns the form's values (never a password) and a Swedish
 * message with a 4xx/5xx status, as `{ result, toast }` for the page's form,
 * so nothing the visitor typed is lost and the flow works without JavaScript.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type TypedResponse } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { ToastView } from "~/domain/toast";
import { BOT_CHECK_MESSAGE, checkHoneypot } from "./bot-check.server";
import { noStoreHeaders } from "./public/cache.server";
import { readForm } from "./forms/request-body.server";

/** What `run` answers when it does not redirect: the form again, with these errors. */
export interface FormRefusal {
  formErrors?: string[];
  /** Errors the schema could not see (a time in the DST gap, say), by field name. */
  fieldErrors?: Record<string, string[]>;
  status: number;
  toast?: ToastView | null;
  headers?: Record<string, string>;
}

export type FormActionData = { result: SubmissionResult<string[]>; toast: ToastView | null };

/** The parse step for a plain schema. */
export function withSchema<Schema extends z.ZodTypeAny>(schema: Schema) {
  return (formData: FormData) => ({ submission: parseWithZod(formData, { schema }) });
}

/** Any form's parse result; conform's Submission is invariant in its type parameters. */
type AnyParsed = { submission: Submission<any, string[], any> };

/** The values of a parse that succeeded. */
type ParsedValue<Parsed extends AnyParsed> = Extract<
  Parsed["submission"],
  { status: "success" }
>["value"];

export async function handleForm<Parsed extends AnyParsed>(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  options: {
    /**
     * The honeypot and minimum fill time. Only forms behind a sign-in (the
     * admin's, whose action has checked the role already) turn it off; the
     * cross-site POST check still applies to them.
     */
    botCheck?: boolean;
    /** Parses the form (its schema may depend on the form, e.g. the booking's session). */
    parse: (formData: FormData) => Parsed;
    /** Fields never sent back (passwords). */
    hideFields?: string[];
    /** A toast for a form that did not parse, besides its field errors. */
    invalidToast?: (submission: Parsed["submission"]) => ToastView | null;
    /** Does the work with the parsed values (and whatever `parse` returned besides). */
    run: (value: ParsedValue<Parsed>, parsed: Parsed) => Promise<TypedResponse<never> | FormRefusal>;
  },
) {
  const formData = await readForm({ request, context });
  const bot = options.botCheck === false ? { ok: true } : await checkHoneypot(context.config, formData);
  const parsed = options.parse(formData);
  const { submission } = parsed;
  const { hideFields } = options;
  const answer = ({ formErrors, fieldErrors, status, toast = null, headers }: FormRefusal) =>
    data<FormActionData>(
      { result: submission.reply({ formErrors, fieldErrors, hideFields }), toast },
      { status, headers: { ...noStoreHeaders, ...headers } },
    );

  if (!bot.ok) return answer({ formErrors: [BOT_CHECK_MESSAGE], status: 400 });
  if (submission.status !== "success") {
    return answer({ status: 400, toast: options.invalidToast?.(submission) ?? null });
  }
  const outcome = await options.run(submission.value as ParsedValue<Parsed>, parsed);
  return isResponse(outcome) ? outcome : answer(outcome);
}

function isResponse(value: TypedResponse<never> | FormRefusal): value is TypedResponse<never> {
  return value instanceof Response;
}
