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
 * the address is taken off klippkort and presentkort (which stay valid),
 * staff's mail copies that name the person are deleted and the audit log's
 * mentions replaced, the customer's sessions end, and one confirmation mail
 * goes out (our copy of it is emptied once sent). personal-data.server.ts
 * lists every place this covers.
 * Places still in a queue are left through their session's object first
 * (a seat held for one passes on); the rest is one D1 batch: all or nothing. While the address has an upcoming booking nothing is
 * erased: the business needs the contact details to run it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { CONSENT_WORDINGS } from "~/domain/newsletter/consent";
import { exportTime, MY_DATA_EXPORT_TEXTS, swedishRow } from "~/domain/my-data-export";
import { erasureMail, type ErasureSummary } from "~/domain/privacy";
import { auditStatement } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { toOutboxRow, outboxInsertStatements } from "../email/outbox.server";
import { scheduleDrain } from "../email/send-email.server";
import { seatsFor } from "../seats/seats.server";
import { PERSONAL_DATA, type PersonalDataTable } from "./personal-data.server";
import { anonymizeBookingsStatement, suppressStatement, suppressionHash } from "./retention-sql.server";

/** `column` (a constant of this module) holds `email`, in any case. */
const byEmail = (column: string, email: string): SQL => sql`lower(${sql.raw(column)}) = lower(${email})`;

