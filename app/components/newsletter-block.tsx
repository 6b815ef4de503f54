/**
 * The start page's newsletter section: heading and a short text. The signup
 * form itself belongs to the newsletter feature and goes in as `children`.
 */
import type { ReactNode } from "react";
import { NEWSLETTER_SECTION_ID, START_TEXTS } from "~/domain/page-texts/start";

export { NEWSLETTER_SECTION_ID };

export function NewsletterBlock({ children }: { children?: ReactNode }) {
  return (
    <section id={NEWSLETTER_SECTION_ID} className="newsletter-block" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading">{START_TEXTS.newsletterHeading}</h2>
      <p>{START_TEXTS.newsletterText}</p>
      {children}
    </section>
  );
}
