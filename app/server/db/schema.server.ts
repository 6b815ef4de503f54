/**
 * The drizzle view of the D1 schema. migrations/ is the source of truth for
 * the database; tests/integration/schema.test.ts proves the two agree.
 */
import { sql } from "drizzle-orm";
import {
  index,
  type AnySQLiteColumn,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { CARD_KINDS, CARD_LEDGER_KINDS, CARD_SHOWN_ON } from "~/domain/cards/card-terms";
import { BOOKING_ASKS, BOOKING_STATUSES, PASS_TYPES } from "~/domain/constants";

/** A payment's states (migration 0019's CHECK). */
export const PAYMENT_STATUSES = ["open", "paid", "expired", "cancelled", "refund_pending", "refunded", "refund_failed"] as const;
/** Why a payment is refunded: a staff cancel of the booking, of its session, the minimum-participant decision, or a payment that came after its seat was gone (migration 0021). */
export const REFUND_REASONS = ["staff-cancel", "session-cancelled", "decision", "late-payment"] as const;

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const createdAt = () => text("created_at").notNull().default(now);

export const popupTypes = sqliteTable(
  "popup_types",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url"),
    inspiringText: text("inspiring_text").notNull().default(""),
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    appOrder: integer("app_order"),
    maxParticipants: integer("max_participants").notNull().default(10),
    sessionType: text("session_type", {
      enum: ["group", "private", "privatpass", "combined"],
    })
      .notNull()
      .default("group"),
    price: integer("price").notNull().default(0),
    /** Where the type's new sessions take place unless staff choose otherwise: a place's name, or null. */
    defaultLocation: text("default_location").references((): AnySQLiteColumn => places.name, { onUpdate: "cascade", onDelete: "set null" }),
    /** What its sessions' booking form asks beyond the usual fields, or null for nothing more (migration 0143). */
    bookingAsk: text("booking_ask", { enum: BOOKING_ASKS }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("popup_types_name_unique").on(t.name),
    index("popup_types_visible_order_idx").on(t.hidden, t.appOrder),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** A place's name (migration 0016): renaming the place renames it here. */
    location: text("location")
      .notNull()
      .references((): AnySQLiteColumn => places.name, { onUpdate: "cascade" }),
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    passType: text("pass_type", { enum: PASS_TYPES }).notNull(),
    priceSek: integer("price_sek").notNull().default(0),
    currentParticipants: integer("current_participants").notNull().default(0),
    maxParticipants: integer("max_participants").notNull(),
    imageUrl: text("image_url"),
    popupTypeId: integer("popup_type_id").references(() => popupTypes.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull().default(now),
    /** Set when staff cancel the session; it is then off sale and off every list but /admin/old. */
    cancelledAt: text("cancelled_at"),
    /** Raised by each change of time or place; the SEQUENCE of the calendar files that change mails. */
    revision: integer("revision").notNull().default(0),
    /** The weekly series the session was created in, if any. */
    seriesId: text("series_id").references(() => sessionSeries.id, { onDelete: "set null" }),
    /** Seats held for the waitlist's offers (migration 0009); kept by the session's SessionSeats object. */
    heldSeats: integer("held_seats").notNull().default(0),
  },
  (t) => [
    index("sessions_start_time_idx").on(t.startTime),
    index("sessions_end_time_idx").on(t.endTime),
    index("sessions_pass_type_end_time_idx").on(t.passType, t.endTime),
    index("sessions_series_idx").on(t.seriesId).where(sql`series_id IS NOT NULL`),
    index("sessions_location_idx").on(t.location),
  ],
);

export const bookings = sqliteTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    sessionId: integer("session_id").references(() => sessions.id, {
      onDelete: "set null",
    }),
    userName: text("user_name").notNull(),
    userEmail: text("user_email").notNull(),
    userPhone: text("user_phone").notNull(),
    dogName: text("dog_name").notNull(),
    dogBreed: text("dog_breed"),
    dogAge: text("dog_age"),
    specialNotes: text("special_notes"),
    homeAddress: text("home_address"),
    meetingType: text("meeting_type", {
      enum: ["Telefonmöte", "Google Meets", "Facebook Messenger", "Microsoft Teams"],
    }),
    variant: text("variant", { enum: ["privat", "proffs"] }),
    priceSek: integer("price_sek").notNull().default(0),
    bookingStatus: text("booking_status", { enum: BOOKING_STATUSES })
      .notNull()
      .default("confirmed"),
    idempotencyKey: text("idempotency_key").notNull(),
    sessionTitle: text("session_title").notNull(),
    sessionLocation: text("session_location").notNull(),
    sessionStartTime: text("session_start_time").notNull(),
    sessionEndTime: text("session_end_time").notNull(),
    createdAt: createdAt(),
    /** When the reminder 24 h before the session was queued; NULL: not reminded (migration 0007). */
    remindedAt: text("reminded_at"),
    /** When the customer's personal data was removed (erasure on request, or retention); the row stays for the accounts. */
    anonymizedAt: text("anonymized_at"),
  },
  (t) => [
    uniqueIndex("bookings_idempotency_key_unique").on(t.idempotencyKey),
    index("bookings_retention_idx").on(t.sessionEndTime).where(sql`anonymized_at IS NULL`),
    // One confirmed booking per address and session; holds being paid for are not counted (migrations/0024).
    uniqueIndex("bookings_one_confirmed_per_email")
      .on(t.sessionId, sql`lower(${t.userEmail})`)
      .where(sql`booking_status = 'confirmed'`),
    index("bookings_session_status_idx").on(t.sessionId, t.bookingStatus),
    index("bookings_email_idx").on(sql`lower(${t.userEmail})`),
  ],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    displayName: text("display_name").notNull(),
    createdAt: createdAt(),
    /** When the address was proved by a link; a password sign-in needs it. */
    emailVerifiedAt: text("email_verified_at"),
  },
  (t) => [uniqueIndex("users_email_unique").on(sql`lower(${t.email})`)],
);

