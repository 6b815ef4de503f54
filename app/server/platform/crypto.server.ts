/** Small Web Crypto helpers: random tokens and hashes for storing them. */

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Base64url without padding, written out by table: every request makes a
 * nonce, and going through a binary string, btoa and three replacements cost
 * as much as serving a cached page's other steps together.
 */
export function toBase64Url(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += BASE64URL[(n >> 18) & 63]! + BASE64URL[(n >> 12) & 63]! + BASE64URL[(n >> 6) & 63]! + BASE64URL[n & 63]!;
  }
  if (i < bytes.length) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8);
    out += BASE64URL[(n >> 18) & 63]! + BASE64URL[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) out += BASE64URL[(n >> 6) & 63]!;
  }
  return out;
}

/** A URL-safe random token; 32 bytes = 256 bits unless told otherwise. */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** Bytes as lower-case hex. */
function toHex(buffer: ArrayBuffer): string {
  let out = "";
  for (const byte of new Uint8Array(buffer)) out += HEX[byte]!;
  return out;
}

export async function sha256Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
}

/** At most this many HMAC keys are kept imported (they come from the env: a handful). */
const MAX_HMAC_KEYS = 16;
const hmacKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The HMAC-SHA-256 signing key for `secret`, imported once per isolate:
 * importKey costs more than the signature itself, and a booking signs
 * several values (its form stamp, its rate-limit slots).
 */
export function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    if (hmacKeys.size >= MAX_HMAC_KEYS) hmacKeys.clear();
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    // A failed import is not kept: the next call tries again.
    key.catch(() => hmacKeys.delete(secret));
    hmacKeys.set(secret, key);
  }
  return key;
}

/** HMAC-SHA-256 of `value` under `secret`: the raw signature. */
export async function hmacSha256(secret: string, value: string): Promise<ArrayBuffer> {
  return crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(value));
}

/** HMAC-SHA-256 of `value` under `secret`, in hex: a keyed hash nobody without the secret can recompute. */
export async function hmacSha256Hex(secret: string, value: string): Promise<string> {
  return toHex(await hmacSha256(secret, value));
}

/** Compares two strings in time that depends only on their length. */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
