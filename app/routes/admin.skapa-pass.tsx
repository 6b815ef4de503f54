/**
 * /admin/skapa-pass: the create-session form. Choosing a session type fills
 * in its title, description, max participants, pass type, image and price
 * (then read-only but the title; a combined type leaves the price open) and
 * its default place. Without JavaScript the type chooser is a GET form
 * (?typ=ID) that reloads the page filled in; with it, the form fills in place
 * and a start time sets the end to an hour later. The server checks it all.
 *
 * 'Upprepa varje vecka' creates a weekly series: the dates are listed (live
 * with JavaScript; without it, after a first post that creates nothing) so
 * the admin can untick some, and only a post ticked on the list its own
 * values give creates anything.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type TypedResponse,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { FormErrors } from "~/components/form-errors";
import { SelectField } from "~/components/forms";
import { FormKeyField } from "~/components/form-key-field";
import { SessionFormFields } from "~/components/session-form-fields";
import { SeriesFields, type CreateFormShape } from "~/components/session-series-fields";
import { Toaster } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import { ADMIN_TEXTS, CREATE_SESSION_TEXTS as T } from "~/domain/admin-texts";
import { SESSION_DEFAULTS } from "~/domain/constants";
import { CreateSessionFormSchema, type CreateSessionFormValues } from "~/domain/schemas/session-series";
import { SERIES_DEFAULT_COUNT, SERIES_TEXTS, seriesFingerprint } from "~/domain/series";
import { prefillFromType, type PopupType, type TypePrefill } from "~/domain/session-types";
import type { ToastView } from "~/domain/toast";
import {
  countSeriesSessions,
  createSeriesFromForm,
  createSessionFromForm,
  listSessionTypes,
} from "~/server/admin/create-session.server";
import { loadSelectableLocations } from "~/server/content/site-content.server";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { handleForm, withSchema, type FormRefusal } from "~/server/forms/form-action.server";
import { createOnce, newFormKey, withFormKey } from "~/server/forms/form-claim.server";
import { noStoreHeaders } from "~/server/public/cache.server";
import { redirectWithToast } from "~/server/platform/toast.server";

export const meta: MetaFunction = () => [{ title: `${T.heading} – Admin – Hundpass` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const chosen = new URL(request.url).searchParams.get("typ");
  let types: PopupType[] = [];
  let locations: string[] = [];
  let toast: ToastView | null = null;
  try {
    [types, locations] = await Promise.all([
      listSessionTypes(context),
      loadSelectableLocations(context),
    ]);
  } catch (error) {
    console.error("/admin/skapa-pass: could not load session types", error);
    toast = { type: "error", title: ADMIN_TEXTS.errorTitle, description: ADMIN_TEXTS.loadTypesFailed };
  }
  const typeId = types.some((t) => t.id === chosen) ? chosen : null;
  return data({ types, typeId, locations, toast, createKey: newFormKey() }, { headers: noStoreHeaders });
}

/** What a create post answers: to the list with a toast, or the form again. */
type Created = TypedResponse<never> | FormRefusal;

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const admin = await requireAdmin(context, request);
  const parse = withFormKey(withSchema(CreateSessionFormSchema));
  return handleForm<ReturnType<typeof parse>>(args, {
    // Behind the admin sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse,
    async run(values, { formKey }) {
      const created = (description: string) =>
        redirectWithToast(context, "/admin/lediga-pass", { type: "success", title: T.successTitle, description });
      if (values.repeat_weekly && values.repeat_count !== undefined) {
        const count = values.repeat_count;
        // Only a post ticked on the list these very values give may create the series.
        const fingerprint = seriesFingerprint(values.start_date, values.start_time, values.end_time, count);
        if (values.series_fingerprint !== fingerprint) {
          const message = values.series_fingerprint ? SERIES_TEXTS.datesChanged : SERIES_TEXTS.checkDates;
          return { fieldErrors: { series_dates: [message] }, status: 400 };
        }
        // A repeated post of the form that created the series answers as that post did.
        return createOnce<Created>(context, formKey, "session-series", {
          async create(claim) {
            const dates = values.series_dates ?? [];
            const outcome = await createSeriesFromForm(context, admin, values, { count, dates }, new Date(), claim);
            switch (outcome.status) {
              case "created":
                return created(SERIES_TEXTS.successDescription(outcome.ids.length));
              case "invalid":
                return { fieldErrors: outcome.fieldErrors, status: 400 };
              case "error":
                return { status: 500, toast: { type: "error", title: ADMIN_TEXTS.errorTitle, description: T.failed } };
            }
          },
          again: async (seriesId) => created(SERIES_TEXTS.successDescription(await countSeriesSessions(context, seriesId))),
        });
      }
      return createOnce<Created>(context, formKey, "session", {
        async create(claim) {
          const outcome = await createSessionFromForm(context, admin, values, new Date(), claim);
          switch (outcome.status) {
            case "created":
              return created(T.successDescription);
            case "invalid":
              return { fieldErrors: outcome.fieldErrors, status: 400 };
            case "error":
              return { status: 500, toast: { type: "error", title: ADMIN_TEXTS.errorTitle, description: T.failed } };
          }
        },
        again: () => created(T.successDescription),
      });
    },
  });
}

