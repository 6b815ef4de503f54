/**
 * /dev/betala/:id: the local checkout page, a stand-in for Stripe's hosted
 * Checkout page (see app/server/payments/dev-checkout.server.ts). Only with
 * PAYMENTS=stripe on a local Stripe stub, a local site and a local request;
 * otherwise 404. Plain form posts, so it works the same without JavaScript.
 */
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { formatTime } from "~/domain/time";
import { readForm } from "~/server/forms/request-body.server";
import { actOnDevCheckout, loadDevCheckout } from "~/server/payments/dev-checkout.server";
import accountStyles from "~/styles/account.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [
  { title: "Betala (lokal testsida) – Hundpass" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return loadDevCheckout(context, request, params.id ?? "");
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const result = await actOnDevCheckout(context, request, params.id ?? "", await readForm({ request, context }));
  if ("redirectTo" in result) return redirect(result.redirectTo, 303);
  return data(result, { status: 409 });
}

const METHOD_BUTTONS = { card: "Betala med kort", swish: "Betala med Swish" } as const;

export default function DevCheckout() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="account-page">
      <p className="confirm-box" role="note" data-testid="dev-checkout-notice">
        <strong>Lokal testsida.</strong> Den här sidan spelar Stripes betalsida när appen körs lokalt. Inga pengar dras och
        inget kort eller Swish-konto används.
      </p>
      <div className="card">
        <p className="muted">Betala till</p>
        <h1 id="page-heading">{page.businessName}</h1>
        <p className="muted">På kontoutdraget: {page.statementDescriptor}</p>
        <table className="mail">
          <tbody>
            {page.items.map((item, i) => (
              <tr key={i} data-testid="dev-checkout-item">
                <td>
                  {item.name}
                  {item.quantity > 1 ? ` × ${item.quantity}` : ""}
                </td>
                <td>{item.amount}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Att betala</th>
              <td data-testid="dev-checkout-total">
                <strong>{page.total}</strong>
              </td>
            </tr>
          </tbody>
        </table>
        {page.customerEmail ? <p className="muted">Kvitto till {page.customerEmail}</p> : null}

        {answer?.error ? <p role="alert">{answer.error}</p> : null}

        {page.status === "open" ? (
          <>
            <p>
              <span className="countdown" data-testid="dev-checkout-time-left">
                {page.minutesLeft > 0
                  ? `Betala före kl. ${formatTime(page.expiresAt)} (${page.minutesLeft} min kvar)`
                  : "Tiden för betalningen har gått ut"}
              </span>
            </p>
            <form method="post">
              {page.methods.includes("swish") ? (
                <fieldset>
                  <legend>Svar från Swish i testet</legend>
                  <label>
                    <input type="radio" name="swish_svar" value="godkand" defaultChecked /> Godkänns (efter en kort stund)
                  </label>{" "}
                  <label>
                    <input type="radio" name="swish_svar" value="avvisad" /> Avvisas
                  </label>
                </fieldset>
              ) : null}
              <p>
                {page.methods.map((method) => (
                  <span key={method}>
                    <button type="submit" name="intent" value={method} className="primary">
                      {METHOD_BUTTONS[method]}
                    </button>{" "}
                  </span>
                ))}
                <button type="submit" name="intent" value="cancel" className="button secondary">
                  Avbryt
                </button>
              </p>
            </form>
          </>
        ) : (
          <>
            <p role="status">
              {page.status === "complete" ? "Den här betalningen är redan gjord." : "Tiden för den här betalningen har gått ut."}
            </p>
            {page.returnUrl ? (
              <p>
                <a href={page.returnUrl}>Tillbaka till {page.businessName}</a>
              </p>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
