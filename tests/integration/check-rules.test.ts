// Every CHECK on a text column of the migrated schema is either kept by the
// form that fills the column (its zod field accepts nothing the CHECK would
// refuse, so a form never ends in a failed write and a 500) or declared as
// written by code alone. The CHECKs are read from the database the
// migrations built, and judged by SQLite itself: each candidate value a
// form field accepts is put to the column's CHECK.
import { parseWithZod } from "@conform-to/zod";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { z } from "zod";
import { segmentSet } from "~/domain/newsletter/segments";
import { cardProductSchema, RegisterCardSchema } from "~/domain/cards/card-schemas";
import { CardOrderSchema } from "~/domain/cards/card-shop";
import { BookingSchema, createBookingSchema } from "~/domain/schemas/booking";
import { campaignSchema, DEFAULT_SENDER_ADDRESSES } from "~/domain/schemas/campaign";
import { ContactSchema } from "~/domain/schemas/contact";
import { FlurreFaqSchema } from "~/domain/schemas/flurre-faq";
import { FlurreQuestionSchema } from "~/domain/schemas/flurre";
import { NewsletterSignupSchema } from "~/domain/schemas/newsletter-signup";
import { ProblemReportSchema } from "~/domain/schemas/problem-report";
import { segmentNameSchema } from "~/domain/schemas/segment-name";
import { SessionFormSchema } from "~/domain/schemas/session";
import { SessionTypeSchema } from "~/domain/schemas/session-type";
import { PlaceSchema, PreparationItemSchema, TeamMemberSchema } from "~/domain/schemas/site-content";
import { WaitlistJoinSchema } from "~/domain/schemas/waitlist";

type Field = { schema: z.ZodTypeAny; field: string };
const f = (schema: z.ZodTypeAny, field: string): Field => ({ schema, field });

const campaign = campaignSchema({ segments: segmentSet(), senders: DEFAULT_SENDER_ADDRESSES });
const everyExtraBookingField = createBookingSchema({ requiresMeetingType: true, requiresHomeAddress: true, requiresVariant: true });

