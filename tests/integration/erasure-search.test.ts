// Erasure leaves nothing: one person's address and name are put in every
// place personal-data.server.ts lists (and in staff's copies of mail, the
// audit log, a question to Flurre, a rate-limit counter), "Radera mina
// uppgifter" runs through the real route, its confirmation is delivered, and
// then every text column of every table is searched: neither the address nor
// the name is anywhere, nor the plain hash an address used to be counted by.
// Every table is on one of the two lists, so a table added later that can
// hold an address fails here until it is listed.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sha256Hex } from "~/server/platform/crypto.server";
import { drainOutbox } from "~/server/email/send-email.server";
import { RECIPIENT_MAIL_LIMIT } from "~/server/email/outbox.server";
import { getConfig } from "~/server/platform/env.server";
import { NO_PERSONAL_DATA, PERSONAL_DATA } from "~/server/privacy/personal-data.server";
import { hitRateLimit } from "~/server/platform/rate-limit.server";
import { fetchAndSettle } from "./auth-helpers";
import { signInAs, testContext } from "./helpers";

const EMAIL = "Ingrid.Soderstrom@example.se";
const NAME = "Ingrid Söderström";
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const ADMIN = getConfig(env).ADMIN_EMAIL;

async function tables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>();
  return results.map((r) => r.name).sort();
}

/** Where `needle` (any case) is in a text value of any row of any table. */
async function findEverywhere(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tables()) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${table}"`).all<Record<string, unknown>>();
    for (const row of results) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === "string" && value.toLowerCase().includes(needle.toLowerCase())) found.push(`${table}.${column}`);
      }
    }
  }
  return found;
}

