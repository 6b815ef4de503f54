/**
 * The loader of every admin session list: the admin check, the list's page
 * (`?sida=`, one D1 round trip), and around it what every list does: a
 * failed read shows the spec's 'Fel' / 'Kunde inte ladda pass' toast over
 * an empty list rather than an error page, and no admin page is ever cached.
 */
import { data, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_TEXTS } from "~/domain/admin-texts";
import type { ToastView } from "~/domain/toast";
import { requireAdmin } from "../auth/signed-in-user.server";
import { noStoreHeaders } from "../public/cache.server";
import type { ListPage } from "./paging.server";

/** ?sida=N: a whole number from 1, anything else the first page. */
export function requestedPage(url: URL): number {
  const value = url.searchParams.get("sida");
  const page = value !== null && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
}

/** A list route's loader: `export const loader = adminListLoader("/admin/lediga-pass", listAvailableSessions);` */
export function adminListLoader<T>(
  path: string,
  list: (context: AppLoadContext, now: Date, page: number) => Promise<ListPage<T>>,
) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    await requireAdmin(context, request);
    const page = requestedPage(new URL(request.url));
    try {
      const found = await list(context, new Date(), page);
      return data({ ...found, toast: null as ToastView | null }, { headers: noStoreHeaders });
    } catch (error) {
      console.error(`${path}: could not load sessions`, error);
      const toast: ToastView = { type: "error", title: ADMIN_TEXTS.errorTitle, description: ADMIN_TEXTS.loadSessionsFailed };
      const empty: ListPage<T> = { sessions: [], total: 0, page: 1, pageCount: 1 };
      return data({ ...empty, toast }, { headers: noStoreHeaders });
    }
  };
}
