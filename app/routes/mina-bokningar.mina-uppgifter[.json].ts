/**
 * /mina-bokningar/mina-uppgifter.json: everything we hold about the signed-in
 * customer's address, as a JSON file to download (app/server/privacy/).
 * No or an expired session: to the bookings list, which says the sign-in ran
 * out and offers a new link (a download link has no page of its own to say it).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { myDataFileName } from "~/domain/my-data-export";
import { getSignedInUser, requireCustomer } from "~/server/auth/signed-in-user.server";
import { exportMyData } from "~/server/privacy/my-data.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getSignedInUser(context, request))) throw redirect("/mina-bokningar/lista", { headers: { "Cache-Control": "no-store" } });
  const user = await requireCustomer(context, request);
  const now = new Date();
  const data = await exportMyData(context, user.email, now);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${myDataFileName(now)}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
