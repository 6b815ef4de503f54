/**
 * The actions of staff's content lists (session types, places, team,
 * preparation list): the row form (a new row, or an edit with its id) and
 * the row buttons (show or hide, move up or down, delete). One flow for
 * every list: the admin check, the form's parse, then the save the list
 * hands in, or the button's change (audited by the list's own module), the
 * cached public pages purged when something changed, and back to the row
 * (or to the list) with the change's toast. A failure is logged and said
 * as the list's "failed" toast.
 */
import type { ActionFunctionArgs, AppLoadContext, TypedResponse } from "@remix-run/cloudflare";
import { z } from "zod";
import { parseRowId } from "~/domain/row-id";
import type { ToastView } from "~/domain/toast";
import type { Actor } from "../audit/audit-log.server";
import { requireAdmin } from "../auth/signed-in-user.server";
import { handleForm, withIntents, type FormRefusal } from "../forms/form-action.server";
import { createOnce, isClaimConflict, withFormKey, type ClaimKind, type FormClaim } from "../forms/form-claim.server";
import { redirectWithToast } from "../platform/toast.server";
import { purgePublicPages } from "../public/page-cache.server";

export type RowButton = "show" | "hide" | "up" | "down" | "delete";

export interface RowButtons {
  path: string;
  /** The list at one row (its anchor). */
  listHref: (id: number) => string;
  toasts: Record<"notFound" | "failed" | "moved" | "unchanged" | "deleted" | "updated", ToastView> & {
    /** After adding a row: names it, so staff see which one went in. */
    created: (name: string) => ToastView;
    /** Lists whose rows can be hidden: what showing and hiding say. */
    shown?: ToastView;
    hidden?: ToastView;
    /** Lists whose rows sessions name: why one cannot be deleted (otherwise such a row is "not found"). */
    inUse?: ToastView;
  };
  setVisible?: (context: AppLoadContext, actor: Actor, id: number, visible: boolean) => Promise<"done" | "not-found">;
  move: (context: AppLoadContext, actor: Actor, id: number, direction: "up" | "down") => Promise<"moved" | "at-end" | "not-found">;
  remove: (context: AppLoadContext, actor: Actor, id: number) => Promise<{ status: "deleted" | "in-use" | "not-found" }>;
}

