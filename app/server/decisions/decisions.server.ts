/**
 * The minimum-participant decision (app/domain/session-decision.ts): the
 * request at T−30 h (a session_decisions row and one mail to ADMIN_EMAIL with
 * two one-click links), the decision by link or on /admin/vantande-pass, and
 * the configured default at T−25 h.
 *
 * A request belongs to a session AND the start it asked about: once the
 * session moves, is cancelled by staff or becomes private, its row no longer
 * matches and is void (a moved session gets a new request at its new T−30 h).
 * The first decision wins: every path records it with one conditional UPDATE
 * (`decision IS NULL`, before the deadline for people), in the batch that
 * audits it and blanks the link's token in the stored mail. A 'cancel' is
 * then carried out through the staff cancel flow (cancelSession: the
 * session's SessionSeats object, each customer's mail with .ics CANCEL) and
 * marked applied; one that failed half-way is retried by the cron, and a
 * repeat changes and mails nothing.
 *
 * A session the cron first sees within 25 h of its start, never asked about
 * (the cron was down through its request window), runs and the admin is
 * told, as when a deadline is first seen too late (runMissedDecisions).
 *
 * Every run of the cron is idempotent: one row per session and start (a
 * unique index), its mail queued only by the run whose row was written (and
 * keyed per session and start), and the default recorded only while no
 * decision is.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, gte, isNull, or, sql, type SQL } from "drizzle-orm";
import { GROUP_CANCEL_NOTICE_HOURS } from "~/domain/constants";
import {
  decisionLateMail,
  decisionRequestMail,
  decisionRequestMailKey,
  type DecisionSession,
} from "~/domain/mail/session-decision";
import {
  DECISION_LINK_VALUES,
  DECISION_DEADLINE_HOURS,
  DECISION_MAX_PARTICIPANTS,
  decisionDeadline,
  decisionFromLinkValue,
  lastNoticeAt,
  missedWindow,
  requestWindow,
  type DecidedBy,
  type Decision,
  type DecisionReason,
} from "~/domain/session-decision";
import { cancelSession } from "../admin/session-actions.server";
import { auditStatement, SYSTEM_ACTOR, type Actor } from "../audit/audit-log.server";
import { randomToken, sha256Hex } from "../platform/crypto.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { schema } from "../db/client.server";
import { blankLinkStatement, outboxInsertStatements, toOutboxRow } from "../email/outbox.server";
import { scheduleDrain } from "../email/send-email.server";

const { sessionDecisions, sessions } = schema;

/**
 * The participants a decision counts: confirmed bookings only. A seat held
 * while its booker pays (PAYMENTS=stripe, at most half an hour) is not a
 * participant yet; with payments off every active booking is confirmed, so
 * this is current_participants.
 */
function confirmedParticipants(sessionsAlias: "s" | "sessions"): SQL {
  return sql`(SELECT count(*) FROM bookings cb WHERE cb.session_id = ${sql.raw(sessionsAlias)}.id AND cb.booking_status = 'confirmed')`;
}

/** How a decision by the mailed link is named in the audit log. */
export const LINK_VIA = "länk i e-post";

/** A request still matches its session: same start, not cancelled, still a group session. */
const MATCHES_SESSION_TEXT = `s.id = d.session_id AND s.start_time = d.start_time AND s.cancelled_at IS NULL AND s.pass_type = 'group'`;
const MATCHES_SESSION = sql.raw(MATCHES_SESSION_TEXT);

const SESSION_SELECT = sql.raw(`s.id AS id, s.title AS title, s.location AS location, s.start_time AS startTime, s.end_time AS endTime,
  s.current_participants AS currentParticipants, s.max_participants AS maxParticipants`);

/** The mailed link for one of the two actions. */
export function decisionLink(siteUrl: string, token: string, decision: Decision): string {
  const url = new URL("/beslut", siteUrl);
  url.searchParams.set("token", token);
  url.searchParams.set("val", DECISION_LINK_VALUES[decision]);
  return url.toString();
}

function decisionAudit(actor: Actor, sessionId: number, details: Record<string, unknown>, at: string): SQL {
  // changes() is the row count of the statement just before: the audit row only if the decision was recorded.
  return auditStatement(
    actor,
    {
      action: "session.decision",
      targetType: "session",
      targetId: String(sessionId),
      details: actor.via ? { ...details, via: actor.via } : details,
    },
    { createdAt: at, condition: sql`changes() > 0` },
  );
}

