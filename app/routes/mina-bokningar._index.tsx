/**
 * /mina-bokningar: a customer asks for a one-time sign-in link. The answer is
 * always the same 'Kolla din inkorg' page (reached by redirect, without the
 * address in the URL), whether or not the address has bookings; whether a
 * link goes out is decided after the response (see sign-in-links.server.ts).
 * A customer who is already signed in goes straight to the list: the menu
 * and the booking confirmation both lead here.
 *
 * The browser that just booked (or paid) sees the booking confirmation above
 * the form, for a few hours (app/server/booking/confirmation.server.ts); a
 * signed-in customer with one sees it with a link to the list instead.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BookingConfirmation, type ConfirmedBooking } from "~/components/booking-confirmation";
import { FormErrors } from "~/components/form-errors";
import { Field, HoneypotFields } from "~/components/forms";
import { SignInLinkSchema } from "~/domain/schemas/sign-in-link";
import { formLimitRules, SIGN_IN_LINK_LIMITS } from "~/server/auth/limits.server";
import { issueSignInLinkLater } from "~/server/auth/sign-in-links.server";
import { getSignedInUser } from "~/server/auth/signed-in-user.server";
import { confirmationsForBrowser } from "~/server/booking/confirmation.server";
import { formRenderedAt } from "~/server/forms/bot-check.server";
import { handleForm, withSchema } from "~/server/forms/form-action.server";
import accountStyles from "~/styles/account.css?url";

/** The query flag of the answer page; it carries no address. */
const SENT_PARAM = "skickat";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [
  { title: "Mina bokningar – Hundpass" },
  { name: "description", content: "Få en inloggningslänk till din e-post och se dina bokningar." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Staff keep the form: their own bookings are the admin's business, not the menu's.
  const [user, confirmations] = await Promise.all([getSignedInUser(context, request), confirmationsForBrowser(context, request)]);
  const signedIn = user?.kind === "customer";
  if (signedIn && confirmations.length === 0) throw redirect("/mina-bokningar/lista");
  const sent = new URL(request.url).searchParams.get(SENT_PARAM) === "1";
  return { sent, signedIn, confirmations, renderedAt: await formRenderedAt(context.config) };
}

export function action(args: ActionFunctionArgs) {
  const { context } = args;
  return handleForm(args, {
    parse: withSchema(SignInLinkSchema),
    // It mails a link: one post per drawn form.
    stampOnce: true,
    rateLimit: { rules: formLimitRules(SIGN_IN_LINK_LIMITS, args.request) },
    async run({ email }) {
      issueSignInLinkLater(context, email);
      return redirect(`/mina-bokningar?${SENT_PARAM}=1`);
    },
  });
}

export default function RequestSignInLink() {
  const { sent, signedIn, confirmations, renderedAt } = useLoaderData<typeof loader>();
  // After a link is asked for, the page is that answer alone; the confirmation is back on the form's page.
  const confirmed: ConfirmedBooking[] = sent ? [] : confirmations;
  return (
    <section className="account-page" aria-labelledby="page-heading">
      {confirmed.length > 0 ? <BookingConfirmation bookings={confirmed} signedIn={signedIn} /> : null}
      {sent ? <CheckInbox /> : signedIn ? null : <RequestForm renderedAt={renderedAt} headingLevel={confirmed.length > 0 ? 2 : 1} />}
    </section>
  );
}

function CheckInbox() {
  return (
    <div className="card account-card" data-testid="check-inbox">
      <h1 id="page-heading">Kolla din inkorg</h1>
      <p>
        Om e-postadressen har bokningar hos oss är en inloggningslänk på väg. Länken gäller i 10 minuter och kan
        bara användas en gång.
      </p>
      <p className="muted">Hittar du inget mejl? Titta i skräpposten eller kontrollera att du skrev rätt adress.</p>
      <p>
        <Link to="/mina-bokningar" className="button secondary">
          Skicka till en annan adress
        </Link>
      </p>
    </div>
  );
}

/** `headingLevel`: 2 under the booking confirmation, whose heading is the page's. */
function RequestForm({ renderedAt, headingLevel }: { renderedAt: string; headingLevel: 1 | 2 }) {
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/mina-bokningar") === true;
  const [form, fields] = useForm({
    id: "sign-in-link",
    lastResult,
    constraint: getZodConstraint(SignInLinkSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInLinkSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const emailProps = getInputProps(fields.email, { type: "email" });

  return (
    <div className="card account-card">
      {headingLevel === 1 ? <h1 id="page-heading">Mina bokningar</h1> : <h2>Mina bokningar</h2>}
      <p>
        Ange e-postadressen du bokade med så skickar vi en inloggningslänk. Med länken ser du dina kommande och
        tidigare bokningar.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <HoneypotFields renderedAt={renderedAt} />
        <Field
          label="E-postadress"
          errors={fields.email.errors}
          inputProps={{ ...emailProps, autoComplete: "email" }}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <button type="submit" className="primary" disabled={sending}>
          {sending ? "Skickar..." : "Skicka inloggningslänk"}
        </button>
      </Form>
      <p className="muted staff-link">
        Personal? <Link to="/logga-in">Logga in med lösenord</Link>
      </p>
    </div>
  );
}
