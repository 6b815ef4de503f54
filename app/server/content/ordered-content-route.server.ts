/**
 * The loader and action of an admin page that keeps an ordered list of
 * content rows (/admin/team, /admin/preppa): the list, one form (a new row,
 * or `?rad=ID` to edit one), a confirmation step before a delete
 * (`?rad=ID&atgard=ta-bort`), and the posts: save, move up/down, delete.
 * Every call checks the admin role; every change purges the cached pages.
 */
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { parseRowId } from "~/domain/row-id";
import type { ToastView } from "~/domain/toast";
import type { Actor } from "../audit/audit-log.server";
import { requireAdmin } from "../auth/signed-in-user.server";
import { noStoreHeaders } from "../public/cache.server";
import { rowListAction } from "./row-buttons.server";
import { redirectWithToast } from "../platform/toast.server";
import type { DeleteOutcome, SaveOutcome } from "./content-admin.server";
import { newFormKey, type ClaimKind, type FormClaim } from "../forms/form-claim.server";

export type OrderedContentToasts = Record<
  "updated" | "unchanged" | "moved" | "deleted" | "notFound" | "failed" | "loadFailed",
  ToastView
> & { created: (name: string) => ToastView };

export interface OrderedContent<Row extends { id: number }, Schema extends z.ZodTypeAny, Defaults> {
  path: string;
  /** The anchor prefix of a row on the list (`#prefix-ID`). */
  anchor: string;
  toasts: OrderedContentToasts;
  load: (context: AppLoadContext) => Promise<Row[]>;
  /** What the list and the confirmation call a row. */
  label: (row: Row) => string;
  /** The row as the list shows it (ContentRowView without the id). */
  view: (row: Row) => { title: string; meta?: string | null; text?: string | null };
  /** The form's values for a row, and for a new one. */
  defaults: (row: Row) => Defaults;
  empty: Defaults;
  schema: Schema;
  /** What a new row is, for its form's one-time key (../forms/form-claim.server.ts). */
  kind: ClaimKind;
  /** What the added toast calls a new row, from the posted values. */
  nameOf: (values: z.output<Schema>) => string;
  create: (context: AppLoadContext, actor: Actor, values: z.output<Schema>, claim: FormClaim | null) => Promise<SaveOutcome>;
  update: (context: AppLoadContext, actor: Actor, id: number, values: z.output<Schema>) => Promise<SaveOutcome>;
  move: (context: AppLoadContext, actor: Actor, id: number, direction: "up" | "down") => Promise<"moved" | "at-end" | "not-found">;
  remove: (context: AppLoadContext, actor: Actor, id: number) => Promise<DeleteOutcome>;
}

export async function orderedContentLoader<Row extends { id: number }, Schema extends z.ZodTypeAny, Defaults>(
  { request, context }: LoaderFunctionArgs,
  content: OrderedContent<Row, Schema, Defaults>,
) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const rowId = parseRowId(url.searchParams.get("rad"));
  let rows: Row[] | null = null;
  let toast: ToastView | null = null;
  try {
    rows = await content.load(context);
  } catch (error) {
    console.error(`${content.path}: could not read the rows`, error);
    toast = content.toasts.loadFailed;
  }
  const chosen = rowId !== null && rows ? (rows.find((r) => r.id === rowId) ?? null) : null;
  if (rows && rowId !== null && !chosen) throw await redirectWithToast(context, content.path, content.toasts.notFound);
  const deleting = chosen !== null && url.searchParams.get("atgard") === "ta-bort";
  return data(
    {
      rows: rows?.map((row) => ({ id: row.id, ...content.view(row) })) ?? null,
      editing: chosen && !deleting ? { id: chosen.id, label: content.label(chosen) } : null,
      confirmDelete: deleting && chosen ? { id: chosen.id, label: content.label(chosen) } : null,
      defaults: chosen && !deleting ? content.defaults(chosen) : content.empty,
      createKey: newFormKey(),
      toast,
    },
    { headers: noStoreHeaders },
  );
}

export function orderedContentAction<Row extends { id: number }, Schema extends z.ZodTypeAny, Defaults>(
  args: ActionFunctionArgs,
  content: OrderedContent<Row, Schema, Defaults>,
) {
  const { path, toasts } = content;
  const listHref = (id: number) => `${path}#${content.anchor}-${id}`;
  return rowListAction(args, {
    schema: content.schema,
    rows: { path, listHref, toasts, move: content.move, remove: content.remove },
    buttons: { up: "up", down: "down", delete: "delete" },
    kind: content.kind,
    nameOf: content.nameOf,
    async store(context, actor, id, values, claim) {
      const outcome =
        id === null ? await content.create(context, actor, values, claim) : await content.update(context, actor, id, values);
      // Team members and checklist items have no unique name: nothing else can refuse them.
      return outcome.status === "duplicate" ? { status: "not-found" } : outcome;
    },
  });
}
