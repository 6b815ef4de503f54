/**
 * /presentkort: the klippkort and presentkort the business sells. With
 * PAYMENTS=stripe a card is bought here: ?kort=<id> shows its order form,
 * the order goes to Stripe Checkout (card or Swish), and Stripe sends the
 * buyer back to ?order=<id>&cs=<Checkout Session id>, which shows where the
 * order stands; the card itself is issued only by Stripe's signed webhook.
 * With payments off the page lists the cards and says they are bought in
 * person (staff register them on /admin/kort).
 */
import { data, redirectDocument, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CardList, CardOrderForm, OrderState } from "~/components/card-shop";
import { Toaster } from "~/components/toaster";
import { CardOrderSchema } from "~/domain/cards/card-shop";
import { CARD_SHOP_MESSAGES as M, CARD_SHOP_TEXTS as T } from "~/domain/cards/card-shop-texts";
import { placeCardOrder } from "~/server/cards/card-order.server";
import { loadCardShop } from "~/server/cards/card-shop-page.server";
import { formRenderedAt } from "~/server/forms/bot-check.server";
import { FORM_RATE_LIMITS, handleForm, withSchema } from "~/server/forms/form-action.server";
import { INFO_PAGE_CACHE, noStoreHeaders, publicCacheHeaders } from "~/server/public/cache.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction = () => [
  { title: `${T.title} – Hundpass` },
  { name: "description", content: T.intro },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [shop, renderedAt] = await Promise.all([loadCardShop(context, url), formRenderedAt(context.config)]);
  // An order's state and a cancelled payment are the visitor's own: never cached.
  const personal = shop.order !== null || shop.cancelled;
  return data({ ...shop, renderedAt }, { headers: personal ? noStoreHeaders : publicCacheHeaders(request, INFO_PAGE_CACHE) });
}

export function action(args: ActionFunctionArgs) {
  const { context } = args;
  return handleForm(args, {
    parse: withSchema(CardOrderSchema),
    // It calls Stripe: one post per drawn form, and a few per network.
    stampOnce: true,
    rateLimit: { rules: [FORM_RATE_LIMITS.cardOrder] },
    async run(values) {
      const outcome = await placeCardOrder(context, values);
      switch (outcome.status) {
        case "checkout":
          return redirectDocument(outcome.url, { status: 303 });
        case "offline":
          return { formErrors: [M.offline], status: 409 };
        case "refused":
          return { fieldErrors: { [outcome.field]: [outcome.message] }, status: 422 };
        case "checkout-failed":
          return { formErrors: [M.checkoutFailed], status: 502, toast: { type: "error", title: M.checkoutFailed } };
      }
    },
  });
}

export default function CardShop() {
  const { products, paymentsOn, chosen, cancelled, order, renderedAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="public-page">
      <Toaster page toast={actionData?.toast} />
      <header className="page-header">
        <h1>{T.title}</h1>
        <p className="subtitle">{T.intro}</p>
      </header>
      {order ? (
        <OrderState order={order} />
      ) : chosen ? (
        <>
          {cancelled ? <p role="status">{T.cancelled}</p> : null}
          <CardOrderForm key={chosen.id} product={chosen} renderedAt={renderedAt} lastResult={actionData?.result} />
        </>
      ) : (
        <CardList products={products} paymentsOn={paymentsOn} />
      )}
    </div>
  );
}
