/**
 * The parts of /admin/kort: "Registrera sålt kort", the cards sold (search,
 * each card's facts and history, 'Återbetala kort' and 'Spärra kort'), the
 * products (hide/show, edit) and the product form. Plain links and form
 * posts, so all of it works without JavaScript; the forms validate with the
 * same schemas as the server once hydrated.
 */
import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { cardProductSchema, RegisterCardSchema } from "~/domain/cards/card-schemas";
import { CARD_KIND_LABEL, CARD_TEXTS as T, CARDS_PATH } from "~/domain/cards/card-texts";
import { CARD_SHOWN_ON, type CardKind } from "~/domain/cards/card-terms";
import { cardAnchor, productAnchor, type CardProductView, type ProductFormDefaults, type SoldCardView } from "~/domain/cards/card-view";
import { FORM_KEY_FIELD } from "~/domain/form-key";
import { RowButton } from "./admin-content";
import { FormErrors } from "./form-errors";
import { CheckboxField, ErrorList, Field, SelectField } from "./forms";
import { Pager } from "./pager";

/** The list's URL with its search and page (`?sok=`, `?sida=`). */
export function cardsHref(search: string, page = 1): string {
  const params = new URLSearchParams();
  if (search) params.set("sok", search);
  if (page > 1) params.set("sida", String(page));
  const query = params.toString();
  return query ? `${CARDS_PATH}?${query}` : CARDS_PATH;
}

