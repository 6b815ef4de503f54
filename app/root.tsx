/**
 * The document shell: <html lang="sv">, top bar, toasts, Flurre's launcher
 * (public pages) and the error boundary that turns 404/403/any error into a
 * Swedish page.
 */
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { FlurreHost } from "~/components/flurre/flurre-host";
import { useNonce } from "~/components/nonce";
import { refreshWithoutScript } from "~/domain/page-handle";
import { AccessDeniedPage, ErrorPage, MethodNotAllowedPage, NotFoundPage, statusTitle } from "~/components/status-pages";
import { Toaster } from "~/components/toaster";
import { SiteFooter } from "~/components/site-footer";
import { TopBar } from "~/components/top-bar";
import { ADMIN_PAGES } from "~/domain/admin-pages";
import { getSignedInUser } from "~/server/auth/signed-in-user.server";
import { readToast } from "~/server/platform/toast.server";
import stylesHref from "~/styles/app.css?url";
import flurreStylesHref from "~/styles/flurre.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "stylesheet", href: flurreStylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, { toast, clearHeader }] = await Promise.all([
    getSignedInUser(context, request),
    readToast(context, request),
  ]);
  const headers = new Headers();
  if (clearHeader) headers.append("Set-Cookie", clearHeader);
  return data(
    {
      // The admin part of the menu comes with the data, for staff only: the
      // list of admin pages stays out of every public page's JavaScript.
      user: user ? { displayName: user.displayName, isAdmin: user.isAdmin, adminPages: user.isAdmin ? ADMIN_PAGES : [] } : null,
      toast,
    },
    { headers },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const refresh = refreshWithoutScript(useMatches());
  return (
    <html lang="sv">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {refresh ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(refresh)} />
          </noscript>
        ) : null}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Hoppa till innehållet
        </a>
        <TopBar user={rootData?.user ?? null} />
        <Toaster toast={rootData?.toast ?? null} />
        <main id="main">{children}</main>
        <SiteFooter />
        <FlurreHost />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** A page's own title, but on the error page this boundary shows, which has none of its own. */
export const meta: MetaFunction = ({ error }) => (error ? [{ title: statusTitle(isRouteErrorResponse(error) ? error.status : 500) }] : []);

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    if (error.status === 403) return <AccessDeniedPage />;
    if (error.status === 405) return <MethodNotAllowedPage />;
  } else {
    console.error(error);
  }
  return <ErrorPage />;
}
