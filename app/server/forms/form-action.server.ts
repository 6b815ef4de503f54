/**
 * The one action flow of every form (public, account, booking, admin):
 *
 *   the form as admitted by the body door (./request-body.server.ts)
 *   → bot check (honeypot + signed fill time, before any read; off only
 *     behind a sign-in)
 *   → parse with the form's zod schema (a page with several forms: the
 *     schema of the form's `intent`, withIntents)
 *   → the per-client limit, for a public form that stores and mails
 *   → `run`, which does the work and answers with a redirect (usually with a
 *     toast) or with form errors.
 *
 * Every refusal returns the form's values (never a password) and a Swedish
 * message with a 4xx/5xx status, as `{ result, toast }` for the page's form,
 * so nothing the visitor typed is lost and the flow works without JavaScript.
 *
 * The pages a mailed link opens (a token in the URL or a hidden field) have
 * no form to fill: `handleLinkForm` parses their fields with the same kind
 * of schema and answers a link that does not parse with the page's own
 * "this link does not work".
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type TypedResponse } from "@remix-run/cloudflare";
import { z } from "zod";
import type { ToastView } from "~/domain/toast";
import { BOT_CHECK_MESSAGE, checkHoneypot } from "./bot-check.server";
import { noStoreHeaders } from "../public/cache.server";
import { clientNetwork, hitRateLimit, RATE_LIMIT_MESSAGE, type RateLimitRule } from "../platform/rate-limit.server";
import { readForm } from "./request-body.server";

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

const TEN_MINUTES_MS = 10 * 60_000;

/** The public forms that store and mail: five sends per client network per ten minutes, each form its own bucket. */
export const FORM_RATE_LIMITS = {
  contact: { name: "contact-ip", limit: 5, windowMs: TEN_MINUTES_MS },
  flurre: { name: "flurre-ip", limit: 5, windowMs: TEN_MINUTES_MS },
  problemReport: { name: "problem-report-ip", limit: 5, windowMs: TEN_MINUTES_MS },
} satisfies Record<string, RateLimitRule>;

/** The parse step for a plain schema. */
export function withSchema<Schema extends z.ZodTypeAny>(schema: Schema) {
  return (formData: FormData) => ({ submission: parseWithZod(formData, { schema }) });
}

/**
 * The parse step of a page with several forms: each form names itself in an
 * `intent` field and is parsed with its own schema; the value carries the
 * intent, so `run` switches on `value.intent`. An intent the page does not
 * have fails the parse (and `intent` is null).
 */
export function withIntents<Schemas extends Record<string, z.ZodTypeAny>>(schemas: Schemas) {
  type Intent = keyof Schemas & string;
  type Value = { [K in Intent]: { intent: K } & z.output<Schemas[K]> }[Intent];
  const names = Object.keys(schemas) as [Intent, ...Intent[]];
  return (formData: FormData) => {
    const raw = formData.get("intent");
    const intent = typeof raw === "string" && Object.hasOwn(schemas, raw) ? (raw as Intent) : null;
    const schema = intent
      ? z.intersection(z.object({ intent: z.literal(intent) }), schemas[intent]!)
      : z.object({ intent: z.enum(names) });
    return { submission: parseWithZod(formData, { schema }) as Submission<Value, string[], Value>, intent };
  };
}

/** Any form's parse result; conform's Submission is invariant in its type parameters. */
type AnyParsed = { submission: Submission<any, string[], any> };

/** The values of a parse that succeeded. */
type ParsedValue<Parsed extends AnyParsed> = Extract<
  Parsed["submission"],
  { status: "success" }
>["value"];

/**
 * What `run` (or `invalid`) answers: a response (usually a redirect with a
 * toast; a page may answer with data of its own, e.g. a secret shown once,
 * and then names its type as handleForm's second type argument), or the
 * form again with these errors.
 */
type Answer<Done extends Answered> = NoInfer<Done> | FormRefusal;
type Answered = Response | ReturnType<typeof data>;

/** A refusal is a plain object; a response (or data with its status) is an instance of its class. */
function isPlainObject(value: object): boolean {
  return Object.getPrototypeOf(value) === Object.prototype;
}

