/**
 * /admin/epost-status: mail that did not arrive, newest first: dead letters
 * (with 'Skicka igen' while their link, if any, still lives) and what the
 * provider reported as bounced or marked as spam. Admins only.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { MAIL_STATUS_PAGE } from "~/domain/admin-pages";
import { MAIL_STATUS_TEXTS as T, parseMailId, toUndeliveredView } from "~/domain/mail-status";
import type { ToastView } from "~/domain/toast";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { listUndelivered, resendDeadLetter, type ResendOutcome } from "~/server/email/undelivered.server";
import { handleForm, withSchema } from "~/server/forms/form-action.server";
import { noStoreHeaders } from "~/server/public/cache.server";
import { redirectWithToast } from "~/server/platform/toast.server";

const PATH = MAIL_STATUS_PAGE.to;

export const meta: MetaFunction = () => [{ title: `${T.title} – Admin – Hundpass` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const rows = await listUndelivered(context);
  return data({ rows: rows.map(toUndeliveredView) }, { headers: noStoreHeaders });
}

const TOASTS: Record<ResendOutcome, ToastView> = {
  queued: { ...T.toasts.resent },
  gone: { ...T.toasts.gone },
  expired: { ...T.toasts.expired },
};

const ResendSchema = z.object({
  intent: z.literal("resend"),
  id: z.string().refine((value) => parseMailId(value) !== null),
});

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const user = await requireAdmin(context, request);
  return handleForm(args, {
    // Behind the admin sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse: withSchema(ResendSchema),
    invalid: () => redirectWithToast(context, PATH, { ...T.toasts.gone }),
    async run({ id }) {
      try {
        const outcome = await resendDeadLetter(context, { userId: user.userId, email: user.email }, id);
        return redirectWithToast(context, PATH, TOASTS[outcome]);
      } catch (error) {
        console.error(`${PATH}: resending ${id} failed`, error);
        return redirectWithToast(context, PATH, { ...T.toasts.failed });
      }
    },
  });
}

export default function MailStatus() {
  const { rows } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  return (
    <section className="admin-page" aria-labelledby="mail-status-heading">
      <p>
        <Link to="/admin">Tillbaka till admin</Link>
      </p>
      <h1 id="mail-status-heading">{T.title}</h1>
      <p>{T.intro}</p>
      {rows.length === 0 ? (
        <p data-testid="mail-status-empty">{T.empty}</p>
      ) : (
        <ul className="mail-status-list" data-testid="mail-status-list">
          {rows.map((row) => (
            <li key={`${row.kind}-${row.id}`} className="card" data-testid={`mail-${row.kind}`}>
              <p className="audit-head">
                <span className={`badge ${row.kind === "dead" ? "badge-red" : "badge-grey"}`}>{row.label}</span>{" "}
                <time dateTime={row.at}>{row.atLabel}</time>
              </p>
              <dl className="mail-facts">
                <dt>{T.recipient}</dt>
                <dd>{row.recipient}</dd>
                <dt>{T.subject}</dt>
                <dd>{row.subject}</dd>
                {row.why ? (
                  <>
                    <dt>{T.why}</dt>
                    <dd className="mail-status-why">{row.why}</dd>
                  </>
                ) : null}
              </dl>
              {row.hardBounce ? <p>{T.hardBounce}</p> : null}
              {row.kind === "complained" ? <p>{T.complaintEffect}</p> : null}
              {row.kind === "dead" ? (
                row.canResend ? (
                  <Form method="post" replace>
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="id" value={row.id} />
                    <button type="submit" className="button secondary" disabled={busyId === row.id}>
                      {busyId === row.id ? T.resending : T.resend}
                    </button>
                  </Form>
                ) : (
                  <p>{T.linkExpired}</p>
                )
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
