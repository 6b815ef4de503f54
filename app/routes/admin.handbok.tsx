/** /admin/handbok: the staff handbook (docs/handbok.md), rendered on the server. */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ADMIN_TEXTS } from "~/domain/admin-texts";
import { HANDBOOK_PAGE } from "~/domain/admin-pages";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { renderHandbook } from "~/server/handbook/handbook.server";

export const meta: MetaFunction = () => [{ title: `${HANDBOOK_PAGE.title} – Admin – Hundpass` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return data({ html: renderHandbook() }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function Handbook() {
  const { html } = useLoaderData<typeof loader>();
  return (
    <section className="admin-page">
      <p>
        <Link to="/admin">{ADMIN_TEXTS.backToAdmin}</Link>
      </p>
      {/* Our own Markdown, rendered by the loader with raw HTML escaped; it starts with the page's h1. */}
      <article className="handbook" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