export const staffEmailTokens = sqliteTable(
  "staff_email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    passwordHash: text("password_hash").notNull(),
    displayName: text("display_name").notNull(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [
    index("staff_email_tokens_expires_idx").on(t.expiresAt),
    index("staff_email_tokens_user_idx").on(t.userId),
  ],
);

export const profiles = sqliteTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fullName: text("full_name"),
  phone: text("phone"),
  createdAt: createdAt(),
  updatedAt: text("updated_at").notNull().default(now),
});

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const signInTokens = sqliteTable(
  "sign_in_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: ["customer", "admin"] }).notNull(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("sign_in_tokens_expires_idx").on(t.expiresAt)],
);

export const authSessions = sqliteTable(
  "auth_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    kind: text("kind", { enum: ["customer", "staff"] }).notNull(),
    email: text("email").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("auth_sessions_expires_idx").on(t.expiresAt)],
);

export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    name: text("name"),
    status: text("status", { enum: ["subscribed", "unsubscribed"] })
      .notNull()
      .default("subscribed"),
    source: text("source", { enum: ["website", "manual", "booking"] })
      .notNull()
      .default("website"),
    consentAt: text("consent_at"),
    unsubscribedAt: text("unsubscribed_at"),
    createdAt: createdAt(),
    consentMethod: text("consent_method", { enum: ["turnstile", "confirmation-link", "admin"] }),
    consentPage: text("consent_page"),
    consentWording: text("consent_wording"),
    consentIpHash: text("consent_ip_hash"),
    /** A hard bounce: no more newsletters to this address (migration 0018). */
    undeliverableAt: text("undeliverable_at"),
    undeliverableReason: text("undeliverable_reason"),
    /** Why they left: null (their link, the admin) or 'complaint' (marked a newsletter as spam). */
    unsubscribeReason: text("unsubscribe_reason", { enum: ["complaint"] }),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(sql`lower(${t.email})`),
    index("newsletter_subscribers_status_idx").on(t.status),
    index("newsletter_subscribers_unsubscribed_idx").on(t.unsubscribedAt).where(sql`status = 'unsubscribed'`),
  ],
);

/** Addresses whose subscription was deleted, as hashes only: never added or mailed again unless their owner subscribes anew. */
export const newsletterSuppressions = sqliteTable("newsletter_suppressions", {
  emailHash: text("email_hash").primaryKey(),
  reason: text("reason", { enum: ["unsubscribed", "erased"] }).notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscriberSegments = sqliteTable(
  "newsletter_subscriber_segments",
  {
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    /** One of the segments of app/domain/newsletter/segments.ts (the personal one is configured). */
    segmentName: text("segment_name").notNull(),
    addedBy: text("added_by"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.segmentName] }),
    index("newsletter_subscriber_segments_segment_idx").on(t.segmentName),
  ],
);

