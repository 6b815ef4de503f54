/**
 * The statements erasure and retention share: anonymizing bookings (the
 * row stays for the business's accounts) and remembering a deleted
 * subscription's address as a hash only.
 */
import { ANONYMIZED_NAME, suppressionInput } from "~/domain/privacy";
import type { SqlCondition } from "../db/client.server";
import { sha256Hex } from "../platform/crypto.server";

/**
 * The booking keeps its session snapshot, price, status, variant, meeting
 * type and dates; name, address, phone, dog and notes go. The e-mail becomes
 * one per booking (the one-active-booking-per-address index stays happy).
 * `where` uses anonymous `?` parameters only (the statement's own comes first).
 */
export function anonymizeBookingsStatement(db: D1Database, where: SqlCondition, nowIso: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE bookings SET user_name = '${ANONYMIZED_NAME}', user_email = 'raderad-' || id || '@anonym.invalid',
         user_phone = '', dog_name = '${ANONYMIZED_NAME}', dog_breed = NULL, dog_age = NULL, special_notes = NULL,
         home_address = NULL, anonymized_at = ?
       WHERE anonymized_at IS NULL AND ${where.sql}`,
    )
    .bind(nowIso, ...where.params);
}

/** The hash a deleted subscription leaves behind (SHA-256 hex). */
export function suppressionHash(email: string): Promise<string> {
  return sha256Hex(suppressionInput(email));
}

/** Remembers the hash (once; the first reason stays), only while `condition` (anonymous `?` only) holds. */
export function suppressStatement(
  db: D1Database,
  hash: string,
  reason: "unsubscribed" | "erased",
  condition: SqlCondition,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO newsletter_suppressions (email_hash, reason) SELECT ?, ? WHERE ${condition.sql}
       ON CONFLICT (email_hash) DO NOTHING`,
    )
    .bind(hash, reason, ...condition.params);
}