export async function handleForm<Parsed extends AnyParsed, Done extends Answered = TypedResponse<never>>(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  options: {
    /**
     * The honeypot and minimum fill time. Only forms behind a sign-in (the
     * admin's, whose action has checked the role already) turn it off; the
     * cross-site POST check still applies to them.
     */
    botCheck?: boolean;
    /** Parses the form (its schema may depend on the form, e.g. the booking's session or its intent). */
    parse: (formData: FormData) => Parsed;
    /** Fields never sent back (passwords). */
    hideFields?: string[];
    /**
     * A form that did not parse: by default the form again with its field
     * errors (400); this may add a toast, or answer otherwise (e.g. a
     * confirmation button whose target is gone: back to the list with a toast).
     */
    invalid?: (
      submission: Parsed["submission"],
      parsed: Parsed,
    ) => Answer<Done> | { toast: ToastView | null } | Promise<Answer<Done>>;
    /**
     * Counts a parsed send on the client network's bucket before `run` (typos
     * never lock anyone out); over it, 429. `unavailable` answers when the
     * count cannot be made.
     */
    rateLimit?: { rule: RateLimitRule; unavailable: FormRefusal };
    /** Does the work with the parsed values (and whatever `parse` returned besides). */
    run: (value: ParsedValue<Parsed>, parsed: Parsed) => Promise<Answer<Done>>;
  },
) {
  const formData = await readForm({ request, context });
  const bot = options.botCheck === false ? { ok: true } : await checkHoneypot(context.config, formData);
  const parsed = options.parse(formData);
  const { submission } = parsed;
  const { hideFields } = options;
  const answer = (outcome: Answer<Done>) => {
    if (!isPlainObject(outcome)) return outcome as Done;
    const { formErrors, fieldErrors, status, toast = null, headers } = outcome as FormRefusal;
    return data<FormActionData>(
      { result: submission.reply({ formErrors, fieldErrors, hideFields }), toast },
      { status, headers: { ...noStoreHeaders, ...headers } },
    );
  };

  if (!bot.ok) return answer({ formErrors: [BOT_CHECK_MESSAGE], status: 400 });
  if (submission.status !== "success") {
    const invalid: Answer<Done> | { toast: ToastView | null } = (await options.invalid?.(submission, parsed)) ?? { toast: null };
    if (!isPlainObject(invalid) || "status" in invalid) return answer(invalid as Answer<Done>);
    return answer({ status: 400, toast: (invalid as { toast: ToastView | null }).toast });
  }
  if (options.rateLimit) {
    const { rule, unavailable } = options.rateLimit;
    let allowed: boolean;
    try {
      allowed = (await hitRateLimit(context, rule, clientNetwork(request))).allowed;
    } catch (error) {
      console.error(`rate limit ${rule.name} could not be checked`, error);
      return answer(unavailable);
    }
    if (!allowed) return answer({ formErrors: [RATE_LIMIT_MESSAGE], status: 429 });
  }
  return answer(await options.run(submission.value as ParsedValue<Parsed>, parsed));
}

/**
 * The action of a page a mailed link opens (a queue place, a decision, a
 * newsletter or staff confirmation, unsubscribing): its fields — the link's
 * token from the URL's path or query or a hidden field — parsed with
 * `schema` (path parameters first, then the query, then the form). No bot
 * check: the token is the proof. A link that does not parse gets `refused`,
 * the page's own "this link does not work"; one that does, `run`.
 */
export async function handleLinkForm<Schema extends z.ZodTypeAny, Refused, Done>(
  { request, context, params }: Pick<ActionFunctionArgs, "request" | "context" | "params">,
  options: {
    schema: Schema;
    refused: () => Refused | Promise<Refused>;
    run: (values: z.output<Schema>) => Promise<Done>;
  },
): Promise<Refused | Done> {
  const form = await readForm({ request, context });
  const fields: Record<string, unknown> = { ...params, ...Object.fromEntries(new URL(request.url).searchParams) };
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  const parsed = options.schema.safeParse(fields);
  return parsed.success ? options.run(parsed.data) : options.refused();
}
