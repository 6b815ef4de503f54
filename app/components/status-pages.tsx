/** Full-page answers for 404, 403 and unexpected errors, in Swedish. */
import { Link } from "@remix-run/react";

export function NotFoundPage() {
  return (
    <section className="status-page" aria-labelledby="status-heading">
      <h1 id="status-heading">PRUTT OCKSÅ</h1>
      <p>Den nya appen har inte längre den här sidan.</p>
      <Link to="/" className="button">
        Till startsidan
      </Link>
    </section>
  );
}

export const ACCESS_DENIED_REDIRECT_SECONDS = 3;

export function AccessDeniedPage() {
  return (
    <section className="status-page" aria-labelledby="status-heading">
      {/* Sends the visitor home after a moment, with or without JavaScript. */}
      <meta httpEquiv="refresh" content={`${ACCESS_DENIED_REDIRECT_SECONDS};url=/`} />
      <h1 id="status-heading">Åtkomst nekad</h1>
      <p>Du har inte behörighet att komma åt denna sida.</p>
      <Link to="/" className="button">
        Till startsidan
      </Link>
    </section>
  );
}

export function ErrorPage() {
  return (
    <section className="status-page" aria-labelledby="status-heading">
      <h1 id="status-heading">Något gick fel</h1>
      <p>Ett oväntat fel uppstod. Försök igen om en liten stund.</p>
      <Link to="/" className="button">
        Till startsidan
      </Link>
    </section>
  );
}

/** A form sent to a page that takes none (a POST to a page only to be read): trying again will not help. */
export function MethodNotAllowedPage() {
  return (
    <section className="status-page" aria-labelledby="status-heading">
      <h1 id="status-heading">Sidan tar inte emot formulär</h1>
      <p>Den här sidan går bara att öppna, inte att skicka uppgifter till.</p>
      <Link to="/" className="button">
        Till startsidan
      </Link>
    </section>
  );
}

/** The title of the page each status shows. */
export function statusTitle(status: number): string {
  const title = status === 404 ? "Sidan finns inte" : status === 403 ? "Åtkomst nekad" : status === 405 ? "Sidan tar inte emot formulär" : "Något gick fel";
  return `${title} – Hundpass`;
}