function useSaving(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export function RegisterCardForm({
  options,
  formKey,
  lastResult,
}: {
  options: ReadonlyArray<{ id: number; label: string }>;
  /** The form's one-time key: the one drawn, or the one its refused post carried. */
  formKey: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "register-card-form",
    lastResult,
    constraint: getZodConstraint(RegisterCardSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterCardSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = useSaving("register");
  const headingId = `${form.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="cards-section">
      <h2 id={headingId}>{T.registerHeading}</h2>
      {options.length === 0 ? (
        <p>{T.noProducts}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} aria-labelledby={headingId} className="admin-form">
          <p className="field-hint">{T.registerIntro}</p>
          <FormErrors errors={form.errors} />
          <input type="hidden" name="intent" value="register" />
          <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
          <SelectField label={`${T.product} (${T.required})`} errors={fields.product_id.errors} selectProps={getSelectProps(fields.product_id)}>
            <option value="">{T.chooseProduct}</option>
            {options.map((o) => (
              <option key={o.id} value={String(o.id)}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <Field
            label={T.amount}
            hint={T.amountHint}
            errors={fields.amount_sek.errors}
            inputProps={{ ...getInputProps(fields.amount_sek, { type: "number" }), step: 1, inputMode: "numeric" }}
          />
          <Field
            label={`${T.email} (${T.required})`}
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off", spellCheck: false }}
          />
          <Field
            label={`${T.emailConfirm} (${T.required})`}
            errors={fields.email_confirm.errors}
            inputProps={{ ...getInputProps(fields.email_confirm, { type: "email" }), autoComplete: "off", spellCheck: false }}
          />
          <button type="submit" className="primary" disabled={saving}>
            {saving ? T.registering : T.register}
          </button>
        </Form>
      )}
    </section>
  );
}

export function SoldCards({
  cards,
  total,
  page,
  pageCount,
  search,
}: {
  cards: readonly SoldCardView[];
  total: number;
  page: number;
  pageCount: number;
  search: string;
}) {
  return (
    <section aria-labelledby="sold-cards-heading" className="cards-section">
      <h2 id="sold-cards-heading">{T.cardsHeading}</h2>
      <Form method="get" className="card-search" role="search">
        <Field label={T.search} hint={T.searchHint} inputProps={{ type: "search", name: "sok", defaultValue: search, id: "card-search" }} />
        <div className="button-row">
          <button type="submit" className="button secondary">
            {T.searchButton}
          </button>
          {search ? (
            <Link to={CARDS_PATH} className="button secondary">
              {T.showAll}
            </Link>
          ) : null}
        </div>
      </Form>
      {cards.length === 0 ? <p>{search ? T.searchEmpty : T.cardsEmpty}</p> : <p className="muted">{T.cardCount(total)}</p>}
      <ol className="sold-cards">
        {cards.map((card) => (
          <li key={card.id} id={cardAnchor(card.id)} className="card sold-card" data-testid={cardAnchor(card.id)}>
            <h3>
              {card.title} <span className={`badge ${card.badge}`}>{card.state}</span>
            </h3>
            <dl className="card-facts">
              <dt>{T.holder}</dt>
              <dd>{card.holder}</dd>
              <dt>{T.left}</dt>
              <dd>{card.left}</dd>
              <dt>{T.validThrough}</dt>
              <dd>{card.validThrough}</dd>
              <dt>{T.sold}</dt>
              <dd>{card.sold}</dd>
            </dl>
            <details className="card-history">
              <summary>{T.history(card.history.length)}</summary>
              <ol>
                {card.history.map((entry) => (
                  <li key={entry.id}>
                    <span className="card-history-when">{entry.when}</span> · {entry.what} · <strong>{entry.change}</strong>
                    {entry.note ? <span className="muted"> · {entry.note}</span> : null}
                  </li>
                ))}
              </ol>
            </details>
            {card.open ? (
              <p className="card-actions">
                {card.refundable ? (
                  <Link to={`${CARDS_PATH}?kort=${card.id}&atgard=aterbetala`} className="button secondary" aria-label={T.refundLabel(card.last4)}>
                    {T.refundButton}
                  </Link>
                ) : null}
                <Link to={`${CARDS_PATH}?kort=${card.id}&atgard=sparra`} className="button danger" aria-label={T.voidLabel(card.last4)}>
                  {T.voidButton}
                </Link>
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <Pager page={page} pageCount={pageCount} href={(p) => cardsHref(search, p)} />
    </section>
  );
}

export function CardProducts({ products }: { products: readonly CardProductView[] }) {
  return (
    <>
      {products.length === 0 ? <p>{T.productsEmpty}</p> : null}
      <ol className="content-rows">
        {products.map((p) => (
          <li key={p.id} id={productAnchor(p.id)} className="card content-row" data-testid={productAnchor(p.id)}>
            <div className="content-row-text">
              <h3>
                {p.name} {p.hidden ? <span className="badge badge-grey">{T.hiddenBadge}</span> : null}
              </h3>
              <p className="muted">
                {p.kindLabel} · {p.summary} · {p.sold}
                {p.shownOn ? ` · ${p.shownOn}` : null}
              </p>
            </div>
            <div className="content-row-actions">
              <Link to={`${CARDS_PATH}?produkt=${p.id}`} className="button secondary" aria-label={T.editLabel(p.name)}>
                {T.edit}
              </Link>
              <RowButton id={p.id} intent={p.hidden ? "show" : "hide"} label={p.hidden ? T.show : T.hide} name={p.name} />
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

/** The links that choose a new product's kind (`?ny=`): plain links, the chosen one marked. */
export function CardKindSwitch({ chosen }: { chosen: CardKind }) {
  return (
    <nav aria-label={T.kindSwitch} className="card-kind-switch">
      {(["klippkort", "presentkort"] as const).map((kind) => (
        <Link
          key={kind}
          to={kind === "klippkort" ? `${CARDS_PATH}#nytt-kort` : `${CARDS_PATH}?ny=presentkort#nytt-kort`}
          className="button secondary"
          aria-current={kind === chosen ? "page" : undefined}
        >
          {CARD_KIND_LABEL[kind]}
        </Link>
      ))}
    </nav>
  );
}