async function fillEveryPlace() {
  const past = Date.now() - 40 * DAY;
  const session = await env.DB.prepare(
    `INSERT INTO sessions (title, location, start_time, end_time, pass_type, max_participants)
     VALUES ('VALPKURS', 'Hundhallen Gävle', ?, ?, 'group', 6) RETURNING id`,
  )
    .bind(iso(past), iso(past + 3_600_000))
    .first<number>("id");
  const userId = crypto.randomUUID();
  const subscriber = await env.DB.prepare(
    `INSERT INTO newsletter_subscribers (email, name, status, source, consent_at, consent_method, consent_page, consent_wording)
     VALUES (?, ?, 'subscribed', 'website', ?, 'turnstile', '/om', 'nyhetsbrev-v1') RETURNING id`,
  )
    .bind(EMAIL, NAME, iso(past))
    .first<number>("id");
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, dog_breed, special_notes, home_address,
         booking_status, idempotency_key, session_title, session_location, session_start_time, session_end_time)
       VALUES ('radera-1', ?, ?, ?, '0701234567', 'Bamse', 'Tax', ?, 'Storgatan 1', 'confirmed', 'radera-key', 'VALPKURS', 'Hundhallen Gävle', ?, ?)`,
    ).bind(session, NAME, EMAIL, `Skriv till ${EMAIL}`, iso(past), iso(past + 3_600_000)),
    // An account someone made with the address and never confirmed.
    env.DB.prepare("INSERT INTO users (id, email, display_name, password_hash) VALUES (?, ?, ?, 'pbkdf2$x')").bind(userId, EMAIL, NAME),
    env.DB.prepare("INSERT INTO profiles (user_id, full_name, phone) VALUES (?, ?, '0701234567')").bind(userId, NAME),
    env.DB.prepare(
      "INSERT INTO staff_email_tokens (token_hash, user_id, password_hash, display_name, expires_at) VALUES (?, ?, 'pbkdf2$x', ?, ?)",
    ).bind("a".repeat(64), userId, NAME, iso(Date.now() + DAY)),
    env.DB.prepare("INSERT INTO sign_in_tokens (token_hash, email, purpose, expires_at) VALUES (?, ?, 'customer', ?)").bind("b".repeat(64), EMAIL, iso(Date.now() + DAY)),
    env.DB.prepare("INSERT INTO newsletter_subscriber_segments (subscriber_id, segment_name) VALUES (?, 'live-utskick')").bind(subscriber),
    env.DB.prepare("INSERT INTO newsletter_confirmations (token_hash, email, consent_page, expires_at) VALUES (?, ?, '/', ?)").bind("c".repeat(64), EMAIL, iso(Date.now() + DAY)),
    env.DB.prepare("INSERT INTO contact_messages (name, email, message) VALUES (?, ?, ?)").bind(NAME, EMAIL, `Hej, det är ${NAME}`),
    env.DB.prepare("INSERT INTO problem_reports (user_name, user_email, user_phone, message, needs_help) VALUES (?, ?, '070', 'Knappen', 'yes')").bind(NAME, EMAIL),
    env.DB.prepare(
      "INSERT INTO waitlist_entries (id, session_id, name, email, dog_name, status, leave_token_hash) VALUES ('radera-ko', ?, ?, ?, 'Bamse', 'booked', ?)",
    ).bind(session, NAME, EMAIL, "d".repeat(64)),
    ...[
      // Mail to her, mail to staff that names her or carries her address, mail she can be answered at.
      ["radera-m1", "booking-confirmation", EMAIL, null, "Bokad: VALPKURS", `Hej ${NAME}!`],
      ["radera-m2", "staff-booking", ADMIN, null, `Ny bokning: ${NAME}`, "Se admin."],
      ["radera-m3", "contact-message", ADMIN, EMAIL, "Nytt meddelande", "Svara på mejlet."],
      ["radera-m4", "problem-report", ADMIN, null, "Problemrapport", `Från ${EMAIL.toLowerCase()}`],
    ].map(([id, kind, to, replyTo, subject, text]) =>
      env.DB.prepare(
        `INSERT INTO email_outbox (id, idempotency_key, kind, to_address, from_address, reply_to, subject, text_body, status, next_attempt_at)
         VALUES (?1, ?1, ?2, ?3, 'info@hundpass.se', ?4, ?5, ?6, 'sent', ?7)`,
      ).bind(id, kind, to, replyTo, subject, text, iso(past)),
    ),
    // The provider's word that her confirmation bounced.
    env.DB.prepare(
      `INSERT INTO email_events (event_id, type, provider_message_id, outbox_id, recipient, subject, detail)
       VALUES ('msg_radera', 'bounced', 're_radera', 'radera-m1', ?, 'Bokad: VALPKURS', ?)`,
    ).bind(EMAIL, `Permanent · ${EMAIL} does not exist`),
    env.DB.prepare("INSERT INTO flurre_unanswered (question, normalized, page) VALUES (?, ?, '/')").bind(
      `Kan ni mejla mig på ${EMAIL}?`,
      `kan ni mejla mig pa ${EMAIL.toLowerCase()}`,
    ),
    env.DB.prepare(
      "INSERT INTO audit_log (actor_user_id, actor_email, action, target_type, target_id, details_json) VALUES (NULL, ?, 'email.send', 'booking', 'radera-1', ?)",
    ).bind(ADMIN, JSON.stringify({ subject: `Till ${NAME} (${EMAIL})` })),
  ]);
  // Her booking's payment, refunded (no address in it: hers by the booking).
  await env.DB.prepare(
    `INSERT INTO payments (id, booking_id, session_id, amount_ore, status, method, paid_at, refund_reason, refunded_at, created_at, updated_at)
     VALUES ('radera-betalning', 'radera-1', ?, 24900, 'refunded', 'swish', ?, 'staff-cancel', ?, ?, ?)`,
  )
    .bind(session, iso(past), iso(past + DAY), iso(past), iso(past + DAY))
    .run();
  // A klippkort she bought, and a presentkort a friend gave her, with her name and a greeting.
  const product = await env.DB.prepare(
    `INSERT INTO card_products (kind, name, uses, price_sek, session_types_json, validity_months) VALUES ('klippkort', '5-kort', 5, 1195, '["VALPKURS"]', 12) RETURNING id`,
  ).first<number>("id");
  const gift = await env.DB.prepare(
    `INSERT INTO card_products (kind, name, amounts_json, validity_months) VALUES ('presentkort', 'Presentkort', '[500]', 24) RETURNING id`,
  ).first<number>("id");
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO cards (product_id, kind, code_hash, code_last4, holder_email, sold_via, paid_sek, session_types_json, uses_left, issued_at, expires_at)
       VALUES (?, 'klippkort', ?, 'PQRS', ?, 'counter', 1195, '["VALPKURS"]', 5, ?, ?)`,
    ).bind(product, "e".repeat(64), EMAIL, iso(past), iso(past + 400 * DAY)),
    env.DB.prepare(
      `INSERT INTO cards (product_id, kind, code_hash, code_last4, holder_email, recipient_email, recipient_name, message, sold_via, paid_sek, balance_sek, issued_at, expires_at)
       VALUES (?, 'presentkort', ?, 'WXYZ', 'van@example.se', ?, ?, ?, 'online', 500, 500, ?, ?)`,
    ).bind(gift, "f".repeat(64), EMAIL, NAME, `Grattis ${NAME}!`, iso(past), iso(past + 800 * DAY)),
  ]);
  // A presentkort she bought online for a friend, with her name and greeting, and one a friend ordered for her.
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO card_orders (id, product_id, kind, product_name, paid_sek, balance_sek, validity_months, buyer_email, buyer_name,
         recipient_email, recipient_name, message, status, checkout_expires_at)
       VALUES ('radera-order-1-aaaaaaaaaaaaaaaaaaaa', ?, 'presentkort', 'Presentkort', 500, 500, 24, ?, ?, 'van@example.se', 'Vännen', ?, 'expired', ?)`,
    ).bind(gift, EMAIL, NAME, `Kram från ${NAME}`, iso(past)),
    env.DB.prepare(
      `INSERT INTO card_orders (id, product_id, kind, product_name, paid_sek, balance_sek, validity_months, buyer_email, recipient_email, recipient_name,
         status, checkout_expires_at)
       VALUES ('radera-order-2-aaaaaaaaaaaaaaaaaaaa', ?, 'presentkort', 'Presentkort', 500, 500, 24, 'van@example.se', ?, ?, 'expired', ?)`,
    ).bind(gift, EMAIL, NAME, iso(past)),
  ]);
  // Her address counted on a mail budget.
  await hitRateLimit(testContext(), RECIPIENT_MAIL_LIMIT, EMAIL);
}

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("erasure", () => {
  it("knows every table: each is listed as holding personal data or as holding none", async () => {
    const listed = [...PERSONAL_DATA.map((p) => p.table), ...Object.keys(NO_PERSONAL_DATA)];
    const all = await tables();
    expect(all.filter((t) => !listed.includes(t))).toEqual([]);
    expect(listed.filter((t) => !all.includes(t))).toEqual([]);
    for (const place of PERSONAL_DATA) {
      const { results } = await env.DB.prepare(`SELECT name FROM pragma_table_info(?)`).bind(place.table).all<{ name: string }>();
      const columns = results.map((r) => r.name);
      expect(place.columns.filter((c) => !columns.includes(c)), place.table).toEqual([]);
    }
  });

  it("leaves the address and the name nowhere, once the confirmation is delivered", async () => {
    await fillEveryPlace();
    expect((await findEverywhere(EMAIL)).length).toBeGreaterThan(10);
    // Rate-limit counters hold a keyed hash: not even the plain hash of the address is stored.
    expect(await findEverywhere(await sha256Hex(EMAIL.toLowerCase()))).toEqual([]);

    const cookie = await signInAs({ email: EMAIL, kind: "customer" });

    // Export = erasure: the download has a filled section for every place erasure covers.
    const exported = await (await fetchAndSettle("/mina-bokningar/mina-uppgifter.json", { headers: { Cookie: cookie } })).json<Record<string, unknown>>();
    for (const place of PERSONAL_DATA) {
      const section = exported[place.exportKey];
      expect(section, `${place.table} → ${place.exportKey}`).toBeTruthy();
      if (Array.isArray(section)) expect(section.length, `${place.table} → ${place.exportKey}`).toBeGreaterThan(0);
    }
    expect(exported.fragor_till_flurre).toEqual([expect.objectContaining({ fraga: `Kan ni mejla mig på ${EMAIL}?` })]);
    // In the customer's words, not the database's codes (app/domain/my-data-export.ts).
    expect(exported.betalningar).toEqual([
      expect.objectContaining({
        bokningsnummer: "radera-1",
        belopp_kr: 249,
        status: "Återbetald",
        satt: "Swish",
        aterbetalning_orsak: "Personalen avbokade bokningen",
      }),
    ]);

    expect(exported.kort).toEqual([
      expect.objectContaining({ kort: "5-kort", sort: "Klippkort", kodens_sista_tecken: "PQRS", du_ar: "köpare", klipp_kvar: 5 }),
      expect.objectContaining({ kort: "Presentkort", sort: "Presentkort", du_ar: "mottagare", kr_kvar: 500, mottagarens_namn: NAME }),
    ]);

    const res = await fetchAndSettle("/mina-bokningar/radera", {
      method: "POST",
      body: new URLSearchParams({ bekrafta: "on" }),
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(302);

    // The confirmation goes out through the provider, as in production (the
    // worker under test delivered it to its local mailbox, which is the row
    // itself: it goes back in the queue first); our copy of it keeps nobody.
    await env.DB.prepare("UPDATE email_outbox SET status = 'queued', attempts = 0, sent_at = NULL, next_attempt_at = ? WHERE kind = 'privacy-erasure'").bind(iso(Date.now() - 1000)).run();
    const resendEnv = { ...env, EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test" };
    const delivered: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      delivered.push(String(init?.body));
      return Response.json({ id: "re_1" });
    });
    expect(await drainOutbox({ ...testContext(), config: getConfig(resendEnv) })).toMatchObject({ sent: 1 });
    expect(delivered.some((body) => body.includes(EMAIL.toLowerCase()) || body.includes(EMAIL))).toBe(true);

    expect(await findEverywhere(EMAIL)).toEqual([]);
    expect(await findEverywhere(NAME)).toEqual([]);
    // What the business keeps: the booking, without her, and one audit row saying an erasure happened.
    expect(await env.DB.prepare("SELECT user_name, price_sek FROM bookings WHERE id = 'radera-1'").first()).toMatchObject({ user_name: "Raderad" });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'privacy.erase'").first("n")).toBe(1);
    // Her cards keep their money and stay valid; the friend who gave one is still its holder.
    expect((await env.DB.prepare("SELECT holder_email, uses_left, balance_sek, recipient_email FROM cards ORDER BY id").all()).results).toEqual([
      { holder_email: "[raderad]", uses_left: 5, balance_sek: null, recipient_email: null },
      { holder_email: "van@example.se", uses_left: null, balance_sek: 500, recipient_email: null },
    ]);
  });
});
