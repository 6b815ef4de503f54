/**
 * Staff passwords: PBKDF2 through Web Crypto with a per-user random salt,
 * stored as one self-describing string
 *
 *   pbkdf2-sha512$<iterations>$<salt, base64url>$<hash, base64url>
 *
 * so the parameters can be raised later without breaking stored hashes
 * (verifyPassword reports `needsRehash`).
 *
 * Cloudflare's production runtime refuses PBKDF2 above 100 000 iterations
 * (local workerd does not enforce that cap, so tests would not notice), hence
 * SHA-512 at the cap rather than e.g. 310 000 × SHA-256: it costs an
 * attacker's GPUs about what ~290 000 SHA-256 iterations would (OWASP rates
 * 210 000 × SHA-512 like 600 000 × SHA-256).
 */
import { timingSafeEqual, toBase64Url } from "../platform/crypto.server";

type Hash = "SHA-256" | "SHA-512";

export const PASSWORD_HASH_PARAMS = { hash: "SHA-512" as Hash, iterations: 100_000, saltBytes: 16, keyBits: 256 };

/** The runtime refuses more; a stored string asking for more is treated as corrupt, never run. */
const MAX_ITERATIONS = 100_000;
const MIN_ITERATIONS = 10_000;
/** Salt for the stand-in derivation that equalizes timing for unknown users. */
const DUMMY_SALT = new Uint8Array(PASSWORD_HASH_PARAMS.saltBytes).fill(7);

const SCHEMES: Record<string, Hash> = { "pbkdf2-sha256": "SHA-256", "pbkdf2-sha512": "SHA-512" };
const SCHEME_OF: Record<Hash, string> = { "SHA-256": "pbkdf2-sha256", "SHA-512": "pbkdf2-sha512" };

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, hash: Hash, iterations: number, bits: number) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const derived = await crypto.subtle.deriveBits({ name: "PBKDF2", hash, salt, iterations }, key, bits);
  return toBase64Url(new Uint8Array(derived));
}

export async function hashPassword(password: string): Promise<string> {
  const { hash, iterations, saltBytes, keyBits } = PASSWORD_HASH_PARAMS;
  const salt = crypto.getRandomValues(new Uint8Array(saltBytes));
  const derived = await derive(password, salt, hash, iterations, keyBits);
  return `${SCHEME_OF[hash]}$${iterations}$${toBase64Url(salt)}$${derived}`;
}

interface ParsedHash {
  hash: Hash;
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  expected: string;
  bits: number;
}

function parseStored(stored: string): ParsedHash | null {
  const [scheme, iterText, saltText, expected, ...rest] = stored.split("$");
  const hash = scheme ? SCHEMES[scheme] : undefined;
  if (!hash || !iterText || !saltText || !expected || rest.length) return null;
  const iterations = Number(iterText);
  if (!Number.isInteger(iterations) || iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) return null;
  const salt = fromBase64Url(saltText);
  const expectedBytes = fromBase64Url(expected);
  if (!salt || salt.length < 8 || !expectedBytes || expectedBytes.length < 16) return null;
  return { hash, iterations, salt, expected, bits: expectedBytes.length * 8 };
}

export interface PasswordCheck {
  ok: boolean;
  /** The stored string uses weaker parameters than today's: store a fresh hash. */
  needsRehash: boolean;
}

/**
 * Checks a password against a stored string. Without a usable stored string
 * (unknown user, no password set) it still runs one full derivation, so the
 * answer takes the same time whether or not the account exists.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<PasswordCheck> {
  const parsed = stored ? parseStored(stored) : null;
  if (!parsed) {
    const { hash, iterations, keyBits } = PASSWORD_HASH_PARAMS;
    await derive(password, DUMMY_SALT, hash, iterations, keyBits);
    return { ok: false, needsRehash: false };
  }
  const actual = await derive(password, parsed.salt, parsed.hash, parsed.iterations, parsed.bits);
  const ok = timingSafeEqual(actual, parsed.expected);
  const needsRehash =
    ok &&
    (parsed.hash !== PASSWORD_HASH_PARAMS.hash ||
      parsed.iterations < PASSWORD_HASH_PARAMS.iterations ||
      parsed.salt.length < PASSWORD_HASH_PARAMS.saltBytes);
  return { ok, needsRehash };
}