export function CardProductForm({
  editing,
  defaults,
  sessionTypeNames,
  formKey,
  lastResult,
}: {
  editing: { id: number; name: string } | null;
  defaults: ProductFormDefaults;
  sessionTypeNames: readonly string[];
  formKey: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const schema = useMemo(() => cardProductSchema(sessionTypeNames), [sessionTypeNames]);
  const kind = defaults.kind;
  const [form, fields] = useForm({
    id: `card-product-form-${editing?.id ?? `ny-${kind}`}`,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = useSaving("product");
  const headingId = `${form.id}-heading`;
  const typesErrorId = fields.session_types.errors?.length ? `${form.id}-types-error` : undefined;
  const chosenTypes = new Set(defaults.session_types);
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={headingId} className="admin-form">
      <h3 id={headingId}>{editing ? T.editHeading(editing.name) : T.newHeading(kind)}</h3>
      <p className="field-hint">{T.kindHints[kind]}</p>
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="product" />
      <input type="hidden" name="kind" value={kind} />
      {editing ? <input type="hidden" name="id" value={String(editing.id)} /> : <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />}
      <Field label={`${T.name} (${T.required})`} hint={T.nameHint} errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
      {kind === "klippkort" ? (
        <>
          <div className="field-row">
            <Field
              label={`${T.uses} (${T.required})`}
              errors={fields.uses.errors}
              inputProps={{ ...getInputProps(fields.uses, { type: "number" }), step: 1, inputMode: "numeric", required: true }}
            />
            <Field
              label={`${T.price} (${T.required})`}
              errors={fields.price_sek.errors}
              inputProps={{ ...getInputProps(fields.price_sek, { type: "number" }), step: 1, inputMode: "numeric", required: true }}
            />
          </div>
          <fieldset className="card-type-choice" aria-describedby={[`${form.id}-types-hint`, typesErrorId].filter(Boolean).join(" ")}>
            <legend>
              {T.sessionTypes} ({T.required})
            </legend>
            <p id={`${form.id}-types-hint`} className="field-hint">
              {sessionTypeNames.length > 0 ? T.sessionTypesHint : T.noSessionTypes}
            </p>
            <ul>
              {sessionTypeNames.map((name) => (
                <li key={name}>
                  <label>
                    <input type="checkbox" name={fields.session_types.name} value={name} defaultChecked={chosenTypes.has(name)} /> {name}
                  </label>
                </li>
              ))}
            </ul>
            <ErrorList id={typesErrorId} errors={fields.session_types.errors} />
          </fieldset>
        </>
      ) : (
        <>
          <Field label={T.amounts} hint={T.amountsHint} errors={fields.amounts.errors} inputProps={{ ...getInputProps(fields.amounts, { type: "text" }), inputMode: "numeric" }} />
          <p className="field-hint">{T.freeHint}</p>
          <div className="field-row">
            <Field
              label={T.freeMin}
              errors={fields.free_min_sek.errors}
              inputProps={{ ...getInputProps(fields.free_min_sek, { type: "number" }), step: 1, inputMode: "numeric" }}
            />
            <Field
              label={T.freeMax}
              errors={fields.free_max_sek.errors}
              inputProps={{ ...getInputProps(fields.free_max_sek, { type: "number" }), step: 1, inputMode: "numeric" }}
            />
          </div>
        </>
      )}
      <Field
        label={`${T.validity} (${T.required})`}
        hint={T.validityHint}
        errors={fields.validity_months.errors}
        inputProps={{ ...getInputProps(fields.validity_months, { type: "number" }), step: 1, inputMode: "numeric" }}
      />
      <CheckboxField label={T.hidden} errors={fields.hidden.errors} inputProps={getInputProps(fields.hidden, { type: "checkbox" })} />
      <ShownOnChoice field={fields.shown_on} formId={form.id} />
      <div className="button-row">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? T.saving : editing ? T.saveEdit : T.submitNew}
        </button>
        {editing ? (
          <Link to={`${CARDS_PATH}#${productAnchor(editing.id)}`} className="button secondary">
            {T.cancel}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Where the product is shown besides its sale: radio buttons, one always chosen ('Nej, inte där' for a new one). */
function ShownOnChoice({ field, formId }: { field: Parameters<typeof getCollectionProps>[0]; formId: string }) {
  const hintId = `${formId}-shown-on-hint`;
  const errorId = field.errors?.length ? `${formId}-shown-on-error` : undefined;
  return (
    <fieldset className="card-shown-on" aria-describedby={[hintId, errorId].filter(Boolean).join(" ")} aria-invalid={errorId ? true : undefined}>
      <legend>{T.shownOn}</legend>
      <p id={hintId} className="field-hint">
        {T.shownOnHint}
      </p>
      <ul>
        {getCollectionProps(field, { type: "radio", options: [...CARD_SHOWN_ON] }).map(({ key, ...props }) => (
          <li key={key}>
            <label>
              <input {...props} /> {T.shownOnChoices[props.value as (typeof CARD_SHOWN_ON)[number]]}
            </label>
          </li>
        ))}
      </ul>
      <ErrorList id={errorId} errors={field.errors} />
    </fieldset>
  );
}
