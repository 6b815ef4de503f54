/**
 * /flurre, "Fråga Flurre": where every 'Fråga Flurre' button leads. Shows the
 * prefilled question from ?fraga= in a small form that Flurre (the dog) hands
 * to the trainers: stored like a contact message and e-mailed to them; they
 * answer by e-mail.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm } from "~/components/contact-form";
import { FallbackImage } from "~/components/fallback-image";
import { Toaster } from "~/components/toaster";
import { CONTACT_MESSAGE_MAX_LENGTH, ContactSchema } from "~/domain/schemas/contact";
import { CONTACT_TEXTS, FLURRE_TEXTS } from "~/domain/texts";
import { formRenderedAt } from "~/server/bot-check.server";
import { INFO_PAGE_CACHE, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import { FORM_RATE_LIMITS, handlePublicForm } from "~/server/public/form-action.server";
import { submitContactMessage } from "~/server/public/messages.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction = () => [
  { title: "Fråga Flurre – Hundpass" },
  { name: "description", content: "Ställ en fråga om hundträning, passen eller platserna – Flurre lämnar den till tränarna." },
];

export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const question = (new URL(request.url).searchParams.get("fraga") ?? "").trim().slice(0, CONTACT_MESSAGE_MAX_LENGTH);
  return data(
    { question, renderedAt: await formRenderedAt(context.config) },
    { headers: publicCacheHeaders(request, INFO_PAGE_CACHE) },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handlePublicForm(
    { request, context },
    {
      schema: ContactSchema,
      rateLimit: FORM_RATE_LIMITS.flurre,
      submit: (values) => submitContactMessage(context, values, "flurre"),
      successUrl: "/flurre",
      successToast: { type: "success", title: FLURRE_TEXTS.successTitle, description: FLURRE_TEXTS.successText },
      failureToast: { title: CONTACT_TEXTS.failureTitle, description: CONTACT_TEXTS.failureText },
    },
  );
}

export default function AskFlurrePage() {
  const { question, renderedAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="public-page flurre-page">
      <Toaster page toast={actionData?.toast} />
      <div className="flurre-intro">
        <FallbackImage src="/images/team/flurre.svg" alt="Flurre, en glad lurvig hund" width={160} height={120} />
        <div>
          <h1>{FLURRE_TEXTS.title}</h1>
          <p className="speech-bubble">{FLURRE_TEXTS.intro}</p>
        </div>
      </div>
      <section className="form-card" aria-labelledby="flurre-form-heading">
        <h2 id="flurre-form-heading">Din fråga</h2>
        <ContactForm
          key={`${renderedAt}:${question}`}
          id="flurre-form"
          renderedAt={renderedAt}
          lastResult={actionData?.result}
          defaultMessage={question}
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
