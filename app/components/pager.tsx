/** 'Föregående' / 'Sida x av y' / 'Nästa' under a paged admin list: plain links, so it works without JavaScript. */
import { Link } from "@remix-run/react";
import { ADMIN_PAGING_TEXTS as T } from "~/domain/admin-texts";

export function Pager({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={T.pagesLabel}>
      {page > 1 ? (
        <Link to={href(page - 1)} className="button secondary" rel="prev">
          {T.previous}
        </Link>
      ) : null}
      <span>{T.pageOf(page, pageCount)}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className="button secondary" rel="next">
          {T.next}
        </Link>
      ) : null}
    </nav>
  );
}