/** The form field each text column takes its value from. */
const FROM_FORMS: Record<string, Field> = {
  "bookings.user_name": f(BookingSchema, "user_name"),
  "bookings.user_email": f(BookingSchema, "user_email"),
  "bookings.user_phone": f(BookingSchema, "user_phone"),
  "bookings.dog_name": f(BookingSchema, "dog_name"),
  "bookings.dog_breed": f(BookingSchema, "dog_breed"),
  "bookings.dog_age": f(BookingSchema, "dog_age"),
  "bookings.special_notes": f(BookingSchema, "special_notes"),
  "bookings.home_address": f(everyExtraBookingField, "home_address"),
  "bookings.meeting_type": f(everyExtraBookingField, "meeting_type"),
  "bookings.variant": f(everyExtraBookingField, "variant"),
  "contact_messages.name": f(ContactSchema, "name"),
  "contact_messages.email": f(ContactSchema, "email"),
  "contact_messages.message": f(ContactSchema, "message"),
  "problem_reports.user_name": f(ProblemReportSchema, "user_name"),
  "problem_reports.user_email": f(ProblemReportSchema, "user_email"),
  "problem_reports.user_phone": f(ProblemReportSchema, "user_phone"),
  "problem_reports.message": f(ProblemReportSchema, "message"),
  "problem_reports.needs_help": f(ProblemReportSchema, "needs_help"),
  "newsletter_subscribers.email": f(NewsletterSignupSchema, "email"),
  "newsletter_confirmations.email": f(NewsletterSignupSchema, "email"),
  "email_campaigns.campaign_name": f(campaign, "campaign_name"),
  "email_campaigns.subject": f(campaign, "subject"),
  "email_campaigns.subheader": f(campaign, "subheader"),
  "email_campaigns.html_content": f(campaign, "html_content"),
  "email_campaigns.image_url": f(campaign, "image_url"),
  "email_campaigns.button_text": f(campaign, "button_text"),
  "email_campaigns.button_url": f(campaign, "button_url"),
  "email_campaigns.target_segment": f(campaign, "target_segment"),
  "email_campaigns.footer_line1": f(campaign, "footer_line1"),
  "email_campaigns.footer_line2": f(campaign, "footer_line2"),
  "newsletter_segments.display_name": f(segmentNameSchema(segmentSet()), "display_name"),
  "flurre_faq.question": f(FlurreFaqSchema, "question"),
  "flurre_faq.answer": f(FlurreFaqSchema, "answer"),
  "flurre_unanswered.question": f(FlurreQuestionSchema, "fraga"),
  "flurre_unanswered.page": f(FlurreQuestionSchema, "sida"),
  "waitlist_entries.name": f(WaitlistJoinSchema, "waitlist_name"),
  "waitlist_entries.email": f(WaitlistJoinSchema, "waitlist_email"),
  "waitlist_entries.dog_name": f(WaitlistJoinSchema, "waitlist_dog_name"),
  "session_series.title": f(SessionFormSchema, "title"),
  "sessions.title": f(SessionFormSchema, "title"),
  "sessions.description": f(SessionFormSchema, "description"),
  "sessions.pass_type": f(SessionFormSchema, "pass_type"),
  "popup_types.name": f(SessionTypeSchema, "name"),
  "popup_types.session_type": f(SessionTypeSchema, "session_type"),
  "popup_types.booking_ask": f(SessionTypeSchema, "booking_ask"),
  "places.name": f(PlaceSchema, "name"),
  "places.town": f(PlaceSchema, "town"),
  "places.kind": f(PlaceSchema, "kind"),
  "places.description": f(PlaceSchema, "description"),
  "places.map_url": f(PlaceSchema, "map_url"),
  "team_members.name": f(TeamMemberSchema, "name"),
  "team_members.role": f(TeamMemberSchema, "role"),
  "team_members.text": f(TeamMemberSchema, "text"),
  "preparation_items.title": f(PreparationItemSchema, "title"),
  "preparation_items.text": f(PreparationItemSchema, "text"),
  "card_products.kind": f(cardProductSchema([]), "kind"),
  "card_products.name": f(cardProductSchema([]), "name"),
  "card_products.shown_on": f(cardProductSchema([]), "shown_on"),
  "cards.holder_email": f(RegisterCardSchema, "email"),
  "card_orders.buyer_email": f(CardOrderSchema, "email"),
  "card_orders.buyer_name": f(CardOrderSchema, "buyer_name"),
  "card_orders.recipient_name": f(CardOrderSchema, "recipient_name"),
  "card_orders.message": f(CardOrderSchema, "message"),
};

