/** /hitta: the four training places, each with a map link ('Hitta dit') and 'Fråga Flurre'. */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { AskFlurre } from "~/components/ask-flurre";
import { FallbackImage } from "~/components/fallback-image";
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

const PLACES = [
  {
    id: "hundhallen-gavle",
    name: "Hundhallen Gävle",
    kind: "Inomhus",
    text: "Vår varma och torra hall för valpkurser, privatpass och KOMBIPASS – träning året runt oavsett väder.",
    image: "/images/places/hundhallen.svg",
  },
  {
    id: "regementsparken-gavle",
    name: "Regementsparken Gävle",
    kind: "Utomhus",
    text: "Stora gräsytor och gångvägar med lagom mycket liv runt omkring – perfekt för vardagslydnad och hundmöten.",
    image: "/images/places/park.svg",
  },
  {
    id: "stadsparken-sandviken",
    name: "Stadsparken Sandviken",
    kind: "Utomhus",
    text: "Mitt i stan, med stigar längs vattnet. Här tränar vi promenader, fokus och valpkurs utomhus.",
    image: "/images/places/park.svg",
  },
  {
    id: "bronsangen-sandviken",
    name: "Bronsängen Sandviken",
    kind: "Utomhus",
    text: "En öppen äng med plats för avstånd – bra för hundar som behöver lite extra utrymme.",
    image: "/images/places/meadow.svg",
  },
] as const;

function mapUrl(place: string): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: "1", query: place }).toString()}`;
}

export default function FindUs() {
  return (
    <div className="public-page">
      <header className="page-header">
        <h1>Hitta hit</h1>
        <p className="subtitle">
          Vi tränar på fyra platser i Gävle och Sandviken. Hembesök sker hemma hos er och PLAN-mötena hålls online.
        </p>
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
                    href={mapUrl(place.name)}
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
