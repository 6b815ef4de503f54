/**
 * Toasts travel in a signed flash cookie so they show after a redirect even
 * without JavaScript. The root loader reads and clears it.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { cookieNames, getCookies, readCookie } from "./cookies.server";

const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
  durationMs: z.number().int().min(1_000).max(30_000).optional(),
});

export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

export async function toastCookieHeader(context: AppLoadContext, toast: ToastInput) {
  return getCookies(context.config).toast.serialize(ToastSchema.parse(toast));
}

export async function redirectWithToast(
  context: AppLoadContext,
  url: string,
  toast: ToastInput,
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookieHeader(context, toast));
  return redirect(url, { ...init, headers });
}

/** Returns the pending toast (if any) and the header that clears it. */
export async function readToast(context: AppLoadContext, request: Request) {
  const cookie = getCookies(context.config).toast;
  const raw = await readCookie(cookie, request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(raw);
  const toast = parsed.success ? parsed.data : null;
  // A malformed toast cookie reads as none, and is cleared too.
  const sent = raw != null || cookieNames(request.headers.get("Cookie")).includes(cookie.name);
  const clearHeader = sent ? await cookie.serialize("", { maxAge: 0 }) : null;
  return { toast, clearHeader };
}