// ─── T−30 h: the requests ────────────────────────────────────────────────

/**
 * Group sessions, not cancelled, of 2 or fewer confirmed participants, that
 * start in the window and have no decision for that start yet (at most 50,
 * soonest first).
 */
function undecidedGroupSessions(
  context: AppLoadContext,
  { startAfter, startAtOrBefore }: { startAfter: string; startAtOrBefore: string },
  also: SQL = sql``,
): Promise<DecisionSession[]> {
  return context.db.all<DecisionSession>(
    sql`SELECT ${SESSION_SELECT} FROM sessions s
       WHERE s.pass_type = 'group' AND s.cancelled_at IS NULL AND ${confirmedParticipants("s")} <= ${DECISION_MAX_PARTICIPANTS}
         AND s.start_time > ${startAfter} AND s.start_time <= ${startAtOrBefore} ${also}
         AND NOT EXISTS (SELECT 1 FROM session_decisions d WHERE d.session_id = s.id AND d.start_time = s.start_time)
       ORDER BY s.start_time, s.id LIMIT 50`,
  );
}

/**
 * Asks about every group session, not cancelled, with 0–2 participants, whose
 * start is within (now + 25 h, now + 30 h] and that has no request for that
 * start yet: one row and one mail each.
 */
export async function requestDecisions(context: AppLoadContext, now: Date): Promise<{ requested: number }> {
  const results = await undecidedGroupSessions(context, requestWindow(now));
  let requested = 0;
  for (const session of results) {
    if (await requestDecision(context, session, now)) requested++;
  }
  return { requested };
}

async function requestDecision(context: AppLoadContext, session: DecisionSession, now: Date): Promise<boolean> {
  const { config } = context;
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  const deadline = decisionDeadline(session.startTime).toISOString();
  const mail = decisionRequestMail(
    { siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL },
    session,
    {
      links: { cancel: decisionLink(config.SITE_URL, token, "cancel"), run: decisionLink(config.SITE_URL, token, "run") },
      deadline,
      defaultDecision: config.MIN_PARTICIPANTS_DEFAULT,
      token,
    },
  );
  // The outbox row is timed by the real clock (the drain's), the request by the trigger's.
  const row = toOutboxRow(mail, { from: config.EMAIL_FROM }, new Date().toISOString());
  const b = new BatchBuilder();
  const inserted = b.add(
    sql`INSERT INTO session_decisions (session_id, start_time, deadline, participants, token_hash, requested_at)
         SELECT id, start_time, ${deadline}, ${confirmedParticipants("sessions")}, ${tokenHash}, ${now.toISOString()} FROM sessions
         WHERE id = ${session.id} AND start_time = ${session.startTime} AND cancelled_at IS NULL AND pass_type = 'group' AND ${confirmedParticipants("sessions")} <= ${DECISION_MAX_PARTICIPANTS}
         ON CONFLICT (session_id, start_time) DO NOTHING`,
  );
  // Only the run whose row was written mails (and the key keeps it to one mail per session and start).
  b.addAll(
    outboxInsertStatements(row, {
      condition: sql`EXISTS (SELECT 1 FROM session_decisions WHERE token_hash = ${tokenHash})`,
    }),
  );
  return runBatch(
    context,
    b.plan((results) => inserted.changes(results) > 0),
  );
}

// ─── A request window the cron missed ────────────────────────────────────

/**
 * A group session short of its minimum that no run asked about (the cron
 * was down for the whole request window) and that is now first seen within
 * 25 h of its start: too late to ask, and never cancelled this late. It runs
 * as planned, recorded as the late default ('run', reason 'late') so no later
 * run asks again, and the admin gets the late case's mail, once: only the run
 * whose row was written mails, under the late mail's key. Only a session that
 * already existed at its deadline (T−25 h) was missed; one created later was
 * never the cron's to ask about.
 */
export async function runMissedDecisions(context: AppLoadContext, now: Date): Promise<{ missed: number }> {
  // Only a session that existed at its T−25 h: one created later was never the cron's to ask about.
  const existedAtDeadline = sql`AND s.created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', s.start_time, ${`-${DECISION_DEADLINE_HOURS} hours`})`;
  const results = await undecidedGroupSessions(context, missedWindow(now), existedAtDeadline);
  let missed = 0;
  for (const session of results) {
    if (await runMissedDecision(context, session, now)) missed++;
  }
  return { missed };
}

