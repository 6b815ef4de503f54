/**
 * /presentkort: the klippkort and presentkort the business sells. With
 * PAYMENTS=stripe a card is bought here: ?kort=<id> shows its order form,
 * the order goes to Stripe Checkout (card or Swish), and Stripe sends the
 * buyer back to ?order=<id>&cs=<Checkout Session id>, which shows where the
 * order stands; the card itself is issued only by Stripe's signed webhook.
 * With payments off the page lists the cards and says they are bought in
 * person (staff register them on /admin/kort).
 */
import {
  data,
  redirectDocument,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CardList, CardOrderForm, OrderState } from "~/components/card-shop";
import { Toaster } from "~/components/toaster";
import { useRefreshWhile } from "~/components/use-refresh-while";
import { CardOrderSchema } from "~/domain/cards/card-shop";
import { CARD_SHOP_MESSAGES as M, CARD_SHOP_TEXTS as T } from "~/domain/cards/card-shop-texts";
import type { PageHandle } from "~/domain/page-handle";
import { tokenPageHeaders, tokenPageMeta } from "~/domain/token-page";
import { placeCardOrder } from "~/server/cards/card-order.server";
import { loadCardShop } from "~/server/cards/card-shop-page.server";
import { formRenderedAt } from "~/server/forms/bot-check.server";
import { FORM_RATE_LIMITS, handleForm, withSchema } from "~/server/forms/form-action.server";
import { INFO_PAGE_CACHE, noStoreHeaders, publicCacheHeaders, publicPageHeaders } from "~/server/public/cache.server";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.order ? tokenPageMeta(T.title) : [{ title: `${T.title} – Hundpass` }, { name: "description", content: T.intro }];

/** Marks the loader's answer for an order's page (read by `headers`, never sent). */
const ORDER_PAGE_HEADER = "X-Order-Page";

/** How often the page of an order still being paid asks again (a Swish payment takes a moment). */
const REFRESH_SECONDS = 3;

export const handle: PageHandle = {
  refreshWithoutScript: (data) => ((data as { order?: { state?: string } | null } | undefined)?.order?.state === "waiting" ? REFRESH_SECONDS : null),
};

// An order's page has its Checkout Session's id in the URL: never sent on, never cached.
export const headers: HeadersFunction = (args) => (args.loaderHeaders.get(ORDER_PAGE_HEADER) ? tokenPageHeaders() : publicPageHeaders(args));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [shop, renderedAt] = await Promise.all([loadCardShop(context, url), formRenderedAt(context.config)]);
  // An order's state and a cancelled payment are the visitor's own: never cached.
  if (shop.order) return data({ ...shop, renderedAt }, { headers: { ...tokenPageHeaders(), [ORDER_PAGE_HEADER]: "1" } });
  return data({ ...shop, renderedAt }, { headers: shop.cancelled ? noStoreHeaders : publicCacheHeaders(request, INFO_PAGE_CACHE) });
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
          return { formErrors: [M.offline], status: 409, toast: { type: "error", title: M.offline } };
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
  useRefreshWhile(order?.state === "waiting", REFRESH_SECONDS);
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
