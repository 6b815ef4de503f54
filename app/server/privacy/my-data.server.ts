/**
 * My data (GDPR), for the signed-in customer's own address and nobody
 * else's: everything we hold about it as one JSON document, and erasure.
 *
 * Erasure keeps what the business's accounts need and nothing personal:
 * each booking is anonymized (name, e-mail, phone, dog, address and notes
 * gone; session, price, status and dates kept), the subscription is deleted
 * and only a suppression hash kept, messages, problem reports, pending
 * confirmations, queue places, sign-in links and mail to the address are
 * deleted, an account made with the address but never confirmed is deleted,
 * staff's mail copies that name the person are deleted and the audit log's
 * mentions replaced, the customer's sessions end, and one confirmation mail
 * goes out (our copy of it is emptied once sent). personal-data.server.ts
 * lists every place this covers.
 * Places still in a queue are left through their session's object first
 * (a seat held for one passes on); the rest is one D1 batch: all or nothing. While the address has an upcoming booking nothing is
 * erased: the business needs the contact details to run it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { CONSENT_WORDINGS } from "~/domain/newsletter/consent";
import { erasureMail, type ErasureSummary } from "~/domain/privacy";
import { auditStatement } from "../audit/audit-log.server";
import { toOutboxRow, outboxInsertStatements } from "../email/outbox.server";
import { scheduleDrain } from "../email/send-email.server";
import { seatsFor } from "../seats/seats.server";
import { PERSONAL_DATA } from "./personal-data.server";
import { anonymizeBookingsStatement, suppressStatement, suppressionHash } from "./retention-sql.server";

const BY_EMAIL = (column: string) => `lower(${column}) = lower(?1)`;

/** Everything held about `email`, in one round trip, as the customer downloads it. */
export async function exportMyData(db: D1Database, email: string, now = new Date()) {
  const [bookings, subscribers, segments, confirmations, messages, reports, mail, queue, accounts, events] = await db.batch([
    db
      .prepare(
        `SELECT id AS bokningsnummer, booking_status AS status, session_title AS pass, session_location AS plats,
           session_start_time AS start, session_end_time AS slut, user_name AS namn, user_email AS epost,
           user_phone AS telefon, dog_name AS hund, dog_breed AS ras, dog_age AS alder,
           special_notes AS vad_vill_du_trana, home_address AS hemadress, meeting_type AS motestyp,
           variant, price_sek AS pris_kr, created_at AS bokad, reminded_at AS paminnelse_skickad
         FROM bookings WHERE ${BY_EMAIL("user_email")} ORDER BY session_start_time, id`,
      )
      .bind(email),
    db
      .prepare(
        `SELECT email AS epost, name AS namn, status, source AS kalla, created_at AS skapad,
           consent_at AS samtycke_givet, consent_method AS samtycke_hur, consent_page AS samtycke_sida,
           consent_wording AS samtycke_version, unsubscribed_at AS avprenumererade
         FROM newsletter_subscribers WHERE ${BY_EMAIL("email")}`,
      )
      .bind(email),
    db
      .prepare(
        `SELECT g.segment_name AS segment FROM newsletter_subscriber_segments g
         JOIN newsletter_subscribers s ON s.id = g.subscriber_id WHERE ${BY_EMAIL("s.email")} ORDER BY g.segment_name`,
      )
      .bind(email),
    db
      .prepare(
        `SELECT created_at AS skapad, expires_at AS giltig_till, used_at AS anvand, consent_page AS samtycke_sida
         FROM newsletter_confirmations WHERE ${BY_EMAIL("email")} ORDER BY created_at`,
      )
      .bind(email),
    db
      .prepare(`SELECT name AS namn, message AS meddelande, created_at AS skickat FROM contact_messages WHERE ${BY_EMAIL("email")} ORDER BY created_at`)
      .bind(email),
    db
      .prepare(
        `SELECT user_name AS namn, user_phone AS telefon, message AS meddelande, needs_help AS vill_ha_hjalp, created_at AS skickat
         FROM problem_reports WHERE ${BY_EMAIL("user_email")} ORDER BY created_at`,
      )
      .bind(email),
    db
      .prepare(
        `SELECT kind AS typ, subject AS amne, status, created_at AS skapat, sent_at AS skickat
         FROM email_outbox WHERE ${BY_EMAIL("to_address")} ORDER BY created_at`,
      )
      .bind(email),
    db
      .prepare(
        `SELECT w.name AS namn, w.dog_name AS hund, w.status, w.created_at AS stallde_dig_i_ko, w.hold_expires_at AS plats_reserverad_till,
           s.title AS pass, s.start_time AS start
         FROM waitlist_entries w LEFT JOIN sessions s ON s.id = w.session_id
         WHERE ${BY_EMAIL("w.email")} ORDER BY w.created_at`,
      )
      .bind(email),
    db
      .prepare(
        `SELECT u.display_name AS namn, u.created_at AS skapat, u.email_verified_at AS bekraftat,
           EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id) AS personal
         FROM users u WHERE ${BY_EMAIL("u.email")}`,
      )
      .bind(email),
    db
      .prepare(
        `SELECT type AS handelse, subject AS amne, detail AS detaljer, received_at AS mottaget
         FROM email_events WHERE ${BY_EMAIL("recipient")} ORDER BY received_at`,
      )
      .bind(email),
  ]);
  const subscriber = subscribers?.results[0] as Record<string, unknown> | undefined;
  const version = subscriber?.samtycke_version;
  return {
    om: "Allt Hundpass har sparat om din e-postadress, när filen skapades. Tider i UTC (ISO 8601).",
    skapad: now.toISOString(),
    epost: email,
    bokningar: bookings?.results ?? [],
    nyhetsbrev: subscriber
      ? {
          ...subscriber,
          samtycke_text: typeof version === "string" ? (CONSENT_WORDINGS[version] ?? null) : null,
          segment: ((segments?.results ?? []) as Array<{ segment: string }>).map((s) => s.segment),
        }
      : null,
    vantande_bekraftelser_av_nyhetsbrev: confirmations?.results ?? [],
    meddelanden: messages?.results ?? [],
    problemrapporter: reports?.results ?? [],
    mejl_vi_har_skickat: mail?.results ?? [],
    koplatser: queue?.results ?? [],
    konton: accounts?.results ?? [],
    leveransbesked_for_mejl: events?.results ?? [],
    // Every place we can keep something about a person, and what erasure does there (personal-data.server.ts).
    var_vi_kan_spara_uppgifter: PERSONAL_DATA.map((place) => ({ vad: place.what, tabell: place.table, vid_radering: place.erasure })),
  };
}

