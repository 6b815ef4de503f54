/**
 * "Mina kort" on /mina-bokningar/lista: each of the customer's klippkort and
 * presentkort as an expandable card, like their bookings (a native
 * <details>, so it opens without JavaScript): the product, its state, the
 * kind, what is left, the last valid day, the code's last four characters
 * and the history, each use with the session it paid.
 */
import { MY_CARDS_TEXTS as T } from "~/domain/cards/card-texts";
import type { MyCardView } from "~/domain/cards/my-card-view";

export function MyCards({ cards }: { cards: readonly MyCardView[] }) {
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="my-cards-heading" className="my-cards">
      <h2 id="my-cards-heading">{T.heading}</h2>
      <p className="muted">{T.intro}</p>
      <ul className="booking-list" aria-labelledby="my-cards-heading" data-testid="my-cards">
        {cards.map((card) => (
          <li key={card.id}>
            <details className="card booking-card my-card" data-testid="my-card">
              <summary>
                <span className="booking-title">{card.productName}</span>
                <span className="booking-when">{card.left}</span>
                <span className={`badge ${card.badge}`}>{card.state}</span>
              </summary>
              <dl className="booking-facts">
                <dt>{T.kind}</dt>
                <dd>{card.kind}</dd>
                <dt>{T.left}</dt>
                <dd>{card.left}</dd>
                <dt>{T.validThrough}</dt>
                <dd>{card.validThrough}</dd>
                <dt>{T.codeEnd}</dt>
                <dd>{card.last4}</dd>
              </dl>
              <h3 className="my-card-history-heading">{T.history}</h3>
              <ol className="my-card-history">
                {card.history.map((entry) => (
                  <li key={entry.id}>
                    <span className="muted">{entry.when}</span> · {entry.what} · <strong>{entry.change}</strong>
                    {entry.session ? <> · {entry.session}</> : null}
                    {entry.note ? <span className="muted"> · {entry.note}</span> : null}
                  </li>
                ))}
              </ol>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
