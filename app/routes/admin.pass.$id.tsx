/**
 * /admin/pass/{id}: one session's destructive changes, each behind a
 * confirmation. Without JavaScript the lists link here (`?atgard=release`,
 * `cancel` or `delete`) and this page asks and posts; with JavaScript the
 * lists ask in a dialog and post here all the same. Every change is a real
 * form POST, idempotent (a repeat changes and mails nothing), and answered by
 * a redirect with the spec's toast.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { z } from "zod";
import { adminState } from "~/domain/availability";
import { ADMIN_TOASTS, SESSION_CHANGES, type SessionChange } from "~/domain/admin-texts";
import { formatDateTime, formatTime } from "~/domain/time";
import { parseSessionId } from "~/server/booking/session-read.server";
import {
  cancelSessionAsStaff,
  deleteSessionAsStaff,
  loadSessionSummary,
  releaseSessionAsStaff,
  type StaffChangeOutcome,
} from "~/server/admin/session-actions.server";
import { requireAdmin } from "~/server/auth/session-user.server";
import { redirectWithToast } from "~/server/toast.server";
import { adminReturnTo } from "~/domain/admin-return";

export const meta: MetaFunction = () => [{ title: "Ändra pass – Admin – Hundpass" }, { name: "robots", content: "noindex" }];

const ChangeSchema = z.object({
  intent: z.enum(["release", "cancel", "delete"]),
  returnTo: z.string().optional(),
});

function changeOf(value: string | null): SessionChange | null {
  return value === "release" || value === "cancel" || value === "delete" ? value : null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const returnTo = adminReturnTo(url.searchParams.get("tillbaka"));
  const id = parseSessionId(params.id);
  const session = id === null ? null : await loadSessionSummary(context.cloudflare.env.DB, id);
  if (!session) throw await redirectWithToast(context, returnTo, ADMIN_TOASTS.notFound);
  return data(
    { session, change: changeOf(url.searchParams.get("atgard")), returnTo },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const FAILED: Record<SessionChange, (typeof ADMIN_TOASTS)[keyof typeof ADMIN_TOASTS]> = {
  release: ADMIN_TOASTS.releaseFailed,
  cancel: ADMIN_TOASTS.cancelFailed,
  delete: ADMIN_TOASTS.deleteFailed,
};
const DONE: Record<SessionChange, (typeof ADMIN_TOASTS)[keyof typeof ADMIN_TOASTS]> = {
  release: ADMIN_TOASTS.released,
  cancel: ADMIN_TOASTS.cancelled,
  delete: ADMIN_TOASTS.deleted,
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAdmin(context, request);
  const parsed = ChangeSchema.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())));
  const returnTo = adminReturnTo(parsed.success ? parsed.data.returnTo : null);
  const id = parseSessionId(params.id);
  if (!parsed.success || id === null) return redirectWithToast(context, returnTo, ADMIN_TOASTS.notFound);
  const { intent } = parsed.data;
  const actor = { userId: user.userId, email: user.email };
  const run = { release: releaseSessionAsStaff, cancel: cancelSessionAsStaff, delete: deleteSessionAsStaff }[intent];
  let outcome: StaffChangeOutcome;
  try {
    outcome = await run(context, request, actor, id);
  } catch (error) {
    console.error(`admin ${intent} of session ${id} failed`, error);
    return redirectWithToast(context, returnTo, FAILED[intent]);
  }
  if (outcome.status === "not-found") return redirectWithToast(context, returnTo, ADMIN_TOASTS.notFound);
  if (outcome.status === "has-bookings") return redirectWithToast(context, returnTo, FAILED[intent]);
  return redirectWithToast(context, returnTo, DONE[intent]);
}

export default function AdminSessionChange() {
  const { session, change, returnTo } = useLoaderData<typeof loader>();
  const state = adminState(session);
  const link = (next: SessionChange) => `?atgard=${next}&tillbaka=${encodeURIComponent(returnTo)}`;
  const open = session.cancelledAt === null;
  const available = (["release", "cancel", "delete"] as const).filter((next) =>
    next === "release" ? open && session.currentParticipants > 0 : next === "cancel" ? open : !session.everBooked,
  );
  return (
    <section className="admin-page">
      <p>
        <Link to={returnTo}>Tillbaka</Link>
      </p>
      <h1>{session.title}</h1>
      <dl className="admin-facts">
        <dt>Tid</dt>
        <dd>
          {formatDateTime(session.startTime)}–{formatTime(session.endTime)}
        </dd>
        <dt>Plats</dt>
        <dd>{session.location}</dd>
        <dt>Deltagare</dt>
        <dd>
          {session.currentParticipants}/{session.maxParticipants}
        </dd>
        <dt>Status</dt>
        <dd>
          {session.cancelledAt !== null ? (
            <span className="badge badge-red">Inställt</span>
          ) : (
            <span className={`badge badge-${state.colour}`}>{state.label}</span>
          )}
        </dd>
      </dl>
      {change && available.includes(change) ? (
        <ConfirmForm
          intent={change}
          returnTo={returnTo}
          question={SESSION_CHANGES[change].question}
          label={SESSION_CHANGES[change].button}
          cancel={
            <Link to={returnTo} className="button secondary">
              Avbryt
            </Link>
          }
        />
      ) : (
        <ul className="button-row" aria-label="Ändra passet">
          {available.map((next) => (
            <li key={next}>
              <Link to={link(next)} className="button secondary">
                {SESSION_CHANGES[next].button}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
