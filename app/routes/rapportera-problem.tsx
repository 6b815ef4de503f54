/**
 * /rapportera-problem: 'PRUTT OCKSÅ!' and the 'Felanmälan' form. A report is
 * stored in D1 and e-mailed to the trainers; the visitor is thanked.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Toaster } from "~/components/toaster";
import { ProblemReportForm } from "~/components/problem-report-form";
import { ProblemReportSchema } from "~/domain/schemas/problem-report";
import { REPORT_TEXTS } from "~/domain/page-texts/report";
import { PROBLEM_THANKS_TOAST_DURATION_MS } from "~/domain/toast";
import { formRenderedAt } from "~/server/forms/bot-check.server";
import { INFO_PAGE_CACHE, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import { FORM_RATE_LIMITS, handleForm, withSchema, type FormRefusal } from "~/server/forms/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { submitProblemReport } from "~/server/public/messages.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction = () => [
  { title: "Rapportera problem – Hundpass" },
  { name: "description", content: "Något som inte fungerar i appen? Skicka en felanmälan så rättar vi det." },
];

export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return data(
    { renderedAt: await formRenderedAt(context.config) },
    { headers: publicCacheHeaders(request, INFO_PAGE_CACHE) },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Nothing stored: the values come back with the spec's failure toast, so nothing typed is lost.
  const failed: FormRefusal = { status: 500, toast: { type: "error", title: REPORT_TEXTS.failureTitle, description: REPORT_TEXTS.failureText } };
  return handleForm(
    { request, context },
    {
      parse: withSchema(ProblemReportSchema),
      // It mails staff: one post per drawn form.
      stampOnce: true,
      rateLimit: { rules: [FORM_RATE_LIMITS.problemReport], unavailable: failed },
      async run(values) {
        if (!(await submitProblemReport(context, values))) return failed;
        return redirectWithToast(context, "/rapportera-problem", {
          type: "success",
          title: REPORT_TEXTS.thanksTitle,
          description: REPORT_TEXTS.thanksText,
          durationMs: PROBLEM_THANKS_TOAST_DURATION_MS,
        });
      },
    },
  );
}

export default function ReportProblem() {
  const { renderedAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="public-page report-page">
      <Toaster page toast={actionData?.toast} />
      <header className="page-header">
        <h1>{REPORT_TEXTS.title}</h1>
        <p className="subtitle">{REPORT_TEXTS.intro}</p>
      </header>
      <section className="form-card" aria-labelledby="report-heading">
        <h2 id="report-heading">{REPORT_TEXTS.formTitle}</h2>
        <ProblemReportForm key={renderedAt} renderedAt={renderedAt} lastResult={actionData?.result} />
      </section>
    </div>
  );
}
