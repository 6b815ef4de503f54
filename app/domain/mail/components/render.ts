// Turns a mail's React tree into the HTML document the outbox stores.
//
// Synchronous on purpose: templates are pure functions that the booking
// batch, the admin actions and the cron call inline, and @react-email/render
// is async only because it streams (for Suspense, which no mail uses). Its
// output for a tree without Suspense is React's static markup behind the same
// XHTML doctype, which is what this returns (tests/unit/mail-render.test.ts
// compares the two). Importing render would also bring html-to-text and
// the lazily loaded prettier into the workers; the plain-text parts are
// written by hand instead.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** The doctype @react-email/render puts in front of every mail. */
export const MAIL_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

export function renderMailDocument(mail: ReactElement): string {
  return MAIL_DOCTYPE + renderToStaticMarkup(mail);
}

/** A piece of a mail (a button, a paragraph) without the doctype, for string templates. */
export function renderMailFragment(piece: ReactElement): string {
  return renderToStaticMarkup(piece);
}
