/** The admin menu: five cards, one per admin screen, then all sessions, Flurre's questions and FAQ, and the audit log. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ALL_SESSIONS_TEXTS } from "~/domain/admin-all-sessions-texts";
import { FLURRE_ADMIN_PATH, FLURRE_ADMIN_TEXTS } from "~/domain/flurre/admin-texts";
import { requireAdmin } from "~/server/auth/session-user.server";

const CARDS = [
  { to: "/admin/skapa-pass", title: "Skapa pass" },
  { to: "/admin/lediga-pass", title: "Lediga pass" },
  { to: "/admin/vantande-pass", title: "Väntande pass" },
  { to: "/admin/bokade-pass", title: "Pass blir av" },
  { to: "/admin/utskick", title: "Utskick" },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return null;
}

export default function AdminMenu() {
  return (
    <section>
      <h1>Admin</h1>
      <ul className="card-grid">
        {CARDS.map((card) => (
          <li key={card.to} className="card">
            <Link to={card.to}>{card.title}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/admin/old">{ALL_SESSIONS_TEXTS.title}</Link>
      </p>
      <p>
        <Link to={FLURRE_ADMIN_PATH}>{FLURRE_ADMIN_TEXTS.menuLink}</Link>
      </p>
      <p>
        <Link to="/admin/logg">Logg över ändringar</Link>
      </p>
    </section>
  );
}
