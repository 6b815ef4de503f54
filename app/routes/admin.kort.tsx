/**
 * /admin/kort ('Klippkort och presentkort'): "Registrera sålt kort", the
 * cards sold (search, history, 'Spärra kort' and, for an unused card sold
 * over the counter, 'Återbetala kort', each after a confirmation step on
 * `?kort=ID&atgard=sparra|aterbetala`) and the products staff sell (a new
 * klippkort, or a presentkort on `?ny=presentkort`; `?produkt=ID` edits one;
 * hide/show).
 * Plain forms and links throughout, so it works without JavaScript.
 *
 * Every loader and action call checks the admin role itself
 * (app/server/cards/cards-page.server.ts); every change is audited in its batch.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CardConfirmation } from "~/components/admin-card-steps";
import { CardKindSwitch, CardProductForm, CardProducts, RegisterCardForm, SoldCards } from "~/components/admin-cards";
import { Toaster } from "~/components/toaster";
import { CARD_TEXTS as T } from "~/domain/cards/card-texts";
import { parseFormKey, FORM_KEY_FIELD } from "~/domain/form-key";
import type { ToastView } from "~/domain/toast";
import { cardsPageAction, cardsPageLoader } from "~/server/cards/cards-page.server";
import contentStyles from "~/styles/admin-content.css?url";
import cardStyles from "~/styles/admin-cards.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: contentStyles },
  { rel: "stylesheet", href: cardStyles },
];

export const meta: MetaFunction = () => [{ title: `${T.heading} – Admin – Hundpass` }, { name: "robots", content: "noindex" }];

export function loader(args: LoaderFunctionArgs) {
  return cardsPageLoader(args);
}

export function action(args: ActionFunctionArgs) {
  return cardsPageAction(args);
}

type PageActionData = { result: SubmissionResult<string[]>; toast: ToastView | null };

/**
 * The refused post of one of the page's forms (its `intent`), for that form
 * only: its errors and values, and the one-time key it carried, so the
 * corrected post still counts as the same submission.
 */
function postedBy(actionData: PageActionData | undefined, intent: string) {
  const posted = actionData?.result.initialValue;
  if (!actionData || posted?.intent !== intent) return { result: null, key: null };
  return { result: actionData.result, key: parseFormKey(posted[FORM_KEY_FIELD]) };
}

export default function AdminCards() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PageActionData | undefined;
  const register = postedBy(actionData, "register");
  const product = postedBy(actionData, "product");
  const registerKey = register.key ?? loaded.registerKey;
  const productKey = product.key ?? loaded.productKey;
  const productForm = (
    <CardProductForm
      // A new product's form is drawn anew for each one-time key (empty after an add); an edit keeps its own.
      key={loaded.editing ? `produkt-${loaded.editing.id}` : `ny-${loaded.productDefaults.kind}-${productKey}`}
      editing={loaded.editing}
      defaults={loaded.productDefaults}
      sessionTypeNames={loaded.sessionTypeNames}
      formKey={productKey}
      lastResult={product.result}
    />
  );
  return (
    <section className="admin-page cards-admin-page" aria-labelledby="cards-heading">
      <Toaster page toast={actionData?.toast ?? loaded.toast} />
      <p className="admin-back">
        <Link to="/admin" className="back-link">
          ← {T.backToAdmin}
        </Link>
      </p>
      <h1 id="cards-heading">{T.heading}</h1>
      <p>{T.intro}</p>
      {loaded.confirmStep ? (
        <CardConfirmation step={loaded.confirmStep} />
      ) : loaded.editing ? (
        <section aria-labelledby="products-heading" className="cards-section">
          <h2 id="products-heading">{T.productsHeading}</h2>
          {productForm}
        </section>
      ) : (
        <>
          <RegisterCardForm key={`register-${registerKey}`} options={loaded.productOptions} formKey={registerKey} lastResult={register.result} />
          {loaded.cards ? (
            <SoldCards cards={loaded.cards} total={loaded.total} page={loaded.page} pageCount={loaded.pageCount} search={loaded.search} />
          ) : null}
          <section aria-labelledby="products-heading" className="cards-section">
            <h2 id="products-heading">{T.productsHeading}</h2>
            {loaded.products ? <CardProducts products={loaded.products} /> : null}
            <div id="nytt-kort" className="cards-new-product">
              <CardKindSwitch chosen={loaded.newKind} />
              {productForm}
            </div>
          </section>
        </>
      )}
    </section>
  );
}
