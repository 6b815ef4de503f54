// /presentkort's parts: the cards sold, the order form of the one chosen
// (a presentkort's amount, the buyer's address twice, a gift's recipient,
// greeting and day), and where an order stands when Stripe sends the buyer
// back. Plain forms and links: everything works without JavaScript.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/form-errors";
import { ErrorList, Field, HoneypotFields, TextareaField } from "~/components/forms";
import { CardOrderSchema, OTHER_AMOUNT } from "~/domain/cards/card-shop";
import { CARD_SHOP_PATH, CARD_SHOP_TEXTS as T, GIFT_SEND_DEFAULT_TIME } from "~/domain/cards/card-shop-texts";
import { CARD_KIND_LABEL } from "~/domain/cards/card-texts";
import { formatKr } from "~/domain/price";
import { CONTACT_PATH } from "~/domain/site-contact";
import type { ShopOrder, ShopProduct } from "~/server/cards/card-shop-page.server";

export function CardList({ products, paymentsOn }: { products: ShopProduct[]; paymentsOn: boolean }) {
  if (products.length === 0) return <p>{T.none}</p>;
  return (
    <>
      {paymentsOn ? null : (
        <p>
          {T.offline} <Link to={CONTACT_PATH}>{T.contact}</Link>
        </p>
      )}
      <ul className="shop-cards">
        {products.map((p) => (
          <li key={p.id}>
            <article className="shop-card" aria-labelledby={`kort-${p.id}`}>
              <p className="shop-card-kind">{CARD_KIND_LABEL[p.kind]}</p>
              <h2 id={`kort-${p.id}`}>{p.name}</h2>
              <p>{p.summary}</p>
              {p.online ? (
                <Link className="button primary" to={`${CARD_SHOP_PATH}?kort=${p.id}`} aria-describedby={`kort-${p.id}`}>
                  {T.buy(CARD_KIND_LABEL[p.kind].toLowerCase())}
                </Link>
              ) : paymentsOn ? (
                <p className="muted">{T.inPersonOnly}</p>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}

export function CardOrderForm({ product, renderedAt, lastResult }: { product: ShopProduct; renderedAt: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: `card-order-${product.id}`,
    lastResult,
    constraint: getZodConstraint(CardOrderSchema),
    defaultValue: { product_id: String(product.id), send_time: GIFT_SEND_DEFAULT_TIME },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CardOrderSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const gift = product.kind === "presentkort";
  return (
    <section className="card shop-order" aria-labelledby="order-heading">
      <h2 id="order-heading">{T.formHeading(product.name)}</h2>
      <p>{product.summary}</p>
      <Form method="post" action={`${CARD_SHOP_PATH}?kort=${product.id}`} {...getFormProps(form)}>
        <HoneypotFields renderedAt={renderedAt} />
        <input {...getInputProps(fields.product_id, { type: "hidden" })} />
        {gift ? <AmountChoice product={product} fields={fields} /> : <p className="shop-price">{`${T.price}: ${formatKr(product.priceSek ?? 0)}`}</p>}
        <Field label={T.email} hint={T.emailHint} errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
        <Field label={T.emailConfirm} errors={fields.email_confirm.errors} inputProps={{ ...getInputProps(fields.email_confirm, { type: "email" }), autoComplete: "email" }} />
        <fieldset className="shop-gift">
          <legend>{T.giftLegend}</legend>
          <p className="hint">{T.giftIntro}</p>
          <Field label={T.recipientEmail} errors={fields.recipient_email.errors} inputProps={{ ...getInputProps(fields.recipient_email, { type: "email" }), autoComplete: "off" }} />
          <Field label={T.recipientName} errors={fields.recipient_name.errors} inputProps={{ ...getInputProps(fields.recipient_name, { type: "text" }), autoComplete: "off" }} />
          <Field label={T.buyerName} errors={fields.buyer_name.errors} inputProps={{ ...getInputProps(fields.buyer_name, { type: "text" }), autoComplete: "name" }} />
          <TextareaField label={T.message} hint={T.messageHint} errors={fields.message.errors} textareaProps={{ ...getTextareaProps(fields.message), rows: 3 }} />
          <div className="shop-when">
            <Field label={T.sendDate} hint={T.sendDateHint} errors={fields.send_date.errors} inputProps={getInputProps(fields.send_date, { type: "date" })} />
            <Field label={T.sendTime} errors={fields.send_time.errors} inputProps={{ ...getInputProps(fields.send_time, { type: "time" }), step: 900 }} />
          </div>
        </fieldset>
        <FormErrors id={form.errorId} errors={form.errors} />
        <p className="hint">{T.paymentNote}</p>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? T.submitting : T.submit}
        </button>
      </Form>
      <p>
        <Link to={CARD_SHOP_PATH}>{T.back}</Link>
      </p>
    </section>
  );
}

type OrderFields = ReturnType<typeof useForm<Record<string, unknown>, Record<string, unknown>, string[]>>[1];

function AmountChoice({ product, fields }: { product: ShopProduct; fields: OrderFields }) {
  const choice = fields.amount_choice!;
  const free = fields.amount_free!;
  const hasFree = product.freeMinSek !== null && product.freeMaxSek !== null;
  const errorId = choice.errors?.length ? `${choice.id}-error` : undefined;
  const freeLabel = hasFree ? T.amountFree(product.freeMinSek!, product.freeMaxSek!) : "";
  if (product.amounts.length === 0) {
    return (
      <Field
        label={freeLabel}
        errors={free.errors}
        inputProps={{ ...getInputProps(free, { type: "number" }), min: product.freeMinSek ?? undefined, max: product.freeMaxSek ?? undefined, step: 1, inputMode: "numeric" }}
      />
    );
  }
  return (
    <fieldset className="radio-group" aria-describedby={errorId} aria-invalid={errorId ? true : undefined}>
      <legend>{T.amountLegend}</legend>
      {product.amounts.map((amount) => (
        <label key={amount}>
          <input type="radio" name={choice.name} value={String(amount)} defaultChecked={choice.initialValue === String(amount)} />
          {formatKr(amount)}
        </label>
      ))}
      {hasFree ? (
        <label>
          <input type="radio" name={choice.name} value={OTHER_AMOUNT} defaultChecked={choice.initialValue === OTHER_AMOUNT} />
          {T.amountOther}
        </label>
      ) : null}
      <ErrorList id={errorId} errors={choice.errors} />
      {hasFree ? (
        <Field
          label={freeLabel}
          errors={free.errors}
          inputProps={{ ...getInputProps(free, { type: "number" }), min: product.freeMinSek!, max: product.freeMaxSek!, step: 1, inputMode: "numeric" }}
        />
      ) : null}
    </fieldset>
  );
}

/** What an order's page says of it: a heading, a line, and where to go next (the waiting page: itself again). */
function orderView(order: ShopOrder): { heading: string; text: string; next: { to: string; label: string } | "reload" } {
  switch (order.state) {
    case "paid":
      return {
        heading: T.paidHeading,
        text: order.recipient ? T.paidGift(order.recipient, order.when) : T.paidToBuyer(order.buyerEmail),
        next: { to: "/boka", label: T.bookNow },
      };
    case "waiting":
      return { heading: T.waitingHeading, text: T.waiting, next: "reload" };
    case "expired":
      return { heading: T.expiredHeading, text: T.expired, next: { to: `${CARD_SHOP_PATH}?kort=${order.productId}`, label: T.tryAgain } };
    case "unknown":
      return { heading: T.unknownHeading, text: T.unknown, next: { to: CARD_SHOP_PATH, label: T.back } };
  }
}

export function OrderState({ order }: { order: ShopOrder }) {
  const { heading, text, next } = orderView(order);
  return (
    <section className="card" aria-labelledby="order-heading" data-testid={`order-${order.state}`}>
      <h2 id="order-heading">{heading}</h2>
      <p>{text}</p>
      <p>
        {next === "reload" ? (
          <a href="" className="button">
            {T.refresh}
          </a>
        ) : (
          <Link to={next.to}>{next.label}</Link>
        )}
      </p>
    </section>
  );
}
