/**
 * The short list of klippkort and presentkort on the start page and /boka:
 * the products staff show there, each with what it is, its price or amounts
 * and how long it lasts, and one link to where cards are bought. Server
 * rendered, plain markup; nothing at all when no product is shown.
 */
import { Link } from "@remix-run/react";
import type { CardOffersView } from "~/domain/cards/card-offer-view";

export function CardOffers({ view, id }: { view: CardOffersView | null; id: string }) {
  if (!view) return null;
  const headingId = `${id}-heading`;
  return (
    <section id={id} className="page-section card-offers" aria-labelledby={headingId} data-testid="card-offers">
      <h2 id={headingId}>{view.heading}</h2>
      <p className="card-offers-lead">
        {view.lead} {view.howToUse}
      </p>
      <ul className="card-offer-grid">
        {view.offers.map((offer) => (
          <li key={offer.id}>
            <article className="card-offer" aria-labelledby={`${id}-${offer.id}`}>
              <h3 id={`${id}-${offer.id}`}>{offer.name}</h3>
              {offer.kindLine ? <p className="card-offer-kind">{offer.kindLine}</p> : null}
              <dl className="card-offer-facts">
                {offer.facts.map((fact) => (
                  <div key={fact.label}>
                    <dt>{fact.label}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            </article>
          </li>
        ))}
      </ul>
      <p>
        <Link to={view.link.href} className="button secondary">
          {view.link.label}
        </Link>
      </p>
    </section>
  );
}