/** The export's query of each place personal-data.server.ts lists: every one must have its own. */
const EXPORT_QUERIES: Record<PersonalDataTable, (email: string) => SQL> = {
  bookings: (email) =>
    sql`SELECT id AS bokningsnummer, booking_status AS status, session_title AS pass, session_location AS plats,
           session_start_time AS start, session_end_time AS slut, user_name AS namn, user_email AS epost,
           user_phone AS telefon, dog_name AS hund, dog_breed AS ras, dog_age AS alder,
           special_notes AS vad_vill_du_trana, home_address AS hemadress, meeting_type AS motestyp,
           variant, price_sek AS pris_kr, created_at AS bokad, reminded_at AS paminnelse_skickad
         FROM bookings WHERE ${byEmail("user_email", email)} ORDER BY session_start_time, id`,
  users: (email) =>
    sql`SELECT u.display_name AS namn, u.created_at AS skapat, u.email_verified_at AS bekraftat,
           EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id) AS personal
         FROM users u WHERE ${byEmail("u.email", email)}`,
  profiles: (email) =>
    sql`SELECT p.full_name AS namn, p.phone AS telefon FROM profiles p JOIN users u ON u.id = p.user_id WHERE ${byEmail("u.email", email)}`,
  staff_email_tokens: (email) =>
    sql`SELECT t.display_name AS namn, t.created_at AS skapad, t.expires_at AS giltig_till, t.used_at AS anvand
         FROM staff_email_tokens t JOIN users u ON u.id = t.user_id WHERE ${byEmail("u.email", email)} ORDER BY t.created_at`,
  sign_in_tokens: (email) =>
    sql`SELECT purpose AS typ, created_at AS skapad, expires_at AS giltig_till, used_at AS anvand
         FROM sign_in_tokens WHERE ${byEmail("email", email)} ORDER BY created_at`,
  auth_sessions: (email) =>
    sql`SELECT kind AS typ, created_at AS inloggad, expires_at AS giltig_till FROM auth_sessions WHERE ${byEmail("email", email)} ORDER BY created_at`,
  newsletter_subscribers: (email) =>
    sql`SELECT s.email AS epost, s.name AS namn, s.status, s.source AS kalla, s.created_at AS skapad,
           s.consent_at AS samtycke_givet, s.consent_method AS samtycke_hur, s.consent_page AS samtycke_sida,
           s.consent_wording AS samtycke_version, s.unsubscribed_at AS avprenumererade,
           (SELECT json_group_array(segment_name) FROM (SELECT g.segment_name FROM newsletter_subscriber_segments g
              WHERE g.subscriber_id = s.id ORDER BY g.segment_name)) AS segment
         FROM newsletter_subscribers s WHERE ${byEmail("s.email", email)}`,
  newsletter_confirmations: (email) =>
    sql`SELECT created_at AS skapad, expires_at AS giltig_till, used_at AS anvand, consent_page AS samtycke_sida
         FROM newsletter_confirmations WHERE ${byEmail("email", email)} ORDER BY created_at`,
  contact_messages: (email) =>
    sql`SELECT name AS namn, message AS meddelande, created_at AS skickat FROM contact_messages WHERE ${byEmail("email", email)} ORDER BY created_at`,
  problem_reports: (email) =>
    sql`SELECT user_name AS namn, user_phone AS telefon, message AS meddelande, needs_help AS vill_ha_hjalp, created_at AS skickat
         FROM problem_reports WHERE ${byEmail("user_email", email)} ORDER BY created_at`,
  waitlist_entries: (email) =>
    sql`SELECT w.name AS namn, w.dog_name AS hund, w.status, w.created_at AS stallde_dig_i_ko, w.hold_expires_at AS plats_reserverad_till,
           s.title AS pass, s.start_time AS start
         FROM waitlist_entries w LEFT JOIN sessions s ON s.id = w.session_id
         WHERE ${byEmail("w.email", email)} ORDER BY w.created_at`,
  // The mail erasure deletes by the address: to it, answered at it, or carrying it (staff's copies).
  email_outbox: (email) =>
    // The subject says what each mail is; its internal kind is left out.
    sql`SELECT subject AS amne, status, created_at AS skapat, sent_at AS skickat,
           CASE WHEN lower(to_address) = lower(${email}) THEN 'till dig' ELSE 'till personalen, om dig' END AS mottagare
         FROM email_outbox WHERE ${byEmail("to_address", email)} OR ${byEmail("coalesce(reply_to, '')", email)}
           OR instr(lower(subject || ' ' || text_body || ' ' || coalesce(html_body, '') || ' ' || coalesce(headers_json, '')), lower(${email})) > 0
         ORDER BY created_at`,
  email_events: (email) =>
    sql`SELECT type AS handelse, subject AS amne, detail AS detaljer, received_at AS mottaget
         FROM email_events WHERE ${byEmail("recipient", email)} ORDER BY received_at`,
  // The questions erasure deletes: those that carry the address.
  flurre_unanswered: (email) =>
    sql`SELECT question AS fraga, page AS sida, asked_at AS stalld FROM flurre_unanswered
         WHERE instr(lower(question), lower(${email})) > 0 ORDER BY asked_at`,
  audit_log: (email) =>
    // The change in words says what it concerned.
    sql`SELECT action AS andring, details_json AS detaljer, created_at AS tid FROM audit_log
         WHERE instr(lower(coalesce(details_json, '')), lower(${email})) > 0 ORDER BY created_at`,
  // A card the person bought (its holder) or was given (its recipient); its code is kept only as a hash.
  cards: (email) =>
    sql`SELECT p.name AS kort, c.kind AS sort, c.code_last4 AS kodens_sista_tecken,
           CASE WHEN ${byEmail("c.holder_email", email)} THEN 'köpare' ELSE 'mottagare' END AS du_ar,
           c.paid_sek AS betalt_kr, c.uses_left AS klipp_kvar, c.balance_sek AS kr_kvar, c.issued_at AS salt,
           c.expires_at AS giltigt_till, c.voided_at AS sparrat, c.refunded_at AS aterbetalt,
           c.recipient_name AS mottagarens_namn, c.message AS halsning
         FROM cards c JOIN card_products p ON p.id = c.product_id
         WHERE ${byEmail("c.holder_email", email)} OR ${byEmail("coalesce(c.recipient_email, '')", email)}
         ORDER BY c.issued_at, c.id`,
  // A card ordered online, by the person or for them.
  card_orders: (email) =>
    sql`SELECT o.product_name AS kort, o.kind AS sort, o.paid_sek AS belopp_kr, o.status, o.created_at AS bestallt, o.paid_at AS betalt,
           CASE WHEN ${byEmail("o.buyer_email", email)} THEN 'köpare' ELSE 'mottagare' END AS du_ar,
           o.buyer_name AS fran, o.recipient_email AS mottagare, o.recipient_name AS mottagarens_namn, o.message AS halsning,
           o.send_at AS skickas, o.refund_status AS aterbetalning, o.refunded_at AS aterbetalt
         FROM card_orders o
         WHERE ${byEmail("o.buyer_email", email)} OR ${byEmail("coalesce(o.recipient_email, '')", email)}
         ORDER BY o.created_at, o.id`,
  payments: (email) =>
    sql`SELECT p.booking_id AS bokningsnummer, b.session_title AS pass, p.amount_ore / 100.0 AS belopp_kr, p.status, p.method AS satt,
           p.created_at AS skapad, p.paid_at AS betald, p.refund_reason AS aterbetalning_orsak, p.refunded_at AS aterbetald
         FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE ${byEmail("b.user_email", email)} ORDER BY p.created_at`,
};