export type EraseOutcome = { status: "erased"; summary: ErasureSummary } | { status: "upcoming" };

/** Erases `email`'s personal data (see the file comment); refused while it has an upcoming booking. */
export async function eraseMyData(context: AppLoadContext, email: string, now = new Date()): Promise<EraseOutcome> {
  const db = context.cloudflare.env.DB;
  const { config } = context;
  const nowIso = now.toISOString();
  const counts = await db
    .prepare(
      `SELECT
         (SELECT count(*) FROM bookings b LEFT JOIN sessions s ON s.id = b.session_id
           WHERE ${BY_EMAIL("b.user_email")} AND b.booking_status = 'confirmed' AND b.session_start_time > ?2
             AND (s.id IS NULL OR s.cancelled_at IS NULL)) AS upcoming,
         (SELECT count(*) FROM bookings WHERE ${BY_EMAIL("user_email")}) AS bookings,
         EXISTS (SELECT 1 FROM newsletter_subscribers WHERE ${BY_EMAIL("email")}) AS subscription,
         (SELECT count(*) FROM contact_messages WHERE ${BY_EMAIL("email")})
           + (SELECT count(*) FROM problem_reports WHERE ${BY_EMAIL("user_email")}) AS messages`,
    )
    .bind(email, nowIso)
    .first<{ upcoming: number; bookings: number; subscription: number; messages: number }>();
  if (!counts) throw new Error("erasure: no counts");
  if (counts.upcoming > 0) return { status: "upcoming" };
  const summary: ErasureSummary = {
    bookings: counts.bookings,
    subscription: counts.subscription === 1,
    messages: counts.messages,
  };
  // A place in a queue (and a seat held for it) is given up through the session's object, like any seat change.
  const active = await db
    .prepare(`SELECT session_id AS sessionId, leave_token_hash AS leaveTokenHash FROM waitlist_entries
      WHERE ${BY_EMAIL("email")} AND status IN ('waiting', 'offered')`)
    .bind(email)
    .all<{ sessionId: number; leaveTokenHash: string }>();
  for (const entry of active.results) await seatsFor(context, entry.sessionId).leaveWaitlist(entry.leaveTokenHash);
  const hash = await suppressionHash(email);
  const mail = toOutboxRow(
    erasureMail({ siteUrl: config.SITE_URL }, email, summary, `privacy-erasure:${hash}:${nowIso}`),
    { from: config.EMAIL_FROM },
    nowIso,
  );
  const upcomingGuard = `NOT EXISTS (SELECT 1 FROM bookings b WHERE ${BY_EMAIL("b.user_email")}
    AND b.booking_status = 'confirmed' AND b.session_start_time > ?2)`;
  // The names the person gave us, and every way the address is stored: mail to
  // staff and the audit log may carry them in their text.
  const known = (
    await db.batch(
      [
        `SELECT user_name AS name, user_email AS email FROM bookings WHERE ${BY_EMAIL("user_email")} AND anonymized_at IS NULL`,
        `SELECT name, email FROM waitlist_entries WHERE ${BY_EMAIL("email")}`,
        `SELECT name, email FROM contact_messages WHERE ${BY_EMAIL("email")}`,
        `SELECT user_name AS name, user_email AS email FROM problem_reports WHERE ${BY_EMAIL("user_email")}`,
        `SELECT name, email FROM newsletter_subscribers WHERE ${BY_EMAIL("email")}`,
        `SELECT display_name AS name, email FROM users WHERE ${BY_EMAIL("email")} AND email_verified_at IS NULL`,
      ].map((sql) => db.prepare(sql).bind(email)),
    )
  ).flatMap((result) => result.results as Array<{ name: string | null; email: string }>);
  const names = [...new Set(known.map((r) => r.name?.trim() ?? "").filter((n) => n.length >= 3 && n !== email))];
  const spellings = [...new Set([email, email.toLowerCase(), ...known.map((r) => r.email)])];
  const mentions = JSON.stringify([...spellings, ...names]);
  await db.batch([
    // Mail we hold for the address, and staff's copies that name the person, go first: only the confirmation below remains.
    db
      .prepare(
        `DELETE FROM email_outbox WHERE ${upcomingGuard} AND (${BY_EMAIL("to_address")} OR ${BY_EMAIL("coalesce(reply_to, '')")}
           OR instr(lower(subject || ' ' || text_body || ' ' || coalesce(html_body, '') || ' ' || coalesce(headers_json, '')), lower(?1)) > 0
           OR (lower(to_address) = lower(?3) AND EXISTS (SELECT 1 FROM json_each(?4) m
                 WHERE instr(subject || ' ' || text_body || ' ' || coalesce(html_body, ''), m.value) > 0)))`,
      )
      .bind(email, nowIso, config.ADMIN_EMAIL, JSON.stringify(names)),
    anonymizeBookingsStatement(
      db,
      {
        sql: `lower(user_email) = lower(?) AND NOT EXISTS (SELECT 1 FROM bookings b WHERE lower(b.user_email) = lower(?)
          AND b.booking_status = 'confirmed' AND b.session_start_time > ?)`,
        params: [email, email, nowIso],
      },
      nowIso,
    ),
    suppressStatement(db, hash, "erased", {
      sql: `EXISTS (SELECT 1 FROM newsletter_subscribers WHERE lower(email) = lower(?))`,
      params: [email],
    }),
    db.prepare(`DELETE FROM newsletter_subscribers WHERE ${BY_EMAIL("email")}`).bind(email),
    db.prepare(`DELETE FROM newsletter_confirmations WHERE ${BY_EMAIL("email")}`).bind(email),
    db.prepare(`DELETE FROM contact_messages WHERE ${BY_EMAIL("email")}`).bind(email),
    db.prepare(`DELETE FROM problem_reports WHERE ${BY_EMAIL("user_email")}`).bind(email),
    db.prepare(`DELETE FROM waitlist_entries WHERE ${BY_EMAIL("email")} AND status NOT IN ('waiting', 'offered')`).bind(email),
    db.prepare(`DELETE FROM sign_in_tokens WHERE ${BY_EMAIL("email")}`).bind(email),
    // An account made with the address that was never confirmed (its profile, tokens and sessions go with it).
    db
      .prepare(
        `DELETE FROM users WHERE ${BY_EMAIL("email")} AND email_verified_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = users.id)`,
      )
      .bind(email),
    db.prepare(`DELETE FROM flurre_unanswered WHERE instr(lower(question), lower(?1)) > 0`).bind(email),
    db.prepare(`DELETE FROM email_events WHERE ${BY_EMAIL("recipient")}`).bind(email),
    // Staff may have written the address or the name into a change's details.
    db
      .prepare(
        `UPDATE audit_log SET details_json = (
           WITH RECURSIVE r(i, text) AS (
             SELECT 0, audit_log.details_json
             UNION ALL SELECT i + 1, replace(text, json_extract(?1, '$[' || i || ']'), '[raderad]') FROM r WHERE i < json_array_length(?1)
           ) SELECT text FROM r ORDER BY i DESC LIMIT 1)
         WHERE details_json IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(?1) m WHERE instr(audit_log.details_json, m.value) > 0)`,
      )
      .bind(mentions),
    db.prepare(`DELETE FROM auth_sessions WHERE ${BY_EMAIL("email")} AND kind = 'customer'`).bind(email),
    // The audit row names no address: only what was done.
    auditStatement(
      db,
      { userId: null, email: "kunden själv" },
      { action: "privacy.erase", targetType: "customer", targetId: hash.slice(0, 12), details: summary },
      { createdAt: nowIso },
    ),
    ...outboxInsertStatements(db, mail),
  ]);
  scheduleDrain(context, [mail.id]);
  return { status: "erased", summary };
}
