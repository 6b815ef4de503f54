/**
 * /admin/drift ('Driftstatus'): whether the machine is healthy, for the
 * owner. Each cron job's last run, outcome and duration (with a warning when
 * it is overdue), the mail queue, when each webhook last arrived and how many
 * calls were refused in the last day, failed refunds, the database's size
 * against D1's limit and the deployed version. One D1 batch; admins only;
 * no JavaScript needed.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { MAIL_STATUS_PAGE, OPERATIONS_PAGE } from "~/domain/admin-pages";
import {
  ALERT_AFTER_MS,
  CRON_JOBS,
  currentProblems,
  D1_MAX_DATABASE_BYTES,
  formatBytes,
  formatDuration,
  JOB_LABELS,
  OVERDUE_INTERVALS,
  WEBHOOK_LABELS,
  type CronSchedule,
} from "~/domain/operations";
import { formatDateTime } from "~/domain/time";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { readOperationsStatus } from "~/server/operations/status.server";
import { deployedVersion } from "~/server/operations/version.server";
import { noStoreHeaders } from "~/server/public/cache.server";

export const meta: MetaFunction = () => [
  { title: `${OPERATIONS_PAGE.title} – Admin – Hundpass` },
  { name: "robots", content: "noindex" },
];

const SCHEDULE_LABELS: Record<CronSchedule, string> = {
  everyFiveMinutes: "var femte minut",
  daily: "dagligen 07:00 UTC",
};

/** "3 min sedan" for a time, "aldrig" for none. */
const agoLabel = (iso: string | null, now: number) => (iso ? `${formatDuration(now - Date.parse(iso))} sedan` : null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const now = new Date();
  const status = await readOperationsStatus(context, now);
  const nowMs = now.getTime();
  const since = new Map(status.alerts.map((alert) => [alert.problem, alert.since]));
  const version = deployedVersion(context);
  return data(
    {
      problems: currentProblems(status).map((problem) => {
        const from = since.get(problem.key) ?? null;
        return { ...problem, sinceLabel: from ? formatDateTime(from) : null };
      }),
      jobs: status.jobs.map((job) => ({
        name: job.name,
        label: JOB_LABELS[job.name],
        schedule: CRON_JOBS[job.name].map((s) => SCHEDULE_LABELS[s]).join(" och "),
        lastRunLabel: job.lastStartedAt ? formatDateTime(job.lastStartedAt) : null,
        lastRunAt: job.lastStartedAt,
        agoLabel: agoLabel(job.lastStartedAt, nowMs),
        outcome: job.outcome,
        durationLabel: job.durationMs === null ? null : `${job.durationMs.toLocaleString("sv-SE")} ms`,
        error: job.error,
        overdue: job.overdue,
        overdueAfterLabel: formatDuration(OVERDUE_INTERVALS * job.intervalMs),
      })),
      outbox: {
        ...status.outbox,
        oldestAgeLabel: status.outbox.oldestQueuedAt ? formatDuration(nowMs - Date.parse(status.outbox.oldestQueuedAt)) : null,
      },
      webhooks: status.webhooks.map((hook) => ({
        name: hook.name,
        label: WEBHOOK_LABELS[hook.name],
        enabled: hook.enabled,
        lastAcceptedLabel: hook.lastAcceptedAt ? formatDateTime(hook.lastAcceptedAt) : null,
        lastAcceptedAt: hook.lastAcceptedAt,
        agoLabel: agoLabel(hook.lastAcceptedAt, nowMs),
        refusedLastDay: hook.refusedLastDay,
        lastRefusedLabel: hook.lastRefusedAt ? formatDateTime(hook.lastRefusedAt) : null,
        stale: hook.stale,
        waitingLabel: hook.oldestWaitingSince ? formatDuration(nowMs - Date.parse(hook.oldestWaitingSince)) : null,
        refusedOften: hook.refusedOften,
      })),
      paymentsOn: status.paymentsOn,
      failedRefunds: status.failedRefunds,
      database:
        status.databaseBytes === null
          ? null
          : {
              sizeLabel: formatBytes(status.databaseBytes),
              limitLabel: formatBytes(D1_MAX_DATABASE_BYTES),
              percent: Math.min(100, (100 * status.databaseBytes) / D1_MAX_DATABASE_BYTES),
            },
      version: {
        id: version.id,
        tag: version.tag,
        uploadedLabel: version.uploadedAt ? formatDateTime(version.uploadedAt) : null,
      },
      alertAfterLabel: formatDuration(ALERT_AFTER_MS),
    },
    { headers: noStoreHeaders },
  );
}