async function runMissedDecision(context: AppLoadContext, session: DecisionSession, now: Date): Promise<boolean> {
  const { config } = context;
  const nowIso = now.toISOString();
  // The row's token is never mailed: nobody decides on it, it only marks this run's row.
  const tokenHash = await sha256Hex(randomToken());
  const deadline = decisionDeadline(session.startTime).toISOString();
  const lateMail = decisionLateMail({ siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL }, session);
  const row = toOutboxRow(lateMail, { from: config.EMAIL_FROM }, new Date().toISOString());
  const ours = sql`EXISTS (SELECT 1 FROM session_decisions WHERE token_hash = ${tokenHash})`;
  const b = new BatchBuilder();
  const inserted = b.add(
    sql`INSERT INTO session_decisions (session_id, start_time, deadline, participants, token_hash, requested_at,
           decision, decided_at, decided_by, reason, applied_at)
         SELECT id, start_time, ${deadline}, ${confirmedParticipants("sessions")}, ${tokenHash}, ${nowIso},
           'run', ${nowIso}, 'default', 'late', ${nowIso} FROM sessions
         WHERE id = ${session.id} AND start_time = ${session.startTime} AND start_time > ${nowIso} AND cancelled_at IS NULL
           AND pass_type = 'group' AND ${confirmedParticipants("sessions")} <= ${DECISION_MAX_PARTICIPANTS}
         ON CONFLICT (session_id, start_time) DO NOTHING`,
  );
  b.add(
    auditStatement(
      { userId: null, email: SYSTEM_ACTOR.email },
      {
        action: "session.decision",
        targetType: "session",
        targetId: sql`CAST(session_id AS TEXT)`,
        details: sql`json_object('decision', decision, 'reason', reason, 'startTime', start_time, 'participants', participants)`,
      },
      { createdAt: nowIso, from: sql`session_decisions`, condition: sql`token_hash = ${tokenHash}` },
    ),
  );
  b.addAll(outboxInsertStatements(row, { condition: ours }));
  return runBatch(
    context,
    b.plan((results) => inserted.changes(results) > 0),
  );
}

// ─── Deciding ────────────────────────────────────────────────────────────

export type DecideOutcome =
  /** `applied`: false when a 'cancel' was recorded but the cancellation failed (the cron carries it out). */
  | { status: "decided"; decision: Decision; sessionId: number; applied: boolean; cancelledBookings: number; mailIds: string[] }
  /** Someone (or the default) decided first. */
  | { status: "already-decided"; decision: Decision; decidedBy: DecidedBy }
  | { status: "expired" }
  /** The session moved, was cancelled or deleted, or is no longer a group session. */
  | { status: "void" }
  | { status: "not-found" };

/** A request as the link page, the admin page and the deciding code read it, with its session as it is now. */
export interface DecisionRequest {
  id: number;
  sessionId: number;
  startTime: string;
  deadline: string;
  participants: number;
  decision: Decision | null;
  decidedAt: string | null;
  decidedBy: DecidedBy | null;
  decidedByEmail: string | null;
  reason: DecisionReason | null;
  appliedAt: string | null;
  /** The session still is what the request asked about (same start, not cancelled, group). */
  matches: boolean;
  session: (DecisionSession & { cancelledAt: string | null }) | null;
}

type RequestRow = Omit<DecisionRequest, "matches" | "session"> & {
  matches: number;
  title: string | null;
  location: string | null;
  sessionStart: string | null;
  endTime: string | null;
  currentParticipants: number | null;
  maxParticipants: number | null;
  cancelledAt: string | null;
};

const REQUEST_SELECT = sql.raw(`SELECT d.id AS id, d.session_id AS sessionId, d.start_time AS startTime, d.deadline AS deadline,
    d.participants AS participants, d.decision AS decision, d.decided_at AS decidedAt, d.decided_by AS decidedBy,
    d.decided_by_email AS decidedByEmail, d.reason AS reason, d.applied_at AS appliedAt,
    EXISTS (SELECT 1 FROM sessions s WHERE ${MATCHES_SESSION_TEXT}) AS matches,
    x.title AS title, x.location AS location, x.start_time AS sessionStart, x.end_time AS endTime,
    x.current_participants AS currentParticipants, x.max_participants AS maxParticipants, x.cancelled_at AS cancelledAt
  FROM session_decisions d LEFT JOIN sessions x ON x.id = d.session_id`);

