/** /hitta: the training places staff keep on /admin/platser, each with a map link ('Hitta dit') and 'Fråga Flurre'. */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AskFlurre } from "~/components/ask-flurre";
import { FallbackImage } from "~/components/fallback-image";
import { inTowns, isVisitable, mapUrlOf, PLACE_KIND_LABEL, placesIntro, townsOf } from "~/domain/places";
import { loadPlacesAndRemoteTypes } from "~/server/public/sessions.server";
import { FLURRE_QUESTIONS } from "~/domain/page-texts/flurre-questions";
import { INFO_PAGE_CACHE, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: "Hitta hit – Hundpass" },
  { name: "description", content: `Våra träningsplatser${inTowns(page?.towns ?? [])}, med vägbeskrivning.` },
];

export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { places: all, remoteTypes } = await loadPlacesAndRemoteTypes(context);
  const places = all.filter((p) => p.active && isVisitable(p));
  return data(
    {
      intro: placesIntro(places, remoteTypes.online),
      towns: townsOf(places),
      places: places.map((p) => ({ ...p, kindLabel: PLACE_KIND_LABEL[p.kind], mapUrl: mapUrlOf(p) })),
    },
    { headers: publicCacheHeaders(request, INFO_PAGE_CACHE) },
  );
}

export default function FindUs() {
  const { intro, places } = useLoaderData<typeof loader>();
  return (
    <div className="public-page">
      <header className="page-header">
        <h1>Hitta hit</h1>
        <p className="subtitle">{intro}</p>
      </header>
      <ul className="place-grid">
        {places.map((place) => (
          <li key={place.id}>
            <article className="place-card" aria-labelledby={`place-${place.id}`}>
              <FallbackImage src={place.imageUrl ?? "/images/places/park.svg"} alt="" width={400} height={200} loading="lazy" decoding="async" />
              <div className="place-card-body">
                <p className="place-kind">{place.kindLabel}</p>
                <h2 id={`place-${place.id}`}>{place.name}</h2>
                <p>{place.description}</p>
                <div className="card-actions">
                  <a
                    href={place.mapUrl}
                    className="button"
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-describedby={`place-${place.id}`}
                  >
                    Hitta dit<span className="visually-hidden"> (öppnas i en ny flik)</span>
                  </a>
                  <AskFlurre question={FLURRE_QUESTIONS.place(place.name)}>Fråga Flurre</AskFlurre>
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
