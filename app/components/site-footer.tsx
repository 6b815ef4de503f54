/** The footer of every public page: who runs the site, how to reach them, and the pages about the business (where it trains among them). */
import { Link, useLocation } from "@remix-run/react";
import {
  BUSINESS_NAME,
  BUSINESS_TAGLINE,
  CONTACT_EMAIL,
  CONTACT_PHONE,
  CONTACT_PHONE_TEL,
  FOOTER_TEXTS as T,
} from "~/domain/site-contact";

/** Staff pages and the local mailbox are tools, not the business's site: no footer there. */
function isPublicPath(pathname: string): boolean {
  return !/^\/(admin|dev)(\/|$)/.test(pathname);
}

export function SiteFooter() {
  if (!isPublicPath(useLocation().pathname)) return null;
  return (
    <footer className="site-footer" aria-label={T.label} data-testid="site-footer">
      <div className="site-footer-inner">
        <div>
          <p className="site-footer-name">{BUSINESS_NAME}</p>
          <p>{BUSINESS_TAGLINE}</p>
        </div>
        <div>
          <h2 className="site-footer-heading">{T.contactHeading}</h2>
          <p>
            {T.email}: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          </p>
          <p>
            {T.phone}: <a href={`tel:${CONTACT_PHONE_TEL}`}>{CONTACT_PHONE}</a>
          </p>
        </div>
        <nav aria-labelledby="site-footer-links">
          <h2 id="site-footer-links" className="site-footer-heading">
            {T.linksHeading}
          </h2>
          <ul>
            {T.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
