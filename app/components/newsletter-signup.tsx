/**
 * The newsletter signup form of the start page (spec sections 4, 5 and 8).
 *
 * Without JavaScript it is a plain POST form (honeypot and signed fill time);
 * the server then mails a confirmation link. With JavaScript the Turnstile
 * widget runs (loaded only here, only in the browser) and the form posts
 * through a fetcher with the widget's token, which the action verifies:
 * idle → loading → success (the field cleared) or error ('Hoppsan, testa
 * igen.', back to idle after 3 s). The bot check's messages and timings are
 * the spec's: wait up to 10 s for a token (polled every 100 ms), retry 2 s
 * after an error, reset at once on expiry.
 */
import { Turnstile, type TurnstileInstance } from "@marsidev/react-turnstile";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { SubmissionResult } from "@conform-to/react";
import { BOT_CHECK_TEXTS, SIGNUP_TEXTS } from "~/domain/newsletter/signup-texts";
import { NEWSLETTER_SECTION_ID } from "~/domain/page-texts/start";
import { TURNSTILE_ACTION, TURNSTILE_FIELD } from "~/domain/newsletter/turnstile";
import { EMAIL_MAX_LENGTH, isValidEmail } from "~/domain/schemas/field-rules";
import { ErrorList, Field, HoneypotFields } from "./forms";
import { useNonce } from "./nonce";
import { useHydrated } from "./use-hydrated";

export const TOKEN_WAIT_MS = 10_000;
export const TOKEN_POLL_MS = 100;
export const RETRY_AFTER_ERROR_MS = 2_000;
export const ERROR_RESET_MS = 3_000;
/** A widget that has not rendered by then is reported as not loaded. */
const WIDGET_LOAD_WAIT_MS = 10_000;