function toRequest(row: RequestRow): DecisionRequest {
  const { matches, title, location, sessionStart, endTime, currentParticipants, maxParticipants, cancelledAt, ...rest } = row;
  return {
    ...rest,
    matches: matches === 1,
    session:
      title === null || location === null || sessionStart === null || endTime === null
        ? null
        : {
            id: row.sessionId,
            title,
            location,
            startTime: sessionStart,
            endTime,
            currentParticipants: currentParticipants ?? 0,
            maxParticipants: maxParticipants ?? 0,
            cancelledAt,
          },
  };
}

type Target = { tokenHash: string } | { id: number };

async function readRequest(context: AppLoadContext, target: Target): Promise<DecisionRequest | null> {
  const where = "tokenHash" in target ? sql`d.token_hash = ${target.tokenHash}` : sql`d.id = ${target.id}`;
  const row = await context.db.get<RequestRow>(sql`${REQUEST_SELECT} WHERE ${where}`);
  return row ? toRequest(row) : null;
}

/** The request a mailed link's token opens, or null for an unknown token. Reads only. */
export async function findRequestByToken(context: AppLoadContext, token: string): Promise<DecisionRequest | null> {
  if (token.length < 20 || token.length > 100) return null;
  return readRequest(context, { tokenHash: await sha256Hex(token) });
}

/** Why a request cannot take a decision now, or null when it can. */
export function closedBecause(request: DecisionRequest, now: Date): Exclude<DecideOutcome, { status: "decided" }> | null {
  if (request.decision !== null && request.decidedBy !== null) {
    return { status: "already-decided", decision: request.decision, decidedBy: request.decidedBy };
  }
  if (!request.matches) return { status: "void" };
  if (Date.parse(request.deadline) <= now.getTime()) return { status: "expired" };
  return null;
}

/**
 * Records a person's decision (by link or on the admin page) if the request
 * is open, then carries a 'cancel' out. Refused after the deadline: the
 * default applies then.
 */
async function decide(
  context: AppLoadContext,
  target: Target,
  decision: Decision,
  by: Exclude<DecidedBy, "default">,
  actor: Actor,
  now: Date,
): Promise<DecideOutcome> {
  const request = await readRequest(context, target);
  if (!request) return { status: "not-found" };
  const closed = closedBecause(request, now);
  if (closed) return closed;
  const nowIso = now.toISOString();
  const b = new BatchBuilder();
  const recording = b.add<{ id: number }>(
    sql`UPDATE session_decisions AS d SET decision = ${decision}, decided_at = ${nowIso}, decided_by = ${by}, decided_by_email = ${actor.email},
           applied_at = CASE WHEN ${decision} = 'run' THEN ${nowIso} END
         FROM sessions s
         WHERE d.id = ${request.id} AND d.decision IS NULL AND d.deadline > ${nowIso} AND ${MATCHES_SESSION}
         RETURNING id`,
  );
  b.add(decisionAudit(actor, request.sessionId, { decision, startTime: request.startTime }, nowIso));
  // Whoever decided, the mailed links are used up: the token goes from the stored mail.
  b.add(
    blankLinkStatement(decisionRequestMailKey(request.sessionId, request.startTime), now, sql`EXISTS (SELECT 1 FROM session_decisions WHERE id = ${request.id} AND decision IS NOT NULL)`),
  );
  const recorded = await runBatch(
    context,
    b.plan((results) => recording.rows(results).length > 0),
  );
  if (!recorded) {
    // Someone else was quicker (or the session changed) between the read and the write.
    const now2 = await readRequest(context, target);
    return (now2 && closedBecause(now2, now)) ?? { status: "not-found" };
  }
  const decided = { status: "decided", decision, sessionId: request.sessionId } as const;
  if (decision === "run") return { ...decided, applied: true, cancelledBookings: 0, mailIds: [] };
  try {
    const done = await carryOutCancel(context, request.id, request.sessionId, actor);
    return { ...decided, applied: true, ...done };
  } catch (error) {
    // The decision stands; the cron's next run cancels (retryUnappliedCancels).
    console.error(`decision: cancelling session ${request.sessionId} failed; the cron will retry`, error);
    return { ...decided, applied: false, cancelledBookings: 0, mailIds: [] };
  }
}

