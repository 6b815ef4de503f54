/**
 * /integritet: what the site stores about a visitor, why and for how long
 * (the durations as this site is configured), and how to see and erase it.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PRIVACY_TEXTS as T, privacyRows } from "~/domain/privacy-page";
import { INFO_PAGE_CACHE, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import { WAITLIST_RETENTION_DAYS } from "~/server/privacy/retention.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction = () => [
  { title: `${T.title} – Hundpass` },
  { name: "description", content: "Vad Hundpass sparar om dig, varför och hur länge – och hur du ser och raderar det." },
];

export const headers = publicPageHeaders;

export function loader({ request, context }: LoaderFunctionArgs) {
  const c = context.config;
  const rows = privacyRows({
    bookingMonths: c.RETENTION_BOOKING_MONTHS,
    unsubscribedDays: c.RETENTION_UNSUBSCRIBED_DAYS,
    messageMonths: c.RETENTION_MESSAGE_MONTHS,
    auditMonths: c.RETENTION_AUDIT_MONTHS,
    mailDays: c.MAIL_RETENTION_DAYS,
    queueDays: WAITLIST_RETENTION_DAYS,
  });
  // The contact line is written here: the site's contact details then load
  // once, with the footer in the root chunk, not in a chunk of their own.
  return data({ rows, contact: T.contact }, { headers: publicCacheHeaders(request, INFO_PAGE_CACHE) });
}

export default function Privacy() {
  const { rows, contact } = useLoaderData<typeof loader>();
  return (
    <div className="public-page privacy-page">
      <header className="page-header">
        <h1>{T.heading}</h1>
        <p className="subtitle">{T.intro}</p>
      </header>
      <section className="page-section" aria-labelledby="stored-heading">
        <h2 id="stored-heading">{T.tableCaption}</h2>
        <dl className="privacy-list">
          {rows.map((row) => (
            <div key={row.what} className="info-card privacy-row">
              <dt>{row.what}</dt>
              <dd>
                <span className="privacy-label">{T.columns.why}:</span> {row.why}
              </dd>
              <dd>
                <span className="privacy-label">{T.columns.howLong}:</span> {row.howLong}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="page-section" aria-labelledby="see-heading">
        <h2 id="see-heading">{T.seeHeading}</h2>
        <p>{T.see}</p>
        <p>
          <Link to="/mina-bokningar" className="button">
            {T.seeLink}
          </Link>
        </p>
      </section>
      <section className="page-section" aria-labelledby="cookies-heading">
        <h2 id="cookies-heading">{T.cookiesHeading}</h2>
        <p>{T.cookies}</p>
      </section>
      <section className="page-section" aria-labelledby="contact-heading">
        <h2 id="contact-heading">{T.contactHeading}</h2>
        <p>{contact}</p>
      </section>
    </div>
  );
}
