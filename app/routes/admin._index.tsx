/** The admin menu: one card per admin page, the same list the site menu shows admins. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ADMIN_PAGES } from "~/domain/admin-pages";
import { requireAdmin } from "~/server/auth/signed-in-user.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return null;
}

export default function AdminMenu() {
  return (
    <section>
      <h1>Admin</h1>
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
