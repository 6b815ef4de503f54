/**
 * /session/{id}: one session's details and the binding booking form.
 * Works as a plain HTML form without JavaScript; with it, fields validate as
 * you type, contact details are remembered, and the submit button waits for
 * the terms. Seats are taken through the session's Durable Object.
 */
import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
// Conform's own coercion, applied once per schema (see parseBookingForm); pinned with @conform-to/zod.
import { getZodConstraint, parseWithZod, unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { AskFlurre } from "~/components/ask-flurre";
import { CheckboxField, ErrorList, Field, HoneypotFields, SelectField, TextareaField } from "~/components/forms";
import { Toaster, type ToastView } from "~/components/toaster";
import { isUpcoming, publicAvailability, seatsLeft } from "~/domain/availability";
import { BOOKING_TEXTS } from "~/domain/booking-texts";
import { DEFAULT_SESSION_IMAGE, PRIVAT_PROFFS_VARIANTS } from "~/domain/constants";
import { displayPriceSek, formatKr } from "~/domain/price";
import {
  bookingRulesForTitle,
  BOOKING_MESSAGES,
  createBookingSchema,
  MEETING_TYPES,
  type BookingRules,
} from "~/domain/schemas/booking";
import { MESSAGES } from "~/domain/schemas/common";
import { sessionQuestion } from "~/domain/session-question";
import { sessionImageUrl } from "~/domain/session-types";
import { formatDayHeading, formatSessionDate, formatTimeRange, stockholmDayKey } from "~/domain/time";
import { decodeSessionSnapshot, encodeSessionSnapshot } from "~/domain/session-snapshot";
import { bookSession } from "~/server/booking/book-session.server";
import { bookingAttemptSlot } from "~/server/booking/booking-rate-limit.server";
import { loadSessionPage, parseSessionId } from "~/server/booking/session-read.server";
import { formRenderedAt } from "~/server/bot-check.server";
import { handleForm } from "~/server/form-action.server";
import { RATE_LIMIT_MESSAGE } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";
import bookingStylesHref from "~/styles/booking.css?url";
import { purgeSeatLists } from "~/server/public/page-cache.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStylesHref }];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Pass – Hundpass" }];
  const { session } = data;
  return [
    { title: `${session.title} ${formatSessionDate(session.startTime)} – Boka – Hundpass` },
    { name: "description", content: session.description || `Boka ${session.title} på ${session.location}.` },
  ];
};

// Each render carries a fresh idempotency key and form stamp: never cache it publicly.
const NO_STORE = { "Cache-Control": "private, no-store" };

/** The hidden field that carries the session as the form showed it. */
const SNAPSHOT_FIELD = "session";

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(loaderHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

const LOAD_ERROR_TOAST = {
  type: "error",
  title: BOOKING_TEXTS.loadErrorTitle,
  description: BOOKING_TEXTS.loadError,
} as const;

/** Where an unknown session sends the visitor (which in turn shows the list). */
const LOAD_ERROR_REDIRECT = "/alla-popup";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = parseSessionId(params.id);
  let page: Awaited<ReturnType<typeof loadSessionPage>> = null;
  if (id !== null) {
    try {
      page = await loadSessionPage(context.cloudflare.env, id);
    } catch (error) {
      console.error(`session ${id}: load failed`, error);
    }
  }
  const now = new Date();
  if (!page || !isUpcoming(page.session.endTime, now)) {
    throw await redirectWithToast(context, LOAD_ERROR_REDIRECT, LOAD_ERROR_TOAST);
  }
  const { session, types } = page;
  return data(
    {
      session,
      imageUrl: session.imageUrl || sessionImageUrl(types, session.title),
      started: Date.parse(session.startTime) <= now.getTime(),
      rules: bookingRulesForTitle(session.title),
      snapshot: encodeSessionSnapshot(session),
      renderedAt: await formRenderedAt(context.config),
      idempotencyKey: crypto.randomUUID(),
    },
    { headers: NO_STORE },
  );
}

function bookingErrorToast(description: string): ToastView {
  return { type: "error", title: BOOKING_TEXTS.errorTitle, description };
}

/**
 * The booking schema for a set of rules, with conform's form-value coercion
 * applied once per rule set instead of on every post.
 */