/** Text columns no form fills: the server writes them from fixed values, hashes, clocks or other columns. */
const SET_BY_CODE: Record<string, string[]> = {
  "a state or kind the server picks from its own fixed list": [
    "bookings.booking_status",
    "user_roles.role",
    "sign_in_tokens.purpose",
    "auth_sessions.kind",
    "newsletter_subscribers.status",
    "newsletter_subscribers.source",
    "newsletter_subscribers.consent_method",
    "email_outbox.status",
    "email_campaigns.status",
    "email_campaign_waves.status",
    "session_decisions.decision",
    "session_decisions.decided_by",
    "session_decisions.reason",
    "waitlist_entries.status",
    "newsletter_suppressions.reason",
    "payments.status",
    "payments.method",
    "payments.refund_reason",
    "operations_health.kind",
    "operations_health.last_outcome",
    "cards.kind",
    "cards.sold_via",
    "card_ledger.kind",
    "card_ledger.note",
    "card_orders.kind",
    "card_orders.status",
    "card_orders.method",
    "card_orders.refund_status",
  ],
  "a card order's id and what it copies of its product as offered (the product's own columns are checked by its form)": [
    "card_orders.id",
    "card_orders.product_name",
    "card_orders.session_types_json",
  ],
  "an error line from Stripe, cut short by the code": ["card_orders.refund_error"],
  "the health rows of the cron jobs and webhooks: names from the code's own list, the hour and problem keys it makes, error lines it cuts short": [
    "operations_health.name",
    "operations_health.last_error",
    "operations_refusals.hour",
    "operations_alerts.problem",
  ],
  "Flurre's general Swedish, written by the migrations alone (no form writes it)": [
    "flurre_vocabulary.word",
    "flurre_vocabulary.kind",
    "flurre_vocabulary.value",
  ],
  "hashes, keys and ids the server makes": [
    "newsletter_subscribers.consent_ip_hash",
    "newsletter_confirmations.consent_ip_hash",
    "newsletter_suppressions.email_hash",
    "calendar_feeds.token_hash",
    "session_series.id",
    "form_claims.key",
    "form_claims.kind",
    "form_claims.created_id",
    "cards.code_hash",
    "cards.code_last4",
  ],
  "written from a value already checked elsewhere (a session's fields, a sign-in, the page a form was on, a segment list)": [
    "sessions.start_time",
    "sessions.end_time",
    "users.email",
    "users.display_name",
    "staff_email_tokens.display_name",
    "newsletter_subscribers.consent_page",
    "newsletter_subscribers.consent_wording",
    "newsletter_confirmations.consent_page",
    "newsletter_confirmations.consent_wording",
    "newsletter_subscriber_segments.segment_name",
    "newsletter_segments.name",
    "flurre_faq.links_json",
    "flurre_unanswered.normalized",
    "card_products.session_types_json",
    "card_products.amounts_json",
    "cards.session_types_json",
  ],
  "a card's recipient, their name and the greeting, copied from its order (card_orders, filled by /presentkort's form)": [
    "cards.recipient_email",
    "cards.recipient_name",
    "cards.message",
  ],
};

type TextCheck = { column: string; name: string; check: string };

/** Splits on the commas that are not inside brackets or quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

/** The bracketed expression after `CHECK` at `at`, without its outer brackets. */
function checkExpression(text: string, at: number): string {
  const open = text.indexOf("(", at);
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error(`unbalanced CHECK in ${text}`);
}

/** Each column-level CHECK on a TEXT column of every table. */
async function textChecks(): Promise<TextCheck[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  ).all<{ name: string; sql: string }>();
  const checks: TextCheck[] = [];
  for (const { name: table, sql } of results) {
    const body = sql.slice(sql.indexOf("(") + 1, sql.lastIndexOf(")"));
    // A column's own comment line (kept in the stored SQL) stands before its name.
    for (const definition of splitTopLevel(body).map((part) => part.replace(/--[^\n]*(\n|$)/g, "").trim())) {
      const m = /^"?(\w+)"?\s+TEXT\b/i.exec(definition);
      const at = definition.search(/\bCHECK\s*\(/i);
      if (!m || at < 0 || /^(CHECK|CONSTRAINT|PRIMARY|UNIQUE|FOREIGN)\b/i.test(definition)) continue;
      checks.push({ column: `${table}.${m[1]}`, name: m[1]!, check: checkExpression(definition, at) });
    }
  }
  return checks;
}

/** The CHECK as a query on one bound value: the column's name, outside quotes, becomes ?1. */
function asQuery({ name, check }: TextCheck): string {
  const expression = check
    .split(/('(?:[^']|'')*')/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(new RegExp(`\\b${name}\\b`, "g"), "?1")))
    .join("");
  // A CHECK fails only on false: NULL passes, as in SQLite.
  return `SELECT CASE WHEN (${expression}) IS 0 THEN 0 ELSE 1 END AS ok`;
}