/** A segment's name as staff read it; the slug stays the key (migration 0025). */
export const newsletterSegments = sqliteTable(
  "newsletter_segments",
  {
    name: text("name").primaryKey(),
    displayName: text("display_name").notNull(),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("newsletter_segments_display_name_unique").on(sql`lower(${t.displayName})`)],
);

export const emailCampaigns = sqliteTable(
  "email_campaigns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    campaignName: text("campaign_name").notNull(),
    subject: text("subject").notNull(),
    subheader: text("subheader"),
    htmlContent: text("html_content").notNull(),
    imageUrl: text("image_url"),
    buttonText: text("button_text"),
    buttonUrl: text("button_url"),
    fromEmail: text("from_email").notNull(),
    targetSegment: text("target_segment").notNull(),
    footerLine1: text("footer_line1"),
    footerLine2: text("footer_line2"),
    status: text("status", {
      enum: ["draft", "sending", "sent", "failed", "cancelled"],
    })
      .notNull()
      .default("draft"),
    sentCount: integer("sent_count").notNull().default(0),
    reportDueAt: text("report_due_at"),
    reportSentAt: text("report_sent_at"),
    /** The rendered mail every wave sends (email_bodies), fixed when sending starts. */
    bodyId: text("body_id"),
    sendingStartedAt: text("sending_started_at"),
    stoppedAt: text("stopped_at"),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    index("email_campaigns_created_idx").on(t.createdAt),
    index("email_campaigns_status_idx").on(t.status),
  ],
);

export const emailCampaignWaves = sqliteTable(
  "email_campaign_waves",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    wave: integer("wave").notNull(),
    segmentName: text("segment_name").notNull(),
    scheduledAt: text("scheduled_at").notNull(),
    status: text("status", { enum: ["scheduled", "running", "done", "cancelled"] })
      .notNull()
      .default("scheduled"),
    lastSubscriberId: integer("last_subscriber_id").notNull().default(0),
    sentCount: integer("sent_count").notNull().default(0),
    startedAt: text("started_at"),
    finishedAt: text("finished_at"),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.wave, t.segmentName] }),
    index("email_campaign_waves_due_idx").on(t.status, t.scheduledAt),
  ],
);

/** Who got which campaign in which wave: one row per campaign and subscriber. */
export const emailCampaignRecipients = sqliteTable(
  "email_campaign_recipients",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id").notNull(),
    wave: integer("wave").notNull(),
    segmentName: text("segment_name").notNull(),
    outboxId: text("outbox_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.subscriberId] }),
    index("email_campaign_recipients_wave_idx").on(t.campaignId, t.wave),
    index("email_campaign_recipients_audience_idx").on(t.campaignId, t.segmentName),
    index("email_campaign_recipients_outbox_idx").on(t.outboxId).where(sql`outbox_id IS NOT NULL`),
  ],
);

/** Double opt-in links waiting for their confirmation (token stored hashed). */
export const newsletterConfirmations = sqliteTable(
  "newsletter_confirmations",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    consentPage: text("consent_page"),
    consentWording: text("consent_wording"),
    consentIpHash: text("consent_ip_hash"),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("newsletter_confirmations_expires_idx").on(t.expiresAt)],
);

