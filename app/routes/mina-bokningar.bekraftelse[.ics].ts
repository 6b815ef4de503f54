/**
 * /mina-bokningar/bekraftelse.ics?bokning={id}: the calendar file of a
 * booking made in this browser, from its booking confirmation. Only the
 * browser whose confirmation cookie names the booking gets it; anyone else,
 * and any booking that no longer stands, gets 404 with nothing that tells which.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { confirmationIcs } from "~/server/booking/confirmation.server";

const NOT_FOUND = () =>
  new Response("Hittades inte", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const bookingId = new URL(request.url).searchParams.get("bokning");
  const ics = await confirmationIcs(context, request, bookingId, new Date());
  if (!ics) return NOT_FOUND();
  return new Response(ics.body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8; method=PUBLISH",
      "Content-Disposition": `attachment; filename="${ics.filename}"`,
      // One person's booking: never kept by anyone else.
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