type SignupState = "idle" | "loading" | "success" | "error";
export type SignupAnswer = {
  result: SubmissionResult<string[]> | null;
  outcome: "subscribed" | "verification-failed" | "failed";
};

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export function NewsletterSignup({
  siteKey,
  renderedAt,
  action,
  lastAnswer,
  confirmationSent,
}: {
  siteKey: string;
  renderedAt: string;
  /** The route whose action handles the form, e.g. "/?index". */
  action: string;
  /** The action's answer to a form posted without JavaScript. */
  lastAnswer?: SignupAnswer | null;
  /** Shown after a signup without JavaScript: the confirmation link has been mailed. */
  confirmationSent: boolean;
}) {
  const hydrated = useHydrated();
  const nonce = useNonce();
  const fetcher = useFetcher<SignupAnswer>();
  const widget = useRef<TurnstileInstance>();
  const token = useRef<string | null>(null);
  const timers = useRef<number[]>([]);
  const awaitingAnswer = useRef(false);
  const lastResult = lastAnswer?.result;
  const [email, setEmail] = useState(String(lastResult?.initialValue?.email ?? ""));
  const [state, setState] = useState<SignupState>("idle");
  const [widgetLoaded, setWidgetLoaded] = useState(false);
  const [botMessage, setBotMessage] = useState<string | null>(null);
  // The widget could not load (blocked, offline, unsupported): the form then
  // posts as it does without JavaScript, and a confirmation link is mailed.
  const [widgetUnavailable, setWidgetUnavailable] = useState(false);
  const unavailable = (message: string) => {
    setWidgetUnavailable(true);
    setBotMessage((m) => (m === BOT_CHECK_TEXTS.blocked ? m : message));
  };

  const later = (ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms));
  };
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  // A widget that never rendered (and whose script did not fail outright) could not load.
  useEffect(() => {
    if (!hydrated || widgetLoaded) return;
    const id = window.setTimeout(() => unavailable(BOT_CHECK_TEXTS.loadFailed), WIDGET_LOAD_WAIT_MS);
    return () => window.clearTimeout(id);
  }, [hydrated, widgetLoaded]);

  const resetWidget = () => {
    token.current = null;
    widget.current?.reset();
  };

  const fail = () => {
    setState("error");
    resetWidget();
    later(ERROR_RESET_MS, () => setState((s) => (s === "error" ? "idle" : s)));
  };

  useEffect(() => {
    if (!awaitingAnswer.current || fetcher.state !== "idle") return;
    awaitingAnswer.current = false;
    if (fetcher.data?.outcome === "subscribed") {
      setState("success");
      setEmail("");
      // The token is spent: a new one for a next signup.
      resetWidget();
      return;
    }
    if (fetcher.data?.outcome === "verification-failed") setBotMessage(BOT_CHECK_TEXTS.failed);
    fail();
  }, [fetcher.state, fetcher.data]);

  const emailValid = isValidEmail(email);
  const showInvalid = email !== "" && !emailValid;
  const loading = state === "loading";

  async function submitWithWidget(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading || !emailValid) return;
    const form = event.currentTarget;
    let current = token.current;
    if (!current) {
      if (!widgetLoaded) {
        setBotMessage(BOT_CHECK_TEXTS.notDone);
        return;
      }
      setState("loading");
      setBotMessage(BOT_CHECK_TEXTS.verifying);
      for (let waited = 0; !token.current && waited < TOKEN_WAIT_MS; waited += TOKEN_POLL_MS) {
        await sleep(TOKEN_POLL_MS);
      }
      current = token.current;
      if (!current) {
        setBotMessage(BOT_CHECK_TEXTS.waitFailed);
        fail();
        return;
      }
    }
    setState("loading");
    setBotMessage(null);
    const formData = new FormData(form);
    formData.set(TURNSTILE_FIELD, current);
    token.current = null;
    awaitingAnswer.current = true;
    fetcher.submit(formData, { method: "post", action });
  }

  if (confirmationSent) {
    return (
      <div className="newsletter-form newsletter-result" role="status">
        <p className="newsletter-result-title">{SIGNUP_TEXTS.confirmationSentTitle}</p>
        <p>{SIGNUP_TEXTS.confirmationSentText}</p>
      </div>
    );
  }

  // The server's answer to the form posted as a plain form: without JavaScript, or with it when the widget could not
  // load (too many signups from here, say); an error of the address only while the field still holds the one sent.
  const plainForm = !hydrated || widgetUnavailable;
  const sentEmail = String(lastResult?.initialValue?.email ?? "");
  const serverEmailErrors = plainForm && email === sentEmail ? (lastResult?.error?.email ?? null) : null;
  const serverFormErrors = plainForm ? (lastResult?.error?.[""] ?? null) : null;
  // Refused for another reason (a failure on our side): the spec's failure text.
  const serverFailed = plainForm && lastAnswer?.outcome === "failed" && !serverEmailErrors && !serverFormErrors;
  const emailErrors = showInvalid ? [SIGNUP_TEXTS.invalidEmail] : serverEmailErrors;

  return (
    <Form
      method="post"
      // Posted as a plain form, the page the answer comes back on opens at the form, where its message is.
      action={`${action}#${NEWSLETTER_SECTION_ID}`}
      className="newsletter-form"
      aria-labelledby="newsletter-heading"
      onSubmit={hydrated && !widgetUnavailable ? submitWithWidget : undefined}
      data-state={state}
      data-testid="newsletter-form"
    >
      <HoneypotFields renderedAt={renderedAt} />
      <ErrorList errors={serverFormErrors} />
      <Field
        label={SIGNUP_TEXTS.emailLabel}
        errors={emailErrors}
        inputProps={{
          id: "newsletter-email",
          name: "email",
          type: "email",
          required: true,
          maxLength: EMAIL_MAX_LENGTH,
          autoComplete: "email",
          placeholder: SIGNUP_TEXTS.emailPlaceholder,
          value: email,
          onChange: (event) => {
            setEmail(event.currentTarget.value);
            if (state === "success") setState("idle");
          },
        }}
      />
      {hydrated ? (
        <Turnstile
          ref={widget}
          siteKey={siteKey}
          className="newsletter-widget"
          options={{ action: TURNSTILE_ACTION, language: "sv", theme: "light", retry: "never", refreshExpired: "never" }}
          scriptOptions={{
            nonce,
            onError: () => unavailable(BOT_CHECK_TEXTS.blocked),
          }}
          onWidgetLoad={() => {
            setWidgetLoaded(true);
            setWidgetUnavailable(false);
            setBotMessage((m) => (m === BOT_CHECK_TEXTS.loadFailed ? null : m));
          }}
          onSuccess={(value) => {
            token.current = value;
            setBotMessage((m) => (m === BOT_CHECK_TEXTS.verifying ? m : null));
          }}
          onError={() => {
            token.current = null;
            setBotMessage(BOT_CHECK_TEXTS.retrying);
            later(RETRY_AFTER_ERROR_MS, () => widget.current?.reset());
          }}
          onExpire={() => {
            setBotMessage(BOT_CHECK_TEXTS.expired);
            resetWidget();
          }}
          onUnsupported={() => unavailable(BOT_CHECK_TEXTS.loadFailed)}
        />
      ) : null}
      <button
        type="submit"
        className="button"
        disabled={hydrated && (loading || !emailValid || (!widgetLoaded && !widgetUnavailable))}
      >
        {loading ? SIGNUP_TEXTS.submitting : SIGNUP_TEXTS.submit}
      </button>
      <p className="newsletter-bot-status" role="status" aria-live="polite" data-testid="bot-status">
        {botMessage}
        {widgetUnavailable && !widgetLoaded ? ` ${SIGNUP_TEXTS.linkInstead}` : null}
      </p>
      <div aria-live="polite" data-testid="newsletter-result">
        {state === "success" ? (
          <div className="newsletter-result">
            <p className="newsletter-result-title">{SIGNUP_TEXTS.successTitle}</p>
            <p>{SIGNUP_TEXTS.successText}</p>
          </div>
        ) : state === "error" || serverFailed ? (
          <p className="newsletter-error" role="alert">
            {/* The server's own words for a refusal (too many signups from here), else the spec's failure text. */}
            {(hydrated && fetcher.data?.outcome === "failed" && fetcher.data.result?.error?.[""]?.[0]) || SIGNUP_TEXTS.failure}
          </p>
        ) : null}
      </div>
      <p className="newsletter-consent">{SIGNUP_TEXTS.consent}</p>
    </Form>
  );
}
