/**
 * Where a person's data can be, in one list: every table with a column that
 * can hold a visitor's e-mail address, name or what they wrote (or, like a
 * booking's payment, is theirs by a row that does), and what erasure
 * ("Radera mina uppgifter", my-data.server.ts) does with it; and every other
 * table, with why it holds none. The data export is driven by the same list:
 * each place has its section (`exportKey`) and my-data.server.ts a query for
 * every table here (its type asks for one). tests/integration/erasure-search.test.ts
 * fills each place with one address, exports it and finds each section
 * filled, erases it and searches every text column of every table: a table
 * added later fails that test until it is on one of these lists.
 */

export type PersonalDataPlace = {
  table: string;
  /** The columns that can hold the person's address, name or words. */
  columns: readonly string[];
  /** What is kept there, in the export's words. */
  what: string;
  /** What erasure does, in the export's words. */
  erasure: string;
  /** The place's section in the export (mina-uppgifter.json). */
  exportKey: string;
};

export const PERSONAL_DATA = [
  {
    table: "bookings", exportKey: "bokningar",
    columns: ["user_name", "user_email", "user_phone", "dog_name", "dog_breed", "dog_age", "special_notes", "home_address"],
    what: "Dina bokningar",
    erasure: "Namn, e-post, telefon, hund, adress och meddelande tas bort; pass, pris och datum finns kvar för bokföringen.",
  },
  {
    table: "users", exportKey: "konton",
    columns: ["email", "display_name", "password_hash"],
    what: "Ett konto som skapats med din adress men aldrig bekräftats",
    erasure: "Tas bort (ett bekräftat personalkonto tas bort av personalen).",
  },
  { table: "profiles", exportKey: "kontoprofiler", columns: ["full_name", "phone"], what: "Kontots profil", erasure: "Tas bort med kontot." },
  { table: "staff_email_tokens", exportKey: "kontobekraftelser", columns: ["display_name", "password_hash"], what: "Kontots bekräftelselänk", erasure: "Tas bort med kontot." },
  { table: "sign_in_tokens", exportKey: "inloggningslankar", columns: ["email"], what: "Inloggningslänkar", erasure: "Tas bort." },
  { table: "auth_sessions", exportKey: "inloggningar", columns: ["email"], what: "Inloggningar", erasure: "Avslutas och tas bort." },
  {
    table: "newsletter_subscribers", exportKey: "nyhetsbrev",
    columns: ["email", "name", "consent_page"],
    what: "Nyhetsbrevet",
    erasure: "Tas bort; bara en kontrollsumma av adressen sparas så att den inte läggs till igen.",
  },
  { table: "newsletter_confirmations", exportKey: "vantande_bekraftelser_av_nyhetsbrev", columns: ["email", "consent_page"], what: "Obekräftade anmälningar till nyhetsbrevet", erasure: "Tas bort." },
  { table: "contact_messages", exportKey: "meddelanden", columns: ["name", "email", "message"], what: "Meddelanden till oss", erasure: "Tas bort." },
  { table: "problem_reports", exportKey: "problemrapporter", columns: ["user_name", "user_email", "user_phone", "message"], what: "Problemrapporter", erasure: "Tas bort." },
  { table: "waitlist_entries", exportKey: "koplatser", columns: ["name", "email", "dog_name"], what: "Köplatser", erasure: "Lämnas och tas bort." },
  {
    table: "email_outbox", exportKey: "mejl_vi_har_skickat",
    columns: ["to_address", "reply_to", "subject", "text_body", "html_body", "headers_json", "last_error"],
    what: "Mejl till dig, och kopior till personalen som nämner dig",
    erasure: "Tas bort (bekräftelsen på raderingen skickas, och vår kopia av den töms när den har skickats).",
  },
  {
    table: "email_events", exportKey: "leveransbesked_for_mejl",
    columns: ["recipient", "subject", "detail"],
    what: "Besked från e-posttjänsten om mejl till dig (levererat, studsat, markerat som skräppost)",
    erasure: "Tas bort (adressen tas också bort ur beskeden när mejlen har sparats klart).",
  },
  { table: "flurre_unanswered", exportKey: "fragor_till_flurre", columns: ["question"], what: "Frågor till Flurre där du skrivit din adress", erasure: "Tas bort." },
  {
    table: "audit_log", exportKey: "andringsloggen",
    columns: ["details_json"],
    what: "Ändringsloggen, där personalen kan ha skrivit din adress eller ditt namn",
    erasure: "Adressen och namnet ersätts med [raderad].",
  },
  {
    table: "cards",
    exportKey: "kort",
    columns: ["holder_email", "recipient_email", "recipient_name", "message"],
    what: "Klippkort och presentkort som du köpt eller fått",
    erasure:
      "Din adress tas bort, liksom hälsningen på ett presentkort du gett och ditt namn på ett du fått. Kortet och det som finns kvar på det gäller som förut (koden har vi bara sparat som en kontrollsumma).",
  },
  {
    table: "card_orders",
    exportKey: "kortkop_pa_webben",
    columns: ["buyer_email", "buyer_name", "recipient_email", "recipient_name", "message"],
    what: "Kort du köpt på webben, eller som någon köpt åt dig där (belopp, status, mottagare och hälsning)",
    erasure:
      "Din adress och ditt namn tas bort, liksom hälsningen. Köpet finns kvar för bokföringen, och kortet gäller som förut.",
  },
  {
    table: "payments",
    exportKey: "betalningar",
    columns: [],
    what: "Betalningar för dina bokningar (belopp, status, sätt och återbetalning)",
    erasure: "Finns kvar för bokföringen; de hör till bokningen, som inte längre har ditt namn eller din adress.",
  },
] as const satisfies readonly PersonalDataPlace[];

