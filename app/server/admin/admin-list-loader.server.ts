/**
 * The loader of every admin session list: the admin check, the list's one
 * query, and around it what every list does: a failed read shows the spec's
 * 'Fel' / 'Kunde inte ladda pass' toast over an empty list rather than an
 * error page, and no admin page is ever cached.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_TEXTS } from "~/domain/admin-texts";
import type { ToastView } from "~/domain/toast";
import { requireAdmin } from "../auth/session-user.server";
import type { Env } from "../env.server";
import { noStoreHeaders } from "../public/cache.server";

async function loadAdminList<T>(path: string, read: () => Promise<T[]>) {
  try {
    return { sessions: await read(), toast: null as ToastView | null, headers: noStoreHeaders };
  } catch (error) {
    console.error(`${path}: could not load sessions`, error);
    const toast: ToastView = { type: "error", title: ADMIN_TEXTS.errorTitle, description: ADMIN_TEXTS.loadSessionsFailed };
    return { sessions: [] as T[], toast, headers: noStoreHeaders };
  }
}

/** A list route's loader: `export const loader = adminListLoader("/admin/lediga-pass", listAvailableSessions);` */
export function adminListLoader<T>(path: string, list: (env: Pick<Env, "DB">, now: Date) => Promise<T[]>) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    await requireAdmin(context, request);
    const { sessions, toast, headers } = await loadAdminList(path, () => list(context.cloudflare.env, new Date()));
    return data({ sessions, toast }, { headers });
  };
}
