/**
 * The row buttons of staff's content lists (session types, places, team,
 * preparation list): show or hide, move up or down, delete. One flow for
 * every list: the change (audited by the list's own module), the cached
 * public pages purged when something changed, then back to the row (or to
 * the list) with the change's toast. A failure is logged and said as the
 * list's "failed" toast.
 */
import type { AppLoadContext, TypedResponse } from "@remix-run/cloudflare";
import type { ToastView } from "~/domain/toast";
import type { Actor } from "../audit/audit-log.server";
import type { Env } from "../platform/env.server";
import { redirectWithToast } from "../platform/toast.server";
import { purgePublicPages } from "../public/page-cache.server";

export type RowButton = "show" | "hide" | "up" | "down" | "delete";

type Rows = Pick<Env, "DB">;

export interface RowButtons {
  path: string;
  /** The list at one row (its anchor). */
  listHref: (id: number) => string;
  toasts: Record<"notFound" | "failed" | "moved" | "unchanged" | "deleted", ToastView> & {
    /** Lists whose rows can be hidden: what showing and hiding say. */
    shown?: ToastView;
    hidden?: ToastView;
    /** Lists whose rows sessions name: why one cannot be deleted (otherwise such a row is "not found"). */
    inUse?: ToastView;
  };
  setVisible?: (env: Rows, actor: Actor, id: number, visible: boolean) => Promise<"done" | "not-found">;
  move: (env: Rows, actor: Actor, id: number, direction: "up" | "down") => Promise<"moved" | "at-end" | "not-found">;
  remove: (env: Rows, actor: Actor, id: number) => Promise<{ status: "deleted" | "in-use" | "not-found" }>;
}

export async function pressRowButton(
  { request, context }: { request: Request; context: AppLoadContext },
  actor: Actor,
  rows: RowButtons,
  button: RowButton,
  id: number,
): Promise<TypedResponse<never>> {
  const env = context.cloudflare.env;
  const { toasts } = rows;
  const back = (to: string, toast: ToastView) => redirectWithToast(context, to, toast);
  try {
    switch (button) {
      case "show":
      case "hide": {
        const outcome = rows.setVisible ? await rows.setVisible(env, actor, id, button === "show") : "not-found";
        if (outcome === "not-found") return back(rows.path, toasts.notFound);
        await purgePublicPages(request);
        return back(rows.listHref(id), (button === "show" ? toasts.shown : toasts.hidden) ?? toasts.unchanged);
      }
      case "up":
      case "down": {
        const outcome = await rows.move(env, actor, id, button);
        if (outcome === "not-found") return back(rows.path, toasts.notFound);
        if (outcome === "moved") await purgePublicPages(request);
        return back(rows.listHref(id), outcome === "moved" ? toasts.moved : toasts.unchanged);
      }
      case "delete": {
        const outcome = await rows.remove(env, actor, id);
        if (outcome.status === "deleted") {
          await purgePublicPages(request);
          return back(rows.path, toasts.deleted);
        }
        if (outcome.status === "in-use" && toasts.inUse) return back(rows.listHref(id), toasts.inUse);
        return back(rows.path, toasts.notFound);
      }
    }
  } catch (error) {
    console.error(`${rows.path}: could not ${button} row ${id}`, error);
    return back(rows.path, toasts.failed);
  }
}
