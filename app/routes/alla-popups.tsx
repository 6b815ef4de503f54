/**
 * /alla-popups: every upcoming session (end time not past) with its badge,
 * price, description, date, time, place, places left and 'Visa & Boka' or a
 * disabled 'Fullbokat', plus the 'Info om GruppUps' card. A failed read shows
 * the spec's 'Fel' toast over an empty list instead of an error page.
 */
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Toaster } from "~/components/toaster";
import { SessionCard } from "~/components/session-card";
import { cardData, toSessionCard } from "~/domain/session-view";
import { LOAD_FAILURE_TOAST, SESSION_LIST_TEXTS } from "~/domain/page-texts/session-list";
import { LIST_CACHE, noStoreHeaders, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import { loadUpcomingSessions } from "~/server/public/sessions.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction = () => [
  { title: "Alla PopUp's – Hundpass" },
  { name: "description", content: "Alla kommande hundträningspass. Välj ett pass att boka." },
];

export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const { types, sessions } = await loadUpcomingSessions(context, new Date());
    return data(
      { sessions: sessions.map((row) => cardData(toSessionCard(row, types), "list")), toast: null },
      { headers: publicCacheHeaders(request, LIST_CACHE) },
    );
  } catch (error) {
    console.error("/alla-popups: could not load sessions", error);
    return data(
      { sessions: [], toast: { type: "error" as const, ...LOAD_FAILURE_TOAST } },
      { headers: noStoreHeaders },
    );
  }
}

export default function AllPopups() {
  const { sessions, toast } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === "/alla-popups";
  return (
    <div className="public-page">
      <Toaster page toast={toast} />
      <header className="page-header">
        <h1>{SESSION_LIST_TEXTS.title}</h1>
        <p className="subtitle">{SESSION_LIST_TEXTS.subtitle}</p>
      </header>
      {reloading ? (
        <p className="loading" role="status">
          {SESSION_LIST_TEXTS.loading}
        </p>
      ) : null}
      {sessions.length === 0 ? (
        <p className="empty">{SESSION_LIST_TEXTS.empty}</p>
      ) : (
        <ul className="session-grid">
          {sessions.map((session, index) => (
            <li key={session.id}>
              <SessionCard session={session} imagePriority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <aside className="info-card" aria-labelledby="info-gruppups">
        <h2 id="info-gruppups">{SESSION_LIST_TEXTS.infoTitle}</h2>
        <p>{SESSION_LIST_TEXTS.infoText}</p>
      </aside>
    </div>
  );
}