/** A table that can hold a person's data. */
export type PersonalDataTable = (typeof PERSONAL_DATA)[number]["table"];

/** Tables that hold no visitor's address, name or words, and why. */
export const NO_PERSONAL_DATA: Readonly<Record<string, string>> = {
  popup_types: "session types (staff content)",
  sessions: "training sessions; no attendee in them",
  session_series: "weekly series of sessions",
  form_claims: "staff create forms' one-time keys and what each created (a kind and an id), and used form stamps, kept a day",
  operations_health: "each cron job's and webhook's last run or call (an error line has addresses and keys cut out)",
  operations_refusals: "how many webhook calls were refused each hour",
  operations_alerts: "which health problems are open and whether staff were mailed",
  places: "training places (staff content)",
  team_members: "the team's public cards (staff content)",
  preparation_items: "the preparation checklist (staff content)",
  card_products: "the klippkort and presentkort staff sell (staff content)",
  card_ledger: "each change of a card's balance, by card id (its notes are written by the code)",
  user_roles: "a user id and a role",
  calendar_feeds: "a staff user's calendar link (a hashed token)",
  newsletter_subscriber_segments: "segment names by subscriber id (deleted with the subscriber)",
  newsletter_segments: "the names staff give the newsletter's segments (staff content)",
  newsletter_suppressions: "a hash of an erased or unsubscribed address, so it is not added again",
  email_campaigns: "campaigns staff write and their sender addresses",
  email_campaign_waves: "a campaign's sending schedule",
  email_campaign_recipients: "subscriber ids per campaign wave",
  email_bodies: "a campaign's shared body, with no recipient in it",
  flurre_faq: "answers staff write",
  flurre_vocabulary: "Flurre's general Swedish (words, no one's data)",
  content_version: "a random token that changes with what Flurre reads",
  session_decisions: "minimum-participant decisions (a staff address)",
  stripe_events: "Stripe's event ids and types already taken (replay protection)",
  rate_limits: "counters keyed by a keyed hash (HMAC) of an address or network",
  d1_migrations: "the database's migration log",
};
