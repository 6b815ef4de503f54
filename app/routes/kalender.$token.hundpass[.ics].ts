/**
 * /kalender/{token}/hundpass.ics: the staff's calendar feed, opened by its
 * secret link alone (calendar apps send no cookie). A wrong, malformed or
 * revoked token answers 404 with nothing that tells which.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { buildCalendarFeed } from "~/domain/calendar-feed";
import { calendarFeedByToken, feedSessions } from "~/server/calendar/feed.server";

const NOT_FOUND = () =>
  new Response("Hittades inte", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader({ params, context }: LoaderFunctionArgs) {
  const feed = await calendarFeedByToken(context, params.token ?? "");
  if (!feed) return NOT_FOUND();
  const now = new Date();
  const sessions = await feedSessions(context, { includeAttendees: feed.includeAttendees, now });
  const body = buildCalendarFeed(sessions, { siteUrl: context.config.SITE_URL, includeAttendees: feed.includeAttendees, now });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="hundpass.ics"',
      // Calendar apps poll; a few minutes' copy is fine, and nobody else may keep one.
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
