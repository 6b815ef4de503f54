/**
 * /om: the team (as staff keep it on /admin/team), each with a
 * 'Fråga Flurre' and a contact button; the contact form; and schema.org
 * LocalBusiness data for search engines.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AskFlurre } from "~/components/ask-flurre";
import { ContactForm } from "~/components/contact-form";
import { FallbackImage } from "~/components/fallback-image";
import { Toaster } from "~/components/toaster";
import { ContactSchema } from "~/domain/schemas/contact";
import { inTowns, isVisitable, trainingTowns } from "~/domain/places";
import { aboutIntro } from "~/domain/team";
import { CONTACT_TEXTS } from "~/domain/page-texts/contact";
import { contactPathTo } from "~/domain/site-contact";
import { FLURRE_QUESTIONS } from "~/domain/page-texts/flurre-questions";
import { formRenderedAt } from "~/server/forms/bot-check.server";
import { shownPlacesQuery, teamQuery } from "~/server/content/site-content.server";
import { INFO_PAGE_CACHE, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import { FORM_RATE_LIMITS, handleForm, withSchema, type FormRefusal } from "~/server/forms/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { submitContactMessage } from "~/server/public/messages.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

const CONTACT_SECTION_ID = "kontakt";

export const meta: MetaFunction<typeof loader> = ({ data: page }) => {
  const siteUrl = page?.siteUrl ?? "";
  const towns = page?.towns ?? [];
  return [
    { title: "Om oss – Hundpass" },
    { name: "description", content: `Möt teamet bakom Hundpass och kontakta oss om hundträning${inTowns(towns)}.` },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "LocalBusiness",
        name: "Hundpass",
        description: `Hundträning i grupp och privat${inTowns(towns)}: GruppUps, privatpass, hembesök och online.`,
        url: siteUrl ? `${siteUrl}/` : undefined,
        logo: siteUrl ? `${siteUrl}/images/logo.svg` : undefined,
        image: siteUrl ? `${siteUrl}/images/hero.svg` : undefined,
        // The first town trained in is the business's; every town is served.
        address: { "@type": "PostalAddress", addressLocality: towns[0], addressCountry: "SE" },
        areaServed: towns.map((name) => ({ "@type": "City", name })),
        location: (page?.places ?? []).map((name) => ({ "@type": "Place", name })),
      },
    },
  ];
};

export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [team, places] = await context.db.batch([teamQuery(context), shownPlacesQuery(context)]);
  // 'Kontakta' on a member's card (?till=<name>): the message begins with their name, if they are one of the team.
  const till = new URL(request.url).searchParams.get("till");
  return data(
    {
      addressee: team.find((member) => member.name === till)?.name ?? null,
      renderedAt: await formRenderedAt(context.config),
      siteUrl: context.config.SITE_URL.replace(/\/$/, ""),
      team,
      places: places.filter(isVisitable).map((p) => p.name),
      towns: trainingTowns(places),
    },
    { headers: publicCacheHeaders(request, INFO_PAGE_CACHE) },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Nothing stored: the values come back with the spec's failure toast, so nothing typed is lost.
  const failed: FormRefusal = { status: 500, toast: { type: "error", title: CONTACT_TEXTS.failureTitle, description: CONTACT_TEXTS.failureText } };
  return handleForm(
    { request, context },
    {
      parse: withSchema(ContactSchema),
      // It mails staff: one post per drawn form.
      stampOnce: true,
      rateLimit: { rules: [FORM_RATE_LIMITS.contact], unavailable: failed },
      async run(values) {
        if (!(await submitContactMessage(context, values, "contact"))) return failed;
        return redirectWithToast(context, "/om", { type: "success", title: CONTACT_TEXTS.successTitle, description: CONTACT_TEXTS.successText });
      },
    },
  );
}

export default function About() {
  const { addressee, renderedAt, team, towns } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="public-page">
      <Toaster page toast={actionData?.toast} />
      <header className="page-header">
        <h1>Om oss</h1>
        <p className="subtitle">{aboutIntro(towns)}</p>
      </header>

      <section className="page-section" aria-labelledby="team-heading">
        <h2 id="team-heading">Teamet</h2>
        <ul className="team-grid">
          {team.map((member) => (
            <li key={member.id}>
              <article className="team-card" aria-labelledby={`team-${member.id}`}>
                <FallbackImage src={member.imageUrl ?? "/images/team/flurre.svg"} alt="" width={320} height={240} loading="lazy" decoding="async" />
                <div className="team-card-body">
                  <h3 id={`team-${member.id}`}>{member.name}</h3>
                  <p className="role">{member.role}</p>
                  <p>{member.text}</p>
                  <div className="card-actions">
                    <AskFlurre question={FLURRE_QUESTIONS.person(member.name)}>Fråga Flurre</AskFlurre>
                    <Link to={contactPathTo(member.name)} className="button">
                      Kontakta<span className="visually-hidden"> {member.name}</span>
                    </Link>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section id={CONTACT_SECTION_ID} className="contact-layout" aria-labelledby="contact-heading">
        <div className="contact-intro">
          <h2 id="contact-heading">{CONTACT_TEXTS.heading}</h2>
          <p>{CONTACT_TEXTS.intro}</p>
          <p>
            Gäller det något som krånglar i appen? Använd hellre <a href="/rapportera-problem">felanmälan</a>.
          </p>
        </div>
        <div className="form-card">
          <ContactForm
            key={renderedAt}
            id="contact-form"
            renderedAt={renderedAt}
            lastResult={actionData?.result}
            defaultMessage={addressee ? CONTACT_TEXTS.greeting(addressee) : undefined}
            submitLabel={CONTACT_TEXTS.submit}
          />
        </div>
      </section>
    </div>
  );
}
