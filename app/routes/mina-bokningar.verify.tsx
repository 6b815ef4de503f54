/**
 * /mina-bokningar/verify?token=…: the page the e-mailed link opens. A GET
 * never uses the token up (mail scanners prefetch links); the page POSTs it
 * back, by itself with JavaScript or with the 'Logga in' button without.
 * Success starts a new session and goes on to the bookings (or /admin for an
 * admin link): after 1 s with JavaScript, at once without.
 */
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ensureStaffUser, startLogin } from "~/server/auth/logins.server";
import { consumeSignInToken, isAdminEmail, type SignInPurpose } from "~/server/auth/sign-in-links.server";
import accountStyles from "~/styles/account.css?url";
import { tokenPageHeaders, tokenPageMeta } from "~/domain/token-page";
import { SignInLinkSchema } from "~/domain/schemas/link";
import { handleLinkForm } from "~/server/forms/form-action.server";

const REDIRECT_DELAY_MS = 1_000;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => tokenPageMeta("Verifierar inloggning");

// The token is in this page's URL: never send it on, never cache the page.
export const headers: HeadersFunction = tokenPageHeaders;

function readPurpose(value: unknown): SignInPurpose {
  return value === "admin" ? "admin" : "customer";
}

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", purpose: readPurpose(url.searchParams.get("purpose")) };
}

type VerifyResult = { ok: true; redirectTo: string } | { ok: false };

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const failed = () => data<VerifyResult>({ ok: false }, { status: 400 });
  return handleLinkForm(args, {
    schema: SignInLinkSchema,
    refused: failed,
    async run(values) {
      const used = await consumeSignInToken(context, values.token, readPurpose(values.purpose));
      // An admin token is only honoured while its address is still ADMIN_EMAIL.
      if (!used || (used.purpose === "admin" && !isAdminEmail(context.config, used.email))) return failed();
      const login =
        used.purpose === "admin"
          ? await startLogin(context, request, { kind: "staff", email: used.email, userId: await ensureStaffUser(context, used.email) })
          : await startLogin(context, request, { kind: "customer", email: used.email });
      const redirectTo = used.purpose === "admin" ? "/admin" : "/mina-bokningar/lista";
      const headers = { "Set-Cookie": login.setCookie };
      // Set by the page's own script: it shows the success state before moving on.
      if (values.js !== "1") return redirect(redirectTo, { headers });
      return data<VerifyResult>({ ok: true, redirectTo }, { headers });
    },
  });
}

export default function VerifySignInLink() {
  const { token, purpose } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  const [scripted, setScripted] = useState(false);
  const submitted = useRef(false);

  useEffect(() => {
    setScripted(true);
    if (!token || submitted.current) return;
    submitted.current = true;
    fetcher.submit({ token, purpose, js: "1" }, { method: "post" });
    // Once per page: the token is single use.
  }, []);

  const result = fetcher.data ?? actionData;
  const redirectTo = result?.ok ? result.redirectTo : null;
  useEffect(() => {
    if (!redirectTo) return;
    const timer = window.setTimeout(() => navigate(redirectTo, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [redirectTo, navigate]);

  let body;
  if (redirectTo) {
    body = (
      <>
        <h1 id="page-heading">Du är inloggad</h1>
        <p role="status">Inloggningen lyckades. Du skickas vidare…</p>
        <p>
          <Link to={redirectTo} replace className="button">
            Fortsätt
          </Link>
        </p>
      </>
    );
  } else if (!token || result?.ok === false) {
    body = (
      <>
        <h1 id="page-heading">Verifieringen misslyckades</h1>
        <p role="alert">Verifieringen misslyckades - Länken kan vara ogiltig eller ha gått ut.</p>
        <p>
          <Link to="/mina-bokningar" className="button">
            Begär ny länk
          </Link>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <h1 id="page-heading">Verifierar…</h1>
        <p role="status">Vi kontrollerar din inloggningslänk.</p>
        {scripted ? null : (
          <Form method="post" action="/mina-bokningar/verify" replace>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="purpose" value={purpose} />
            <p>Tryck på Logga in för att fortsätta.</p>
            <button type="submit" className="primary">
              Logga in
            </button>
          </Form>
        )}
      </>
    );
  }

  return (
    <section className="account-page" aria-labelledby="page-heading">
      <div className="card account-card">{body}</div>
    </section>
  );
}
