/**
 * /admin/kalender: the admin's own calendar subscription. A new link (shown
 * once: only its hash is kept; in full, in its webcal and https forms, with
 * 'Kopiera') revokes their one before; 'Återkalla länken' stops it.
 * Attendee names go into the feed only when staff tick it for that link.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type TypedResponse } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { CalendarLinkCard } from "~/components/calendar-link-card";
import { CALENDAR_TEXTS as T } from "~/domain/admin-texts";
import { formatDateTime } from "~/domain/time";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { createCalendarFeed, feedUrls, liveCalendarFeed, revokeCalendarFeed } from "~/server/calendar/feed.server";
import { handleForm, withSchema } from "~/server/forms/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";

export const meta: MetaFunction = () => [{ title: "Kalender – Admin – Hundpass" }, { name: "robots", content: "noindex" }];

const CalendarSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), include_attendees: z.literal("on").optional() }),
  z.object({ intent: z.literal("revoke") }),
]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin(context, request);
  const live = user.userId ? await liveCalendarFeed(context, user.userId) : null;
  return data({ live }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const user = await requireAdmin(context, request);
  // An admin is always a user with an id (the role is a row on it).
  if (!user.userId) throw new Response("Åtkomst nekad", { status: 403 });
  const actor = { userId: user.userId, email: user.email };
  const parse = withSchema(CalendarSchema);
  type Created = { created: ReturnType<typeof feedUrls>; live: Awaited<ReturnType<typeof liveCalendarFeed>> };
  return handleForm<ReturnType<typeof parse>, ReturnType<typeof data<Created>> | TypedResponse<never>>(args, {
    // Behind the admin sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse,
    invalid: () => redirectWithToast(context, "/admin/kalender", T.failed),
    async run(values) {
      if (values.intent === "revoke") {
        const revoked = await revokeCalendarFeed(context, actor);
        return redirectWithToast(context, "/admin/kalender", revoked ? T.revokedToast : T.noneToRevoke);
      }
      const token = await createCalendarFeed(context, actor, { includeAttendees: values.include_attendees === "on" });
      // Shown once, in this answer only: never in a URL, a cookie or the page's later loads.
      return data(
        { created: feedUrls(context.config.SITE_URL, token), live: await liveCalendarFeed(context, actor.userId) },
        { headers: { "Cache-Control": "private, no-store" } },
      );
    },
  });
}

export default function AdminCalendar() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const actionData = answer && "created" in answer ? answer : null;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const created = actionData?.created ?? null;
  const live = actionData?.live ?? loaded.live;
  return (
    <section className="admin-page" aria-labelledby="calendar-heading">
      <p>
        <Link to="/admin">{T.backToAdmin}</Link>
      </p>
      <h1 id="calendar-heading">{T.heading}</h1>
      <p>{T.intro}</p>
      {created ? <CalendarLinkCard urls={created} /> : null}
      <p data-testid="calendar-status">
        {live
          ? T.liveStatus(formatDateTime(live.createdAt), live.includeAttendees)
          : T.noneLive}
      </p>
      <Form method="post" className="card calendar-form">
        <input type="hidden" name="intent" value="create" />
        <div className="field checkbox-field">
          <input type="checkbox" id="include_attendees" name="include_attendees" />
          <label htmlFor="include_attendees">{T.includeAttendees}</label>
        </div>
        <button type="submit" className="primary" disabled={busy}>
          {live ? T.createReplacing : T.create}
        </button>
      </Form>
      {live ? (
        <Form method="post">
          <input type="hidden" name="intent" value="revoke" />
          <button type="submit" className="button danger" disabled={busy}>
            {T.revoke}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
