/**
 * 'Fråga Flurre' buttons. Without JavaScript they are links to the assistant
 * page with the question in the URL; with JavaScript the assistant can open in
 * place (the page listens for the `flurre:ask` event) and falls back to the link.
 */
import type { MouseEvent, ReactNode } from "react";

export const FLURRE_PATH = "/flurre";
export const FLURRE_ASK_EVENT = "flurre:ask";

export function flurreHref(question: string): string {
  return `${FLURRE_PATH}?${new URLSearchParams({ fraga: question }).toString()}`;
}

export function AskFlurre({
  question,
  children,
  className = "button secondary",
}: {
  question: string;
  children: ReactNode;
  className?: string;
}) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // A widget that handles the event calls preventDefault on it; otherwise the link is followed.
    const handled = !window.dispatchEvent(
      new CustomEvent(FLURRE_ASK_EVENT, { detail: { question }, cancelable: true }),
    );
    if (handled) event.preventDefault();
  }
  return (
    <a href={flurreHref(question)} className={className} onClick={onClick} data-flurre-question={question}>
      {children}
    </a>
  );
}