export default function CreateSession() {
  const { types, typeId, locations, toast, createKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="admin-page">
      <Toaster page toast={actionData?.toast ?? toast} />
      <p className="admin-back">
        <Link to="/admin" className="back-link">
          ← {ADMIN_TEXTS.backToAdmin}
        </Link>
      </p>
      <h1>{T.heading}</h1>
      {/* A new ?typ= from the GET chooser starts the form afresh from that type. */}
      <CreateSessionForm
        key={typeId ?? ""}
        types={types}
        locations={locations}
        initialTypeId={typeId ?? ""}
        createKey={createKey}
      />
    </div>
  );
}

/** The form's values for a type (or none), as the inputs hold them. */
function formDefaults(typeId: string, prefill: TypePrefill | null): CreateFormShape {
  return {
    repeat_count: String(SERIES_DEFAULT_COUNT),
    popup_type_id: typeId,
    title: prefill?.title ?? "",
    description: prefill?.description ?? "",
    location: prefill?.location ?? "",
    start_date: "",
    start_time: "",
    end_time: "",
    max_participants: String(prefill?.maxParticipants ?? SESSION_DEFAULTS.maxParticipants),
    price_sek: String(prefill?.priceSek ?? SESSION_DEFAULTS.priceSek),
    pass_type: prefill?.passType ?? SESSION_DEFAULTS.passType,
    image_url: prefill?.imageUrl ?? "",
  };
}

function CreateSessionForm({
  types,
  locations,
  initialTypeId,
  createKey,
}: {
  types: PopupType[];
  locations: string[];
  initialTypeId: string;
  /** The one-time key of this form as drawn (~/domain/form-key). */
  createKey: string;
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [typeId, setTypeId] = useState(initialTypeId);
  const type = types.find((t) => t.id === typeId);
  const prefill = type ? prefillFromType(type) : null;
  const [form, fields] = useForm<CreateFormShape, CreateSessionFormValues>({
    id: "create-session-form",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    defaultValue: formDefaults(typeId, prefill),
    constraint: getZodConstraint(CreateSessionFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateSessionFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";

  /** With JavaScript: fill the form from the chosen type at once, keeping what the type leaves open. */
  function chooseType(id: string) {
    setTypeId(id);
    const chosen = types.find((t) => t.id === id);
    if (!chosen) return;
    const next = prefillFromType(chosen);
    const values = formDefaults(id, next);
    const names = ["title", "description", "max_participants", "pass_type", "image_url"] as const;
    for (const name of names) form.update({ name, value: values[name] });
    if (next.priceSek !== null) form.update({ name: "price_sek", value: values.price_sek });
    if (next.location) form.update({ name: "location", value: next.location });
  }

  const chooserId = "session-type-chooser";
  return (
    <>
      <Form method="get" className="type-chooser">
        <SelectField
          label={T.typeLabel}
          errors={fields.popup_type_id.errors}
          selectProps={{
            id: chooserId,
            name: "typ",
            value: typeId,
            onChange: (event) => chooseType(event.currentTarget.value),
          }}
        >
          <option value="">{T.noType}</option>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
        {hydrated ? null : (
          <button type="submit" className="button secondary">
            {T.chooseType}
          </button>
        )}
      </Form>

      <Form method="post" {...getFormProps(form)} className="admin-form">
        <FormErrors errors={form.errors} />
        <input type="hidden" name="popup_type_id" value={typeId} />
        <FormKeyField drawnKey={createKey} />
        <SessionFormFields
          form={form}
          fields={fields}
          locations={locations}
          locked={prefill ? { passType: prefill.passType, priceSek: prefill.priceSek } : null}
        />
        <SeriesFields fields={fields} values={form.value} />
        <button type="submit" className="primary admin-submit" disabled={submitting}>
          {submitting ? T.submitting : T.submit}
        </button>
      </Form>
    </>
  );
}