/** The newsletter's section: the subscription (or null) with its consent's wording and segments. */
function newsletterSection(rows: Record<string, unknown>[]) {
  const [subscriber] = rows;
  if (!subscriber) return null;
  const version = subscriber.samtycke_version;
  return {
    ...subscriber,
    samtycke_text: typeof version === "string" ? (CONSENT_WORDINGS[version] ?? null) : null,
    segment: typeof subscriber.segment === "string" ? (JSON.parse(subscriber.segment) as string[]) : [],
  };
}

/**
 * Everything held about `email`, one section per place erasure covers, in one
 * round trip, as the customer downloads it: in Swedish words and Swedish time
 * (app/domain/my-data-export.ts).
 */
export async function exportMyData(context: AppLoadContext, email: string, now = new Date()) {
  const b = new BatchBuilder();
  const reads = PERSONAL_DATA.map((place) => ({ place, ref: b.add<Record<string, unknown>>(EXPORT_QUERIES[place.table](email)) }));
  const results = await runBatch(context, b.plan((results) => results));
  const sections = Object.fromEntries(
    reads.map(({ place, ref }) => {
      const rows = ref.rows(results).map((row) => swedishRow(place.exportKey, row));
      return [place.exportKey, place.table === "newsletter_subscribers" ? newsletterSection(rows) : rows];
    }),
  );
  return {
    om: MY_DATA_EXPORT_TEXTS.about,
    skapad: exportTime(now),
    epost: email,
    ...sections,
    // Every place we can keep something about a person, and what erasure does there (personal-data.server.ts).
    var_vi_kan_spara_uppgifter: PERSONAL_DATA.map((place) => ({ vad: place.what, tabell: place.table, vid_radering: place.erasure })),
  };
}

export type EraseOutcome = { status: "erased"; summary: ErasureSummary } | { status: "upcoming" };

/**
 * A booking that stops erasure (`b`, with its session `s` joined): not
 * cancelled (confirmed, or a seat held while its booker pays) for a session
 * that has not started and was not cancelled.
 */
const upcomingBooking = (email: string, nowIso: string): SQL =>
  sql`${byEmail("b.user_email", email)} AND b.booking_status IN ('confirmed', 'pending') AND b.session_start_time > ${nowIso}
    AND (s.id IS NULL OR s.cancelled_at IS NULL)`;

/** The bookings that stop `email`'s erasure now, soonest first: what the erasure page names before it asks anything. */
export async function bookingsStoppingErasure(
  context: AppLoadContext,
  email: string,
  now = new Date(),
): Promise<{ title: string; startTime: string }[]> {
  return context.db.all<{ title: string; startTime: string }>(
    sql`SELECT b.session_title AS title, b.session_start_time AS startTime
      FROM bookings b LEFT JOIN sessions s ON s.id = b.session_id
      WHERE ${upcomingBooking(email, now.toISOString())} ORDER BY b.session_start_time, b.id`,
  );
}

