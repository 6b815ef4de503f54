/**
 * The admin menu: one card per admin page, the same list the site menu shows
 * admins; above it, with payments on, any refund that failed.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { FailedRefunds } from "~/components/failed-refunds";
import { ADMIN_PAGES } from "~/domain/admin-pages";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { listFailedRefunds } from "~/server/payments/staff-view.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return data({ failedRefunds: await listFailedRefunds(context) }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function AdminMenu() {
  const { failedRefunds } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1>Admin</h1>
      <FailedRefunds refunds={failedRefunds} />
      <ul className="card-grid">
        {ADMIN_PAGES.map((page) => (
          <li key={page.to} className="card">
            <Link to={page.to}>{page.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
