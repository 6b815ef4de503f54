/**
 * One of Flurre's answers: plain-text paragraphs (React escapes them; no
 * HTML is ever rendered) and the links to the pages that settle the
 * question. Paths on the site are app links; https addresses (maps) open in
 * a new tab and say so; anything else is shown as text, never as a link.
 * Used by the chat panel and the /flurre page.
 */
import { Link } from "@remix-run/react";
import type { FlurreAnswer, FlurreLink } from "~/domain/flurre/answer";
import { FLURRE_CHAT_TEXTS } from "./flurre-texts";

function linkKind(href: string): "site" | "external" | null {
  if (/^\/(?![/\\])/.test(href)) return "site";
  if (/^https:\/\/[^/\s]/i.test(href)) return "external";
  return null;
}

function AnswerLink({ link, onNavigate }: { link: FlurreLink; onNavigate?: () => void }) {
  switch (linkKind(link.href)) {
    case "site":
      return (
        <Link to={link.href} onClick={onNavigate}>
          {link.label}
        </Link>
      );
    case "external":
      return (
        <a href={link.href} target="_blank" rel="noopener noreferrer">
          {link.label}
          <span className="flurre-sr-only">{FLURRE_CHAT_TEXTS.newTab}</span>
        </a>
      );
    default:
      return <span>{link.label}</span>;
  }
}

export function FlurreAnswerView({ answer, onNavigate }: { answer: FlurreAnswer; onNavigate?: () => void }) {
  return (
    <div className="flurre-answer" data-testid="flurre-answer">
      {answer.paragraphs.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      {answer.links.length > 0 ? (
        <ul className="flurre-links">
          {answer.links.map((link, i) => (
            <li key={`${i}:${link.href}`}>
              <AnswerLink link={link} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
