/** /admin/vantande-pass: upcoming group sessions with 1 or 2 participants. */
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminSessionCard } from "~/components/admin-session-card";
import { AdminSessionList, listPageHref } from "~/components/admin-session-list";
import { SessionChangeButtons } from "~/components/session-change-buttons";
import { ADMIN_LIST_TEXTS } from "~/domain/admin-texts";
import { listWaitingSessions } from "~/server/admin/admin-sessions.server";
import { adminListLoader } from "~/server/admin/admin-list-loader.server";

const TEXTS = ADMIN_LIST_TEXTS.waiting;

export const meta: MetaFunction = () => [{ title: `${TEXTS.title} – Admin – Hundpass` }];

export const loader = adminListLoader("/admin/vantande-pass", listWaitingSessions);

export default function WaitingSessions() {
  const { sessions, toast, page, pageCount } = useLoaderData<typeof loader>();
  const here = listPageHref("/admin/vantande-pass", page);
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
          actions={<SessionChangeButtons sessionId={session.id} edit changes={["cancel"]} returnTo={here} />}
        />
      )}
    />
  );
}