/** Cancels the session (the staff cancel flow) and marks the decision applied. */
async function carryOutCancel(
  context: AppLoadContext,
  requestId: number,
  sessionId: number,
  actor: Actor,
): Promise<{ cancelledBookings: number; mailIds: string[] }> {
  const { outcome, mailIds } = await cancelSession(context, actor, sessionId, "decision");
  await context.db.run(
    sql`UPDATE session_decisions SET applied_at = ${new Date().toISOString()} WHERE id = ${requestId} AND applied_at IS NULL`,
  );
  return { cancelledBookings: outcome.status === "done" ? outcome.count : 0, mailIds };
}

/** 'Ställ in' / 'Kör ändå' from the mailed link: the actor is the address the link went to. */
export async function decideByLink(context: AppLoadContext, token: string, linkValue: string | null, now = new Date()) {
  const decision = decisionFromLinkValue(linkValue);
  if (!decision || token.length < 20 || token.length > 100) return { status: "not-found" } as const;
  const actor: Actor = { userId: null, email: context.config.ADMIN_EMAIL, via: LINK_VIA };
  return decide(context, { tokenHash: await sha256Hex(token) }, decision, "link", actor, now);
}

/**
 * 'Ställ in' / 'Kör ändå' on /admin/vantande-pass, by the signed-in admin.
 * A cancel's customer mails are delivered after the response.
 */
export async function decideAsAdmin(
  context: AppLoadContext,
  requestId: number,
  decision: Decision,
  actor: Actor,
  now = new Date(),
): Promise<DecideOutcome> {
  const outcome = await decide(context, { id: requestId }, decision, "admin", actor, now);
  if (outcome.status === "decided" && outcome.decision === "cancel") scheduleDrain(context, outcome.mailIds);
  return outcome;
}

// ─── T−25 h: the default ─────────────────────────────────────────────────

/**
 * Every open request whose deadline has come gets the configured default.
 * 'cancel' cancels only a session that still has 2 or fewer participants
 * (one that filled up runs: 'run', reason 'filled') and only while the
 * customers still hear at least 24 h ahead: a deadline first seen later
 * (the cron was down) is recorded as 'run', reason 'late', and the admin is
 * told by mail. Then any 'cancel' left half-done is carried out again.
 */
export async function applyDecisionDefaults(
  context: AppLoadContext,
  now: Date,
): Promise<{ cancelled: number; ran: number; late: number; retried: number }> {
  const { config } = context;
  const nowIso = now.toISOString();
  const figures = { cancelled: 0, ran: 0, late: 0, retried: 0 };
  const due = await context.db.all<RequestRow>(
    sql`${REQUEST_SELECT}
       WHERE d.decision IS NULL AND d.deadline <= ${nowIso} AND EXISTS (SELECT 1 FROM sessions s WHERE ${MATCHES_SESSION})
       ORDER BY d.deadline, d.id LIMIT 50`,
  );
  for (const request of due.map(toRequest)) {
    const session = request.session;
    if (!session) continue;
    const late = now.getTime() > lastNoticeAt(request.startTime).getTime();
    const wantsCancel = config.MIN_PARTICIPANTS_DEFAULT === "cancel";
    // Decided in the statement itself, on the participants as they are then.
    const lateMail = decisionLateMail({ siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL }, session);
    const lateRow = toOutboxRow(lateMail, { from: config.EMAIL_FROM }, new Date().toISOString());
    const wants = wantsCancel ? 1 : 0;
    const isLate = late ? 1 : 0;
    const b = new BatchBuilder();
    const recorded = b.add<{ decision: Decision; reason: DecisionReason | null }>(
      sql`UPDATE session_decisions AS d SET
             decision = CASE WHEN ${wants} = 1 AND ${isLate} = 0 AND ${confirmedParticipants("s")} <= ${DECISION_MAX_PARTICIPANTS} THEN 'cancel' ELSE 'run' END,
             reason = CASE WHEN ${wants} = 0 THEN NULL WHEN ${confirmedParticipants("s")} > ${DECISION_MAX_PARTICIPANTS} THEN 'filled' WHEN ${isLate} = 1 THEN 'late' END,
             applied_at = CASE WHEN ${wants} = 1 AND ${isLate} = 0 AND ${confirmedParticipants("s")} <= ${DECISION_MAX_PARTICIPANTS} THEN NULL ELSE ${nowIso} END,
             decided_at = ${nowIso}, decided_by = 'default', decided_by_email = NULL
           FROM sessions s
           WHERE d.id = ${request.id} AND d.decision IS NULL AND ${MATCHES_SESSION}
           RETURNING decision, reason`,
    );
    // The audit row says what the statement above decided (changes(): only if it did).
    b.add(
      auditStatement(
        { userId: null, email: SYSTEM_ACTOR.email },
        {
          action: "session.decision",
          targetType: "session",
          targetId: sql`CAST(session_id AS TEXT)`,
          details: sql`json_object('decision', decision, 'reason', reason, 'startTime', start_time, 'participants', ${session.currentParticipants})`,
        },
        {
          createdAt: nowIso,
          from: sql`session_decisions`,
          condition: sql`id = ${request.id} AND changes() > 0`,
        },
      ),
    );
    b.add(
      blankLinkStatement(decisionRequestMailKey(request.sessionId, request.startTime), now, sql`EXISTS (SELECT 1 FROM session_decisions WHERE id = ${request.id} AND decision IS NOT NULL)`),
    );
    // Too late to cancel with 24 h notice: the admin hears that the session runs (only while it has not started).
    b.addAll(
      outboxInsertStatements(lateRow, {
        condition: sql`EXISTS (SELECT 1 FROM session_decisions WHERE id = ${request.id} AND reason = 'late' AND decided_at = ${nowIso}) AND ${nowIso} < ${request.startTime}`,
      }),
    );
    const outcome = await runBatch(
      context,
      b.plan((results) => recorded.first(results)),
    );
    if (!outcome) continue;
    if (outcome.decision === "run") {
      if (outcome.reason === "late") figures.late++;
      else figures.ran++;
      continue;
    }
    await carryOutCancel(context, request.id, request.sessionId, SYSTEM_ACTOR);
    figures.cancelled++;
  }
  figures.retried = await retryUnappliedCancels(context, now);
  return figures;
}

