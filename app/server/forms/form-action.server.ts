/**
 * The one action flow of every form (public, account, booking, admin, the
 * start page's newsletter signup, and Flurre's questions, the chat widget's
 * JSON endpoint too):
 *
 *   the form as admitted by the body door (./request-body.server.ts)
 *   → bot check (honeypot + signed fill time, before any read; off only
 *     behind a sign-in, and for the chat widget's script post); a form that
 *     sends mail takes its stamp once (`stampOnce`), right before `run`
 *   → parse with the form's zod schema (a page with several forms: the
 *     schema of the form's `intent`, withIntents; forms that answer in
 *     shapes of their own go apart by postedIntent)
 *   → the per-client limit, for a public form that stores, mails or calls
 *     out (FormRateLimit): once the form parsed, or on every post; one
 *     bucket or several (by network, by address typed); awaited before
 *     `run`, or made in run's own D1 batch (`alongside`: one round trip for
 *     the count and run's read); over it 429, or the page's own answer (the
 *     newsletter's is its success, so nobody learns an address's count)
 *   → `run`, which does the work and answers with a redirect (usually with a
 *     toast), data of the page's own, or form errors.
 *
 * Every refusal returns the form's values (never a password) and a Swedish
 * message with a 4xx/5xx status, as `{ result, toast }` for the page's form,
 * so nothing the visitor typed is lost and the flow works without JavaScript.
 * A page whose client reads another shape (`{ result, outcome }`, a JSON
 * `{ ok: false, error }`) gives `refuse`, which builds it from the same reply.
 *
 * The pages a mailed link opens (a token in the URL or a hidden field) have
 * no form to fill: `handleLinkForm` parses their fields with the same kind
 * of schema and answers a link that does not parse with the page's own
 * "this link does not work".
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type AppLoadContext, type TypedResponse } from "@remix-run/cloudflare";
import { z } from "zod";
import type { ToastView } from "~/domain/toast";
import { BOT_CHECK_MESSAGE, checkHoneypot, claimStamp, releaseStamp, STAMP_USED_MESSAGE } from "./bot-check.server";
import { noStoreHeaders } from "../public/cache.server";
import {
  clientNetwork,
  hitRateLimit,
  RATE_LIMIT_MESSAGE,
  rateLimitSlot,
  rateLimitVerdict,
  type BatchedCount,
  type RateLimitResult,
  type RateLimitRule,
} from "../platform/rate-limit.server";
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
  /** An order of a card online: each calls Stripe. */
  cardOrder: { name: "card-order-ip", limit: 5, windowMs: TEN_MINUTES_MS },
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

/** Whether a step's answer is a refusal (a plain object), not a response or a page's own answer. */
export function isFormRefusal(answer: unknown): answer is FormRefusal {
  return typeof answer === "object" && answer !== null && isPlainObject(answer);
}

/** The answer a refusal gets unless the page shapes its own: the form again, `{ result, toast }`. */
export type FormRefusalAnswer = ReturnType<typeof data<FormActionData>>;

/** A bucket keyed by something in the form (the address typed), not by the client's network. */
export type KeyedRateLimitRule<Value> = { rule: RateLimitRule; by: (value: Value) => string };

/**
 * The per-client limit of a form. Every rule's bucket is counted on each
 * count, all at once, so the answer never tells which one ran out.
 */
export type FormRateLimit<Parsed extends AnyParsed, Done extends Answered> = (
  | {
      /** Counted once the form parsed (typos never lock anyone out). */
      everyPost?: false;
      /** A plain rule counts on the client's network; a keyed one on a value of the form. */
      rules: Array<RateLimitRule | KeyedRateLimitRule<ParsedValue<Parsed>>>;
    }
  | {
      /** Counted for every post, parsed or not (and bot or not), from before the form is read. */
      everyPost: true;
      rules: RateLimitRule[];
    }
) & {
  /**
   * `run` makes the count in its own D1 batch, one round trip with its
   * read: its third argument holds the slots to hit (`countHitQuery`), and
   * `counted` gives the verdict from their hits; run must stop before it
   * stores or sends anything when the verdict refuses. Whatever run throws,
   * a count made decides first: over the limit is answered as such. A post
   * refused before run (bot check, parse) is counted here as any other.
   */
  alongside?: boolean;
  /**
   * Over a limit: 429 with the Swedish message and Retry-After, unless the
   * page answers otherwise (e.g. exactly as a success). It gets the rules
   * whose budget ran out; returning null keeps the Swedish message.
   */
  over?: (parsed: Parsed, spent: RateLimitRule[]) => Answer<Done> | null;
  /** When the count cannot be made; without it the error goes on to the route's error answer. */
  unavailable?: FormRefusal;
};

