/**
 * /admin/passtyper ('Passtyper'): the session types that fill the start
 * page, the create form's chooser and Flurre's answers. The list in display
 * order (hide/show, move up/down, edit, delete), and one form: a new type, or
 * `?typ=ID` to edit one. Deleting asks first on `?typ=ID&atgard=ta-bort`.
 * Everything is a plain form post, so it works without JavaScript.
 *
 * Every loader and action call checks the admin role itself; every change
 * is audited in its batch and purges the cached public pages.
 */
import { parseRowId } from "~/domain/row-id";
import type { SubmissionResult } from "@conform-to/react";
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  DeleteConfirmation,
  NEW_TYPE_DEFAULTS,
  TypeForm,
  TypeList,
  listHref,
  type TypeFormDefaults,
  type TypeView,
} from "~/components/admin-session-types";
import { useFormKey } from "~/components/form-key-field";
import { Toaster } from "~/components/toaster";
import { SESSION_TYPE_TEXTS as T, SESSION_TYPE_TOASTS as TOASTS, SESSION_TYPES_PATH } from "~/domain/content-texts";
import {
  SESSION_TYPE_MESSAGES,
  SessionTypeSchema,
  sessionTypeFields,
} from "~/domain/schemas/session-type";
import type { Place } from "~/domain/places";
import { typeKind } from "~/domain/session-types";
import type { ToastView } from "~/domain/toast";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import {
  createSessionType,
  deleteSessionType,
  listSessionTypes,
  moveSessionType,
  setSessionTypeHidden,
  updateSessionType,
  type SessionTypeListed,
} from "~/server/content/session-types.server";
import { loadPlaces, selectableLocations } from "~/server/content/site-content.server";
import { noStoreHeaders } from "~/server/public/cache.server";
import { newFormKey } from "~/server/forms/form-claim.server";
import { rowListAction, type RowButtons, type RowStored } from "~/server/content/row-buttons.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import contentStyles from "~/styles/admin-content.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction = () => [{ title: `${T.heading} – Admin – Hundpass` }, { name: "robots", content: "noindex" }];



function typeView(row: SessionTypeListed): TypeView {
  const kind = typeKind(row.sessionType);
  return {
    id: row.id,
    name: row.name,
    inspiringText: row.inspiringText,
    imageUrl: row.imageUrl,
    kind,
    price: kind === "combined" ? null : row.price,
    maxParticipants: row.maxParticipants,
    hidden: row.hidden,
    sessionCount: row.sessionCount,
    bookingAsk: row.bookingAsk,
  };
}

function formDefaults(row: SessionTypeListed): TypeFormDefaults {
  const kind = typeKind(row.sessionType);
  return {
    name: row.name,
    description: row.description,
    inspiring_text: row.inspiringText,
    image_url: row.imageUrl ?? "",
    max_participants: String(row.maxParticipants),
    session_type: kind,
    price: kind === "combined" ? "" : String(row.price),
    app_order: row.appOrder === null ? "" : String(row.appOrder),
    hidden: row.hidden ? "on" : "",
    default_location: row.defaultLocation ?? "",
    booking_ask: row.bookingAsk ?? "",
    confirm_rename: "",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const typeId = parseRowId(url.searchParams.get("typ"));
  let types: SessionTypeListed[] | null = null;
  let places: Place[] = [];
  let toast: ToastView | null = null;
  try {
    [types, places] = await Promise.all([listSessionTypes(context), loadPlaces(context)]);
  } catch (error) {
    console.error("admin/passtyper: could not read the session types", error);
    toast = TOASTS.loadFailed;
  }
  const chosen = typeId !== null && types ? (types.find((t) => t.id === typeId) ?? null) : null;
  if (types && typeId !== null && !chosen) throw await redirectWithToast(context, SESSION_TYPES_PATH, TOASTS.notFound);
  const deleting = chosen !== null && url.searchParams.get("atgard") === "ta-bort";
  return data(
    {
      types: types?.map(typeView) ?? null,
      editing: chosen && !deleting ? { id: chosen.id, name: chosen.name, sessionCount: chosen.sessionCount } : null,
      confirmDelete: deleting && chosen ? { id: chosen.id, name: chosen.name, sessionCount: chosen.sessionCount } : null,
      defaults: chosen && !deleting ? formDefaults(chosen) : NEW_TYPE_DEFAULTS,
      // The places in use, and the one the edited type already has.
      locations: selectableLocations(places, chosen?.defaultLocation),
      createKey: newFormKey(),
      toast,
    },
    { headers: noStoreHeaders },
  );
}

/** The session type list's row buttons. */
const TYPE_ROWS: RowButtons = {
  path: SESSION_TYPES_PATH,
  listHref,
  toasts: TOASTS,
  setVisible: (context, actor, id, visible) => setSessionTypeHidden(context, actor, id, !visible),
  move: moveSessionType,
  remove: deleteSessionType,
};

export function action(args: ActionFunctionArgs) {
  return rowListAction(args, {
    schema: SessionTypeSchema,
    rows: TYPE_ROWS,
    buttons: { show: "show", hide: "hide", up: "up", down: "down", delete: "delete" },
    kind: "session-type",
    nameOf: (values) => values.name,
    async store(context, actor, id, values, claim): Promise<RowStored> {
      const fields = sessionTypeFields(values);
      const outcome =
        id === null
          ? await createSessionType(context, actor, fields, claim)
          : await updateSessionType(context, actor, id, fields, { renameConfirmed: values.confirm_rename === "on" });
      if (outcome.status === "duplicate-name") return { status: 400, fieldErrors: { name: [SESSION_TYPE_MESSAGES.duplicateName] } };
      if (outcome.status === "unknown-location") {
        return { status: 400, fieldErrors: { default_location: [SESSION_TYPE_MESSAGES.defaultLocation] } };
      }
      if (outcome.status === "rename-needs-confirmation") {
        return { status: 409, fieldErrors: { name: [T.renameNeedsConfirmation(outcome.loosened)] } };
      }
      return outcome;
    },
  });
}

type PageActionData = { result: SubmissionResult<string[]>; toast: ToastView | null };

export default function AdminSessionTypes() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PageActionData | undefined;
  // A new row's form is drawn anew for each one-time key: after an add the page
  // brings a fresh key and an empty form; a post sent back with errors keeps
  // its key, so the form keeps what was typed.
  const formKey = useFormKey(loaded.createKey);
  return (
    <section className="admin-page content-admin-page" aria-labelledby="types-heading">
      <Toaster page toast={actionData?.toast ?? loaded.toast} />
      <p className="admin-back">
        <Link to="/admin" className="back-link">
          ← {T.backToAdmin}
        </Link>
      </p>
      <h1 id="types-heading">{T.heading}</h1>
      <p>{T.intro}</p>
      {loaded.confirmDelete ? (
        <DeleteConfirmation type={loaded.confirmDelete} />
      ) : (
        <>
          {/* Editing: the form first. Otherwise the list, which staff use most, then the form for a new type. */}
          {loaded.editing ? null : loaded.types ? <TypeList types={loaded.types} /> : null}
          <TypeForm
            key={loaded.editing ? `typ-${loaded.editing.id}` : `ny-${formKey}`}
            editing={loaded.editing}
            defaults={loaded.defaults}
            locations={loaded.locations}
            createKey={loaded.createKey}
            lastResult={actionData?.result ?? null}
          />
          {loaded.editing && loaded.types ? <TypeList types={loaded.types} /> : null}
        </>
      )}
    </section>
  );
}
