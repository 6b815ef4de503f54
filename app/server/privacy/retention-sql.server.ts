/**
 * The statements erasure and retention share: anonymizing bookings (the
 * row stays for the business's accounts) and remembering a deleted
 * subscription's address as a hash only.
 */
import { ANONYMIZED_NAME, suppressionInput } from "~/domain/privacy";
import { sql, type SQL } from "drizzle-orm";
import { sha256Hex } from "../platform/crypto.server";

/**
 * The booking keeps its session snapshot, price, status, variant, meeting
 * type and dates; name, address, phone, dog and notes go. The e-mail becomes
 * one per booking (the one-active-booking-per-address index stays happy).
 */
export function anonymizeBookingsStatement(where: SQL, nowIso: string): SQL {
  return sql`UPDATE bookings SET user_name = ${sql.raw(`'${ANONYMIZED_NAME}'`)}, user_email = 'raderad-' || id || '@anonym.invalid',
         user_phone = '', dog_name = ${sql.raw(`'${ANONYMIZED_NAME}'`)}, dog_breed = NULL, dog_age = NULL, special_notes = NULL,
         home_address = NULL, anonymized_at = ${nowIso}
       WHERE anonymized_at IS NULL AND ${where}`;
}

/** The hash a deleted subscription leaves behind (SHA-256 hex). */
export function suppressionHash(email: string): Promise<string> {
  return sha256Hex(suppressionInput(email));
}

/** Remembers the hash (once; the first reason stays), only while `condition` holds. */
export function suppressStatement(hash: string, reason: "unsubscribed" | "erased", condition: SQL): SQL {
  return sql`INSERT INTO newsletter_suppressions (email_hash, reason) SELECT ${hash}, ${reason} WHERE ${condition}
       ON CONFLICT (email_hash) DO NOTHING`;
}