type CoercedBookingSchema = ReturnType<typeof coerceFormValue<ReturnType<typeof createBookingSchema>>>;
const coercedBookingSchemas = new Map<string, CoercedBookingSchema>();

function parseBookingForm(formData: FormData, rules: BookingRules) {
  const key = [rules.requiresMeetingType, rules.requiresHomeAddress, rules.requiresVariant].join();
  let schema = coercedBookingSchemas.get(key);
  if (!schema) {
    schema = coerceFormValue(createBookingSchema(rules));
    coercedBookingSchemas.set(key, schema);
  }
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

/**
 * One straight line on the one form flow: bot check → parse with the rules of
 * the session the form showed (its snapshot) → one call to the session's
 * object, which books or refuses in one transaction. If the session changed
 * since the page was rendered, the visitor is told once and sends the
 * refreshed form again (its idempotency key makes that safe).
 */
export function action(args: ActionFunctionArgs) {
  const { request, params, context } = args;
  const id = parseSessionId(params.id);
  if (id === null) return redirectWithToast(context, LOAD_ERROR_REDIRECT, LOAD_ERROR_TOAST);
  return handleForm(args, {
    parse(formData) {
      const snapshot = decodeSessionSnapshot(formData.get(SNAPSHOT_FIELD));
      const rules = bookingRulesForTitle(snapshot?.title ?? "");
      return { submission: parseBookingForm(formData, rules), snapshot, rules };
    },
    // The e-mail mismatch is said as a toast too (spec section 5).
    invalidToast: (submission) =>
      submission.status === "error" && submission.error?.user_email_confirm?.includes(MESSAGES.emailMismatch)
        ? { type: "error", title: MESSAGES.emailMismatch }
        : null,
    async run(values, { snapshot, rules }) {
      if (!snapshot) return { formErrors: [BOOKING_MESSAGES.idempotencyKey], status: 400 };
      // Every booking sends e-mail, so attempts per client are limited (generously);
      // the session's object counts the attempt in the booking's own batch.
      const attempt = await bookingAttemptSlot(context.cloudflare.env, request);
      const outcome = await bookSession(context, id, values, rules, snapshot, { attempt });
      switch (outcome.status) {
        case "booked":
          purgeSeatLists(request, context.cloudflare.ctx);
          return redirectWithToast(context, "/mina-bokningar", {
            type: "success",
            title: BOOKING_TEXTS.successTitle,
            description: BOOKING_TEXTS.successMailQueued,
          });
        case "changed":
          // The page's data is read again (see shouldRevalidate): the form now shows the session as it is.
          return { formErrors: [BOOKING_TEXTS.changed], status: 409, toast: bookingErrorToast(BOOKING_TEXTS.changed) };
        case "rate-limited":
          return {
            formErrors: [RATE_LIMIT_MESSAGE],
            status: 429,
            headers: { "Retry-After": String(outcome.retryAfterSeconds) },
          };
        case "not-found":
          return redirectWithToast(context, LOAD_ERROR_REDIRECT, LOAD_ERROR_TOAST);
        case "full":
        case "past":
          // The form is of no use any more: show the page again (now without it) and say why.
          return redirectWithToast(
            context,
            `/session/${id}`,
            bookingErrorToast(outcome.status === "full" ? BOOKING_TEXTS.full : BOOKING_TEXTS.started),
            { status: 303 },
          );
        case "duplicate":
          return { formErrors: [BOOKING_TEXTS.duplicate], status: 409, toast: bookingErrorToast(BOOKING_TEXTS.duplicate) };
        case "error":
          return { formErrors: [BOOKING_TEXTS.failed], status: 500, toast: bookingErrorToast(BOOKING_TEXTS.failed) };
      }
    },
  });
}

/** After a refusal for a changed session the page's data is stale: read it again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

// ---------------------------------------------------------------------------

export default function SessionPage() {
  const { session, imageUrl, started, rules, snapshot, renderedAt, idempotencyKey } = useLoaderData<typeof loader>();
  const availability = publicAvailability(session);
  const price = priceText(session, rules);
  const left = seatsLeft(session);

  let panel: ReactNode;
  if (!availability.bookable) {
    panel = (
      <div className="booking-closed" data-testid="session-full">
        <h2 id="booking-heading">{BOOKING_TEXTS.fullPage}</h2>
        <p>Det finns fler pass att välja bland.</p>
        <Link to="/alla-popups" className="button">
          Visa alla pass
        </Link>
      </div>
    );
  } else if (started) {
    panel = (
      <div className="booking-closed">
        <h2 id="booking-heading">{BOOKING_TEXTS.started}</h2>
        <Link to="/alla-popups" className="button">
          Visa alla pass
        </Link>
      </div>
    );
  } else {
    panel = (
      <>
        <h2 id="booking-heading">Boka passet</h2>
        <p className="booking-lead">Fyll i dina och din hunds uppgifter. Fält markerade med * måste fyllas i.</p>
        <BookingForm
          key={session.id}
          rules={rules}
          snapshot={snapshot}
          renderedAt={renderedAt}
          idempotencyKey={idempotencyKey}
          isGroup={session.passType === "group"}
        />
      </>
    );
  }

  return (
    <article className="session-page">
      <p className="session-back">
        <Link to="/alla-popups">← Tillbaka till alla pass</Link>
      </p>
      <div className="session-layout">
        <section className="session-details card" aria-labelledby="session-title">
          <SessionImage key={imageUrl} src={imageUrl} />
          <div className="session-body">
            <p className="session-badges">
              <span className={`badge badge-${availability.colour}`} data-testid="availability">
                {availability.label}
              </span>{" "}
              <span className="badge session-kind">{session.passType === "group" ? "Grupp-pass" : "Privatpass"}</span>
            </p>
            <h1 id="session-title">{session.title}</h1>
            {availability.note ? <p className="session-note">{availability.note}</p> : null}
            <dl className="session-facts">
              <div>
                <dt>Datum</dt>
                <dd>{formatDayHeading(stockholmDayKey(session.startTime))}</dd>
              </div>
              <div>
                <dt>Tid</dt>
                <dd>{formatTimeRange(session.startTime, session.endTime)}</dd>
              </div>
              <div>
                <dt>Plats</dt>
                <dd>{session.location}</dd>
              </div>
              {price ? (
                <div>
                  <dt>Pris</dt>
                  <dd>{price}</dd>
                </div>
              ) : null}
              {session.passType === "group" && availability.bookable ? (
                <div>
                  <dt>Platser</dt>
                  <dd data-testid="seats-left">
                    {`${left} ${left === 1 ? "plats" : "platser"} kvar`}
                  </dd>
                </div>
              ) : null}
            </dl>
            {session.description ? <p className="session-description">{session.description}</p> : null}
            <AskFlurre question={sessionQuestion(session)}>Frågor om passet? Fråga Flurre</AskFlurre>
          </div>
        </section>
        <section className="booking-panel card" aria-labelledby="booking-heading">
          {panel}
        </section>
      </div>
    </article>
  );
}

function priceText(session: { title: string; priceSek: number }, rules: BookingRules): string | null {
  if (rules.requiresVariant) {
    return `Privat ${formatKr(PRIVAT_PROFFS_VARIANTS.privat)} · Proffs ${formatKr(PRIVAT_PROFFS_VARIANTS.proffs)}`;
  }
  const price = displayPriceSek(session);
  return price > 0 ? formatKr(price) : null;
}

/** The session picture; a broken image swaps to the local default once. */
function SessionImage({ src }: { src: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [current, setCurrent] = useState(src);
  const showFallback = () => setCurrent(DEFAULT_SESSION_IMAGE);
  // An image that failed before hydration fired its error event unheard.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) showFallback();
  }, []);
  return (
    <img
      ref={ref}
      className="session-image"
      src={current}
      alt=""
      width={640}
      height={360}
      // Once: if the fallback itself failed, leave it rather than loop.
      onError={current === DEFAULT_SESSION_IMAGE ? undefined : showFallback}
    />
  );
}

