/**
 * 'Fråga Flurre' buttons. Without JavaScript they are links to the /flurre
 * page with the question in the URL; with JavaScript a plain click asks the
 * chat to open in place with the question (flurre/flurre-event.ts) and falls
 * back to the link if nothing takes it.
 */
import type { MouseEvent, ReactNode } from "react";
import { FLURRE_ASK_EVENT, flurreHref, isPlainClick, type FlurreAskDetail } from "./flurre/flurre-event";

export { FLURRE_ASK_EVENT, FLURRE_PATH, flurreHref } from "./flurre/flurre-event";

export function AskFlurre({
  question,
  page,
  children,
  className = "button secondary",
}: {
  question: string;
  /** The page the question is asked of, when the answer depends on it (a session's): the link carries it without JavaScript. */
  page?: string;
  children: ReactNode;
  className?: string;
}) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!isPlainClick(event)) return;
    const detail: FlurreAskDetail = { question, opener: event.currentTarget };
    // The chat calls preventDefault on the event when it opens; otherwise the link is followed.
    const handled = !window.dispatchEvent(new CustomEvent(FLURRE_ASK_EVENT, { detail, cancelable: true }));
    if (handled) event.preventDefault();
  }
  return (
    // nofollow: every page links to a question; crawlers have nothing to gain from asking them all.
    <a href={flurreHref(question, page)} className={className} onClick={onClick} rel="nofollow" data-flurre-question={question}>
      {children}
    </a>
  );
}