/** A mail body shared by many outbox rows; each row fills its own variables in. */
export const emailBodies = sqliteTable("email_bodies", {
  id: text("id").primaryKey(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body"),
  createdAt: createdAt(),
});

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

export const problemReports = sqliteTable(
  "problem_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userName: text("user_name").notNull(),
    userEmail: text("user_email").notNull(),
    userPhone: text("user_phone").notNull(),
    message: text("message").notNull(),
    needsHelp: text("needs_help", { enum: ["yes", "no"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("problem_reports_created_idx").on(t.createdAt)],
);

/** Flurre's FAQ rows; links_json is a JSON array of { label, href }. */
export const flurreFaq = sqliteTable("flurre_faq", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  linksJson: text("links_json").notNull().default("[]"),
  createdAt: createdAt(),
  updatedAt: text("updated_at").notNull().default(now),
});

/** Flurre's general Swedish (migrations/0026_flurre_vocabulary.sql): how visitors ask, never a name. */
export const flurreVocabulary = sqliteTable(
  "flurre_vocabulary",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    word: text("word").notNull(),
    kind: text("kind", { enum: ["filler", "topic", "same", "phrase", "weekday", "month", "day", "grammar"] }).notNull(),
    value: text("value").notNull().default(""),
  },
  (t) => [uniqueIndex("flurre_vocabulary_word_kind").on(t.word, t.kind)],
);

/** The token every write to what Flurre answers from replaces (migrations/0176_content_version.sql): one row. */
export const contentVersion = sqliteTable("content_version", {
  id: integer("id").primaryKey(),
  token: text("token").notNull(),
});

/** Questions Flurre could not answer, for staff (grouped by `normalized`). */
export const flurreUnanswered = sqliteTable(
  "flurre_unanswered",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    question: text("question").notNull(),
    normalized: text("normalized").notNull(),
    page: text("page"),
    askedAt: text("asked_at").notNull().default(now),
    handledAt: text("handled_at"),
  },
  (t) => [
    index("flurre_unanswered_open_idx").on(t.handledAt, t.askedAt),
    index("flurre_unanswered_normalized_idx").on(t.normalized),
    index("flurre_unanswered_asked_idx").on(t.askedAt),
  ],
);

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    attachmentsJson: text("attachments_json"),
    status: text("status", { enum: ["queued", "sending", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: text("next_attempt_at").notNull().default(now),
    providerMessageId: text("provider_message_id"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
    /** The one-time token the bodies carry, until it is used or dead; then blanked. */
    secret: text("secret"),
    /** When the mail's link dies: never sent after it. */
    expiresAt: text("expires_at"),
    redactedAt: text("redacted_at"),
    /** Extra headers as a JSON object, e.g. List-Unsubscribe. */
    headersJson: text("headers_json"),
    /** A shared body (email_bodies) with this row's variables (varsJson) filled in at delivery. */
    bodyId: text("body_id").references(() => emailBodies.id),
    /** A batch's idempotency key, fixed when the batch is first formed (migration 0017). */
    batchKey: text("batch_key"),
    varsJson: text("vars_json"),
    /** The key the provider sees when not idempotencyKey: a fresh one after 'Skicka igen' (migration 0018). */
    providerKey: text("provider_key"),
  },
  (t) => [
    uniqueIndex("email_outbox_idempotency_key_unique").on(t.idempotencyKey),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt),
    index("email_outbox_expires_idx").on(t.expiresAt),
    index("email_outbox_provider_sent_idx").on(t.sentAt).where(sql`provider_message_id IS NOT NULL`),
    index("email_outbox_body_idx").on(t.bodyId),
    index("email_outbox_batch_key_idx").on(t.batchKey).where(sql`batch_key IS NOT NULL`),
    index("email_outbox_provider_message_idx").on(t.providerMessageId).where(sql`provider_message_id IS NOT NULL`),
  ],
);

/** What the provider reported about a mail it took (its signed webhook); one row per event id. */
export const emailEvents = sqliteTable(
  "email_events",
  {
    eventId: text("event_id").primaryKey(),
    type: text("type", { enum: ["delivered", "bounced", "complained"] }).notNull(),
    providerMessageId: text("provider_message_id").notNull(),
    outboxId: text("outbox_id"),
    campaignId: integer("campaign_id"),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    detail: text("detail"),
    occurredAt: text("occurred_at"),
    receivedAt: text("received_at").notNull().default(now),
  },
  (t) => [
    index("email_events_campaign_idx").on(t.campaignId, t.type).where(sql`campaign_id IS NOT NULL`),
    index("email_events_outbox_idx").on(t.outboxId).where(sql`outbox_id IS NOT NULL`),
    index("email_events_received_idx").on(t.receivedAt),
  ],
);

/**
 * A booking's payment through Stripe Checkout (migration 0019); written only
 * with PAYMENTS=stripe. Amounts in öre; kept when the booking is anonymized.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .unique()
      .references(() => bookings.id),
    sessionId: integer("session_id").notNull(),
    amountOre: integer("amount_ore").notNull(),
    currency: text("currency").notNull().default("sek"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    checkoutSessionId: text("checkout_session_id").unique(),
    checkoutUrl: text("checkout_url"),
    checkoutExpiresAt: text("checkout_expires_at"),
    paymentIntentId: text("payment_intent_id"),
    method: text("method", { enum: ["card", "swish"] }),
    paidAt: text("paid_at"),
    refundId: text("refund_id"),
    refundedAt: text("refunded_at"),
    refundError: text("refund_error"),
    refundAttempts: integer("refund_attempts").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    refundReason: text("refund_reason", { enum: REFUND_REASONS }),
    refundRetryAt: text("refund_retry_at"),
  },
  (t) => [
    index("payments_session_idx").on(t.sessionId, t.status),
    index("payments_open_hold_idx").on(t.checkoutExpiresAt).where(sql`status = 'open'`),
    index("payments_refund_due_idx")
      .on(t.status, t.refundRetryAt)
      .where(sql`status IN ('refund_pending', 'refund_failed')`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/** Stripe's events already taken, by event id: a replay changes nothing (migration 0019). */
export const stripeEvents = sqliteTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    receivedAt: text("received_at").notNull(),
  },
  (t) => [index("stripe_events_received_idx").on(t.receivedAt)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    detailsJson: text("details_json"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Sessions created together with 'Upprepa varje vecka' (sessions.series_id). */
export const sessionSeries = sqliteTable("session_series", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  createdBy: text("created_by"),
  createdAt: createdAt(),
});

/** The staff's private calendar feed (migrations/0012_calendar_feeds.sql): tokens by their hash, one live at a time. */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    includeAttendees: integer("include_attendees", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    revokedAt: text("revoked_at"),
  },
  (t) => [uniqueIndex("calendar_feeds_one_live_idx").on(t.userId).where(sql`revoked_at IS NULL`)],
);

