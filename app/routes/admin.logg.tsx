/** /admin/logg: every admin change, newest first, 50 a page (?sida=N): who, what, on what, before and after. */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { auditActionLabel, auditTargetHref, parsePage } from "~/domain/audit";
import { formatDateTime } from "~/domain/time";
import { loadAuditPage } from "~/server/admin/audit-log.server";
import { requireAdmin } from "~/server/auth/signed-in-user.server";

export const meta: MetaFunction = () => [{ title: "Logg – Admin – Hundpass" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const page = parsePage(new URL(request.url).searchParams.get("sida"));
  const { entries, hasNext } = await loadAuditPage(context, page);
  return data({ entries, page, hasNext }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Before/after as readable JSON; nothing when the change recorded none. */
function details(json: string | null): string | null {
  if (!json) return null;
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

export default function AuditLog() {
  const { entries, page, hasNext } = useLoaderData<typeof loader>();
  return (
    <section className="admin-page" aria-labelledby="log-heading">
      <p>
        <Link to="/admin">Tillbaka till admin</Link>
      </p>
      <h1 id="log-heading">Logg</h1>
      {entries.length === 0 ? (
        <p>Inga ändringar ännu.</p>
      ) : (
        <ol className="audit-list" data-testid="audit-list">
          {entries.map((entry) => {
            const href = auditTargetHref(entry.targetType, entry.targetId, entry.action, entry.detailsJson);
            const text = details(entry.detailsJson);
            return (
              <li key={entry.id} className="card">
                <p className="audit-head">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> · {entry.actorEmail}
                </p>
                <p>
                  <strong>{auditActionLabel(entry.action)}</strong>{" "}
                  {href ? <Link to={href}>#{entry.targetId}</Link> : entry.targetId ? `#${entry.targetId}` : null}
                </p>
                {text ? (
                  <details>
                    <summary>Före och efter</summary>
                    <pre className="audit-details">{text}</pre>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      <nav className="button-row" aria-label="Sidor">
        {page > 1 ? (
          <Link to={page === 2 ? "/admin/logg" : `/admin/logg?sida=${page - 1}`} className="button secondary" rel="prev">
            Nyare
          </Link>
        ) : null}
        {hasNext ? (
          <Link to={`/admin/logg?sida=${page + 1}`} className="button secondary" rel="next">
            Äldre
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
