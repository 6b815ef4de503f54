/**
 * POST /flurre/svar: the chat widget's questions. A resource route answering
 * JSON, so asking re-runs no page loader. Fields: fraga (the question), sida
 * (the path it was asked from). Through the one form flow (handleForm) with
 * its JSON as the page's own answer: every post counts on the visitor's
 * limit, valid or not, a valid one counted in Flurre's own read.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { FlurreAnswer } from "~/domain/flurre/answer";
import { FlurreQuestionSchema } from "~/domain/schemas/flurre";
import { askFlurre } from "~/server/flurre/answer.server";
import { flurreRateLimit } from "~/server/flurre/limits.server";
import { firstFormError, handleForm, withSchema } from "~/server/forms/form-action.server";

export type FlurreReply = { ok: true; question: string; answer: FlurreAnswer } | { ok: false; error: string };

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request, context }: ActionFunctionArgs) {
  const parse = withSchema(FlurreQuestionSchema);
  return handleForm<ReturnType<typeof parse>, Response, Response>(
    { request, context },
    {
      // A script's post (the widget's fetch), with no form to hide a honeypot in:
      // the limit on every post and the cross-site POST check stand in for it.
      botCheck: false,
      parse,
      // Every post counts, valid or not; askFlurre stops before storing anything
      // or calling a model if the client is over the limit.
      rateLimit: { everyPost: true, alongside: true, rules: [flurreRateLimit(context.cloudflare.env)] },
      refuse: (result, { status, headers }) =>
        Response.json({ ok: false, error: firstFormError(result) } satisfies FlurreReply, {
          status,
          headers: { ...NO_STORE, ...headers },
        }),
      async run({ fraga, sida }, _parsed, limit) {
        const answer = await askFlurre(context, { question: fraga, page: sida ?? null, record: true, limit });
        return Response.json({ ok: true, question: fraga, answer } satisfies FlurreReply, { headers: NO_STORE });
      },
    },
  );
}