/** Erases `email`'s personal data (see the file comment); refused while it has an upcoming booking. */
export async function eraseMyData(context: AppLoadContext, email: string, now = new Date()): Promise<EraseOutcome> {
  const { config } = context;
  const nowIso = now.toISOString();
  const counts = await context.db.get<{ upcoming: number; bookings: number; subscription: number; messages: number }>(
    sql`SELECT
         (SELECT count(*) FROM bookings b LEFT JOIN sessions s ON s.id = b.session_id
           WHERE ${upcomingBooking(email, nowIso)}) AS upcoming,
         (SELECT count(*) FROM bookings WHERE ${byEmail("user_email", email)}) AS bookings,
         EXISTS (SELECT 1 FROM newsletter_subscribers WHERE ${byEmail("email", email)}) AS subscription,
         (SELECT count(*) FROM contact_messages WHERE ${byEmail("email", email)})
           + (SELECT count(*) FROM problem_reports WHERE ${byEmail("user_email", email)}) AS messages`,
  );
  if (!counts) throw new Error("erasure: no counts");
  if (counts.upcoming > 0) return { status: "upcoming" };
  const summary: ErasureSummary = {
    bookings: counts.bookings,
    subscription: counts.subscription === 1,
    messages: counts.messages,
  };
  // A place in a queue (and a seat held for it) is given up through the session's object, like any seat change.
  const active = await context.db.all<{ sessionId: number; leaveTokenHash: string }>(
    sql`SELECT session_id AS sessionId, leave_token_hash AS leaveTokenHash FROM waitlist_entries
      WHERE ${byEmail("email", email)} AND status IN ('waiting', 'offered')`,
  );
  for (const entry of active) await seatsFor(context, entry.sessionId).leaveWaitlist(entry.leaveTokenHash);
  const hash = await suppressionHash(email);
  const mail = toOutboxRow(
    erasureMail({ siteUrl: config.SITE_URL }, email, summary, `privacy-erasure:${hash}:${nowIso}`),
    { from: config.EMAIL_FROM },
    nowIso,
  );
  const upcomingGuard = sql`NOT EXISTS (SELECT 1 FROM bookings b WHERE ${byEmail("b.user_email", email)}
    AND b.booking_status IN ('confirmed', 'pending') AND b.session_start_time > ${nowIso})`;
  // The names the person gave us, and every way the address is stored: mail to
  // staff and the audit log may carry them in their text.
  const reads = new BatchBuilder();
  const knownRefs = [
    sql`SELECT user_name AS name, user_email AS email FROM bookings WHERE ${byEmail("user_email", email)} AND anonymized_at IS NULL`,
    sql`SELECT name, email FROM waitlist_entries WHERE ${byEmail("email", email)}`,
    sql`SELECT name, email FROM contact_messages WHERE ${byEmail("email", email)}`,
    sql`SELECT user_name AS name, user_email AS email FROM problem_reports WHERE ${byEmail("user_email", email)}`,
    sql`SELECT name, email FROM newsletter_subscribers WHERE ${byEmail("email", email)}`,
    sql`SELECT display_name AS name, email FROM users WHERE ${byEmail("email", email)} AND email_verified_at IS NULL`,
  ].map((statement) => reads.add<{ name: string | null; email: string }>(statement));
  const known = await runBatch(context, reads.plan((results) => knownRefs.flatMap((ref) => ref.rows(results))));
  const names = [...new Set(known.map((r) => r.name?.trim() ?? "").filter((n) => n.length >= 3 && n !== email))];
  const spellings = [...new Set([email, email.toLowerCase(), ...known.map((r) => r.email)])];
  const mentions = JSON.stringify([...spellings, ...names]);
  const b = new BatchBuilder();
  // Mail we hold for the address, and staff's copies that name the person, go first: only the confirmation below remains.
  b.add(
    sql`DELETE FROM email_outbox WHERE ${upcomingGuard} AND (${byEmail("to_address", email)} OR ${byEmail("coalesce(reply_to, '')", email)}
           OR instr(lower(subject || ' ' || text_body || ' ' || coalesce(html_body, '') || ' ' || coalesce(headers_json, '')), lower(${email})) > 0
           OR (lower(to_address) = lower(${config.ADMIN_EMAIL}) AND EXISTS (SELECT 1 FROM json_each(${JSON.stringify(names)}) m
                 WHERE instr(subject || ' ' || text_body || ' ' || coalesce(html_body, ''), m.value) > 0)))`,
  );
  b.add(
    anonymizeBookingsStatement(
      sql`lower(user_email) = lower(${email}) AND NOT EXISTS (SELECT 1 FROM bookings b WHERE lower(b.user_email) = lower(${email})
          AND b.booking_status IN ('confirmed', 'pending') AND b.session_start_time > ${nowIso})`,
      nowIso,
    ),
  );
  b.add(suppressStatement(hash, "erased", sql`EXISTS (SELECT 1 FROM newsletter_subscribers WHERE lower(email) = lower(${email}))`));
  b.add(sql`DELETE FROM newsletter_subscribers WHERE ${byEmail("email", email)}`);
  b.add(sql`DELETE FROM newsletter_confirmations WHERE ${byEmail("email", email)}`);
  b.add(sql`DELETE FROM contact_messages WHERE ${byEmail("email", email)}`);
  b.add(sql`DELETE FROM problem_reports WHERE ${byEmail("user_email", email)}`);
  b.add(sql`DELETE FROM waitlist_entries WHERE ${byEmail("email", email)} AND status NOT IN ('waiting', 'offered')`);
  b.add(sql`DELETE FROM sign_in_tokens WHERE ${byEmail("email", email)}`);
  // A card's money is not erased: the address goes from the cards the person bought (with the greeting
  // they wrote) and was given (with their name); the cards stay valid.
  b.add(
    sql`UPDATE cards SET holder_email = '[raderad]', message = NULL
         WHERE ${byEmail("holder_email", email)} AND ${upcomingGuard}`,
  );
  b.add(
    sql`UPDATE cards SET recipient_email = NULL, recipient_name = NULL, message = NULL, send_at = NULL
         WHERE ${byEmail("coalesce(recipient_email, '')", email)} AND ${upcomingGuard}`,
  );
  // The same for a card ordered online: the purchase stays for the books, without the person.
  b.add(
    sql`UPDATE card_orders SET buyer_email = '[raderad]', buyer_name = NULL, message = NULL
         WHERE ${byEmail("buyer_email", email)} AND ${upcomingGuard}`,
  );
  b.add(
    sql`UPDATE card_orders SET recipient_email = NULL, recipient_name = NULL, message = NULL, send_at = NULL
         WHERE ${byEmail("coalesce(recipient_email, '')", email)} AND ${upcomingGuard}`,
  );
  // An account made with the address that was never confirmed (its profile, tokens and sessions go with it).
  b.add(
    sql`DELETE FROM users WHERE ${byEmail("email", email)} AND email_verified_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = users.id)`,
  );
  b.add(sql`DELETE FROM flurre_unanswered WHERE instr(lower(question), lower(${email})) > 0`);
  b.add(sql`DELETE FROM email_events WHERE ${byEmail("recipient", email)}`);
  // Staff may have written the address or the name into a change's details.
  b.add(
    sql`UPDATE audit_log SET details_json = (
           WITH RECURSIVE r(i, text) AS (
             SELECT 0, audit_log.details_json
             UNION ALL SELECT i + 1, replace(text, json_extract(${mentions}, '$[' || i || ']'), '[raderad]') FROM r WHERE i < json_array_length(${mentions})
           ) SELECT text FROM r ORDER BY i DESC LIMIT 1)
         WHERE details_json IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(${mentions}) m WHERE instr(audit_log.details_json, m.value) > 0)`,
  );
  b.add(sql`DELETE FROM auth_sessions WHERE ${byEmail("email", email)} AND kind = 'customer'`);
  // The audit row names no address: only what was done.
  b.add(
    auditStatement(
      { userId: null, email: "kunden själv" },
      { action: "privacy.erase", targetType: "customer", targetId: hash.slice(0, 12), details: summary },
      { createdAt: nowIso },
    ),
  );
  b.addAll(outboxInsertStatements(mail));
  await runBatch(context, b.plan(() => undefined));
  scheduleDrain(context, [mail.id]);
  return { status: "erased", summary };
}
