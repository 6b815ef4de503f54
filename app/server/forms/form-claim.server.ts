/**
 * Create once: the staff forms that create something (a session, a weekly
 * series, a campaign, a content row, an FAQ row, a card product, a card
 * sold) carry a one-time key
 * (~/domain/form-key) made when the page is drawn. What the post creates and
 * the key's claim (migrations/0022_form_claims.sql) are written in one D1
 * batch, so either both land or neither. A second post with the same key (a
 * double click, a browser's "resend form", two tabs racing) finds the claim
 * and is answered as the first was, creating nothing. A post without a key
 * is refused: nothing is created.
 *
 *   parse: withFormKey(withSchema(Schema)),
 *   run: (values, { formKey }) => createOnce(context, formKey, "session", {
 *     create: (claim) => createThing(context, values, claim),   // claimStatement(claim, id) in its batch
 *     again: (createdId) => redirectWithToast(…),               // the first post's answer
 *   }),
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql, type SQL } from "drizzle-orm";
import { FORM_KEY_FIELD, FORM_KEY_TEXTS, parseFormKey } from "~/domain/form-key";
import { schema } from "../db/client.server";
import { isFormRefusal, type FormRefusal } from "./form-action.server";

/** What a claimed key created. */
export type ClaimKind =
  | "session"
  | "session-series"
  | "campaign"
  | "campaign-copy"
  | "place"
  | "team-member"
  | "preparation-item"
  | "session-type"
  | "flurre-faq"
  | "card-product"
  | "card";

/** The key a post claims and what for; handed to the create, which writes its claim in its batch. */
export type FormClaim = { key: string; kind: ClaimKind };

/** How long a claim is kept: a repeated post comes within minutes; the daily retention deletes older ones. */
export const FORM_CLAIM_KEEP_HOURS = 24;

/** A new key for a form being drawn. */
export function newFormKey(): string {
  return crypto.randomUUID();
}

/**
 * The parse step of a create form, with the posted key beside its values
 * (`parsed.formKey`, null when missing or malformed): the key is no field of
 * the form's schema, so it never reaches the values.
 */
export function withFormKey<Parsed extends object>(parse: (formData: FormData) => Parsed) {
  return (formData: FormData): Parsed & { formKey: string | null } => ({
    ...parse(formData),
    formKey: parseFormKey(formData.get(FORM_KEY_FIELD)),
  });
}

/**
 * The claim's statement, for the batch that creates the row: `createdId` is
 * the new row's id, as SQL read in the batch (`last_insert_rowid()` right
 * after its insert; the claims table has no rowid, so the statements after
 * it still read the row's) or a value known beforehand (a series' id).
 * After an insert that may insert nothing (a guarded INSERT … SELECT),
 * `onlyIf: changes() = 1` claims only what was created.
 */
export function claimStatement(claim: FormClaim, createdId: SQL | string | number, onlyIf: SQL = sql`1`): SQL {
  return sql`INSERT INTO form_claims (key, kind, created_id)
    SELECT ${claim.key}, ${claim.kind}, CAST(${createdId} AS TEXT) WHERE ${onlyIf}`;
}

/** True when a batch failed because its key was claimed meanwhile (a second post racing the first). */
export function isClaimConflict(error: unknown): boolean {
  return /UNIQUE constraint failed: form_claims\.key/.test(String(error));
}

async function readClaim(context: AppLoadContext, key: string) {
  const { formClaims } = schema;
  const [row] = await context.db
    .select({ kind: formClaims.kind, createdId: formClaims.createdId })
    .from(formClaims)
    .where(eq(formClaims.key, key))
    .limit(1);
  return row ?? null;
}

const missingKey: FormRefusal = { status: 400, formErrors: [FORM_KEY_TEXTS.missing] };

/**
 * Creates what the form asks for once per key: a claimed key is answered by
 * `again` with what the first post created; otherwise `create` runs with the
 * claim to write in its batch. A post whose create lost the race to another
 * post of the same key is answered by `again` too.
 */
export async function createOnce<Answer>(
  context: AppLoadContext,
  formKey: string | null,
  kind: ClaimKind,
  steps: {
    create: (claim: FormClaim) => Promise<Answer>;
    again: (createdId: string) => Answer | Promise<Answer>;
  },
): Promise<Answer | FormRefusal> {
  if (formKey === null) return missingKey;
  const answerClaimed = async () => {
    const claimed = await readClaim(context, formKey);
    if (!claimed) return null;
    // A key claimed by another kind of form was not made for this one.
    return claimed.kind === kind ? steps.again(claimed.createdId) : missingKey;
  };
  const first = await answerClaimed();
  if (first !== null) return first;
  try {
    const created = await steps.create({ key: formKey, kind });
    // Refused because another post of the same key created it meanwhile (its name is taken now): answered as that one.
    return isFormRefusal(created) ? ((await answerClaimed()) ?? created) : created;
  } catch (error) {
    if (!isClaimConflict(error)) throw error;
    const raced = await answerClaimed();
    if (raced === null) throw error;
    return raced;
  }
}

/** Deletes the claims older than FORM_CLAIM_KEEP_HOURS, at most `limit`: a statement for the retention's batch. */
export function pruneClaimsStatement(now: Date, limit: number): SQL {
  const cutoff = new Date(now.getTime() - FORM_CLAIM_KEEP_HOURS * 3_600_000).toISOString();
  return sql`DELETE FROM form_claims WHERE key IN (SELECT key FROM form_claims WHERE created_at < ${cutoff} LIMIT ${sql.raw(String(limit))})`;
}
