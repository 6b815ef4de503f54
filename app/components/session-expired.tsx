/** The customer's sign-in has run out (a 401 from requireCustomer): ask for a new link. */
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { AccessDeniedPage, ErrorPage } from "./status-pages";

export function SessionExpired() {
  return (
    <section className="account-page" aria-labelledby="page-heading">
      <div className="card account-card" data-testid="session-expired">
        <h1 id="page-heading">Sessionen gick ut</h1>
        <p>Din inloggning gäller inte längre. Begär en ny länk för att se dina bokningar igen.</p>
        <p>
          <Link to="/mina-bokningar" className="button">
            Begär ny länk
          </Link>
        </p>
      </div>
    </section>
  );
}

/** The error boundary of the customer's own pages: 401 → 'Sessionen gick ut', 403 → 'Åtkomst nekad'. */
export function CustomerErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 401) return <SessionExpired />;
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDeniedPage />;
  console.error(error);
  return <ErrorPage />;
}
