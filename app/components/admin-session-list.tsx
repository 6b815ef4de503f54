/**
 * The frame of an admin session list: back link, heading, the page's own
 * toast (a failed load), and the cards or the list's empty text. A list
 * adds what its cards carry beyond the facts through `renderCard`, and
 * anything above or below the cards (filters, paging) through `header` and
 * `footer`; by default the footer pages through a list with `?sida=`.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ADMIN_TEXTS } from "~/domain/admin-texts";
import type { AdminSessionCardView } from "~/domain/admin-session-view";
import type { ToastView } from "~/domain/toast";
import { AdminSessionCard } from "./admin-session-card";
import { Pager } from "./pager";
import { Toaster } from "./toaster";

export function AdminSessionList<T extends AdminSessionCardView>({
  title,
  empty,
  sessions,
  toast,
  renderCard = (session) => <AdminSessionCard session={session} />,
  header,
  page = 1,
  pageCount = 1,
  footer = <Pager page={page} pageCount={pageCount} href={(next) => `?sida=${next}`} />,
}: {
  title: string;
  empty: string;
  sessions: readonly T[];
  toast: ToastView | null;
  renderCard?: (session: T) => ReactNode;
  header?: ReactNode;
  /** The page shown of a paged list (`?sida=`); the default footer links the others. */
  page?: number;
  pageCount?: number;
  footer?: ReactNode;
}) {
  return (
    <div className="admin-page">
      <Toaster page toast={toast} />
      <p className="admin-back">
        <Link to="/admin" className="back-link">
          ← {ADMIN_TEXTS.backToAdmin}
        </Link>
      </p>
      <h1>{title}</h1>
      {header}
      {sessions.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <ul className="session-grid admin-session-grid">
          {sessions.map((session) => (
            <li key={session.id}>{renderCard(session)}</li>
          ))}
        </ul>
      )}
      {footer}
    </div>
  );
}

/** Where a change made from page `page` of the list at `path` returns to. */
export function listPageHref(path: string, page: number): string {
  return page > 1 ? `${path}?sida=${page}` : path;
}
