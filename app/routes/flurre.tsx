/**
 * /flurre, "Fråga Flurre": the chat without JavaScript, and where every
 * 'Fråga Flurre' link leads. GET ?fraga= shows the question and Flurre's
 * answer (nothing is stored for a GET); the form below asks the next one
 * (POST, intent "fraga": stored for staff if Flurre cannot answer it). Below
 * that the question can still go to the trainers, stored like a contact
 * message and e-mailed to them. A page with a question is never cached and
 * never indexed: its answer may name seats that change.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type {
  ActionFunctionArgs,
  AppLoadContext,
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ContactForm } from "~/components/contact-form";
import { FallbackImage } from "~/components/fallback-image";
import { FlurreAnswerView } from "~/components/flurre/flurre-answer";
import { FLURRE_ASK_INTENT, FlurreQuestionForm } from "~/components/flurre/flurre-question-form";
import { FLURRE_CHAT_TEXTS, FLURRE_PAGE_TEXTS } from "~/components/flurre/flurre-texts";
import { Toaster } from "~/components/toaster";
import type { FlurreAnswer } from "~/domain/flurre/answer";
import { CONTACT_MESSAGE_MAX_LENGTH, ContactSchema } from "~/domain/schemas/contact";
import { FlurreQuestionSchema } from "~/domain/schemas/flurre";
import { CONTACT_TEXTS } from "~/domain/page-texts/contact";
import { FLURRE_TEXTS } from "~/domain/page-texts/flurre";
import { formRenderedAt } from "~/server/forms/bot-check.server";
import { askFlurre, FlurreRateLimited } from "~/server/flurre/answer.server";
import { flurreQuestionCount, flurreRateLimit } from "~/server/flurre/limits.server";
import { INFO_PAGE_CACHE, noStoreHeaders, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import {
  FORM_RATE_LIMITS,
  handleForm,
  postedIntent,
  withSchema,
  type FormRefusal,
} from "~/server/forms/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { submitContactMessage } from "~/server/public/messages.server";
import { RATE_LIMIT_MESSAGE } from "~/server/platform/rate-limit.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Fråga Flurre – Hundpass" },
  {
    name: "description",
    content: "Fråga Flurre om passen, priserna, platserna eller bokningen – eller skicka frågan till tränarna.",
  },
  ...(data?.hasQuestion ? [{ name: "robots", content: "noindex" }] : []),
];

const QUESTION_PAGE_HEADERS = { ...noStoreHeaders, "X-Robots-Tag": "noindex" };

export const headers: HeadersFunction = (args) => {
  const headers = new Headers(publicPageHeaders(args));
  const robots = args.loaderHeaders.get("X-Robots-Tag") ?? args.actionHeaders.get("X-Robots-Tag");
  if (robots) headers.set("X-Robots-Tag", robots);
  return headers;
};

/**
 * A question to Flurre from the address (a GET: nothing is stored): checked
 * with the shared schema, counted on the visitor's limit, answered. Errors
 * come back into the question form.
 */
async function answerQuestion(context: AppLoadContext, request: Request, fields: URLSearchParams) {
  const submission = parseWithZod(fields, { schema: FlurreQuestionSchema });
  if (submission.status !== "success") {
    return { status: 400, asked: null, askResult: submission.reply() };
  }
  // Counted in Flurre's own read; over the limit askFlurre stores nothing and calls no model.
  const limit = await flurreQuestionCount(context, request);
  const { fraga, sida } = submission.value;
  try {
    const answer = await askFlurre(context, { question: fraga, page: sida ?? null, record: false, limit });
    return { status: 200, asked: { question: fraga, answer }, askResult: submission.reply({ resetForm: true }) };
  } catch (error) {
    if (!(error instanceof FlurreRateLimited)) throw error;
    return { status: 429, asked: null, askResult: submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }) };
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const renderedAt = await formRenderedAt(context.config);
  const params = new URL(request.url).searchParams;
  const fraga = params.get("fraga");
  if (fraga === null) {
    return data(
      { renderedAt, hasQuestion: false, asked: null, askResult: null, contactQuestion: "" },
      { headers: publicCacheHeaders(request, INFO_PAGE_CACHE) },
    );
  }
  // The page a question was asked of (a session's 'Fråga Flurre' link), as the chat sends it.
  const sida = params.get("sida");
  const { status, asked, askResult } = await answerQuestion(context, request, new URLSearchParams(sida === null ? { fraga } : { fraga, sida }));
  return data(
    {
      renderedAt,
      hasQuestion: true,
      asked,
      // The answer is shown; the form stays free for the next question.
      askResult: asked ? null : askResult,
      contactQuestion: fraga.trim().slice(0, CONTACT_MESSAGE_MAX_LENGTH),
    },
    { status, headers: QUESTION_PAGE_HEADERS },
  );
}

/** The question form's answer: Flurre's answer with the form empty again, or the form with its message. */
type AskData = {
  intent: typeof FLURRE_ASK_INTENT;
  asked: { question: string; answer: FlurreAnswer } | null;
  askResult: SubmissionResult<string[]>;
};