/**
 * The first message of a form's reply (its form errors first, then its
 * fields' in order), for a client that shows one sentence.
 */
export function firstFormError(result: SubmissionResult<string[]>): string {
  const { "": formErrors, ...fieldErrors } = result.error ?? {};
  return [formErrors, ...Object.values(fieldErrors)].flatMap((errors) => errors ?? [])[0] ?? "";
}

/** A form's count: the verdict, and the rules whose budget ran out. */
type FormCount = RateLimitResult & { spent: RateLimitRule[] };

/** The count that lets everything through: a form without a limit. */
const UNCOUNTED: FormCount = { allowed: true, remaining: Infinity, retryAfterSeconds: 0, spent: [] };

/** Counts one hit on each bucket at once; refused if any bucket is spent. */
async function countOn(
  context: AppLoadContext,
  buckets: Array<{ rule: RateLimitRule; subject: string }>,
): Promise<FormCount> {
  return formCount(buckets, await Promise.all(buckets.map(({ rule, subject }) => hitRateLimit(context, rule, subject))));
}

/** The count of one hit on each bucket, made in `run`'s own batch: the slots, and the verdict from their hits. */
async function countInBatch(
  context: AppLoadContext,
  buckets: Array<{ rule: RateLimitRule; subject: string }>,
): Promise<{ count: BatchedCount; made: () => FormCount | null }> {
  const slots = await Promise.all(buckets.map(({ rule, subject }) => rateLimitSlot(context.cloudflare.env, rule, subject)));
  let made: FormCount | null = null;
  const counted = (hits: readonly (number | undefined)[]) =>
    (made = formCount(buckets, slots.map((slot, i) => rateLimitVerdict(slot, hits[i] ?? 1))));
  return { count: { slots, counted }, made: () => made };
}

/** A count already made, as `run` gets it. */
const madeCount = (count: FormCount): BatchedCount => ({ slots: [], counted: () => count });

/** The verdicts of each bucket as one count: refused if any bucket is spent. */
function formCount(buckets: Array<{ rule: RateLimitRule }>, results: readonly RateLimitResult[]): FormCount {
  const refused = results.flatMap((r, i) => (r.allowed ? [] : [{ ...r, rule: buckets[i]!.rule }]));
  return {
    allowed: refused.length === 0,
    remaining: Math.min(...results.map((r) => r.remaining)),
    retryAfterSeconds: Math.max(0, ...refused.map((r) => r.retryAfterSeconds)),
    spent: refused.map((r) => r.rule),
  };
}

export async function handleForm<
  Parsed extends AnyParsed,
  Done extends Answered = TypedResponse<never>,
  Refused extends Answered = FormRefusalAnswer,
