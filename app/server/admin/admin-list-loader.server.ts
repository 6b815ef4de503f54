/**
 * What every admin list loader does around its query: a failed read shows
 * the spec's 'Fel' / 'Kunde inte ladda pass' toast over an empty list rather
 * than an error page, and no admin page is ever cached.
 */
import { ADMIN_TEXTS } from "~/domain/admin-texts";
import type { ToastView } from "~/domain/toast";
import { noStoreHeaders } from "../public/cache.server";

export async function loadAdminList<T>(path: string, read: () => Promise<T[]>) {
  try {
    return { sessions: await read(), toast: null as ToastView | null, headers: noStoreHeaders };
  } catch (error) {
    console.error(`${path}: could not load sessions`, error);
    const toast: ToastView = { type: "error", title: ADMIN_TEXTS.errorTitle, description: ADMIN_TEXTS.loadSessionsFailed };
    return { sessions: [] as T[], toast, headers: noStoreHeaders };
  }
}