/**
 * A 'cancel' recorded but not carried out (the cancellation failed after the
 * decision was written): cancel again while the session has not started; a
 * default one only while it still gives 24 h notice. Repeats change nothing.
 */
async function retryUnappliedCancels(context: AppLoadContext, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  // A start at or after this still gets 24 h notice.
  const noticeLine = new Date(now.getTime() + GROUP_CANCEL_NOTICE_HOURS * 60 * 60_000).toISOString();
  const results = await context.db.all<RequestRow>(
    sql`${REQUEST_SELECT}
       WHERE d.decision = 'cancel' AND d.applied_at IS NULL AND d.decided_at < ${nowIso}
         AND x.start_time = d.start_time AND x.start_time > ${nowIso} AND (d.decided_by <> 'default' OR x.start_time >= ${noticeLine})
       ORDER BY d.id LIMIT 20`,
  );
  for (const request of results.map(toRequest)) {
    const actor: Actor =
      request.decidedBy === "default"
        ? SYSTEM_ACTOR
        : { userId: null, email: request.decidedByEmail ?? context.config.ADMIN_EMAIL, ...(request.decidedBy === "link" ? { via: LINK_VIA } : {}) };
    await carryOutCancel(context, request.id, request.sessionId, actor);
  }
  return results.length;
}

// ─── The admin's panel ───────────────────────────────────────────────────

/**
 * The requests /admin/vantande-pass shows: open ones and those decided, for
 * sessions that have not ended, still at the start asked about (a session
 * cancelled by this decision included), soonest first.
 */
export function decisionPanelQuery(context: AppLoadContext, now: Date) {
  return context.db
    .select({
      id: sessionDecisions.id,
      sessionId: sessionDecisions.sessionId,
      deadline: sessionDecisions.deadline,
      decision: sessionDecisions.decision,
      decidedAt: sessionDecisions.decidedAt,
      decidedBy: sessionDecisions.decidedBy,
      decidedByEmail: sessionDecisions.decidedByEmail,
      reason: sessionDecisions.reason,
      title: sessions.title,
      location: sessions.location,
      startTime: sessions.startTime,
      endTime: sessions.endTime,
      currentParticipants: sessions.currentParticipants,
      maxParticipants: sessions.maxParticipants,
    })
    .from(sessionDecisions)
    .innerJoin(sessions, eq(sessions.id, sessionDecisions.sessionId))
    .where(
      and(
        eq(sessions.startTime, sessionDecisions.startTime),
        eq(sessions.passType, "group"),
        gte(sessions.endTime, now.toISOString()),
        or(isNull(sessions.cancelledAt), eq(sessionDecisions.decision, "cancel")),
      ),
    )
    .orderBy(asc(sessions.startTime), asc(sessionDecisions.id))
    .limit(100);
}

