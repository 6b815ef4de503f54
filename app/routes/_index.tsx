/**
 * The start page: hero with the three buttons, the available group sessions,
 * every visible session type with a link to its dates on /boka and its
 * 'Fråga Flurre om Passet' button, the klippkort and presentkort staff show
 * here (nothing when none), and
 * the newsletter block with its signup form (whose action is this route's).
 * A failed read leaves the lists empty without a message (spec section 8).
 */
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AskFlurre } from "~/components/ask-flurre";
import { CardOffers } from "~/components/card-offers";
import { FallbackImage } from "~/components/fallback-image";
import { NewsletterBlock } from "~/components/newsletter-block";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { SessionCard } from "~/components/session-card";
import { bokaHrefForSessionType } from "~/domain/boka-params";
import { cardOffersView } from "~/domain/cards/card-offer-view";
import { DEFAULT_SESSION_IMAGE } from "~/domain/constants";
import { cardData, toSessionCard } from "~/domain/session-view";
import { askFlurreQuestion, visibleTypes } from "~/domain/session-types";
import { START_TEXTS } from "~/domain/page-texts/start";
import { formRenderedAt } from "~/server/forms/bot-check.server";
import { handleNewsletterSignup } from "~/server/newsletter/signup.server";
import { LIST_CACHE, noStoreHeaders, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import { loadStartPage, type StartPageData } from "~/server/public/sessions.server";
import { inTowns } from "~/domain/places";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction<typeof loader> = ({ data: page }) => {
  const where = inTowns(page?.towns ?? []);
  return [
    { title: `Hundpass – hundträning${where}` },
    { name: "description", content: `Boka hundträning i grupp eller privat${where}: GruppUps, privatpass, hembesök och online.` },
  ];
};

export const headers = publicPageHeaders;

const GROUP_SECTION_ID = "lediga-gruppups";
const TYPES_SECTION_ID = "alla-pass";

export async function loader({ request, context }: LoaderFunctionArgs) {
  let loaded: StartPageData = { types: [], groupSessions: [], cards: [], towns: [] };
  let failed = false;
  try {
    loaded = await loadStartPage(context, new Date());
  } catch (error) {
    console.error("start page: could not load sessions and types", error);
    failed = true;
  }
  const types = visibleTypes(loaded.types).map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    inspiringText: t.inspiringText,
    imageUrl: t.imageUrl || DEFAULT_SESSION_IMAGE,
    question: askFlurreQuestion(t.name),
    bookHref: bokaHrefForSessionType(t.name),
  }));
  const groupSessions = loaded.groupSessions
    .map((row) => toSessionCard(row, loaded.types, "exact"))
    .filter((s) => s.availability.bookable)
    .map((s) => cardData(s, "teaser"));
  const newsletter = {
    siteKey: context.config.TURNSTILE_SITE_KEY,
    renderedAt: await formRenderedAt(context.config),
    // After a signup without JavaScript (CONFIRMATION_SENT_URL): the link is on its way.
    confirmationSent: new URL(request.url).searchParams.get("nyhetsbrev") === "bekrafta",
  };
  return data(
    { types, groupSessions, cards: cardOffersView(loaded.cards), newsletter, towns: loaded.towns },
    { headers: failed ? noStoreHeaders : publicCacheHeaders(request, LIST_CACHE) },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleNewsletterSignup({ request, context });
}

export default function Index() {
  const { types, groupSessions, cards, newsletter, towns } = useLoaderData<typeof loader>();
  const signupAnswer = useActionData<typeof action>();
  return (
    <div className="public-page home">
      <section className="hero-banner" aria-labelledby="hero-heading">
        <FallbackImage
          className="hero-image"
          src="/images/hero.svg"
          alt=""
          width={1200}
          height={500}
          // React 18 passes only the lower-case attribute through to the DOM.
          {...{ fetchpriority: "high" }}
        />
        <div className="hero-content">
          <h1 id="hero-heading">{START_TEXTS.heroTitle(towns)}</h1>
          <p>{START_TEXTS.heroText}</p>
          <div className="hero-actions">
            <Link to="/boka" className="button">
              {START_TEXTS.bookButton}
            </Link>
            {/* In-page jumps; as router links so scroll restoration never undoes them. */}
            <Link to={`#${TYPES_SECTION_ID}`} className="button secondary">
              {START_TEXTS.allTypesButton}
            </Link>
            <Link to={`#${GROUP_SECTION_ID}`} className="button secondary">
              {START_TEXTS.groupButton}
            </Link>
          </div>
        </div>
      </section>

      <section id={GROUP_SECTION_ID} className="page-section" aria-labelledby="group-heading">
        <h2 id="group-heading">{START_TEXTS.groupHeading}</h2>
        {groupSessions.length === 0 ? (
          <p className="empty">{START_TEXTS.groupEmpty}</p>
        ) : (
          <ul className="session-grid">
            {groupSessions.map((session) => (
              <li key={session.id}>
                <SessionCard session={session} variant="teaser" heading="h3" />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id={TYPES_SECTION_ID} className="page-section" aria-labelledby="types-heading">
        <h2 id="types-heading">{START_TEXTS.typesHeading}</h2>
        <ul className="type-grid">
          {types.map((type) => (
            <li key={type.id}>
              <article className="type-card" aria-labelledby={`type-${type.id}`} data-testid="type-card">
                <FallbackImage src={type.imageUrl} alt="" width={400} height={225} loading="lazy" decoding="async" />
                <div className="type-card-body">
                  <h3 id={`type-${type.id}`}>{type.name}</h3>
                  {type.inspiringText ? <p className="inspiring">{type.inspiringText}</p> : null}
                  <p>{type.description}</p>
                  <div className="type-card-actions">
                    <Link to={type.bookHref} className="button" data-launcher-clear="">
                      {START_TEXTS.seeTypeDates}
                      <span className="visually-hidden"> {type.name}</span>
                    </Link>
                    <AskFlurre question={type.question}>{START_TEXTS.askAboutType}</AskFlurre>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <CardOffers view={cards} id="kort" />

      <NewsletterBlock>
        <NewsletterSignup
          siteKey={newsletter.siteKey}
          renderedAt={newsletter.renderedAt}
          action="/?index"
          lastAnswer={signupAnswer}
          confirmationSent={newsletter.confirmationSent}
        />
      </NewsletterBlock>
    </div>
  );
}