export default function OperationsStatus() {
  const { problems, jobs, outbox, webhooks, paymentsOn, failedRefunds, database, version, alertAfterLabel } =
    useLoaderData<typeof loader>();
  return (
    <section className="admin-page operations" aria-labelledby="operations-heading">
      <p className="admin-back">
        <Link to="/admin">Tillbaka till admin</Link>
      </p>
      <h1 id="operations-heading">{OPERATIONS_PAGE.title}</h1>

      <section className="card" aria-labelledby="operations-summary-heading" data-testid="operations-summary">
        <h2 id="operations-summary-heading">{problems.length === 0 ? "Allt ser bra ut" : "Det här behöver ses över"}</h2>
        {problems.length === 0 ? (
          <p>Inga jobb är försenade och inget annat fel syns just nu.</p>
        ) : (
          <>
            <ul data-testid="operations-problems">
              {problems.map((problem) => (
                <li key={problem.key}>
                  {problem.text}
                  {problem.sinceLabel ? <span className="session-note"> Sedan {problem.sinceLabel}.</span> : null}
                </li>
              ))}
            </ul>
            <p className="session-note">
              Ett fel som varat i {alertAfterLabel} skickas som e-post till admin, en gång tills det är åtgärdat.
            </p>
          </>
        )}
      </section>

      <section aria-labelledby="operations-jobs-heading">
        <h2 id="operations-jobs-heading">Schemalagda jobb</h2>
        <div className="table-scroll" role="region" aria-labelledby="operations-jobs-caption" tabIndex={0}>
          <table className="attendee-table operations-table" data-testid="operations-jobs">
            <caption id="operations-jobs-caption">
              Varje jobb med senaste körning. Ett jobb är försenat när det inte körts på dubbla sitt intervall.
            </caption>
            <thead>
              <tr>
                <th scope="col">Jobb</th>
                <th scope="col">Körs</th>
                <th scope="col">Senast startat</th>
                <th scope="col">Utfall</th>
                <th scope="col">Tid</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.name} data-testid={`job-${job.name}`}>
                  <th scope="row">{job.label}</th>
                  <td>{job.schedule}</td>
                  <td>
                    {job.lastRunAt ? (
                      <>
                        <time dateTime={job.lastRunAt}>{job.lastRunLabel}</time> ({job.agoLabel})
                      </>
                    ) : (
                      "Har inte körts än"
                    )}
                    {job.overdue ? (
                      <>
                        {" "}
                        <strong className="badge badge-red">Försenat</strong>{" "}
                        <span className="session-note">borde ha körts inom {job.overdueAfterLabel}</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {job.outcome === "ok" ? <span className="badge badge-green">Lyckades</span> : null}
                    {job.outcome === "failed" ? (
                      <>
                        <strong className="badge badge-red">Misslyckades</strong>
                        {job.error ? <span className="operations-error"> {job.error}</span> : null}
                      </>
                    ) : null}
                    {job.outcome === null ? "–" : null}
                  </td>
                  <td>{job.durationLabel ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="operations-outbox-heading" data-testid="operations-outbox">
        <h2 id="operations-outbox-heading">E-postkön</h2>
        <dl className="operations-facts">
          <dt>I kö</dt>
          <dd>{outbox.queued}</dd>
          <dt>Försöker igen</dt>
          <dd>{outbox.retrying}</dd>
          <dt>Kunde inte skickas</dt>
          <dd>
            {outbox.dead}
            {outbox.dead > 0 ? (
              <>
                {" "}
                (<Link to={MAIL_STATUS_PAGE.to}>se {MAIL_STATUS_PAGE.title}</Link>)
              </>
            ) : null}
          </dd>
          <dt>Äldsta i kön</dt>
          <dd>{outbox.oldestAgeLabel ? `väntat ${outbox.oldestAgeLabel}` : "kön är tom"}</dd>
        </dl>
      </section>

      <section aria-labelledby="operations-webhooks-heading">
        <h2 id="operations-webhooks-heading">Webhooks</h2>
        <div className="table-scroll" role="region" aria-labelledby="operations-webhooks-caption" tabIndex={0}>
          <table className="attendee-table operations-table" data-testid="operations-webhooks">
            <caption id="operations-webhooks-caption">
              När Stripe och e-postleverantören senast hördes av, och hur många anrop som avvisades senaste dygnet.
            </caption>
            <thead>
              <tr>
                <th scope="col">Webhook</th>
                <th scope="col">Senast mottagen</th>
                <th scope="col">Avvisade senaste dygnet</th>
              </tr>
            </thead>
            <tbody>
              {webhooks.map((hook) => (
                <tr key={hook.name} data-testid={`webhook-${hook.name}`}>
                  <th scope="row">{hook.label}</th>
                  {hook.enabled ? (
                    <>
                      <td>
                        {hook.lastAcceptedAt ? (
                          <>
                            <time dateTime={hook.lastAcceptedAt}>{hook.lastAcceptedLabel}</time> ({hook.agoLabel})
                          </>
                        ) : (
                          "Aldrig"
                        )}
                        {hook.stale ? (
                          <>
                            {" "}
                            <strong className="badge badge-red">Tyst för länge</strong>{" "}
                            <span className="session-note">
                              inget anrop på {hook.waitingLabel} fast något har väntat på svar
                            </span>
                          </>
                        ) : null}
                      </td>
                      <td>
                        {hook.refusedLastDay}
                        {hook.refusedOften ? (
                          <>
                            {" "}
                            <strong className="badge badge-red">Många avvisade</strong>
                          </>
                        ) : null}
                        {hook.lastRefusedLabel ? <span className="session-note"> (senast {hook.lastRefusedLabel})</span> : null}
                      </td>
                    </>
                  ) : (
                    <td colSpan={2}>{hook.name === "stripe" ? "Betalningar är avstängda" : "Inte inställd (ingen hemlighet satt)"}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="operations-refunds-heading" data-testid="operations-refunds">
        <h2 id="operations-refunds-heading">Återbetalningar</h2>
        {!paymentsOn ? (
          <p>Betalningar är avstängda.</p>
        ) : failedRefunds === 0 ? (
          <p>Inga misslyckade återbetalningar.</p>
        ) : (
          <p>
            <strong className="badge badge-red">{failedRefunds} misslyckade</strong>{" "}
            <Link to="/admin">Se dem på adminsidan</Link>
          </p>
        )}
      </section>

      <section aria-labelledby="operations-database-heading" data-testid="operations-database">
        <h2 id="operations-database-heading">Databasen</h2>
        {database ? (
          <p>
            {database.sizeLabel} av {database.limitLabel} ({database.percent.toLocaleString("sv-SE", { maximumFractionDigits: 2 })} %)
          </p>
        ) : (
          <p>Storleken är okänd.</p>
        )}
      </section>

      <section aria-labelledby="operations-version-heading" data-testid="operations-version">
        <h2 id="operations-version-heading">Version</h2>
        <p>
          {version.id === "okänd" ? "Versionen är okänd." : `Version ${version.id}`}
          {version.tag ? ` (${version.tag})` : ""}
          {version.uploadedLabel ? `, uppladdad ${version.uploadedLabel}` : ""}
        </p>
      </section>
    </section>
  );
}