/**
 * A question posted through the form: bot check, the shared schema, then
 * counted on the visitor's limit in Flurre's own read (over it, askFlurre
 * stores nothing and calls no model); stored for staff if unanswered.
 */
function askQuestion({ request, context }: Pick<ActionFunctionArgs, "request" | "context">) {
  const parse = withSchema(FlurreQuestionSchema);
  type Answered = ReturnType<typeof data<AskData>>;
  const answered = (ask: Omit<AskData, "intent">, init: { status?: number; headers?: Record<string, string> } = {}) =>
    data<AskData>({ intent: FLURRE_ASK_INTENT, ...ask }, { status: init.status, headers: { ...QUESTION_PAGE_HEADERS, ...init.headers } });
  return handleForm<ReturnType<typeof parse>, Answered, Answered>(
    { request, context },
    {
      parse,
      rateLimit: { alongside: true, rules: [flurreRateLimit(context.cloudflare.env)] },
      refuse: (askResult, { status, headers }) => answered({ asked: null, askResult }, { status, headers }),
      async run({ fraga, sida }, { submission }, limit) {
        const answer = await askFlurre(context, { question: fraga, page: sida ?? null, record: true, limit });
        return answered({ asked: { question: fraga, answer }, askResult: submission.reply({ resetForm: true }) });
      },
    },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  if ((await postedIntent({ request, context })) === FLURRE_ASK_INTENT) return askQuestion({ request, context });
  // Nothing stored: the values come back with the spec's failure toast, so nothing typed is lost.
  const failed: FormRefusal = { status: 500, toast: { type: "error", title: CONTACT_TEXTS.failureTitle, description: CONTACT_TEXTS.failureText } };
  return handleForm(
    { request, context },
    {
      parse: withSchema(ContactSchema),
      rateLimit: { rules: [FORM_RATE_LIMITS.flurre], unavailable: failed },
      async run(values) {
        if (!(await submitContactMessage(context, values, "flurre"))) return failed;
        return redirectWithToast(context, "/flurre", { type: "success", title: FLURRE_TEXTS.successTitle, description: FLURRE_TEXTS.successText });
      },
    },
  );
}

/** An answer on the page is the action's: reading /flurre again would only fetch the empty page. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === FLURRE_ASK_INTENT ? false : defaultShouldRevalidate;

export default function FlurrePage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const askData = actionData && "intent" in actionData ? actionData : null;
  const contactData = actionData && !("intent" in actionData) ? actionData : null;
  const asked = askData?.asked ?? loaded.asked;
  const askResult = askData ? askData.askResult : loaded.askResult;
  const contactQuestion = asked?.question ?? loaded.contactQuestion;
  return (
    <div className="public-page flurre-page">
      <Toaster page toast={contactData?.toast} />
      <div className="flurre-intro">
        <FallbackImage src="/images/team/flurre.svg" alt="Flurre, en glad lurvig hund" width={160} height={120} />
        <div>
          <h1>{FLURRE_TEXTS.title}</h1>
          <p className="speech-bubble">{FLURRE_TEXTS.intro}</p>
        </div>
      </div>
      {asked ? (
        <section className="flurre-exchange" aria-labelledby="flurre-answer-heading">
          <h2>{FLURRE_PAGE_TEXTS.yourQuestion}</h2>
          <p className="flurre-msg flurre-msg-visitor" data-testid="flurre-question">
            {asked.question}
          </p>
          <h2 id="flurre-answer-heading">{FLURRE_PAGE_TEXTS.answerHeading}</h2>
          <div className="flurre-msg flurre-msg-flurre">
            <FlurreAnswerView answer={asked.answer} />
          </div>
        </section>
      ) : null}
      <section className="form-card" aria-labelledby="flurre-ask-heading">
        <h2 id="flurre-ask-heading">{asked ? FLURRE_PAGE_TEXTS.askNextHeading : FLURRE_PAGE_TEXTS.askHeading}</h2>
        <FlurreQuestionForm
          key={`${loaded.renderedAt}:${asked?.question ?? ""}`}
          renderedAt={loaded.renderedAt}
          lastResult={askResult}
          label={asked ? FLURRE_CHAT_TEXTS.askNextLabel : FLURRE_CHAT_TEXTS.askLabel}
        />
      </section>
      <section className="form-card" id="till-tranarna" aria-labelledby="flurre-form-heading">
        <h2 id="flurre-form-heading">{asked ? FLURRE_PAGE_TEXTS.toTrainersHeading : FLURRE_PAGE_TEXTS.contactHeading}</h2>
        <p>{FLURRE_PAGE_TEXTS.toTrainersIntro}</p>
        <ContactForm
          key={`${loaded.renderedAt}:${contactQuestion}`}
          id="flurre-form"
          renderedAt={loaded.renderedAt}
          lastResult={contactData?.result}
          defaultMessage={contactQuestion}
          messageLabel="Fråga"
          submitLabel={FLURRE_TEXTS.submit}
        />
      </section>
      <p>
        Vill du hellre boka direkt? <Link to="/boka">Se alla tider</Link>.
      </p>
    </div>
  );
}