export const places = sqliteTable(
  "places",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    town: text("town").notNull().default(""),
    kind: text("kind", { enum: ["indoor", "outdoor", "home", "online"] }).notNull(),
    description: text("description").notNull().default(""),
    mapUrl: text("map_url"),
    imageUrl: text("image_url"),
    sortOrder: integer("sort_order").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("places_name_unique").on(t.name)],
);

export const teamMembers = sqliteTable("team_members", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  role: text("role").notNull().default(""),
  text: text("text").notNull().default(""),
  imageUrl: text("image_url"),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: text("updated_at").notNull().default(now),
});

export const preparationItems = sqliteTable("preparation_items", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  text: text("text").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: text("updated_at").notNull().default(now),
});

export type SessionRow = typeof sessions.$inferSelect;
export type PopupTypeRow = typeof popupTypes.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type OutboxRow = typeof emailOutbox.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;

/** The minimum-participant decision asked of the admin at T−30 h (migrations/0008_session_decisions.sql). */
export const sessionDecisions = sqliteTable(
  "session_decisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sessionId: integer("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** The start the request asks about; a moved session leaves this row void. */
    startTime: text("start_time").notNull(),
    /** start − 25 h: the default applies from here. */
    deadline: text("deadline").notNull(),
    participants: integer("participants").notNull(),
    tokenHash: text("token_hash").notNull(),
    requestedAt: text("requested_at").notNull().default(now),
    decision: text("decision", { enum: ["cancel", "run"] }),
    decidedAt: text("decided_at"),
    decidedBy: text("decided_by", { enum: ["admin", "link", "default"] }),
    decidedByEmail: text("decided_by_email"),
    reason: text("reason", { enum: ["filled", "late"] }),
    appliedAt: text("applied_at"),
  },
  (t) => [
    uniqueIndex("session_decisions_session_start_idx").on(t.sessionId, t.startTime),
    uniqueIndex("session_decisions_token_idx").on(t.tokenHash),
    index("session_decisions_open_idx").on(t.decision, t.deadline),
  ],
);

export type SessionDecisionRow = typeof sessionDecisions.$inferSelect;

