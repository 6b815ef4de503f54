/**
 * Cookie names and attributes in one place: HttpOnly, Secure, SameSite=Lax,
 * and the `__Host-` prefix whenever the site is served over https.
 */
import { createCookie, type Cookie } from "@remix-run/cloudflare";
import type { Config } from "./env.server";

const cache = new WeakMap<Config, { toast: Cookie; session: Cookie }>();

export function cookieName(config: Config, base: string): string {
  return config.secureCookies ? `__Host-${base}` : base;
}

/** The cookies that make a page personal (a signed-in name, a toast), under either name. */
const PERSONAL_COOKIES = new Set(["hp_session", "hp_toast"].flatMap((base) => [base, `__Host-${base}`]));

/** Whether a Cookie header carries a session or a toast: such a page is never shared. */
export function carriesPersonalCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => PERSONAL_COOKIES.has(pair.split("=")[0]?.trim() ?? ""));
}

export function getCookies(config: Config) {
  const cached = cache.get(config);
  if (cached) return cached;
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
    // Holds only a random session id; no Max-Age, so it ends with the browser session.
    session: createCookie(cookieName(config, "hp_session"), common),
  };
  cache.set(config, cookies);
  return cookies;
}
