/**
 * /admin/pass/{id}/deltagare.csv: the session's confirmed attendees as a CSV
 * file Swedish Excel opens as it is (UTF-8 with BOM, semicolons; see
 * app/domain/attendees.ts). Admin only; never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ATTENDEE_TEXTS, attendeesCsv, attendeesFileName } from "~/domain/attendees";
import { stockholmDayKey } from "~/domain/time";
import { loadAttendees, sessionIdParam } from "~/server/admin/attendees.server";
import { requireAdmin } from "~/server/auth/signed-in-user.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = sessionIdParam(params.id);
  const list = id === null ? null : await loadAttendees(context, id);
  if (!list) {
    return new Response(ATTENDEE_TEXTS.notFound, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const fileName = attendeesFileName(list.session, stockholmDayKey(list.session.startTime));
  return new Response(attendeesCsv(list.attendees, { payments: list.payments }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
