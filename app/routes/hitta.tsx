/** /hitta: the four training places, each with a map link ('Hitta dit') and 'Fråga Flurre'. */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { AskFlurre } from "~/components/ask-flurre";
import { FallbackImage } from "~/components/fallback-image";
import { PLACES, PLACES_INTRO, placeMapUrl } from "~/domain/places";
import { FLURRE_QUESTIONS } from "~/domain/texts";
import { INFO_PAGE_CACHE, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction = () => [
  { title: "Hitta hit – Hundpass" },
  { name: "description", content: "Våra fyra träningsplatser i Gävle och Sandviken, med vägbeskrivning." },
];

export const headers = publicPageHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  return data(null, { headers: publicCacheHeaders(request, INFO_PAGE_CACHE) });
}

export default function FindUs() {
  return (
    <div className="public-page">
      <header className="page-header">
        <h1>Hitta hit</h1>
        <p className="subtitle">{PLACES_INTRO}</p>
      </header>
      <ul className="place-grid">
        {PLACES.map((place) => (
          <li key={place.id}>
            <article className="place-card" aria-labelledby={`place-${place.id}`}>
              <FallbackImage src={place.image} alt="" width={400} height={200} loading="lazy" decoding="async" />
              <div className="place-card-body">
                <p className="place-kind">{place.kind}</p>
                <h2 id={`place-${place.id}`}>{place.name}</h2>
                <p>{place.text}</p>
                <div className="card-actions">
                  <a
                    href={placeMapUrl(place.name)}
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