/** The waitlist of a full session (migration 0009); changed only through the session's SessionSeats object. */
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: text("id").primaryKey(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    dogName: text("dog_name").notNull(),
    status: text("status", { enum: ["waiting", "offered", "booked", "left", "expired", "closed"] })
      .notNull()
      .default("waiting"),
    createdAt: createdAt(),
    offeredAt: text("offered_at"),
    holdExpiresAt: text("hold_expires_at"),
    offerTokenHash: text("offer_token_hash"),
    leaveTokenHash: text("leave_token_hash").notNull(),
    bookingId: text("booking_id"),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("waitlist_entries_offer_token_unique").on(t.offerTokenHash),
    uniqueIndex("waitlist_entries_leave_token_unique").on(t.leaveTokenHash),
    uniqueIndex("waitlist_entries_one_active_per_email")
      .on(t.sessionId, sql`lower(${t.email})`)
      .where(sql`status IN ('waiting', 'offered')`),
    index("waitlist_entries_queue_idx").on(t.sessionId, t.status, t.createdAt),
    index("waitlist_entries_hold_expiry_idx").on(t.holdExpiresAt).where(sql`status = 'offered'`),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/**
 * One-time keys of the staff create forms (migrations/0022_form_claims.sql):
 * what the first post of a form created, so a second post creates nothing.
 */
export const formClaims = sqliteTable(
  "form_claims",
  {
    key: text("key").primaryKey(),
    kind: text("kind").notNull(),
    createdId: text("created_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("form_claims_created_idx").on(t.createdAt)],
);

/**
 * The machine's own health (migrations/0023_operations_health.sql): one row
 * per cron job and webhook, refused webhook calls per hour, and the problems
 * the cron's alert has seen.
 */
export const operationsHealth = sqliteTable("operations_health", {
  name: text("name").primaryKey(),
  kind: text("kind", { enum: ["job", "webhook", "cron"] }).notNull(),
  firstSeenAt: text("first_seen_at").notNull().default(now),
  lastStartedAt: text("last_started_at"),
  lastFinishedAt: text("last_finished_at"),
  lastOutcome: text("last_outcome", { enum: ["ok", "failed", "accepted", "refused"] }),
  lastDurationMs: integer("last_duration_ms"),
  lastError: text("last_error"),
  lastOkAt: text("last_ok_at"),
  lastFailedAt: text("last_failed_at"),
});

export type OperationsHealthRow = typeof operationsHealth.$inferSelect;

export const operationsRefusals = sqliteTable(
  "operations_refusals",
  {
    name: text("name").notNull(),
    hour: text("hour").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.hour] })],
);

export const operationsAlerts = sqliteTable("operations_alerts", {
  problem: text("problem").primaryKey(),
  since: text("since").notNull(),
  mailedAt: text("mailed_at"),
});

/** Klippkort and presentkort staff sell (migrations/0027_cards.sql). Amounts in whole kronor. */
export const cardProducts = sqliteTable("card_products", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  kind: text("kind", { enum: CARD_KINDS }).notNull(),
  name: text("name").notNull(),
  uses: integer("uses"),
  priceSek: integer("price_sek"),
  /** A klippkort's session types (popup_types.name), a JSON array. */
  sessionTypesJson: text("session_types_json"),
  /** A presentkort's amounts offered, a JSON array of kronor. */
  amountsJson: text("amounts_json"),
  freeMinSek: integer("free_min_sek"),
  freeMaxSek: integer("free_max_sek"),
  validityMonths: integer("validity_months").notNull(),
  hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
  /** Where it is shown besides its sale (migration 0032): the start page, /boka, both or none. */
  shownOn: text("shown_on", { enum: CARD_SHOWN_ON }).notNull().default("none"),
  createdAt: createdAt(),
  updatedAt: text("updated_at").notNull().default(now),
});

export type CardProductRow = typeof cardProducts.$inferSelect;

