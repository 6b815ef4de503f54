/** /admin/lediga-pass: upcoming sessions with free seats and (group) 0 or 3+ participants. */
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminSessionCard } from "~/components/admin-session-card";
import { AdminSessionList, listPageHref } from "~/components/admin-session-list";
import { SessionChangeButtons } from "~/components/session-change-buttons";
import { ADMIN_LIST_TEXTS } from "~/domain/admin-texts";
import { listAvailableSessions } from "~/server/admin/admin-sessions.server";
import { adminListLoader } from "~/server/admin/admin-list-loader.server";

const TEXTS = ADMIN_LIST_TEXTS.available;

export const meta: MetaFunction = () => [{ title: `${TEXTS.title} – Admin – Hundpass` }];

export const loader = adminListLoader("/admin/lediga-pass", listAvailableSessions);

export default function AvailableSessions() {
  const { sessions, toast, page, pageCount } = useLoaderData<typeof loader>();
  const here = listPageHref("/admin/lediga-pass", page);
  return (
    <AdminSessionList
      title={TEXTS.title}
      empty={TEXTS.empty}
      sessions={sessions}
      toast={toast}
      page={page}
      pageCount={pageCount}
      renderCard={(session) => (
        <AdminSessionCard
          session={session}
          actions={
            <SessionChangeButtons
              sessionId={session.id}
              edit
              changes={["delete"]}
              returnTo={here}
              deleteDisabled={session.hasParticipants}
            />
          }
        />
      )}
    />
  );
}
