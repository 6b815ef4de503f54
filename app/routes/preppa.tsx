/** /preppa: how to prepare for a session (the checklist staff keep on /admin/preppa), with a 'Fråga Flurre' button for anything else. */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AskFlurre } from "~/components/ask-flurre";
import { FallbackImage } from "~/components/fallback-image";
import { preparationOnlineAndHome, remoteTypeNames } from "~/domain/preparation";
import { placesQuery, preparationQuery } from "~/server/content/site-content.server";
import { typePlacesQuery } from "~/server/public/sessions.server";
import { FLURRE_QUESTIONS } from "~/domain/page-texts/flurre-questions";
import { INFO_PAGE_CACHE, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction = () => [
  { title: "Preppa inför passet – Hundpass" },
  { name: "description", content: "Så förbereder du dig och din hund inför ett pass hos Hundpass." },
];

export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [checklist, places, types] = await context.db.batch([preparationQuery(context), placesQuery(context), typePlacesQuery(context)]);
  return data(
    { checklist, onlineAndHome: preparationOnlineAndHome(remoteTypeNames(types, places)) },
    { headers: publicCacheHeaders(request, INFO_PAGE_CACHE) },
  );
}

export default function Prepare() {
  const { checklist, onlineAndHome } = useLoaderData<typeof loader>();
  return (
    <div className="public-page">
      <header className="page-header">
        <h1>Preppa inför passet</h1>
        <p className="subtitle">Med rätt saker i fickan blir passet roligare och lättare – för er båda.</p>
      </header>
      <article className="info-card prep-card" aria-labelledby="prep-heading">
        <FallbackImage className="prep-image" src="/images/pages/preppa.svg" alt="" width={400} height={225} />
        <div>
          <h2 id="prep-heading">Det här tar du med dig</h2>
          <ul className="checklist">
            {checklist.map((item) => (
              <li key={item.id}>
                <strong>{item.title}</strong> {item.text}
              </li>
            ))}
          </ul>
          <p>{onlineAndHome}</p>
          <div className="card-actions">
            <AskFlurre question={FLURRE_QUESTIONS.preppa}>Fråga Flurre</AskFlurre>
            <Link to="/boka" className="button">
              Boka pass
            </Link>
          </div>
        </div>
      </article>
    </div>
  );
}
