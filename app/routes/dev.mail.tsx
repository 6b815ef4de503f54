/**
 * /dev/mail: the local mailbox. Lists what the outbox holds, newest first;
 * `?to=` narrows it to one recipient (tests use it to find their mail).
 * Only with DEV_MAILBOX=true, the outbox transport and a local host; otherwise 404.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { MailStatusBadge } from "~/components/mail-status-badge";
import { formatDateTime } from "~/domain/time";
import { listDevMail } from "~/server/email/dev-mailbox.server";

export const meta: MetaFunction = () => [
  { title: "Utkorg (lokal e-post) – Hundpass" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const to = new URL(request.url).searchParams.get("to")?.trim() || null;
  const messages = await listDevMail(context, request, { to });
  return { to, messages };
}

export default function DevMailbox() {
  const { to, messages } = useLoaderData<typeof loader>();
  const query = to ? `?to=${encodeURIComponent(to)}` : "";
  return (
    <section>
      <h1>Utkorg (lokal e-post)</h1>
      <p>
        Här syns all e-post som appen har lagt i utkorgen. Lokalt skickas ingenting på riktigt.
      </p>
      <Form method="get" className="mail-filter">
        <label htmlFor="mail-to">Mottagare</label>{" "}
        <input id="mail-to" name="to" type="email" defaultValue={to ?? ""} />{" "}
        <button type="submit" className="primary">
          Filtrera
        </button>{" "}
        {to ? <Link to="/dev/mail">Visa alla</Link> : null}
      </Form>
      {messages.length === 0 ? (
        <p>{to ? `Inga meddelanden till ${to}.` : "Utkorgen är tom."}</p>
      ) : (
        <table className="mail">
          <thead>
            <tr>
              <th scope="col">Tid</th>
              <th scope="col">Typ</th>
              <th scope="col">Till</th>
              <th scope="col">Ämne</th>
              <th scope="col">Status</th>
              <th scope="col">Försök</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m) => (
              <tr key={m.id} data-testid="mail-row">
                <td>{formatDateTime(m.createdAt)}</td>
                <td>{m.kind}</td>
                <td>{m.toAddress}</td>
                <td>
                  <Link to={`/dev/mail/${m.id}${query}`}>{m.subject}</Link>
                </td>
                <td>
                  <MailStatusBadge status={m.status} />
                </td>
                <td>{m.attempts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
