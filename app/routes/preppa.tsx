/** /preppa: how to prepare for a session, with a 'Fråga Flurre' button for anything else. */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { AskFlurre } from "~/components/ask-flurre";
import { FallbackImage } from "~/components/fallback-image";
import { FLURRE_QUESTIONS } from "~/domain/texts";
import { INFO_PAGE_CACHE, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction = () => [
  { title: "Preppa inför passet – Hundpass" },
  { name: "description", content: "Så förbereder du dig och din hund inför ett pass hos Hundpass." },
];

export const headers = publicPageHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  return data(null, { headers: publicCacheHeaders(request, INFO_PAGE_CACHE) });
}

const CHECKLIST = [
  { title: "Koppel och sele.", text: "Ett vanligt koppel (inte flexikoppel) och ett halsband eller en sele som sitter bra." },
  { title: "Godis – mycket godis!", text: "Små, mjuka och extra goda bitar som hunden verkligen gillar. Hellre för mycket än för lite." },
  { title: "Vatten och skål.", text: "Särskilt på utomhuspassen och varma dagar." },
  { title: "Bajspåsar.", text: "Vi lämnar platserna finare än vi hittade dem." },
  { title: "Kläder efter väder.", text: "Utomhuspassen blir av i både sol och regn, så klä dig för att stå ute en stund." },
  { title: "En rastad hund.", text: "Ta en kort promenad innan, så kan hunden fokusera på träningen." },
  { title: "Kom i god tid.", text: "Var på plats några minuter innan start så hinner hunden landa i miljön." },
  { title: "Är hunden sjuk eller löper?", text: "Hör av dig till oss innan passet så hittar vi en lösning." },
] as const;

export default function Prepare() {
  return (
    <div className="public-page">
      <header className="page-header">
        <h1>Preppa inför passet</h1>
        <p className="subtitle">Med rätt saker i fickan blir passet roligare och lättare – för er båda.</p>
      </header>
      <article className="info-card prep-card" aria-labelledby="prep-heading">
        <FallbackImage className="prep-image" src="/images/types/promenadtraning.svg" alt="" width={400} height={225} />
        <div>
          <h2 id="prep-heading">Det här tar du med dig</h2>
          <ul className="checklist">
            {CHECKLIST.map((item) => (
              <li key={item.title}>
                <strong>{item.title}</strong> {item.text}
              </li>
            ))}
          </ul>
          <p>
            Online-pass (PLAN) kräver bara en lugn plats, en dator eller telefon och gärna hunden i närheten. På
            hembesök (HEMMIS) tränar vi där utmaningarna finns – ni behöver inte förbereda något särskilt.
          </p>
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
