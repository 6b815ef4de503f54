/**
 * /dev/mail/:id: one outbox message in full. The HTML body is shown in a
 * sandboxed iframe (no scripts, no same-origin access), so a mail's markup
 * cannot touch the app. Extra headers (List-Unsubscribe …) are listed with
 * the others. Only with DEV_MAILBOX=true.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { MailStatusBadge } from "~/components/mail-status-badge";
import { formatDateTime } from "~/domain/time";
import { getDevMail } from "~/server/email/dev-mailbox.server";
import { fillCampaignVars } from "~/server/newsletter/campaign-waves.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.message.subject ?? "E-post"} – Utkorg – Hundpass` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { attachments, ...message } = await getDevMail(context, request, params.id ?? "", { fillVars: fillCampaignVars });
  const to = new URL(request.url).searchParams.get("to");
  return {
    message,
    // Names only; the content is served by the attachment route.
    attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
    backTo: to ? `/dev/mail?to=${encodeURIComponent(to)}` : "/dev/mail",
  };
}

export default function DevMailMessage() {
  const { message: m, attachments, backTo } = useLoaderData<typeof loader>();
  return (
    <article>
      <p>
        <Link to={backTo}>← Tillbaka till utkorgen</Link>
      </p>
      <h1>{m.subject}</h1>
      <table className="mail">
        <tbody>
          <Row label="Från">{m.fromAddress}</Row>
          <Row label="Till">{m.toAddress}</Row>
          {m.replyTo ? <Row label="Svara till">{m.replyTo}</Row> : null}
          <Row label="Typ">{m.kind}</Row>
          <Row label="Skapat">{formatDateTime(m.createdAt)}</Row>
          <Row label="Status">
            <MailStatusBadge status={m.status} />
          </Row>
          <Row label="Försök">{m.attempts}</Row>
          {m.sentAt ? <Row label="Skickat">{formatDateTime(m.sentAt)}</Row> : null}
          {m.status === "queued" && m.attempts > 0 ? (
            <Row label="Nästa försök">{formatDateTime(m.nextAttemptAt)}</Row>
          ) : null}
          {m.lastError ? <Row label="Senaste fel">{m.lastError}</Row> : null}
          {m.providerMessageId ? <Row label="Leverantörens id">{m.providerMessageId}</Row> : null}
          <Row label="Idempotensnyckel">{m.idempotencyKey}</Row>
          {Object.entries(m.headers).map(([name, value]) => (
            <Row key={name} label={name}>
              <code data-testid={`mail-header-${name.toLowerCase()}`}>{value}</code>
            </Row>
          ))}
        </tbody>
      </table>

      <h2>Text</h2>
      <pre className="mail-text" data-testid="mail-text">
        {m.textBody}
      </pre>

      {m.htmlBody ? (
        <>
          <h2>HTML</h2>
          <iframe
            title="E-postens HTML-version"
            sandbox=""
            srcDoc={m.htmlBody}
            className="mail-html"
          />
        </>
      ) : null}

      {attachments.length > 0 ? (
        <>
          <h2>Bilagor</h2>
          <ul>
            {attachments.map((a, index) => (
              <li key={index}>
                <a href={`/dev/mail/${m.id}/attachment/${index}`} download={a.filename}>
                  {a.filename}
                </a>{" "}
                ({a.contentType})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}