// ---------------------------------------------------------------------------
// The form

/** Remembered in the browser for the next booking (spec section 3). */
const REMEMBERED_FIELDS = ["user_name", "user_phone", "dog_name", "dog_breed", "dog_age"] as const;
const STORAGE_KEY = "hundpass:booking-contact";

function readRemembered(): Partial<Record<(typeof REMEMBERED_FIELDS)[number], string>> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "{}");
    if (!parsed || typeof parsed !== "object") return {};
    const out: Partial<Record<(typeof REMEMBERED_FIELDS)[number], string>> = {};
    for (const name of REMEMBERED_FIELDS) {
      const value = (parsed as Record<string, unknown>)[name];
      if (typeof value === "string" && value.trim() !== "") out[name] = value.slice(0, 200);
    }
    return out;
  } catch {
    return {};
  }
}

function remember(formData: FormData) {
  try {
    const values: Record<string, string> = {};
    for (const name of REMEMBERED_FIELDS) {
      const value = formData.get(name);
      if (typeof value === "string" && value.trim() !== "") values[name] = value.trim();
    }
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(values));
  } catch {
    // Private mode or storage full: remembering is a nicety.
  }
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Spreading `key` inside props makes React complain; split it out. */
function withoutKey<T extends { key?: string | number | null }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

