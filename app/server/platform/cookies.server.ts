/**
 * Cookie names and attributes in one place: HttpOnly, Secure, SameSite=Lax,
 * and the `__Host-` prefix whenever the site is served over https.
 */
import { createCookie, type Cookie } from "@remix-run/cloudflare";
import type { Config } from "./env.server";

export function cookieName(config: Config, base: string): string {
  return config.secureCookies ? `__Host-${base}` : base;
}

/** The cookies that make a page personal (a signed-in name, a toast), under either name. */
const PERSONAL_COOKIES = new Set(["hp_session", "hp_toast"].flatMap((base) => [base, `__Host-${base}`]));

/** The names of the cookies in a Cookie header. */
export function cookieNames(cookieHeader: string | null): string[] {
  if (!cookieHeader) return [];
  return cookieHeader.split(";").map((pair) => pair.split("=")[0]?.trim() ?? "");
}

/** Whether a Cookie header carries a session or a toast: such a page is never shared. */
export function carriesPersonalCookie(cookieHeader: string | null): boolean {
  return cookieNames(cookieHeader).some((name) => PERSONAL_COOKIES.has(name));
}

/**
 * A cookie's value, or null when it is missing or malformed: a cookie the
 * browser kept from elsewhere, or tampered with, is as good as none (Remix's
 * own parse throws on a value that is not base64).
 */
export async function readCookie(cookie: Cookie, cookieHeader: string | null): Promise<unknown> {
  try {
    return await cookie.parse(cookieHeader);
  } catch {
    return null;
  }
}

export function getCookies(config: Config) {
  const common = {
    httpOnly: true,
    secure: true,
    sameSite: "lax" as const,
    path: "/",
    secrets: [config.SESSION_SECRET],
  };
  const cookies = {
    // Flash cookie for toasts: read and cleared by the root loader.
    toast: createCookie(cookieName(config, "hp_toast"), { ...common, maxAge: 60 }),
    // The login: holds only a random id of an auth_sessions row; no Max-Age, so it ends with the browser session.
    login: createCookie(cookieName(config, "hp_session"), common),
    // The payment holds this browser made (payments/hold-cookie.server.ts): a little longer than a hold lasts.
    holds: createCookie(cookieName(config, "hp_holds"), { ...common, maxAge: 40 * 60 }),
    // The bookings just made in this browser (booking/confirmation.server.ts): /mina-bokningar shows them for a few hours.
    booked: createCookie(cookieName(config, "hp_booked"), { ...common, maxAge: 3 * 60 * 60 }),
  };
  return cookies;
}
