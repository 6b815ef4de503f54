/**
 * One session as a card. The variant decides the data it gets (see cardData):
 * "list" (/alla-popups: picture, description, date, time, place, places left,
 * price, 'Visa & Boka' or a disabled 'Fullbokat'), "teaser" (the start page:
 * the same without picture and description), "booking" (the /boka list view:
 * start time and taken/max, 'Boka nu') and "compact" (a calendar day: time,
 * place, places left, price). Data arrives display-ready.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { CardVariant, SessionCardData } from "~/domain/session-view";
import { BOOK_NOW, SESSION_LIST_TEXTS } from "~/domain/page-texts/session-list";
import { AvailabilityBadge } from "./availability-badge";
import { FallbackImage } from "./fallback-image";

export function sessionHref(id: number): string {
  return `/session/${id}`;
}

type Heading = "h2" | "h3" | "h4";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function SessionCard({
  session,
  variant = "list",
  heading: HeadingTag = "h2",
  imagePriority = false,
}: {
  session: SessionCardData;
  variant?: CardVariant;
  heading?: Heading;
  /** The page's first picture, likely its largest paint: loaded at once, first. */
  imagePriority?: boolean;
}) {
  const titleId = `session-${session.id}-title`;
  const { availability } = session;
  const bookable = availability.bookable;
  return (
    <article
      className={`session-card session-card-${variant}${bookable ? "" : " is-full"}`}
      aria-labelledby={titleId}
      data-testid={`session-card-${session.id}`}
    >
      {session.imageUrl ? (
        <FallbackImage
          className="session-card-image"
          src={session.imageUrl}
          alt=""
          width={400}
          height={225}
          // React 18 passes the attribute through only in lowercase (the start page's hero does the same).
          {...(imagePriority ? { loading: "eager", fetchpriority: "high" } : { loading: "lazy" })}
          decoding="async"
        />
      ) : null}
      <div className="session-card-body">
        <div className="session-card-head">
          <HeadingTag id={titleId} className="session-card-title">
            {session.title}
          </HeadingTag>
          <AvailabilityBadge availability={availability} />
        </div>
        {availability.note ? <p className="session-note">{availability.note}</p> : null}
        {session.description ? (
          <p className="session-description">{session.description}</p>
        ) : null}
        <dl className="session-facts">
          {session.startLabel ? <Fact term="Start">{session.startLabel}</Fact> : null}
          {session.dateLabel ? <Fact term="Datum">{session.dateLabel}</Fact> : null}
          {session.timeRange ? <Fact term="Tid">{session.timeRange}</Fact> : null}
          <Fact term="Plats">{session.location}</Fact>
          {session.takenLabel ? (
            <Fact term="Bokade">{session.takenLabel}</Fact>
          ) : (
            <Fact term="Platser">
              <span data-testid="places-left">{session.placesLabel}</span>
            </Fact>
          )}
          {session.priceLabel ? <Fact term="Pris">{session.priceLabel}</Fact> : null}
        </dl>
        <div className="session-card-actions">
          {bookable ? (
            <Link to={sessionHref(session.id)} className="button" aria-describedby={titleId}>
              {variant === "list" || variant === "teaser" ? SESSION_LIST_TEXTS.book : BOOK_NOW}
            </Link>
          ) : variant === "booking" ? null : (
            <>
              <button type="button" className="button" disabled aria-describedby={titleId}>
                {SESSION_LIST_TEXTS.full}
              </button>
              {/* A full session still has a page: its queue. */}
              <Link to={`${sessionHref(session.id)}#ko`} className="button secondary" aria-describedby={titleId}>
                {SESSION_LIST_TEXTS.queue}
              </Link>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