function BookingForm({
  rules,
  snapshot,
  renderedAt,
  idempotencyKey,
  isGroup,
}: {
  rules: BookingRules;
  snapshot: string;
  renderedAt: string;
  idempotencyKey: string;
  isGroup: boolean;
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const schema = useMemo(() => createBookingSchema(rules), [rules]);
  const [form, fields] = useForm({
    id: "booking-form",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onSubmit(_event, { formData, submission }) {
      if (submission?.status === "success") remember(formData);
    },
  });

  // Fill remembered contact details into empty fields once, after hydration.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const saved = readRemembered();
    const formElement = document.forms.namedItem(form.id);
    for (const name of REMEMBERED_FIELDS) {
      const value = saved[name];
      const input = formElement?.elements.namedItem(name);
      if (value && input instanceof HTMLInputElement && input.value === "") {
        form.update({ name, value });
      }
    }
  }, [form]);

  const termsAccepted = fields.terms.value === "on";
  const waitingForTerms = hydrated && !termsAccepted;
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";

  // Toasts: the server's (booking errors, mismatch without JS) and the
  // e-mail mismatch found while typing.
  const [toast, setToast] = useState<ToastView | null>(actionData?.toast ?? null);
  useEffect(() => {
    if (actionData?.toast) setToast(actionData.toast);
  }, [actionData]);
  const mismatch = fields.user_email_confirm.errors?.includes(MESSAGES.emailMismatch) ?? false;
  useEffect(() => {
    if (mismatch) setToast({ type: "error", title: MESSAGES.emailMismatch });
  }, [mismatch]);

  // Errors of fields this session does not show (only a hand-made post has them) go on top too.
  const formErrors = [
    ...(form.errors ?? []),
    ...(fields.idempotency_key.errors ?? []),
    ...(rules.requiresHomeAddress ? [] : (fields.home_address.errors ?? [])),
    ...(rules.requiresMeetingType ? [] : (fields.meeting_type.errors ?? [])),
    ...(rules.requiresVariant ? [] : (fields.variant.errors ?? [])),
  ];
  const input = (field: Parameters<typeof getInputProps>[0], type: "text" | "email" | "tel") =>
    withoutKey(getInputProps(field, { type }));

  return (
    <>
      <Toaster toast={toast} />
      <Form method="post" {...getFormProps(form)} className="booking-form" aria-describedby={formErrors.length ? "booking-form-errors" : undefined}>
        {formErrors.length ? (
          <div id="booking-form-errors" className="form-errors" role="alert">
            <ErrorList errors={formErrors} />
          </div>
        ) : null}
        <HoneypotFields renderedAt={renderedAt} />
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <input type="hidden" name={SNAPSHOT_FIELD} value={snapshot} />

        <fieldset className="booking-fieldset">
          <legend>Dina uppgifter</legend>
          <Field
            key={fields.user_name.key}
            label="Namn *"
            errors={fields.user_name.errors}
            inputProps={{ ...input(fields.user_name, "text"), autoComplete: "name" }}
          />
          <Field
            key={fields.user_email.key}
            label="E-post *"
            errors={fields.user_email.errors}
            inputProps={{ ...input(fields.user_email, "email"), autoComplete: "email" }}
          />
          <Field
            key={fields.user_email_confirm.key}
            label="Bekräfta e-post *"
            errors={fields.user_email_confirm.errors}
            inputProps={{ ...input(fields.user_email_confirm, "email"), autoComplete: "email" }}
          />
          <Field
            key={fields.user_phone.key}
            label="Telefon *"
            errors={fields.user_phone.errors}
            inputProps={{ ...input(fields.user_phone, "tel"), autoComplete: "tel" }}
          />
        </fieldset>

        <fieldset className="booking-fieldset">
          <legend>Din hund</legend>
          <Field
            key={fields.dog_name.key}
            label="Hundens namn *"
            errors={fields.dog_name.errors}
            inputProps={input(fields.dog_name, "text")}
          />
          <div className="field-row">
            <Field
              key={fields.dog_breed.key}
              label="Ras"
              hint="T.ex. tax eller blandras"
              errors={fields.dog_breed.errors}
              inputProps={input(fields.dog_breed, "text")}
            />
            <Field
              key={fields.dog_age.key}
              label="Ålder"
              hint="T.ex. 2 år eller 10 veckor"
              errors={fields.dog_age.errors}
              inputProps={input(fields.dog_age, "text")}
            />
          </div>
        </fieldset>

        {rules.requiresMeetingType ? (
          <fieldset className="booking-fieldset">
            <legend>Mötet</legend>
            <SelectField
              key={fields.meeting_type.key}
              label="Mötestyp *"
              errors={fields.meeting_type.errors}
              selectProps={withoutKey(getSelectProps(fields.meeting_type))}
            >
              <option value="">Välj mötestyp</option>
              {MEETING_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </SelectField>
            <p className="booking-warning" data-testid="meeting-type-warning">
              {BOOKING_TEXTS.meetingTypeWarning}
            </p>
          </fieldset>
        ) : null}

        {rules.requiresHomeAddress ? (
          <TextareaField
            key={fields.home_address.key}
            label="Hemadress *"
            hint="Gatuadress, postnummer och ort – hit kommer vi."
            errors={fields.home_address.errors}
            textareaProps={{ ...withoutKey(getTextareaProps(fields.home_address)), rows: 2, autoComplete: "street-address" }}
          />
        ) : null}

        {rules.requiresVariant ? <VariantChoice field={fields.variant} /> : null}

        <TextareaField
          key={fields.special_notes.key}
          label="Vad vill du träna?"
          hint="Berätta gärna om er hund och vad ni vill bli bättre på (högst 500 tecken)."
          errors={fields.special_notes.errors}
          textareaProps={{ ...withoutKey(getTextareaProps(fields.special_notes)), rows: 4 }}
        />

        {isGroup ? (
          <p className="booking-info">
            Grupp-pass med två eller färre deltagare kan ställas in. Då får du besked via e-post minst 24 timmar
            innan.
          </p>
        ) : null}

        <CheckboxField
          key={fields.terms.key}
          label={BOOKING_TEXTS.termsLabel}
          errors={fields.terms.errors}
          className="booking-terms"
          inputProps={withoutKey(getInputProps(fields.terms, { type: "checkbox", value: "on" }))}
        />

        <button
          type="submit"
          className="primary booking-submit"
          // Without JavaScript the button stays enabled and the server checks the terms.
          disabled={submitting || waitingForTerms}
          aria-describedby={waitingForTerms ? "booking-submit-hint" : undefined}
        >
          {submitting ? BOOKING_TEXTS.submitting : BOOKING_TEXTS.submit}
        </button>
        {waitingForTerms ? (
          <p id="booking-submit-hint" className="booking-submit-hint">
            {BOOKING_TEXTS.acceptTermsHint}
          </p>
        ) : null}
      </Form>
    </>
  );
}

function VariantChoice({ field }: { field: Parameters<typeof getCollectionProps>[0] }) {
  const errorId = field.errors?.length ? `${field.id}-error` : undefined;
  return (
    <fieldset className="booking-fieldset variant-choice" aria-describedby={errorId} aria-invalid={errorId ? true : undefined}>
      <legend>Variant *</legend>
      {getCollectionProps(field, { type: "radio", options: ["privat", "proffs"] }).map(({ key, ...props }) => (
        <label key={key} className="variant-option">
          <input {...props} />
          <span>
            {props.value === "privat" ? "Privat" : "Proffs"} – {formatKr(PRIVAT_PROFFS_VARIANTS[props.value as "privat" | "proffs"])}
          </span>
        </label>
      ))}
      <ErrorList id={errorId} errors={field.errors} />
    </fieldset>
  );
}