/** Values around each limit the CHECK names, and the kinds of value forms are sent. */
function candidates(check: string): string[] {
  const values = [
    "", " ", "x", "zzz", "Group", "{}", "[", "a@b.se", "/bild.jpg",
    "https://hundpass.se/karta", "https:evil.example", "https:/evil.example", "HTTPS://evil.example", "http://evil.example",
    "javascript:alert(1)", "//evil.example", "data:text/html,x", "ftp://evil.example",
    "2026-01-01T10:00:00.000Z", "2026-13-01",
  ];
  for (const [, n] of check.matchAll(/\b(\d{1,5})\b/g)) {
    const limit = Number(n);
    for (const length of [limit - 1, limit, limit + 1]) if (length > 0) values.push("x".repeat(length), "é".repeat(length));
  }
  for (const [, literal] of check.matchAll(/'((?:[^']|'')*)'/g)) {
    const value = literal!.replace(/''/g, "'");
    values.push(value, value.toUpperCase(), ` ${value}`);
  }
  return [...new Set(values)];
}

/** The field's own piece of the form schema, through refinements and intersections. */
function fieldSchema(schema: z.ZodTypeAny, field: string): z.ZodTypeAny | null {
  if (schema instanceof z.ZodObject) return (schema.shape as Record<string, z.ZodTypeAny>)[field] ?? null;
  if (schema instanceof z.ZodEffects) return fieldSchema(schema.innerType(), field);
  if (schema instanceof z.ZodIntersection) {
    return fieldSchema(schema._def.right as z.ZodTypeAny, field) ?? fieldSchema(schema._def.left as z.ZodTypeAny, field);
  }
  return null;
}

/** What the form makes of one value in that field (as conform parses a post), or null when it refuses it. */
function formValue({ schema, field }: Field, value: string): { value: unknown } | null {
  const piece = fieldSchema(schema, field);
  if (!piece) throw new Error(`no field ${field} in its schema`);
  const form = new FormData();
  form.set(field, value);
  const submission = parseWithZod(form, { schema: z.object({ [field]: piece }) });
  return submission.status === "success" ? { value: (submission.value as Record<string, unknown>)[field] } : null;
}

it("declares every text column with a CHECK: filled by a named form field, or by code alone", async () => {
  const checks = await textChecks();
  expect(checks.length).toBeGreaterThan(60);
  const declared = new Set([...Object.keys(FROM_FORMS), ...Object.values(SET_BY_CODE).flat()]);
  expect(checks.map((c) => c.column).filter((column) => !declared.has(column))).toEqual([]);
  // And nothing is declared for a CHECK that is gone.
  const present = new Set(checks.map((c) => c.column));
  expect([...declared].filter((column) => !present.has(column))).toEqual([]);
});

it("has every form field refuse what its column's CHECK would refuse", async () => {
  const slips: string[] = [];
  for (const check of await textChecks()) {
    const field = FROM_FORMS[check.column];
    if (!field) continue;
    const query = env.DB.prepare(asQuery(check));
    for (const candidate of candidates(check.check)) {
      const accepted = formValue(field, candidate);
      if (!accepted) continue;
      const stored = accepted.value === undefined ? null : accepted.value;
      if (stored !== null && typeof stored !== "string") continue;
      const { ok } = (await query.bind(stored).first<{ ok: number }>())!;
      if (ok !== 1) slips.push(`${check.column}: the form accepts ${JSON.stringify(candidate).slice(0, 40)}, the CHECK refuses it`);
    }
  }
  expect(slips).toEqual([]);
});

it("sees a form field that lets through what the CHECK refuses (the map link before it was tightened)", async () => {
  const loose = z.object({ map_url: z.string().url().optional() });
  const check = (await textChecks()).find((c) => c.column === "places.map_url")!;
  const accepted = formValue({ schema: loose, field: "map_url" }, "https:evil.example");
  expect(accepted).not.toBeNull();
  expect((await env.DB.prepare(asQuery(check)).bind(accepted!.value as string).first<{ ok: number }>())!.ok).toBe(0);
});