export async function pressRowButton(
  { request, context }: { request: Request; context: AppLoadContext },
  actor: Actor,
  rows: RowButtons,
  button: RowButton,
  id: number,
): Promise<TypedResponse<never>> {
  const { toasts } = rows;
  const back = (to: string, toast: ToastView) => redirectWithToast(context, to, toast);
  try {
    switch (button) {
      case "show":
      case "hide": {
        const outcome = rows.setVisible ? await rows.setVisible(context, actor, id, button === "show") : "not-found";
        if (outcome === "not-found") return back(rows.path, toasts.notFound);
        await purgePublicPages(request);
        return back(rows.listHref(id), (button === "show" ? toasts.shown : toasts.hidden) ?? toasts.unchanged);
      }
      case "up":
      case "down": {
        const outcome = await rows.move(context, actor, id, button);
        if (outcome === "not-found") return back(rows.path, toasts.notFound);
        if (outcome === "moved") await purgePublicPages(request);
        return back(rows.listHref(id), outcome === "moved" ? toasts.moved : toasts.unchanged);
      }
      case "delete": {
        const outcome = await rows.remove(context, actor, id);
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

/**
 * Stores a row form's values, new (`id` null, with the form's claim to write
 * in the insert's batch) or an edit.
 */
export type StoreRow<Values> = (
  context: AppLoadContext,
  actor: Actor,
  id: number | null,
  values: Values,
  claim: FormClaim | null,
) => Promise<RowStored>;

/** What storing a row form did; a refusal of the list's own (a duplicate name) comes back as form errors. */
export type RowStored = { status: "saved" | "unchanged"; id: number } | { status: "not-found" } | FormRefusal;

/**
 * A content list's action. `buttons` names the list's row buttons as its
 * forms post them (e.g. a place's "activate" is its show); `store` stores
 * the row form's values, new (`id` null) or an edit: saved, the public
 * pages are purged and the list opens at the row. A new row is created once
 * per form drawn (its one-time key, claimed as `kind`): a repeated post
 * opens the list at the row the first one created.
 */
export async function rowListAction<Schema extends z.ZodTypeAny>(
  args: ActionFunctionArgs,
  list: {
    schema: Schema;
    rows: RowButtons;
    buttons: Record<string, RowButton>;
    /** What a new row is, for its form's claim. */
    kind: ClaimKind;
    /** What the added toast calls a row (its name or title as posted). */
    nameOf: (row: z.output<Schema>) => string;
    store: StoreRow<z.output<Schema>>;
  },
) {
  const { request, context } = args;
  const user = await requireAdmin(context, request);
  const actor: Actor = { userId: user.userId, email: user.email };
  const notFound = () => redirectWithToast(context, list.rows.path, list.rows.toasts.notFound);
  const RowId = z.object({ id: z.string() });
  const parse = withFormKey(
    withIntents({
      save: z.intersection(list.schema, z.object({ id: z.string().optional() })),
      ...Object.fromEntries(Object.keys(list.buttons).map((intent) => [intent, RowId])),
    }),
  );
  return handleForm<ReturnType<typeof parse>>(args, {
    // Behind the admin sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse,
    // The row form shows its errors; a row button that does not parse has nothing to show.
    invalid: (_submission, { intent }) => (intent === "save" ? { toast: null } : notFound()),
    async run(parsed, { formKey }) {
      // The row schema is the list's own (a type parameter here), so its value is spelled out.
      const values = parsed as { intent: string; id?: string } & Record<string, unknown>;
      const id = values.id === undefined ? null : parseRowId(values.id);
      if (values.id !== undefined && id === null) return notFound();
      if (values.intent === "save") {
        const { intent: _intent, id: _id, ...fields } = values;
        const row = fields as z.output<Schema>;
        if (id !== null) return saveRow(args, actor, list, id, row, null);
        const created = list.rows.toasts.created(list.nameOf(row));
        return createOnce<TypedResponse<never> | FormRefusal>(context, formKey, list.kind, {
          create: (claim) => saveRow(args, actor, list, null, row, claim, created),
          again: (createdId) => redirectWithToast(context, list.rows.listHref(Number(createdId)), created),
        });
      }
      const button = list.buttons[values.intent];
      return id === null || !button ? notFound() : pressRowButton(args, actor, list.rows, button, id);
    },
  });
}

async function saveRow<Schema extends z.ZodTypeAny>(
  { request, context }: ActionFunctionArgs,
  actor: Actor,
  { rows, store }: { rows: RowButtons; store: StoreRow<z.output<Schema>> },
  id: number | null,
  values: z.output<Schema>,
  claim: FormClaim | null,
  /** The toast of a new row (`id` null), naming it. */
  created: ToastView | null = null,
): Promise<TypedResponse<never> | FormRefusal> {
  const { toasts } = rows;
  try {
    const outcome = await store(context, actor, id, values, claim);
    if (typeof outcome.status === "number") return outcome as FormRefusal;
    if (outcome.status === "not-found" || !("id" in outcome)) return redirectWithToast(context, rows.path, toasts.notFound);
    if (outcome.status === "unchanged") return redirectWithToast(context, rows.listHref(outcome.id), toasts.unchanged);
    await purgePublicPages(request);
    return redirectWithToast(context, rows.listHref(outcome.id), id === null && created ? created : toasts.updated);
  } catch (error) {
    // Another post of the same new row's form got there first: answered as that one was.
    if (isClaimConflict(error)) throw error;
    console.error(`${rows.path}: could not save a row`, error);
    return { status: 500, toast: toasts.failed };
  }
}
