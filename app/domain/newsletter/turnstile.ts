// The Turnstile widget of the newsletter signup form, as the form and the
// server both name it (no schema library, so the start page loads none).

export const TURNSTILE_FIELD = "cf-turnstile-response";
/** The widget's action: siteverify names it, and the server accepts a token only for this form. */
export const TURNSTILE_ACTION = "newsletter";
