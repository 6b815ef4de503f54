/**
 * One session on an admin list: title, state badge, start, place,
 * participants, price and description. `actions` is where a list puts its
 * buttons (edit, delete, release, cancel); `children` goes below the facts
 * (the confirmed list's booking info). `badge` replaces the admin state badge
 * (a cancelled or past session on /admin/old). Data arrives display-ready.
 */
import type { ReactNode } from "react";
import type { AdminSessionCardView } from "~/domain/admin-session-view";
import { ADMIN_LIST_TEXTS } from "~/domain/admin-texts";
import { AvailabilityBadge } from "./availability-badge";

export function AdminSessionCard({
  session,
  actions,
  badge,
  children,
}: {
  session: AdminSessionCardView;
  actions?: ReactNode;
  badge?: ReactNode;
  children?: ReactNode;
}) {
  const titleId = `admin-session-${session.id}-title`;
  return (
    <article className="session-card admin-session-card" aria-labelledby={titleId} data-testid={`admin-session-${session.id}`}>
      <div className="session-card-body">
        <div className="session-card-head">
          <h2 id={titleId} className="session-card-title">
            {session.title}
          </h2>
          {badge ?? <AvailabilityBadge availability={session.state} />}
        </div>
        {!badge && session.state.note ? <p className="session-note">{session.state.note}</p> : null}
        <dl className="session-facts">
          <dt>{ADMIN_LIST_TEXTS.start}</dt>
          <dd>{session.startLabel}</dd>
          <dt>{ADMIN_LIST_TEXTS.location}</dt>
          <dd>{session.location}</dd>
          <dt>{ADMIN_LIST_TEXTS.participants}</dt>
          <dd data-testid="participants">{session.participantsLabel}</dd>
          <dt>{ADMIN_LIST_TEXTS.price}</dt>
          <dd>{session.priceLabel}</dd>
        </dl>
        {session.description ? <p className="session-description">{session.description}</p> : null}
        {children}
        {actions ? <div className="card-actions">{actions}</div> : null}
      </div>
    </article>
  );
}
