/** The start page. */
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [
  { title: "Hundpass – hundträning i Gävle och Sandviken" },
  { name: "description", content: "Boka hundträning i grupp eller privat i Gävle och Sandviken." },
];

export default function Index() {
  return (
    <section className="hero">
      <h1>Träna med din hund i Gävle och Sandviken</h1>
      <p>
        <Link to="/boka" className="button">
          Boka pass
        </Link>
      </p>
    </section>
  );
}