/** A card sold: its code only as a hash (and its last four characters), its balance kept beside the ledger. */
export const cards = sqliteTable(
  "cards",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => cardProducts.id),
    kind: text("kind", { enum: CARD_KINDS }).notNull(),
    codeHash: text("code_hash").notNull().unique(),
    codeLast4: text("code_last4").notNull(),
    holderEmail: text("holder_email").notNull(),
    recipientEmail: text("recipient_email"),
    recipientName: text("recipient_name"),
    message: text("message"),
    sendAt: text("send_at"),
    soldVia: text("sold_via", { enum: ["counter", "online"] }).notNull(),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    paidSek: integer("paid_sek").notNull(),
    sessionTypesJson: text("session_types_json"),
    usesLeft: integer("uses_left"),
    balanceSek: integer("balance_sek"),
    issuedAt: text("issued_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    voidedAt: text("voided_at"),
    refundedAt: text("refunded_at"),
    createdAt: createdAt(),
    /** When the reminder 30 days before it expires was queued. */
    expiryRemindedAt: text("expiry_reminded_at"),
  },
  (t) => [
    index("cards_issued_idx").on(t.issuedAt),
    index("cards_expires_idx").on(t.expiresAt).where(sql`voided_at IS NULL AND refunded_at IS NULL`),
    index("cards_product_idx").on(t.productId),
    index("cards_holder_email_idx").on(sql`lower(holder_email)`),
  ],
);

export type CardRow = typeof cards.$inferSelect;

/** Every change of a card's balance, signed; a card's kept balance is the sum of its rows. */
export const cardLedger = sqliteTable(
  "card_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    cardId: integer("card_id")
      .notNull()
      .references(() => cards.id),
    kind: text("kind", { enum: CARD_LEDGER_KINDS }).notNull(),
    usesDelta: integer("uses_delta").notNull().default(0),
    amountDeltaSek: integer("amount_delta_sek").notNull().default(0),
    bookingId: text("booking_id").references(() => bookings.id),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("card_ledger_card_idx").on(t.cardId, t.id),
    index("card_ledger_booking_idx").on(t.bookingId).where(sql`booking_id IS NOT NULL`),
    uniqueIndex("card_ledger_one_issue").on(t.cardId).where(sql`kind = 'issue'`),
    uniqueIndex("card_ledger_one_end").on(t.cardId).where(sql`kind IN ('expiry', 'refund', 'void')`),
    uniqueIndex("card_ledger_one_use_per_booking").on(t.cardId, t.bookingId).where(sql`kind = 'use'`),
    uniqueIndex("card_ledger_one_give_back_per_booking").on(t.cardId, t.bookingId).where(sql`kind = 'give-back'`),
  ],
);

export type CardLedgerRow = typeof cardLedger.$inferSelect;

/** A card ordered online: what was chosen, until Stripe's webhook says it is paid and the card is issued (migrations/0031_card_orders.sql). */
export const cardOrders = sqliteTable(
  "card_orders",
  {
    id: text("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => cardProducts.id),
    kind: text("kind", { enum: CARD_KINDS }).notNull(),
    productName: text("product_name").notNull(),
    paidSek: integer("paid_sek").notNull(),
    uses: integer("uses"),
    balanceSek: integer("balance_sek"),
    sessionTypesJson: text("session_types_json"),
    validityMonths: integer("validity_months").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    buyerName: text("buyer_name"),
    recipientEmail: text("recipient_email"),
    recipientName: text("recipient_name"),
    message: text("message"),
    sendAt: text("send_at"),
    status: text("status", { enum: ["open", "paid", "expired"] })
      .notNull()
      .default("open"),
    checkoutSessionId: text("checkout_session_id").unique(),
    checkoutUrl: text("checkout_url"),
    checkoutExpiresAt: text("checkout_expires_at").notNull(),
    paymentIntentId: text("payment_intent_id"),
    method: text("method", { enum: ["card", "swish"] }),
    paidAt: text("paid_at"),
    cardId: integer("card_id")
      .unique()
      .references(() => cards.id),
    refundStatus: text("refund_status", { enum: ["pending", "refunded", "failed"] }),
    refundId: text("refund_id"),
    refundError: text("refund_error"),
    refundAttempts: integer("refund_attempts").notNull().default(0),
    refundRetryAt: text("refund_retry_at"),
    refundedAt: text("refunded_at"),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    index("card_orders_open_idx").on(t.checkoutExpiresAt).where(sql`status = 'open'`),
    index("card_orders_refund_due_idx")
      .on(t.refundStatus, t.refundRetryAt)
      .where(sql`refund_status IN ('pending', 'failed')`),
    index("card_orders_buyer_email_idx").on(sql`lower(buyer_email)`),
    index("card_orders_recipient_email_idx").on(sql`lower(recipient_email)`).where(sql`recipient_email IS NOT NULL`),
  ],
);

export type CardOrderRow = typeof cardOrders.$inferSelect;