>(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  options: {
    /**
     * The honeypot and minimum fill time. Only forms behind a sign-in (the
     * admin's, whose action has checked the role already) and the chat
     * widget's JSON endpoint (a script's post, limited on every post) turn it
     * off; the cross-site POST check still applies to them.
     */
    botCheck?: boolean;
    /**
     * The form sends mail: its bot-check stamp serves one post. Taken right
     * before `run` (after the limits), given back when `run` refuses; a
     * second post with a taken stamp is refused with STAMP_USED_MESSAGE and
     * does nothing.
     */
    stampOnce?: boolean;
    /** Parses the form (its schema may depend on the form, e.g. the booking's session or its intent). */
    parse: (formData: FormData) => Parsed;
    /** Fields never sent back (passwords, a bot-check token). */
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
    /** The per-client limit, for a public form that stores, mails or calls out (FormRateLimit). */
    rateLimit?: FormRateLimit<Parsed, Done>;
    /**
     * How a refusal is answered when the page's client reads a shape of its
     * own (a JSON endpoint's `{ ok: false, error }`, say): given the form's
     * reply (its values and errors) and the refusal. Cache headers are the
     * page's to add. By default `{ result, toast }`, never stored.
     */
    refuse?: (result: SubmissionResult<string[]>, refusal: FormRefusal) => Refused;
    /**
     * Does the work with the parsed values (and whatever `parse` returned
     * besides); the third argument is the count: made already (no slots),
     * or with `alongside` to make in run's own batch.
     */
    run: (value: ParsedValue<Parsed>, parsed: Parsed, count: BatchedCount) => Promise<Answer<Done>>;
  },
): Promise<Done | Refused> {
  const { rateLimit } = options;
  let hideFields = options.hideFields;
  const count = (buckets: Array<{ rule: RateLimitRule; subject: string }>) => {
    const counting = countOn(context, buckets);
    // Awaited where it decides; never left unhandled when the post ends first.
    counting.catch(() => undefined);
    return counting;
  };
  const byNetwork = (rule: RateLimitRule) => ({ rule, subject: clientNetwork(request) });
  // Every post counts from before the form is read; with `alongside`, a valid one in run's batch.
  let counted = rateLimit?.everyPost && !rateLimit.alongside ? count(rateLimit.rules.map(byNetwork)) : null;
  const formData = await readForm({ request, context });
  const bot = options.botCheck === false ? { ok: true } : await checkHoneypot(context.config, formData);
  const parsed = options.parse(formData);
  const { submission } = parsed;
  const refuse = (refusal: FormRefusal): Refused => {
    const { formErrors, fieldErrors, status, toast = null, headers } = refusal;
    const result = submission.reply({ formErrors, fieldErrors, hideFields });
    if (options.refuse) return options.refuse(result, refusal);
    return data<FormActionData>({ result, toast }, { status, headers: { ...noStoreHeaders, ...headers } }) as Refused;
  };
  const answer = (outcome: Answer<Done>): Done | Refused =>
    isFormRefusal(outcome) ? refuse(outcome) : (outcome as Done);
  /** The count's answer when it stops the post: over a limit, or not countable. */
  const stoppedBy = async (count: Promise<FormCount>): Promise<Done | Refused | null> => {
    let result: FormCount;
    try {
      result = await count;
    } catch (error) {
      if (!rateLimit?.unavailable) throw error;
      console.error(`rate limit ${rateLimit.rules.map((r) => ("rule" in r ? r.rule : r).name).join(", ")} could not be checked`, error);
      return answer(rateLimit.unavailable);
    }
    if (result.allowed) return null;
    const headers = { "Retry-After": String(result.retryAfterSeconds) };
    return answer(rateLimit?.over?.(parsed, result.spent) ?? { formErrors: [RATE_LIMIT_MESSAGE], status: 429, headers });
  };

  if (!bot.ok || submission.status !== "success") {
    // A post refused still counts when every post does; over the limit, that is its answer.
    if (rateLimit?.everyPost && rateLimit.alongside) counted = count(rateLimit.rules.map(byNetwork));
    const stopped = counted && (await stoppedBy(counted));
    if (stopped) return stopped;
  }
  if (!bot.ok) return answer({ formErrors: [BOT_CHECK_MESSAGE], status: 400 });
  if (submission.status !== "success") {
    const invalid: Answer<Done> | { toast: ToastView | null } = (await options.invalid?.(submission, parsed)) ?? { toast: null };
    if (!isPlainObject(invalid) || "status" in invalid) return answer(invalid as Answer<Done>);
    return answer({ status: 400, toast: (invalid as { toast: ToastView | null }).toast });
  }
  const value = submission.value as ParsedValue<Parsed>;
  const stamp = formData.get("form_rendered_at");
  const takesStamp = options.stampOnce === true && options.botCheck !== false && typeof stamp === "string";
  const run: typeof options.run = async (...args) => {
    if (!takesStamp) return options.run(...args);
    if (!(await claimStamp(context, stamp))) {
      // The page is drawn again with a fresh stamp, not this spent one.
      hideFields = [...(hideFields ?? []), "form_rendered_at"];
      return { formErrors: [STAMP_USED_MESSAGE], status: 400 };
    }
    let outcome: Answer<Done>;
    try {
      outcome = await options.run(...args);
    } catch (error) {
      await releaseStamp(context, stamp).catch(() => undefined);
      throw error;
    }
    if (isFormRefusal(outcome)) await releaseStamp(context, stamp);
    return outcome;
  };
  const buckets = rateLimit?.rules.map((r) => ("by" in r ? { rule: r.rule, subject: r.by(value) } : byNetwork(r))) ?? [];
  if (!rateLimit?.alongside) {
    if (rateLimit && !rateLimit.everyPost) counted = count(buckets);
    const stopped = counted && (await stoppedBy(counted));
    if (stopped) return stopped;
    return answer(await run(value, parsed, madeCount(counted ? await counted : UNCOUNTED)));
  }
  const { count: inBatch, made } = await countInBatch(context, buckets);
  let outcome: Answer<Done>;
  try {
    outcome = await run(value, parsed, inBatch);
  } catch (error) {
    const done = made();
    const stopped = done && (await stoppedBy(Promise.resolve(done)));
    if (stopped) return stopped;
    throw error;
  }
  // A run that answered without its batch still counts the post.
  if (!made()) await count(buckets);
  return answer(outcome);
}

/**
 * Which of a page's forms was posted (its `intent` field), for a page whose
 * forms answer in shapes of their own and so each go through handleForm
 * apart (withIntents when they share one).
 */
export async function postedIntent({ request, context }: Pick<ActionFunctionArgs, "request" | "context">) {
  const intent = (await readForm({ request, context })).get("intent");
  return typeof intent === "string" ? intent : null;
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
